import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ConsolePath } from '../../../contract/paths';
import { SelectField } from '../../components/form/SelectField';
import { WorkorderList } from './WorkorderList';
import { WorkorderPage } from './WorkorderPage';
import { queuedWorkorderCalls, workorderQueueRows } from './api';

const AGES = ['', '4', '24', '72'];

/** /workorder/queue: every customer's work orders for the operator, oldest waiting first; `?id=N` opens one to answer. */
export default function WorkorderQueuePage() {
  return (
    <WorkorderPage
      list={<Queue />}
      open={{
        back: ConsolePath.workorderQueue,
        fetchDetail: queuedWorkorderCalls.fetchDetail,
        live: false,
        thread: { asOperator: true, ...queuedWorkorderCalls.thread },
      }}
    />
  );
}

function Queue() {
  const { t } = useTranslation('workorder');
  return (
    <WorkorderList
      at={ConsolePath.workorderQueue}
      services={workorderQueueRows}
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
