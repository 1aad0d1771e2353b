import { Box, Dialog, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * After the owner or the operator reset the password, the user changes it before anything
 * of the console opens (the server answers nothing else until then). A dialog that cannot be
 * dismissed; its other way out is logging out.
 */
export function PasswordChangeRequired() {
  const { t } = useTranslation();
  const session = useSessionActor();
  return (
    <Box minH="100vh" bg="bg.muted">
      <Dialog.Root open closeOnEscape={false} closeOnInteractOutside={false} placement="center" size="sm" role="alertdialog">
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('layout.password.requiredTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="0">
              <Text color="fg.muted" fontSize="sm">
                {t('layout.password.required')}
              </Text>
            </Dialog.Body>
            <ChangePasswordForm
              onDone={() => session.send({ type: 'PASSWORD.CHANGED' })}
              onCancel={() => session.send({ type: 'LOGOUT' })}
              cancelLabel={t('layout.password.logoutInstead')}
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    </Box>
  );
}
