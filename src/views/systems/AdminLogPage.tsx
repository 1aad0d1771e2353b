import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminLogEntry } from '../../../contract/schemas/system';
import { useCan } from '../../app/useCan';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { PageLoading } from '../../components/feedback/PageLoading';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { SearchInput } from '../../components/table/SearchInput';
import { DateRangeFilter } from '../../components/table/DateRangeFilter';
import { adminLogRows, logSucceeded, useAdminLogDownload, type AdminLogFilters } from './api';
import { AdminLogDetailDialog } from './AdminLogDetailDialog';
import { useLogWords } from './useLogWords';
import { EllipsisText } from '../../components/EllipsisText';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(adminLogRows)];

/** The dialog of the page: one entry in full. */
type LogDialog = { name: 'detail'; row: AdminLogEntry };

/** /systems/log/admin: every change made through the console in the account (the operator: in every account). */
export default function AdminLogPage() {
  const { t, ready } = useTranslation('systems');
  const can = useCan();
  const list = useListActor<AdminLogEntry, LogDialog>(adminLogRows);
  const context = useSelector(list, (state) => state.context);
  const words = useLogWords();
  const download = useAdminLogDownload();
  if (!ready) return <PageLoading />;

  const filters = context.filters as AdminLogFilters;
  const filter = (patch: Partial<AdminLogFilters>) => list.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });
  const shown = context.dialog?.name === 'detail' ? context.dialog.row : null;
  const open = (row: AdminLogEntry) => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'detail', row } });

  const columns: Column<AdminLogEntry>[] = [
    { key: 'time', header: t('systems.log.fields.time'), render: (row) => <Text whiteSpace="nowrap">{row.created_at}</Text> },
    { key: 'user', header: t('systems.log.fields.user'), render: (row) => <Text fontWeight="medium">{row.actor_name}</Text> },
    { key: 'action', header: t('systems.log.fields.action'), render: (row) => <Badge variant="outline">{words.action(row.action)}</Badge> },
    {
      key: 'resource',
      header: t('systems.log.fields.resource'),
      render: (row) => (
        <Stack gap="0">
          <Text>{words.resource(row.resource, row.resource_id)}</Text>
          <EllipsisText as="code" textStyle="xs" color="fg.muted" fontFamily="mono" widthPx={320}>
            {`${row.method} ${row.route}`}
          </EllipsisText>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('systems.log.fields.status'),
      render: (row) => <Badge colorPalette={logSucceeded(row) ? 'green' : 'red'}>{row.status}</Badge>,
    },
    { key: 'ip', header: t('systems.log.fields.ip'), render: (row) => <Text textStyle="sm">{row.ip ?? '—'}</Text> },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (row) => (
        <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => open(row)}>
          <Eye /> {t('systems.log.view')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.systems.adminLog')} description={t('systems.log.description')}>
        {can('admin_log:list') && (
          <Button variant="outline" onClick={() => download.submit(filters)}>
            <Download /> {t('systems.export')}
          </Button>
        )}
      </PageHeader>
      <HStack gap="3" wrap="wrap">
        <SearchInput label={t('systems.log.searchUser')} onSearch={(value) => filter({ user: value || undefined })} />
        <SearchInput label={t('systems.log.searchAction')} onSearch={(value) => filter({ action: value || undefined })} />
        <SearchInput label={t('systems.log.searchResource')} onSearch={(value) => filter({ resource: value || undefined })} />
        <DateRangeFilter
          from={filters.from}
          to={filters.to}
          labels={{ from: t('systems.log.from'), to: t('systems.log.to') }}
          onFromChange={(day) => filter({ from: day })}
          onToChange={(day) => filter({ to: day })}
        />
      </HStack>
      <ListTable
        list={list}
        label={t('routes.systems.adminLog')}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t('systems.log.empty')}
      />
      <AdminLogDetailDialog entry={shown} onClose={() => list.send({ type: 'DIALOG.CLOSE' })} />
    </Stack>
  );
}
