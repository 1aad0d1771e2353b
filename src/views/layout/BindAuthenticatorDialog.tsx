import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/feedback/FormDialog';
import { BindAuthenticatorForm } from './BindAuthenticatorForm';

/** Binding a Google authenticator to the account (reachable from the user menu). */
export function BindAuthenticatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} onClose={onClose} title={t('layout.authenticator.title')} size="md">
      <BindAuthenticatorForm onDone={onClose} />
    </FormDialog>
  );
}
