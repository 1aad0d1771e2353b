import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { QrCode, Smartphone, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LoginFormKind } from './loginForms';

/**
 * The height of what follows: a row of words (1rem) over a row of `md` buttons (2.5rem), 1rem apart.
 * The login page holds it before drawing them, so the form above does not move when they come.
 */
export const OTHER_LOGIN_METHODS_HEIGHT = '4.5rem';

/** The ways to sign in other than username and password, and registering. */
export function OtherLoginMethods({ onSelect }: { onSelect: (form: LoginFormKind) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <HStack>
        <Separator flex="1" />
        <Text flexShrink={0} textStyle="xs" color="fg.muted">
          {t('sys.login.otherSignIn')}
        </Text>
        <Separator flex="1" />
      </HStack>
      <HStack gap="3">
        <Button flex="1" variant="outline" onClick={() => onSelect('mobile')}>
          <Smartphone /> {t('sys.login.mobileSignIn')}
        </Button>
        <Button flex="1" variant="outline" onClick={() => onSelect('qr')}>
          <QrCode /> {t('sys.login.qrSignIn')}
        </Button>
        <Button flex="1" variant="outline" onClick={() => onSelect('register')}>
          <UserPlus /> {t('sys.login.registerButton')}
        </Button>
      </HStack>
    </Stack>
  );
}
