import { useState } from 'react';
import { Badge, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Static } from 'typebox';
import { LEDGER_REASONS, type LedgerEntry } from '../../../contract/schemas/points';
import { useSessionActor } from '../../app/AppActorProvider';
import { useCan } from '../../app/useCan';
import { firstPageOf, useListActor } from '../../app/useListActor';
import type { LoadsAhead } from '../../components/feedback/lazyPage';
import { PageLoading } from '../../components/feedback/PageLoading';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { DateRangeFilter } from '../../components/table/DateRangeFilter';
import { balanceAhead, ledgerRows, useLedgerDownload } from './api';
import { AdminPanel } from './AdminPanel';
import { BalanceStat } from './BalanceStat';
import { AccountFrame } from './AccountFrame';
import { LedgerEntriesStat } from './LedgerEntriesStat';
import { LedgerReference } from './LedgerReference';
import { OrderReturn } from './OrderReturn';
import { ProfileStat } from './ProfileStat';
import { RechargeDialog } from '../../components/account/RechargeDialog';
import { TopUpsTab } from './TopUpsTab';
import { ConsolePath } from '../../../contract/paths';

type Entry = Static<typeof LedgerEntry>;

/** What the page asks for when it opens on its ledger (sent at the click); a member who may not read the points asks nothing. */
export const loadsAhead: LoadsAhead = (_location, can) => (can('account:ledger') ? [balanceAhead(), firstPageOf(ledgerRows)] : []);

/**
 * /account: the points balance and prices, the recharge modal (also opened by /account?recharge=1
 * from the "not enough points" dialog and every top-up button), the ledger with filters and its
 * export, the top-ups, the account's domains, and for the operator packages, codes and grants.
 *
 * Each card and tab that loads data holds it itself (the balance, the entries' count, the top-ups,
 * the domains), so an answer redraws its own part, not the page; the tabs not shown load when first
 * opened. The page's first visit rendered the whole page again for each of four answers.
 */
export default function AccountPage() {
  // A team member whose role does not see the points reads only their own part (the server
  // refuses them the ledger and the orders).
  const { t } = useTranslation('account');
  return useCan()('account:ledger') ? (
    <PointsAccount />
  ) : (
    <AccountFrame description={t('account.memberDescription')} cards={<ProfileStat />} />
  );
}

function PointsAccount() {
  const { t, ready } = useTranslation(['account', 'ledger']);
  const session = useSessionActor();
  const can = useCan();
  const administrator = can('admin');
  const ledger = useListActor<Entry>(ledgerRows);
  const filters = useSelector(ledger, (state) => state.context.filters) as { reason?: string; date_from?: string; date_to?: string };
  const download = useLedgerDownload();
  // Top-ups credited while the page is open: the parts showing points load again.
  const [credits, setCredits] = useState(0);
  const search = useSearch();
  const [, navigate] = useLocation();
  const [rechargeHere, setRechargeHere] = useState(false);
  // Topping up needs account:topup (a team member works on the owner's points).
  const canTopUp = can('account:topup');
  const recharging = canTopUp && (rechargeHere || new URLSearchParams(search).get('recharge') === '1');
  // Back from the payment page (Stripe Checkout's success URL): the order's state.
  const returnedOrder = Number(new URLSearchParams(search).get('order')) || null;
  if (!ready) return <PageLoading />;

  const closeRecharge = () => {
    setRechargeHere(false);
    if (search) navigate(ConsolePath.account, { replace: true });
  };
  const credited = () => {
    setCredits((count) => count + 1);
    ledger.send({ type: 'LIST.RELOAD' });
    session.send({ type: 'USER.RELOAD' });
  };
  const topUp = canTopUp ? () => setRechargeHere(true) : null;
  const filter = (patch: Partial<typeof filters>) => ledger.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });

  const ledgerColumns: Column<Entry>[] = [
    { key: 'created', header: t('account.ledger.time'), render: (entry) => <Text whiteSpace="nowrap">{entry.created_at}</Text> },
    {
      key: 'reason',
      header: t('account.ledger.reason'),
      render: (entry) => t(`ledger.reasons.${entry.reason}`, { defaultValue: entry.reason }),
    },
    {
      key: 'reference',
      header: t('account.ledger.reference'),
      render: (entry) => <LedgerReference entry={entry} />,
    },
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
  const ledgerTab = (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <NativeSelect.Root width="48">
          <NativeSelect.Field
            aria-label={t('account.ledger.reason')}
            value={filters.reason ?? ''}
            onChange={(event) => filter({ reason: event.target.value || undefined })}
          >
            <option value="">{t('account.ledger.allReasons')}</option>
            {LEDGER_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`ledger.reasons.${reason}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <DateRangeFilter
          from={filters.date_from}
          to={filters.date_to}
          labels={{ from: t('account.ledger.from'), to: t('account.ledger.to') }}
          onFromChange={(day) => filter({ date_from: day })}
          onToChange={(day) => filter({ date_to: day })}
        />
        <Button variant="outline" onClick={() => download.submit(filters)}>
          <Download /> {t('account.export')}
        </Button>
      </HStack>
      <ListTable list={ledger} label={t('account.ledger.title')} columns={ledgerColumns} rowKey={(entry) => entry.id} />
    </Stack>
  );
  return (
    <>
      <AccountFrame
        description={t('account.description')}
        banner={
          returnedOrder && (
            <OrderReturn
              key={returnedOrder}
              id={returnedOrder}
              onCredited={credited}
              onDismiss={() => navigate(ConsolePath.account, { replace: true })}
            />
          )
        }
        cards={
          <>
            <BalanceStat credits={credits} onTopUp={topUp} />
            <ProfileStat />
            <LedgerEntriesStat ledger={ledger} />
          </>
        }
        before={[
          { value: 'ledger', label: t('account.ledger.title'), content: ledgerTab },
          { value: 'topups', label: t('account.orders.title'), content: <TopUpsTab credits={credits} onTopUp={topUp} /> },
        ]}
        after={administrator ? [{ value: 'admin', label: t('account.admin.title'), content: <AdminPanel onChanged={credited} /> }] : []}
        defaultTab={returnedOrder ? 'topups' : 'ledger'}
      />
      <RechargeDialog open={recharging} onClose={closeRecharge} onCredited={credited} />
    </>
  );
}
