import { useMemo, useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearch } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import type { WorkorderDetail } from '../../../contract/schemas/workorder';
import { useLoad } from '../../app/useLoad';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { SelectField } from '../../components/form/SelectField';
import { adminWorkorderClose, adminWorkorderDetail, adminWorkorderList, adminWorkorderReply } from '../../services/api/workorder';
import { WorkorderThread } from './WorkorderThread';
import { WorkorderList } from './WorkorderList';
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
  return (
    <WorkorderList
      at={ConsolePath.workorderQueue}
      services={services}
      initialFilters={{ status: 'open' }}
      title={t('workorder.queue.title')}
      description={t('workorder.queue.description')}
      search={{ label: t('workorder.accountSearch'), by: 'account' }}
      filtersWidth="36"
      moreFilters={(filters, filter) => (
        <Stack w="44">
          <SelectField
            label={t('workorder.olderThan')}
            name="older_than_hours"
            value={String(filters.older_than_hours ?? '')}
            options={AGES.map((h) => ({ value: h, label: h || '—' }))}
            onValueChange={(value) => filter({ older_than_hours: value ? Number(value) : undefined })}
          />
        </Stack>
      )}
      columns={(shared) => [
        shared.id,
        shared.title,
        { key: 'account', header: t('workorder.fields.account'), render: (row) => row.username },
        { key: 'author', header: t('workorder.fields.author'), render: (row) => row.author || '—' },
        shared.category,
        shared.status(false),
        { key: 'assignee', header: t('workorder.fields.assignee'), render: (row) => row.assignee || '—' },
        shared.last,
      ]}
    />
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
