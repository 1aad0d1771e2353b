import { SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/table/PageHeader';
import { DomainsTab } from './DomainsTab';
import { ProfileStat } from './ProfileStat';
import { SessionsTab } from './SessionsTab';

/**
 * The account page of a team member whose role does not see the account's points (no
 * account:ledger): their own profile, the domains and their sessions; the owner's balance, ledger
 * and top-ups are not theirs to read.
 */
export function MemberAccount() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="4">
      <PageHeader title={t('routes.account.account')} description={t('account.memberDescription')} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <ProfileStat />
      </SimpleGrid>
      <Tabs.Root defaultValue="domains" variant="enclosed" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="domains">{t('account.domains.title')}</Tabs.Trigger>
          <Tabs.Trigger value="sessions">{t('account.sessions.title')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="domains">
          <DomainsTab />
        </Tabs.Content>
        <Tabs.Content value="sessions">
          <SessionsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
