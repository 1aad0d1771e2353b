import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { BindAuthenticatorForm } from '../../components/signIn/BindAuthenticatorForm';
import { RequiredStepDialog } from './RequiredStepDialog';

/**
 * At sign-in, an account the operator requires an authenticator of, with none bound, binds one
 * (QR code, secret, first code) before anything of the console opens.
 */
export function AuthenticatorBindingRequired() {
  const { t } = useTranslation();
  const session = useSessionActor();
  return (
    <RequiredStepDialog title={t('layout.authenticator.requiredTitle')} text={t('layout.authenticator.required')} size="md">
      <BindAuthenticatorForm
        onDone={() => session.send({ type: 'AUTHENTICATOR.BOUND' })}
        onCancel={() => session.send({ type: 'LOGOUT' })}
        cancelLabel={t('layout.password.logoutInstead')}
      />
    </RequiredStepDialog>
  );
}
