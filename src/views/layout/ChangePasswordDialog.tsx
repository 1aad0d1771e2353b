import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/feedback/FormDialog';
import { ChangePasswordForm } from './ChangePasswordForm';

/** Changing the account's password (reachable from the user menu). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} onClose={onClose} title={t('layout.password.title')}>
      <ChangePasswordForm onDone={onClose} />
    </FormDialog>
  );
}
