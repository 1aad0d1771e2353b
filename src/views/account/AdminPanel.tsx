import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Button, Card, Heading, HStack, Stack } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useListActor } from '../../app/useListActor';
import { toaster } from '../../components/feedback/toaster';
import { FailureAlert } from '../../components/form/FailureAlert';
import { DataTable, type Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import {
  batchRows,
  pendingOrderRows,
  useAddPackage,
  useCodesDownload,
  useConfirmOrder,
  useDeletePackage,
  useEditPackage,
  useFailOrder,
  useGenerateCodes,
  usePackages,
  type Batch,
  type Order,
  type Package,
} from './api';
import { money } from '../../components/account/RechargeDialog';
import { GrantByName } from './GrantByName';
import { InlineField } from '../../components/form/InlineField';
import { InlineInput } from '../../components/form/InlineInput';
import { EllipsisText } from '../../components/EllipsisText';
import { DayInput } from '../../components/DayInput';
import { packageName } from '../../shared/packageName';
import { actionsColumn } from '../../components/table/actionsColumn';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The operator's part of the account page: packages, recharge codes, pending orders, grants. */
export function AdminPanel({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation('account');
  const packages = usePackages();
  const reloadPackages = packages.reload;
  const batches = useListActor<Batch>(batchRows);
  const pending = useListActor<Order>(pendingOrderRows);
  const codes = useCodesDownload();

  const [pack, setPack] = useState({ name: '', price: '', currency: 'usd', points: '', bonus: '0' });
  const adding = useAddPackage({
    onSucceeded: () => {
      setPack({ name: '', price: '', currency: 'usd', points: '', bonus: '0' });
      reloadPackages();
    },
  });
  const editing = useEditPackage({ onSucceeded: reloadPackages });
  const deleting = useDeletePackage({ onSucceeded: reloadPackages });

  const nextYear = `${new Date().getFullYear() + 1}-12-31`;
  const [batch, setBatch] = useState({ points: '500', count: '10', expires_on: nextYear, note: '' });
  const generating = useGenerateCodes({
    onSucceeded: ({ count }) => {
      toaster.success({ title: t('account.admin.generated', { count }) });
      batches.send({ type: 'LIST.RELOAD' });
    },
  });

  const confirming = useConfirmOrder({
    onSucceeded: () => {
      pending.send({ type: 'LIST.RELOAD' });
      onChanged();
    },
  });
  const failing = useFailOrder({ onSucceeded: () => pending.send({ type: 'LIST.RELOAD' }) });

  const submitPackage = (event: FormEvent) => {
    event.preventDefault();
    adding.submit({
      name: pack.name.trim(),
      price_cents: Math.round(Number(pack.price) * 100),
      currency: pack.currency.trim().toLowerCase(),
      points: Number(pack.points),
      bonus_points: Number(pack.bonus),
    });
  };
  const submitBatch = (event: FormEvent) => {
    event.preventDefault();
    generating.submit({
      points: Number(batch.points),
      count: Number(batch.count),
      expires_on: batch.expires_on,
      note: batch.note || undefined,
    });
  };

  const packageColumns: Column<Package>[] = [
    { key: 'name', header: t('account.admin.name'), render: (p) => packageName(p.name, t) },
    { key: 'price', header: t('account.admin.price'), align: 'end', render: (p) => money(p.price_cents, p.currency, i18n.language) },
    {
      key: 'points',
      header: t('account.orders.points'),
      align: 'end',
      render: (p) => (p.bonus_points ? `${p.points} + ${p.bonus_points}` : p.points),
    },
    {
      key: 'active',
      header: t('account.admin.onSale'),
      render: (p) => (
        <Badge colorPalette={p.active ? 'green' : 'gray'} variant="subtle">
          {t(p.active ? 'account.admin.active' : 'account.admin.inactive')}
        </Badge>
      ),
    },
    actionsColumn(t('common.table.actions'), (p) => (
      <>
        <Button size="xs" variant="ghost" onClick={() => editing.submit({ id: p.id, active: !p.active })}>
          {t(p.active ? 'account.admin.withdraw' : 'account.admin.offer')}
        </Button>
        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => deleting.submit(p.id)}>
          {t('account.admin.delete')}
        </Button>
      </>
    )),
  ];
  const batchColumns: Column<Batch>[] = [
    { key: 'id', header: '#', render: (b) => b.id },
    { key: 'note', header: t('account.admin.note'), render: (b) => (b.note ? <EllipsisText>{b.note}</EllipsisText> : '—') },
    { key: 'points', header: t('account.orders.points'), align: 'end', render: (b) => b.points },
    { key: 'used', header: t('account.admin.redeemed'), align: 'end', render: (b) => `${b.redeemed} / ${b.count}` },
    { key: 'expires', header: t('account.admin.expires'), render: (b) => b.expires_at.slice(0, 10) },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (b) => (
        <Button size="xs" variant="ghost" onClick={() => codes.submit(b)}>
          <Download /> {t('account.export')}
        </Button>
      ),
    },
  ];
  const pendingColumns: Column<Order>[] = [
    { key: 'id', header: t('account.orders.id'), render: (o) => `#${o.id}` },
    { key: 'account', header: t('account.admin.account'), render: (o) => `${o.username} (${o.account_id})` },
    { key: 'amount', header: t('account.orders.amount'), align: 'end', render: (o) => money(o.amount_cents, o.currency, i18n.language) },
    { key: 'points', header: t('account.orders.points'), align: 'end', render: (o) => o.points },
    actionsColumn(t('common.table.actions'), (o) => (
      <>
        <Button size="xs" colorPalette="green" variant="subtle" onClick={() => confirming.submit(o.id)}>
          {t('account.admin.confirm')}
        </Button>
        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => failing.submit(o.id)}>
          {t('account.admin.fail')}
        </Button>
      </>
    )),
  ];

  return (
    <Stack gap="4">
      <Section title={t('account.admin.packages')}>
        <DataTable
          label={t('account.admin.packages')}
          columns={packageColumns}
          rows={packages.result?.list ?? []}
          rowKey={(p) => p.id}
          loading={packages.state === 'submitting'}
          error={packages.error}
        />
        <form onSubmit={submitPackage} aria-label={t('account.admin.addPackage')} noValidate>
          <HStack gap="2" align="flex-end" wrap="wrap">
            <InlineInput
              label={t('account.admin.name')}
              width="36"
              value={pack.name}
              onValueChange={(name) => setPack({ ...pack, name })}
            />
            <InlineInput
              label={t('account.admin.price')}
              width="24"
              inputMode="decimal"
              value={pack.price}
              onValueChange={(price) => setPack({ ...pack, price })}
            />
            <InlineInput
              label={t('account.admin.currency')}
              width="20"
              value={pack.currency}
              onValueChange={(currency) => setPack({ ...pack, currency })}
            />
            <InlineInput
              label={t('account.orders.points')}
              width="24"
              inputMode="numeric"
              value={pack.points}
              onValueChange={(points) => setPack({ ...pack, points })}
            />
            <InlineInput
              label={t('account.admin.bonus')}
              width="20"
              inputMode="numeric"
              value={pack.bonus}
              onValueChange={(bonus) => setPack({ ...pack, bonus })}
            />
            <Button size="sm" type="submit" colorPalette="brand" loading={adding.state === 'submitting'}>
              {t('account.admin.addPackage')}
            </Button>
          </HStack>
        </form>
        <FailureAlert failure={adding.error ?? editing.error ?? deleting.error} />
      </Section>

      <Section title={t('account.admin.codes')}>
        <form onSubmit={submitBatch} aria-label={t('account.admin.generate')} noValidate>
          <HStack gap="2" align="flex-end" wrap="wrap">
            <InlineInput
              label={t('account.orders.points')}
              width="24"
              inputMode="numeric"
              value={batch.points}
              onValueChange={(points) => setBatch({ ...batch, points })}
            />
            <InlineInput
              label={t('account.admin.count')}
              width="20"
              inputMode="numeric"
              value={batch.count}
              onValueChange={(count) => setBatch({ ...batch, count })}
            />
            <InlineField label={t('account.admin.expires')}>
              <DayInput
                size="sm"
                width="40"
                label={t('account.admin.expires')}
                value={batch.expires_on || undefined}
                onChange={(day) => setBatch({ ...batch, expires_on: day ?? '' })}
              />
            </InlineField>
            <InlineInput
              label={t('account.admin.note')}
              width="40"
              value={batch.note}
              onValueChange={(note) => setBatch({ ...batch, note })}
            />
            <Button size="sm" type="submit" colorPalette="brand" loading={generating.state === 'submitting'}>
              {t('account.admin.generate')}
            </Button>
          </HStack>
        </form>
        <FailureAlert failure={generating.error} />
        <ListTable
          list={batches}
          label={t('account.admin.codes')}
          columns={batchColumns}
          rowKey={(b) => b.id}
          emptyText={t('account.admin.noBatches')}
        />
      </Section>

      <Section title={t('account.admin.pending')}>
        <ListTable
          list={pending}
          label={t('account.admin.pending')}
          columns={pendingColumns}
          rowKey={(o) => o.id}
          emptyText={t('account.admin.noPending')}
        />
        <FailureAlert failure={confirming.error ?? failing.error} />
      </Section>

      <Section title={t('account.admin.grant')}>
        <GrantByName onChanged={onChanged} />
      </Section>
    </Stack>
  );
}
