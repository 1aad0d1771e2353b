import { useEffect, useMemo, useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { ArrowLeft, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearch } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import type { WorkorderDetail } from '../../../contract/schemas/workorder';
import { useNoticeActor } from '../../app/NoticeLive';
import { useLoad } from '../../app/useLoad';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { workorderClose, workorderDetail, workorderList, workorderReopen, workorderReply } from '../../services/api/workorder';
import { WorkorderThread } from './WorkorderThread';
import { WorkorderList } from './WorkorderList';
import { workorderListServices } from './workorderListServices';

const services = workorderListServices(workorderList);

/** /workorder/myworkorder ("work order"): the user's work orders, searched and filtered; `?id=N` opens one's thread. */
export default function MyWorkorderPage() {
  const { ready } = useTranslation('workorder');
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  if (!ready) return <PageLoading />;
  return id ? <WorkorderView id={id} /> : <MyWorkorders />;
}

function MyWorkorders() {
  const { t } = useTranslation('workorder');
  return (
    <WorkorderList
      at={ConsolePath.workorderMine}
      services={services}
      title={t('routes.workorder.list')}
      description={t('workorder.description')}
      header={
        <RouterLink href={ConsolePath.workorderCommit}>
          <Button as="span" colorPalette="brand">
            <Plus /> {t('workorder.new')}
          </Button>
        </RouterLink>
      }
      search={{ label: t('workorder.search'), by: 'keyword' }}
      filtersWidth="40"
      columns={(shared) => [
        shared.id,
        shared.title,
        shared.category,
        shared.status(true),
        shared.last,
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
      ]}
    />
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
