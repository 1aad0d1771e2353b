import { Button, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppActor, useConnectionActor } from '../../app/AppActorProvider';

/**
 * While the console cannot reach its server, one strip above every page says so (not a message
 * per failed call), with a retry that loads again what failed.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const app = useAppActor();
  const offline = useSelector(useConnectionActor(), (state) => state.hasTag('offline'));
  if (!offline) return null;
  return (
    <HStack
      role="alert"
      gap="3"
      px="4"
      py="2"
      wrap="wrap"
      bg="red.subtle"
      color="red.fg"
      borderBottomWidth="1px"
      borderColor="red.muted"
      data-testid="offline-banner"
    >
      <WifiOff size={16} aria-hidden />
      <Text textStyle="sm" fontWeight="medium" flex="1" minW="0">
        {t('layout.offline.text')}
      </Text>
      <Button size="xs" colorPalette="red" variant="solid" onClick={() => app.send({ type: 'CONNECTION.RETRY' })}>
        {t('layout.offline.retry')}
      </Button>
    </HStack>
  );
}
