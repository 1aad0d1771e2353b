import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccessKey, KeyLogEntry } from '../../../contract/schemas/accessKey';
import { useListActor } from '../../app/useListActor';
import { toaster } from '../../components/feedback/toaster';
import { OptionSelect } from '../../components/form/OptionSelect';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { DateRangeFilter } from '../../components/table/DateRangeFilter';
import { keyLogRows, useKeyLogDownload, type KeyLogFilters } from './api';

const STATUS_FILTERS = ['', '2', '4', '5', '429'] as const;
const statusColor = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green');

/** Saves a downloaded file under the server's name. */
function save(content: Blob, name: string) {
  const url = URL.createObjectURL(content);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Every call made with the account's keys, filtered by key, status and date, exportable as CSV. */
export function KeyLogTab({ keys }: { keys: AccessKey[] }) {
  const { t } = useTranslation('accessKey');
  const list = useListActor<KeyLogEntry>(keyLogRows);
  const filters = useSelector(list, (state) => state.context.filters) as KeyLogFilters;
  const download = useKeyLogDownload({
    onSucceeded: (file) => save(file.content, file.name),
    onFailed: () => toaster.error({ title: t('accessKey.log.exportFailed') }),
  });
  const filter = (patch: Partial<KeyLogFilters>) => list.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });

  const columns: Column<KeyLogEntry>[] = [
    { key: 'time', header: t('accessKey.log.time'), render: (row) => <Text whiteSpace="nowrap">{row.created_at}</Text> },
    {
      key: 'key',
      header: t('accessKey.log.key'),
      render: (row) => (
        <Stack gap="0">
          <Text>{row.key_name}</Text>
          <Text textStyle="xs" fontFamily="mono" color="fg.muted">
            {row.key_prefix}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'call',
      header: t('accessKey.log.call'),
      render: (row) => (
        <Text fontFamily="mono" textStyle="xs" wordBreak="break-all">
          {row.method} {row.path}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('accessKey.log.status'),
      render: (row) => <Badge colorPalette={statusColor(row.status)}>{row.status}</Badge>,
    },
    {
      key: 'ip',
      header: t('accessKey.log.ip'),
      render: (row) => (
        <Text fontFamily="mono" textStyle="xs">
          {row.ip ?? '—'}
        </Text>
      ),
    },
    {
      key: 'duration',
      header: t('accessKey.log.duration'),
      align: 'end',
      render: (row) => <Text whiteSpace="nowrap">{row.duration_ms} ms</Text>,
    },
    { key: 'points', header: t('accessKey.log.points'), align: 'end', render: (row) => <Text>{row.points}</Text> },
  ];

  const exportCsv = () => download.submit(filters);

  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <OptionSelect
          label={t('accessKey.log.key')}
          width="48"
          value={String(filters.key_id ?? '')}
          blank={t('accessKey.log.allKeys')}
          options={keys.map((key) => ({ value: String(key.id), label: `${key.name} (${key.prefix})` }))}
          onValueChange={(value) => filter({ key_id: value ? Number(value) : undefined })}
        />
        <OptionSelect
          label={t('accessKey.log.status')}
          width="36"
          value={String(filters.status ?? '')}
          options={STATUS_FILTERS.map((status) => ({ value: status, label: t(`accessKey.log.statuses.${status || 'all'}`) }))}
          onValueChange={(value) => filter({ status: value ? Number(value) : undefined })}
        />
        <DateRangeFilter
          from={filters.from}
          to={filters.to}
          labels={{ from: t('accessKey.log.from'), to: t('accessKey.log.to') }}
          onFromChange={(day) => filter({ from: day })}
          onToChange={(day) => filter({ to: day })}
        />
        <Button variant="outline" onClick={() => void exportCsv()}>
          <Download /> {t('accessKey.log.export')}
        </Button>
      </HStack>
      <ListTable list={list} label={t('accessKey.tabs.log')} columns={columns} rowKey={(row) => row.id} />
    </Stack>
  );
}
