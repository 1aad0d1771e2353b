import { useState } from 'react';
import { Box, Flex, Menu, Portal, Text } from '@chakra-ui/react';
import { ChevronDown, KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { BindAuthenticatorDialog } from '../../components/signIn/BindAuthenticatorDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { UserAvatar } from '../../components/UserAvatar';

type UserDialog = 'bindAuthenticator' | 'changePassword' | null;

/** The signed-in user, with binding an authenticator, changing the password and logging out. */
export function UserDropdown() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const user = useSelector(session, (state) => state.context.user);
  const [dialog, setDialog] = useState<UserDialog>(null);
  const name = user?.realName || user?.username || '';

  const select = ({ value }: { value: string }) => {
    if (value === 'logout') session.send({ type: 'LOGOUT' });
    else setDialog(value as UserDialog);
  };

  return (
    <>
      <Menu.Root onSelect={select} positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Flex
            as="button"
            align="center"
            gap="2"
            h="9"
            ps="1"
            pe="2"
            rounded="md"
            cursor="pointer"
            _hover={{ bg: 'bg.muted' }}
            aria-label={t('layout.header.userMenuOf', { name })}
          >
            {/* The picture repeats the name beside it. */}
            <UserAvatar size="xs" name={name} avatar={user?.avatar ?? ''} hidden />
            <Text textStyle="sm" fontWeight="medium" display={{ base: 'none', md: 'block' }} maxW="36" truncate>
              {name}
            </Text>
            <Box color="fg.muted" display={{ base: 'none', md: 'block' }}>
              <ChevronDown size={14} />
            </Box>
          </Flex>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              <Menu.Item value="bindAuthenticator">
                <ShieldCheck size={16} />
                {t('layout.header.bindAuthenticator')}
              </Menu.Item>
              <Menu.Item value="changePassword">
                <KeyRound size={16} />
                {t('layout.header.changePassword')}
              </Menu.Item>
              <Menu.Separator />
              <Menu.Item value="logout" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                <LogOut size={16} />
                {t('layout.header.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <BindAuthenticatorDialog open={dialog === 'bindAuthenticator'} onClose={() => setDialog(null)} />
      <ChangePasswordDialog open={dialog === 'changePassword'} onClose={() => setDialog(null)} />
    </>
  );
}
