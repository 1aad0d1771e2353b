import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Center, chakra, Dialog, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { LogOut, LockKeyhole, LockKeyholeOpen } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLockActor, useSessionActor } from '../../../app/AppActorProvider';
import { FailureAlert } from '../../../components/form/FailureAlert';
import { PasswordField } from '../../../components/form/PasswordField';
import { LockClock } from './LockClock';
import { UserAvatar } from '../../../components/UserAvatar';

/**
 * The lock screen: it covers the whole console (a modal that nothing behind can be reached through)
 * until the account password, checked by the server, unlocks it; the server itself refuses the
 * session's other calls meanwhile. It survives a reload (the lock actor restores it).
 */
export function LockScreen() {
  const { t } = useTranslation();
  const lock = useLockActor();
  const session = useSessionActor();
  const shown = useSelector(lock, (state) => state.hasTag('lockScreen'));
  const unlocking = useSelector(lock, (state) => state.hasTag('checkingPassword'));
  const confirmingLock = useSelector(lock, (state) => state.hasTag('confirmingLock'));
  const error = useSelector(lock, (state) => state.context.error);
  const user = useSelector(session, (state) => state.context.user);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const name = user?.realName || user?.username || '';

  useEffect(() => {
    if (!shown) {
      setPassword('');
      setMissing(false);
    }
  }, [shown]);
  // A wrong password is cleared for the next try.
  useEffect(() => {
    if (error) setPassword('');
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    lock.send({ type: 'UNLOCK.SUBMIT', password });
  };

  return (
    <Dialog.Root
      open={shown}
      lazyMount
      unmountOnExit
      size="full"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      motionPreset="none"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Positioner zIndex="max">
          <Dialog.Content
            aria-label={t('layout.lock.title')}
            rounded="none"
            bgGradient="to-br"
            gradientFrom={{ base: 'gray.800', _dark: 'gray.950' }}
            gradientTo={{ base: 'brand.900', _dark: 'black' }}
            color="white"
            className="dark"
            data-testid="lock-screen"
          >
            <Center minH="100dvh" px="4" py="8">
              <Stack align="center" gap="6" w="full" maxW="sm">
                <LockClock />
                <Box position="relative">
                  <UserAvatar size="2xl" name={name} avatar={user?.avatar ?? ''} />
                  <Center position="absolute" bottom="-1" insetEnd="-1" boxSize="7" rounded="full" bg="brand.solid" color="white">
                    <LockKeyhole size={14} />
                  </Center>
                </Box>
                <Stack align="center" gap="1">
                  <Heading size="lg">{name}</Heading>
                  <Text color="whiteAlpha.700" textStyle="sm">
                    {t('layout.lock.hint')}
                  </Text>
                </Stack>
                <chakra.form
                  aria-label={t('layout.lock.title')}
                  w="full"
                  display="flex"
                  flexDirection="column"
                  gap="3"
                  onSubmit={submit}
                  noValidate
                >
                  <PasswordField
                    label={t('layout.lock.password')}
                    hideLabel
                    name="password"
                    autoComplete="current-password"
                    autoFocus
                    value={password}
                    error={missing ? 'sys.validation.passwordRequired' : undefined}
                    onValueChange={(value) => {
                      setPassword(value);
                      setMissing(false);
                    }}
                    bg="whiteAlpha.100"
                    borderColor="whiteAlpha.300"
                  />
                  <FailureAlert failure={error} />
                  <Button type="submit" colorPalette="brand" loading={unlocking} disabled={confirmingLock}>
                    <LockKeyholeOpen /> {t('layout.lock.unlock')}
                  </Button>
                  <Button
                    variant="ghost"
                    color="whiteAlpha.800"
                    _hover={{ bg: 'whiteAlpha.200', color: 'white' }}
                    onClick={() => lock.send({ type: 'LOCK.LOGOUT' })}
                  >
                    <LogOut /> {t('layout.lock.logout')}
                  </Button>
                </chakra.form>
              </Stack>
            </Center>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
