import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ArrowLeft, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearch } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import type { Workorder, WorkorderDetail } from '../../../contract/schemas/workorder';
import { useNoticeActor } from '../../app/NoticeLive';
import { useListActor } from '../../app/useListActor';
import { useLoad } from '../../app/useLoad';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { SearchInput } from '../../components/table/SearchInput';
import type { ListFilters } from '../../machines/list.machine';
import { workorderClose, workorderDetail, workorderList, workorderReopen, workorderReply } from '../../services/api/workorder';
import { STATUS_PALETTE, WorkorderThread } from './WorkorderThread';
import { WorkorderFilters } from './WorkorderFilters';
import { workorderListServices } from './workorderListServices';

const services = workorderListServices(workorderList);

/** /workorder/myworkorder ("work order"): the user's work orders, searched and filtered; `?id=N` opens one's thread. */
export default function MyWorkorderPage() {
  const { ready } = useTranslation('workorder');
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  if (!ready) return <PageLoading />;
  return id ? <WorkorderView id={id} /> : <WorkorderList />;
}

function WorkorderList() {
  const { t } = useTranslation('workorder');
  const list = useListActor<Workorder>(services);
  const filters = useSelector(list, (state) => state.context.filters);
  const [keyword, setKeyword] = useState('');
  const filter = (patch: ListFilters) => list.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });
  const columns: Column<Workorder>[] = [
    { key: 'id', header: t('workorder.fields.id'), render: (row) => <Text color="fg.muted">#{row.id}</Text> },
    {
      key: 'title',
      header: t('workorder.fields.title'),
      render: (row) => (
        <RouterLink href={`${ConsolePath.workorderMine}?id=${row.id}`}>
          <Text as="span" fontWeight="medium" wordBreak="break-word" _hover={{ textDecoration: 'underline' }}>
            {row.title}
          </Text>
        </RouterLink>
      ),
    },
    {
      key: 'category',
      header: t('workorder.fields.category'),
      render: (row) => <Badge variant="outline">{t(`workorder.categories.${row.category}`)}</Badge>,
    },
    {
      key: 'status',
      header: t('workorder.fields.status'),
      render: (row) => (
        <Stack gap="0">
          <Badge colorPalette={STATUS_PALETTE[row.status]} alignSelf="flex-start">
            {t(`workorder.statuses.${row.status}`)}
          </Badge>
          {row.status !== 'closed' && (
            <Text textStyle="xs" color="fg.muted">
              {t(row.last_reply_by_operator ? 'workorder.answered' : 'workorder.waiting')}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'last', header: t('workorder.fields.lastReply'), render: (row) => <Text whiteSpace="nowrap">{row.last_reply_at}</Text> },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (row) => (
        <RouterLink href={`${ConsolePath.workorderMine}?id=${row.id}`}>
          <Button as="span" size="xs" variant="ghost" colorPalette="brand">
            {t('workorder.actions.view')}
          </Button>
        </RouterLink>
      ),
    },
  ];
  return (
    <Stack gap="4">
      <PageHeader title={t('routes.workorder.list')} description={t('workorder.description')}>
        <RouterLink href={ConsolePath.workorderCommit}>
          <Button as="span" colorPalette="brand">
            <Plus /> {t('workorder.new')}
          </Button>
        </RouterLink>
      </PageHeader>
      <HStack gap="3" align="flex-end" wrap="wrap">
        <SearchInput
          label={t('workorder.search')}
          value={keyword}
          onValueChange={setKeyword}
          onSearch={(value) => filter({ keyword: value })}
        />
        <WorkorderFilters filters={filters} onFilter={filter} width="40" />
      </HStack>
      <ListTable list={list} label={t('routes.workorder.list')} columns={columns} rowKey={(row) => row.id} />
    </Stack>
  );
}

function WorkorderView({ id }: { id: number }) {
  const { t } = useTranslation('workorder');
  const load = useLoad(workorderDetail, id);
  const [fresh, setFresh] = useState<WorkorderDetail | null>(null);
  const detail = useMemo(() => (fresh && fresh.workorder.id === id ? fresh : load.result), [fresh, load.result, id]);
  // A new notice (an answer is one) while the thread is open: fetch it again, so the answer shows
  // without a reload; the reply being typed stays.
  const live = useNoticeActor();
  useEffect(() => {
    if (!live) return;
    let last = live.getSnapshot().context.unread;
    const subscription = live.subscribe((state) => {
      const unread = state.context.unread;
      if (unread > last) workorderDetail(id).then(setFresh, () => {});
      last = unread;
    });
    return () => subscription.unsubscribe();
  }, [live, id]);
  return (
    <Stack gap="4" maxW="4xl">
      <RouterLink href={ConsolePath.workorderMine}>
        <Button as="span" variant="ghost" size="sm">
          <ArrowLeft /> {t('workorder.actions.back')}
        </Button>
      </RouterLink>
      <FailureAlert failure={load.error} />
      {!detail && !load.error && <PageLoading />}
      {detail && (
        <WorkorderThread
          detail={detail}
          asOperator={false}
          reply={workorderReply}
          close={workorderClose}
          reopen={workorderReopen}
          onChanged={setFresh}
        />
      )}
    </Stack>
  );
}
