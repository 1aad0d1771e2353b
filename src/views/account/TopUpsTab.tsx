import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Download, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useListActor } from '../../app/useListActor';
import { ListTable } from '../../components/table/ListTable';
import type { Column } from '../../components/table/DataTable';
import { orderRows, useOrdersDownload, type Order } from './api';
import { money } from '../../components/account/RechargeDialog';
import { useOnCredit } from './useOnCredit';

const STATUS_PALETTE: Record<string, string> = { pending: 'orange', credited: 'green', expired: 'gray', failed: 'red', refunded: 'purple' };

/**
 * The account's top-up orders with their export: loaded when the tab is first opened (the ledger is
 * the tab shown first), and again when points were credited.
 */
export function TopUpsTab({ credits, onTopUp }: { credits: number; onTopUp: (() => void) | null }) {
  const { t, i18n } = useTranslation(['account', 'orders']);
  const orders = useListActor<Order>(orderRows);
  const download = useOrdersDownload();
  useOnCredit(credits, () => orders.send({ type: 'LIST.RELOAD' }));
  const columns: Column<Order>[] = [
    { key: 'id', header: t('account.orders.id'), render: (o) => `#${o.id}` },
    { key: 'created', header: t('account.orders.time'), render: (o) => <Text whiteSpace="nowrap">{o.created_at}</Text> },
    {
      key: 'channel',
      header: t('account.orders.channel'),
      render: (o) =>
        o.channel === 'code' ? (
          <Text fontFamily="mono" textStyle="xs">
            {o.code}
          </Text>
        ) : (
          `${t(`orders.channels.${o.channel}`)} · ${o.package_name || '—'}`
        ),
    },
    {
      key: 'amount',
      header: t('account.orders.amount'),
      align: 'end',
      render: (o) => (o.channel === 'code' ? '—' : money(o.amount_cents, o.currency, i18n.language)),
    },
    { key: 'points', header: t('account.orders.points'), align: 'end', render: (o) => o.points.toLocaleString() },
    {
      key: 'status',
      header: t('account.orders.status'),
      render: (o) => (
        <Badge colorPalette={STATUS_PALETTE[o.status]} variant="subtle">
          {t(`orders.status.${o.status}`)}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="3">
      <HStack gap="3">
        {onTopUp && (
          <Button colorPalette="brand" onClick={onTopUp}>
            <Plus /> {t('account.topUp')}
          </Button>
        )}
        <Button variant="outline" onClick={() => download.submit(undefined)}>
          <Download /> {t('account.export')}
        </Button>
      </HStack>
      <ListTable
        list={orders}
        label={t('account.orders.title')}
        columns={columns}
        rowKey={(o) => o.id}
        emptyText={t('account.orders.empty')}
      />
    </Stack>
  );
}
