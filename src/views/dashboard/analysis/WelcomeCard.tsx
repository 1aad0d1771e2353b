import { Badge, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { UserPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserDetails } from '../../../../contract/schemas/user';
import { UserAvatar } from '../../../components/UserAvatar';
import { roleName } from '../../../../contract/roleName';

/** The greeting for the reader's hour: someone still at work after midnight is greeted for the evening. */
function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 5) return 'evening';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** Greets the signed-in user and shows their roles; the account card: it opens the account modal. */
export function WelcomeCard({ user, onEdit }: { user: UserDetails; onEdit: () => void }) {
  const { t } = useTranslation();
  const name = user.realName || user.username;
  return (
    <Card.Root variant="elevated" bg="bg.panel" overflow="hidden">
      <Card.Body>
        <Flex align="center" gap="5" direction={{ base: 'column', sm: 'row' }} textAlign={{ base: 'center', sm: 'start' }}>
          <UserAvatar size="2xl" name={name} avatar={user.avatar} />
          <Stack gap="1.5" flex="1">
            <Heading size="xl" fontWeight="semibold">
              {t(`dashboard.analysis.greeting.${partOfDay(new Date().getHours())}`, { name })}
            </Heading>
            <Text color="fg.muted">{t('dashboard.analysis.welcome')}</Text>
            <HStack justify={{ base: 'center', sm: 'flex-start' }}>
              <Button size="xs" variant="outline" onClick={onEdit}>
                <UserPen /> {t('dashboard.analysis.editProfile')}
              </Button>
            </HStack>
          </Stack>
          {user.roles.length > 0 && (
            <Stack gap="1.5" align={{ base: 'center', sm: 'flex-end' }}>
              <Text textStyle="xs" color="fg.muted">
                {t('dashboard.analysis.roles')}
              </Text>
              <HStack gap="1.5" wrap="wrap">
                {user.roles.map((role) => (
                  <Badge key={role.value} colorPalette="brand" variant="subtle" size="md">
                    {roleName({ code: role.value, name: role.roleName }, t)}
                  </Badge>
                ))}
              </HStack>
            </Stack>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
