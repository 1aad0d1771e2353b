import { Dialog, Portal, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { AccountLoginForm } from '../../components/signIn/AccountLoginForm';
import { LoginFormHeader } from '../../components/signIn/LoginFormHeader';
import { SecondFactorForm } from '../../components/signIn/SecondFactorForm';

/**
 * The re-login overlay of spec §4: when the session expires (with `sessionTimeoutProcessing:
 * overlay`) a modal login covers the page, which stays mounted underneath with its state; logging
 * in again closes it without any navigation.
 */
export default function SessionTimeoutOverlay() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const open = useSelector(session, (state) => state.hasTag('overlay'));
  const secondFactor = useSelector(session, (state) => state.hasTag('secondFactor'));
  const username = useSelector(session, (state) => state.context.username);

  return (
    <Dialog.Root
      open={open}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
      size="sm"
      lazyMount
      unmountOnExit
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.600" backdropFilter="blur(4px)" />
        <Dialog.Positioner>
          <Dialog.Content aria-label={t('sys.login.sessionTimeoutTitle')}>
            <Dialog.Body pt="6" pb="6">
              <Stack gap="5">
                {secondFactor ? (
                  <SecondFactorForm />
                ) : (
                  <>
                    <LoginFormHeader title={t('sys.login.sessionTimeoutTitle')} subtitle={t('sys.login.sessionTimeoutSubtitle')} />
                    <AccountLoginForm username={username} />
                  </>
                )}
              </Stack>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
