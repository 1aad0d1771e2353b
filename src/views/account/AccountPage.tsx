import { Badge, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Static } from 'typebox';
import type { LedgerEntry } from '../../../contract/schemas/points';
import { useSessionActor } from '../../app/AppActorProvider';
import { useListActor } from '../../app/useListActor';
import { useLoad } from '../../app/useLoad';
import { PageLoading } from '../../components/feedback/PageLoading';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { pointsList } from '../../services/api/points';

type Entry = Static<typeof LedgerEntry>;
/** The balance and the prices come with any page of the ledger. */
const FIRST_ENTRY = { page: 1, page_size: 1 };
const services = { fetchPage: ({ page, page_size }: { page: number; page_size: number }) => pointsList({ page, page_size }) };

/** /account: the points balance, what operations cost, the ledger, and the profile basics. */
export default function AccountPage() {
  const { t, ready } = useTranslation('account');
  const session = useSessionActor();
  const user = useSelector(session, (state) => state.context.user);
  const list = useListActor<Entry>(services);
  const context = useSelector(list, (state) => state.context);
  const summary = useLoad(pointsList, FIRST_ENTRY);
  if (!ready) return <PageLoading />;

  const columns: Column<Entry>[] = [
    { key: 'created', header: t('account.ledger.time'), render: (entry) => <Text whiteSpace="nowrap">{entry.created_at}</Text> },
    { key: 'reason', header: t('account.ledger.reason'), render: (entry) => t(`account.reasons.${entry.reason}`, { defaultValue: entry.reason }) },
    { key: 'reference', header: t('account.ledger.reference'), render: (entry) => <Text textStyle="xs" color="fg.muted">{entry.reference ?? '—'}</Text> },
    {
      key: 'delta',
      header: t('account.ledger.delta'),
      align: 'end',
      render: (entry) => (
        <Badge colorPalette={entry.delta < 0 ? 'red' : 'green'} variant="surface">
          {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
        </Badge>
      ),
    },
    { key: 'balance', header: t('account.ledger.balance'), align: 'end', render: (entry) => entry.balance_after },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.account.account')} description={t('account.description')} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Stat.Root borderWidth="1px" borderRadius="lg" p="4" bg="bg.panel">
          <Stat.Label>{t('account.balance')}</Stat.Label>
          <Stat.ValueText data-testid="account-balance">{summary.result ? summary.result.balance : '…'}</Stat.ValueText>
          <Stat.HelpText>
            {summary.result ? t('account.prices', { article: summary.result.prices.article, image: summary.result.prices.image, images: summary.result.prices.images_per_article }) : t('account.balanceHint')}
          </Stat.HelpText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" borderRadius="lg" p="4" bg="bg.panel">
          <Stat.Label>{t('account.username')}</Stat.Label>
          <Stat.ValueText>{user?.username ?? '—'}</Stat.ValueText>
          <Stat.HelpText>{user?.email || t('account.noEmail')}</Stat.HelpText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" borderRadius="lg" p="4" bg="bg.panel">
          <Stat.Label>{t('account.entries')}</Stat.Label>
          <Stat.ValueText>{context.total}</Stat.ValueText>
          <Stat.HelpText>{t('account.entriesHint')}</Stat.HelpText>
        </Stat.Root>
      </SimpleGrid>
      <ListTable
        list={list}
        label={t('account.ledger.title')}
        columns={columns}
        rowKey={(entry) => entry.id}
      />
    </Stack>
  );
}
