import { useMemo, useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearch } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import type { Workorder, WorkorderDetail } from '../../../contract/schemas/workorder';
import { useListActor } from '../../app/useListActor';
import { useLoad } from '../../app/useLoad';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { SelectField } from '../../components/form/SelectField';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { SearchInput } from '../../components/table/SearchInput';
import type { ListFilters } from '../../machines/list.machine';
import { adminWorkorderClose, adminWorkorderDetail, adminWorkorderList, adminWorkorderReply } from '../../services/api/workorder';
import { STATUS_PALETTE, WorkorderThread } from './WorkorderThread';
import { WorkorderFilters } from './WorkorderFilters';
import { workorderListServices } from './workorderListServices';

const services = workorderListServices(adminWorkorderList);
const AGES = ['', '4', '24', '72'];

/** /workorder/queue: every customer's work orders for the operator, oldest waiting first; `?id=N` opens one to answer. */
export default function WorkorderQueuePage() {
  const { ready } = useTranslation('workorder');
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  if (!ready) return <PageLoading />;
  return id ? <QueueItem id={id} /> : <Queue />;
}

function Queue() {
  const { t } = useTranslation('workorder');
  const list = useListActor<Workorder>(services, { filters: { status: 'open' } });
  const filters = useSelector(list, (state) => state.context.filters);
  const [account, setAccount] = useState('');
  const filter = (patch: ListFilters) => list.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });
  const columns: Column<Workorder>[] = [
    { key: 'id', header: t('workorder.fields.id'), render: (row) => <Text color="fg.muted">#{row.id}</Text> },
    {
      key: 'title',
      header: t('workorder.fields.title'),
      render: (row) => (
        <RouterLink href={`${ConsolePath.workorderQueue}?id=${row.id}`}>
          <Text as="span" fontWeight="medium" wordBreak="break-word" _hover={{ textDecoration: 'underline' }}>
            {row.title}
          </Text>
        </RouterLink>
      ),
    },
    { key: 'account', header: t('workorder.fields.account'), render: (row) => row.username },
    { key: 'author', header: t('workorder.fields.author'), render: (row) => row.author || '—' },
    {
      key: 'category',
      header: t('workorder.fields.category'),
      render: (row) => <Badge variant="outline">{t(`workorder.categories.${row.category}`)}</Badge>,
    },
    {
      key: 'status',
      header: t('workorder.fields.status'),
      render: (row) => <Badge colorPalette={STATUS_PALETTE[row.status]}>{t(`workorder.statuses.${row.status}`)}</Badge>,
    },
    { key: 'assignee', header: t('workorder.fields.assignee'), render: (row) => row.assignee || '—' },
    { key: 'last', header: t('workorder.fields.lastReply'), render: (row) => <Text whiteSpace="nowrap">{row.last_reply_at}</Text> },
  ];
  return (
    <Stack gap="4">
      <PageHeader title={t('workorder.queue.title')} description={t('workorder.queue.description')} />
      <HStack gap="3" align="flex-end" wrap="wrap">
        <SearchInput
          label={t('workorder.accountSearch')}
          value={account}
          onValueChange={setAccount}
          onSearch={(value) => filter({ account: value })}
        />
        <WorkorderFilters filters={filters} onFilter={filter} width="36" />
        <Stack w="44">
          <SelectField
            label={t('workorder.olderThan')}
            name="older_than_hours"
            value={String(filters.older_than_hours ?? '')}
            options={AGES.map((h) => ({ value: h, label: h || '—' }))}
            onValueChange={(value) => filter({ older_than_hours: value ? Number(value) : undefined })}
          />
        </Stack>
      </HStack>
      <ListTable list={list} label={t('workorder.queue.title')} columns={columns} rowKey={(row) => row.id} />
    </Stack>
  );
}

function QueueItem({ id }: { id: number }) {
  const { t } = useTranslation('workorder');
  const load = useLoad(adminWorkorderDetail, id);
  const [fresh, setFresh] = useState<WorkorderDetail | null>(null);
  const detail = useMemo(() => (fresh && fresh.workorder.id === id ? fresh : load.result), [fresh, load.result, id]);
  return (
    <Stack gap="4" maxW="4xl">
      <RouterLink href={ConsolePath.workorderQueue}>
        <Button as="span" variant="ghost" size="sm">
          <ArrowLeft /> {t('workorder.actions.back')}
        </Button>
      </RouterLink>
      <FailureAlert failure={load.error} />
      {!detail && !load.error && <PageLoading />}
      {detail && (
        <WorkorderThread detail={detail} asOperator reply={adminWorkorderReply} close={adminWorkorderClose} onChanged={setFresh} />
      )}
    </Stack>
  );
}
