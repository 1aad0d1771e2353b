import { Box, Dialog, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { BindAuthenticatorForm } from '../../components/signIn/BindAuthenticatorForm';

/**
 * At sign-in, an account the operator requires an authenticator of, with none bound, binds one
 * (QR code, secret, first code) before anything of the console opens. A dialog that cannot be
 * dismissed; its other way out is logging out.
 */
export function AuthenticatorBindingRequired() {
  const { t } = useTranslation();
  const session = useSessionActor();
  return (
    <Box minH="100vh" bg="bg.muted">
      <Dialog.Root open closeOnEscape={false} closeOnInteractOutside={false} placement="center" size="md" role="alertdialog">
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('layout.authenticator.requiredTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="0">
              <Text color="fg.muted" fontSize="sm">
                {t('layout.authenticator.required')}
              </Text>
            </Dialog.Body>
            <BindAuthenticatorForm
              onDone={() => session.send({ type: 'AUTHENTICATOR.BOUND' })}
              onCancel={() => session.send({ type: 'LOGOUT' })}
              cancelLabel={t('layout.password.logoutInstead')}
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    </Box>
  );
}
