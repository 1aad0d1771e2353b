import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/table/PageHeader';
import { DomainsTab } from './DomainsTab';
import { SessionsTab } from './SessionsTab';

/** A tab of the account page besides the domains and sessions every signed-in user has. */
export interface AccountTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The account page's frame, the same for whoever reads it: the header, the cards, and the tabs;
 * the points' tabs come before the domains and sessions, the operator's after them. A tab not
 * shown loads when first opened.
 */
export function AccountFrame({
  description,
  banner,
  cards,
  before = [],
  after = [],
  defaultTab,
}: {
  description: string;
  /** Shown above the cards (a payment's return). */
  banner?: ReactNode;
  cards: ReactNode;
  before?: AccountTab[];
  after?: AccountTab[];
  defaultTab?: string;
}) {
  const { t } = useTranslation('account');
  const tabs: AccountTab[] = [
    ...before,
    { value: 'domains', label: t('account.domains.title'), content: <DomainsTab /> },
    { value: 'sessions', label: t('account.sessions.title'), content: <SessionsTab /> },
    ...after,
  ];
  return (
    <Stack gap="4">
      <PageHeader title={t('routes.account.account')} description={description} />
      {banner}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {cards}
      </SimpleGrid>
      <Tabs.Root defaultValue={defaultTab ?? tabs[0]!.value} variant="enclosed" lazyMount>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value}>
            {tab.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
