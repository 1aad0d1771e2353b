import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SubAccount } from '../../../contract/schemas/system';
import { useOperatorSession } from '../../app/useOperatorSession';
import { toaster } from '../../components/feedback/toaster';
import { DialogForm } from '../../components/form/DialogForm';
import { FormAlert } from '../../components/form/FormAlert';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { required, type Rule } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { useGrantPoints, useSignInAs } from './api';

/** What the operator does to an account from the accounts list besides editing it. */

/** Asks before the operator's console becomes the user's; a refusal (an operator, a disabled account) shows here. */
export function SignInAsForm({ account, onCancel }: { account: SubAccount; onCancel: () => void }) {
  const { t } = useTranslation('systems');
  const { enter } = useOperatorSession();
  const submission = useSignInAs({ onSucceeded: enter });

  return (
    <DialogForm
      label={t('systems.signInAs.title')}
      onSubmit={() => submission.submit(account.id)}
      gap="3"
      onCancel={onCancel}
      submitting={submission.state === 'submitting' || submission.state === 'succeeded'}
      submitLabel={t('systems.signInAs.submit')}
    >
      <Text>{t('systems.signInAs.text', { name: account.username })}</Text>
      <Text textStyle="sm" color="fg.muted">
        {t('systems.signInAs.note')}
      </Text>
      {submission.error && <FormAlert message={submission.error.msg} />}
    </DialogForm>
  );
}

type GrantValues = { direction: string; points: string; reason: string };
const MAX_POINTS = 10_000_000;
const points: Rule<GrantValues> = (value) => {
  if (!value.trim()) return 'systems.validation.pointsRequired';
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_POINTS ? null : 'systems.validation.points';
};
const reason: Rule<GrantValues> = (value) => (value.trim().length > 200 ? 'systems.validation.reasonLength' : null);
const GRANT_RULES: FieldRules<GrantValues> = { points: [points], reason: [required('systems.validation.reasonRequired'), reason] };

/** Adds or takes away points of an owner's account with a reason: the billing ledger's grant (a ledger row and an admin-log entry). */
export function GrantPointsForm({ account, onCancel, onSaved }: { account: SubAccount; onCancel: () => void; onSaved: () => void }) {
  const { t } = useTranslation('systems');
  const submission = useGrantPoints({
    onSucceeded: ({ balance }) => {
      toaster.success({ title: t('systems.grant.done', { name: account.username, balance }) });
      onSaved();
    },
  });
  const form = useValidatedForm<GrantValues>({ direction: 'grant', points: '', reason: '' }, GRANT_RULES);

  const directions = [
    { value: 'grant', label: t('systems.grant.add') },
    { value: 'deduct', label: t('systems.grant.deduct') },
  ];
  return (
    <DialogForm
      label={t('systems.grant.title')}
      onSubmit={form.handleSubmit((values) =>
        submission.submit({
          account_id: account.id,
          delta: (values.direction === 'deduct' ? -1 : 1) * Number(values.points),
          reason: values.reason,
        }),
      )}
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
      submitLabel={t('systems.grant.submit')}
    >
      <Text textStyle="sm" color="fg.muted">
        {t('systems.grant.balance', { name: account.username, points: account.points.toLocaleString() })}
      </Text>
      <SelectField label={t('systems.grant.direction')} options={directions} {...form.field('direction')} />
      <TextField label={t('systems.grant.points')} inputMode="numeric" {...form.field('points')} />
      <TextField label={t('systems.grant.reason')} maxLength={200} {...form.field('reason')} />
      {submission.error && <FormAlert message={submission.error.msg} />}
    </DialogForm>
  );
}
