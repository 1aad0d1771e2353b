import { useCallback } from 'react';
import { Badge, Button, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ERROR_LOG_TYPES, type ErrorLogRecord, type ErrorLogType } from '../../../contract/schemas/errorLog';
import { useSessionActor } from '../../app/AppActorProvider';
import { useCan } from '../../app/useCan';
import { useListActor } from '../../app/useListActor';
import { PageLoading } from '../../components/feedback/PageLoading';
import { OptionSelect } from '../../components/form/OptionSelect';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { RowTitleButton } from '../../components/table/RowTitleButton';
import { SearchInput } from '../../components/table/SearchInput';
import { errorLogRows } from './api';
import { ErrorLogDetailDialog } from './ErrorLogDetailDialog';
import { deliveredRow, undeliveredRows, type ErrorLogFilters, type ErrorLogRow } from './errorLogRows';
import { localTime } from './localTime';
import { useMarkErrorsSeen } from './useMarkErrorsSeen';
import { useUndeliveredErrorLog } from './useUndeliveredErrorLog';
import { EllipsisText } from '../../components/EllipsisText';

/** The dialog of the page: one entry in full. */
type ErrorLogDialog = { name: 'detail'; row: ErrorLogRow };

/**
 * /error-log/list (spec §2): the account's error log as the server holds it, paged and filtered,
 * with this browser's entries that are not sent yet on top of the first page; an administrator can
 * list every account's. Each row opens the detail modal.
 */
export default function ErrorLogPage() {
  const { t, ready } = useTranslation('errorLog');
  const list = useListActor<ErrorLogRecord, ErrorLogDialog>(errorLogRows);
  const context = useSelector(list, (state) => state.context);
  const session = useSessionActor();
  const username = useSelector(session, (state) => state.context.user?.username ?? '');
  const administrator = useCan()('admin');
  const reload = useCallback(() => list.send({ type: 'LIST.RELOAD' }), [list]);
  const undelivered = useUndeliveredErrorLog(reload);
  useMarkErrorsSeen();
  if (!ready) return <PageLoading />;

  const filters = context.filters as ErrorLogFilters;
  const filter = (patch: Partial<ErrorLogFilters>) => list.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });
  const everyone = filters.all === 1;
  const notSent = undeliveredRows(undelivered, username, filters);
  const rows = [...(context.page === 1 ? notSent : []), ...context.rows.map(deliveredRow)];
  // Counted with the server's total, so the pager agrees with the table until they arrive there.
  const total = context.total + notSent.length;
  const shown = context.dialog?.name === 'detail' ? context.dialog.row : null;
  const open = (row: ErrorLogRow) => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'detail', row } });

  const columns: Column<ErrorLogRow>[] = [
    {
      key: 'type',
      header: t('errorLog.fields.type'),
      width: '7rem',
      render: (row) => <Badge colorPalette="red">{t(`errorLog.type.${row.type}`)}</Badge>,
    },
    {
      key: 'message',
      header: t('errorLog.fields.message'),
      render: (row) => (
        <Stack gap="0" maxW="md">
          <RowTitleButton whiteSpace="normal" textAlign="start" lineClamp="2" onClick={() => open(row)}>
            {row.message || '—'}
          </RowTitleButton>
          {row.name && (
            <Text textStyle="xs" color="fg.muted" truncate>
              {row.name}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'url',
      header: t('errorLog.fields.url'),
      render: (row) =>
        row.url ? (
          <EllipsisText textStyle="sm" widthPx={320}>
            {row.url}
          </EllipsisText>
        ) : (
          '—'
        ),
    },
    ...(everyone
      ? [
          {
            key: 'account',
            header: t('errorLog.fields.account'),
            render: (row: ErrorLogRow) => <Text whiteSpace="nowrap">{row.username}</Text>,
          },
        ]
      : []),
    {
      key: 'time',
      header: t('errorLog.fields.time'),
      render: (row) => (
        <Stack gap="1" align="flex-start">
          <Text whiteSpace="nowrap">{localTime(row.time)}</Text>
          {row.receivedAt === null && (
            <Badge colorPalette="orange" variant="subtle" title={t('errorLog.notSentHint')}>
              {t('errorLog.notSent')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (row) => (
        <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => open(row)}>
          <Eye /> {t('errorLog.view')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.basic.errorLogList')} description={t('errorLog.description')} />
      <HStack gap="3" wrap="wrap">
        <SearchInput label={t('errorLog.search')} onSearch={(value) => filter({ keyword: value || undefined })} />
        <OptionSelect<ErrorLogType | ''>
          label={t('errorLog.fields.type')}
          width="40"
          value={filters.type ?? ''}
          options={[
            { value: '', label: t('errorLog.allTypes') },
            ...ERROR_LOG_TYPES.map((type) => ({ value: type, label: t(`errorLog.type.${type}`) })),
          ]}
          onValueChange={(value) => filter({ type: value || undefined })}
        />
        {administrator && (
          <Switch.Root
            colorPalette="brand"
            checked={everyone}
            onCheckedChange={(details) => filter({ all: details.checked ? 1 : undefined })}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label textStyle="sm">{t('errorLog.allAccounts')}</Switch.Label>
          </Switch.Root>
        )}
      </HStack>
      <ListTable
        list={list}
        label={t('routes.basic.errorLogList')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        emptyText={t('errorLog.empty')}
        total={total}
      />
      <ErrorLogDetailDialog row={shown} showAccount={everyone} onClose={() => list.send({ type: 'DIALOG.CLOSE' })} />
    </Stack>
  );
}
