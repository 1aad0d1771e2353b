import { useTranslation } from 'react-i18next';
import { useChangePassword } from './api';
import { PasswordField } from '../../components/form/PasswordField';
import { FailureAlert } from '../../components/form/FailureAlert';
import { toaster } from '../../components/feedback/toaster';
import { anyPassword, confirmationOf, newPassword } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { DialogForm } from '../../components/form/DialogForm';

type PasswordValues = { old_password: string; new_password: string; password_confirmation: string };
const INITIAL: PasswordValues = { old_password: '', new_password: '', password_confirmation: '' };
const RULES: FieldRules<PasswordValues> = {
  old_password: [anyPassword],
  new_password: [newPassword],
  password_confirmation: [confirmationOf<PasswordValues>('new_password')],
};

/**
 * Old password, new password and its confirmation (PUT /api/v1/user/password_edit). `onCancel`
 * replaces what the cancel button does (closing, by default: `onDone`), with its own label.
 */
export function ChangePasswordForm({ onDone, onCancel, cancelLabel }: { onDone: () => void; onCancel?: () => void; cancelLabel?: string }) {
  const { t } = useTranslation();
  const change = useChangePassword({
    onSucceeded: () => {
      toaster.success({ title: t('layout.password.changed') });
      onDone();
    },
  });
  const form = useValidatedForm<PasswordValues>(INITIAL, RULES);

  return (
    <DialogForm
      label={t('layout.password.title')}
      onSubmit={form.handleSubmit((values) => change.submit(values))}
      onCancel={onCancel ?? onDone}
      cancelLabel={cancelLabel}
      submitting={change.state === 'submitting'}
    >
      <FailureAlert failure={change.error} />
      <PasswordField label={t('layout.password.oldPassword')} autoComplete="current-password" {...form.field('old_password')} />
      <PasswordField
        label={t('layout.password.newPassword')}
        autoComplete="new-password"
        helperText={t('sys.validation.passwordHint')}
        {...form.field('new_password')}
      />
      <PasswordField label={t('layout.password.confirmPassword')} autoComplete="new-password" {...form.field('password_confirmation')} />
    </DialogForm>
  );
}
