import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { ChangePasswordForm } from './ChangePasswordForm';
import { RequiredStepDialog } from './RequiredStepDialog';

/**
 * After the owner or the operator reset the password, the user changes it before anything
 * of the console opens (the server answers nothing else until then).
 */
export function PasswordChangeRequired() {
  const { t } = useTranslation();
  const session = useSessionActor();
  return (
    <RequiredStepDialog title={t('layout.password.requiredTitle')} text={t('layout.password.required')} size="sm">
      <ChangePasswordForm
        onDone={() => session.send({ type: 'PASSWORD.CHANGED' })}
        onCancel={() => session.send({ type: 'LOGOUT' })}
        cancelLabel={t('layout.password.logoutInstead')}
      />
    </RequiredStepDialog>
  );
}
