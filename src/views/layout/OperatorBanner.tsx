import { Button, HStack, Text } from '@chakra-ui/react';
import { UserRoundCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOperatorSession } from '../../app/useOperatorSession';

/**
 * While the operator is signed in as a user, a strip above every page says so and leads
 * back to the operator's own account (their session was kept: no new login).
 */
export function OperatorBanner() {
  const { t } = useTranslation();
  const { signedInAs, busy, returnToMine } = useOperatorSession();
  if (!signedInAs) return null;
  return (
    <HStack
      role="status"
      aria-label={t('layout.operator.label')}
      gap="3"
      px="4"
      py="2"
      wrap="wrap"
      bg="orange.subtle"
      color="orange.fg"
      borderBottomWidth="1px"
      borderColor="orange.muted"
    >
      <UserRoundCog size={16} aria-hidden />
      <Text textStyle="sm" fontWeight="medium" flex="1" minW="0">
        {t('layout.operator.signedInAs', { user: signedInAs.user, operator: signedInAs.operator })}
      </Text>
      <Button size="xs" colorPalette="orange" variant="solid" loading={busy} onClick={() => void returnToMine()}>
        {t('layout.operator.return')}
      </Button>
    </HStack>
  );
}
