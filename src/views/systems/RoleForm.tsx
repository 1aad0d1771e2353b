import { useMemo } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '../../../contract/schemas/system';
import { toaster } from '../../components/feedback/toaster';
import { DialogForm } from '../../components/form/DialogForm';
import { FormAlert } from '../../components/form/FormAlert';
import { TextField } from '../../components/form/TextField';
import { required, type Rule } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { useSaveRole } from './api';

type Values = { code: string; name: string };

/** The contract's role code: 2–32 lower-case letters, digits and _, a letter first. */
const roleCode: Rule<unknown> = (value) => {
  if (!value.trim()) return 'systems.role.validation.codeRequired';
  return /^[a-z][a-z0-9_]{1,31}$/.test(value.trim()) ? null : 'systems.role.validation.code';
};
const roleName: Rule<unknown> = (value) => (value.trim().length > 64 ? 'systems.role.validation.nameLength' : null);

const CREATE: FieldRules<Values> = { code: [roleCode], name: [required('systems.role.validation.name'), roleName] };
const RENAME: FieldRules<Values> = { name: [required('systems.role.validation.name'), roleName] };

/** Adds a role (code and name) or renames one; the server's refusal (a code in use) shows above the buttons. */
export function RoleForm({ role, onCancel, onSaved }: { role: RoleItem | null; onCancel: () => void; onSaved: () => void }) {
  const { t } = useTranslation('systems');
  const submission = useSaveRole({
    onSucceeded: () => {
      toaster.success({ title: t(role ? 'systems.role.renamed' : 'systems.role.added') });
      onSaved();
    },
  });
  const initial = useMemo<Values>(() => ({ code: role?.code ?? '', name: role?.name ?? '' }), [role]);
  const form = useValidatedForm<Values>(initial, role ? RENAME : CREATE);

  return (
    <DialogForm
      label={t('systems.role.formLabel')}
      onSubmit={form.handleSubmit((values) => submission.submit({ role, values }))}
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
    >
      {role ? (
        <Text textStyle="sm" color="fg.muted">
          {t('systems.role.codeIs', { code: role.code })}
        </Text>
      ) : (
        <TextField
          label={t('systems.role.fields.code')}
          autoComplete="off"
          helperText={t('systems.role.codeHelp')}
          {...form.field('code')}
        />
      )}
      <TextField label={t('systems.role.fields.name')} autoComplete="off" {...form.field('name')} />
      {submission.error && <FormAlert message={submission.error.msg} />}
    </DialogForm>
  );
}
