import { useMemo } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SubAccount } from '../../../contract/schemas/system';
import { toaster } from '../../components/feedback/toaster';
import { DialogForm } from '../../components/form/DialogForm';
import { FormAlert } from '../../components/form/FormAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { newPassword, required, type Rule } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { useSaveSubAccount } from './api';

/** What the dialog does: add a sub-account, change an account's role, or set its password. */
export type SubAccountFormMode = 'create' | 'edit' | 'reset';
type Values = { username: string; password: string; role: string; real_name: string };

/** The contract's user name: 3–32 letters, digits, _ . - */
const accountName: Rule<unknown> = (value) => {
  if (!value.trim()) return 'sys.validation.usernameRequired';
  return /^[A-Za-z0-9_.-]{3,32}$/.test(value) ? null : 'systems.validation.username';
};

const RULES: Record<SubAccountFormMode, FieldRules<Values>> = {
  create: { username: [accountName], password: [newPassword], role: [required('systems.validation.role')] },
  edit: { role: [required('systems.validation.role')] },
  reset: { password: [newPassword] },
};

/** The fields of one sub-account dialog; the server's refusal shows above the buttons. */
export function SubAccountForm({
  mode,
  account,
  roles,
  onCancel,
  onSaved,
}: {
  mode: SubAccountFormMode;
  account: SubAccount | null;
  roles: { value: string; label: string }[];
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('systems');
  const submission = useSaveSubAccount({
    onSucceeded: () => {
      toaster.success({ title: t(mode === 'reset' ? 'systems.sub.passwordReset' : 'systems.sub.saved') });
      onSaved();
    },
  });
  const initial = useMemo<Values>(
    () => ({
      username: account?.username ?? '',
      password: '',
      role: account?.roles[0] ?? roles[0]?.value ?? '',
      real_name: account?.real_name ?? '',
    }),
    [account, roles],
  );
  const form = useValidatedForm<Values>(initial, RULES[mode]);

  return (
    <DialogForm
      label={t('systems.sub.formLabel')}
      onSubmit={form.handleSubmit((values) => submission.submit({ mode, id: account?.id ?? 0, values }))}
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
    >
      {account && (
        <Text textStyle="sm" color="fg.muted">
          {t('systems.sub.account', { name: account.username })}
        </Text>
      )}
      {mode === 'create' && <TextField label={t('systems.fields.username')} autoComplete="off" {...form.field('username')} />}
      {mode !== 'reset' && <TextField label={t('systems.fields.realName')} {...form.field('real_name')} />}
      {mode !== 'edit' && (
        <PasswordField
          label={t(mode === 'reset' ? 'systems.fields.newPassword' : 'systems.fields.password')}
          autoComplete="new-password"
          {...form.field('password')}
        />
      )}
      {mode !== 'reset' && <SelectField label={t('systems.fields.role')} options={roles} {...form.field('role')} />}
      {submission.error && <FormAlert message={submission.error.msg} />}
    </DialogForm>
  );
}
