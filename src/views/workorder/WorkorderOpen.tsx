import { useEffect, useMemo, useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { WorkorderDetail } from '../../../contract/schemas/workorder';
import { useNoticeActor } from '../../app/NoticeLive';
import { useLoad } from '../../app/useLoad';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { WorkorderThread, type ThreadProps } from './WorkorderThread';

export interface WorkorderOpenProps {
  id: number;
  /** The list it was opened from. */
  back: string;
  fetchDetail: (id: number) => Promise<WorkorderDetail>;
  /** Fetch it again when a new notice arrives (an answer to the author is one). */
  live: boolean;
  thread: Omit<ThreadProps, 'detail' | 'onChanged'>;
}

/** One work order opened from a list: the way back to the list, then its thread as last answered. */
export function WorkorderOpen({ id, back, fetchDetail, live, thread }: WorkorderOpenProps) {
  const { t } = useTranslation('workorder');
  const load = useLoad(fetchDetail, id);
  const [fresh, setFresh] = useState<WorkorderDetail | null>(null);
  const detail = useMemo(() => (fresh && fresh.workorder.id === id ? fresh : load.result), [fresh, load.result, id]);
  // A new notice while the thread is open: fetch it again, so the answer shows without a reload;
  // the reply being typed stays.
  const notices = useNoticeActor();
  useEffect(() => {
    if (!live || !notices) return;
    let last = notices.getSnapshot().context.unread;
    const subscription = notices.subscribe((state) => {
      const unread = state.context.unread;
      if (unread > last) fetchDetail(id).then(setFresh, () => {});
      last = unread;
    });
    return () => subscription.unsubscribe();
  }, [live, notices, fetchDetail, id]);
  return (
    <Stack gap="4" maxW="4xl">
      <RouterLink href={back}>
        <Button as="span" variant="ghost" size="sm">
          <ArrowLeft /> {t('workorder.actions.back')}
        </Button>
      </RouterLink>
      <FailureAlert failure={load.error} />
      {!detail && !load.error && <PageLoading />}
      {detail && <WorkorderThread detail={detail} onChanged={setFresh} {...thread} />}
    </Stack>
  );
}
