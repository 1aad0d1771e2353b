import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import type { Notice, NoticeFilter, NoticeKindName } from '../../../contract/schemas/notice';
import { useNoticeActor } from '../../app/NoticeLive';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { PageLoading } from '../../components/feedback/PageLoading';
import { SelectField } from '../../components/form/SelectField';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import type { ListFilters } from '../../machines/list.machine';
import { noticeRows, useMarkAllRead, useMarkRead } from './api';
import { NOTICE_KIND_OPTIONS, noticeTitle } from '../../shared/noticeText';

const LIST_INPUT = { filters: { filter: 'unread' } };

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(noticeRows, LIST_INPUT)];

const TABS: NoticeFilter[] = ['unread', 'all', 'read'];

/** /notice/index ("unread messages"): the reader's messages, all, unread or read, by kind; mark one or all read. */
export default function NoticeIndexPage() {
  const { t, ready } = useTranslation('notice');
  const list = useListActor<Notice>(noticeRows, LIST_INPUT);
  const live = useNoticeActor();
  const filters = useSelector(list, (state) => state.context.filters);
  const changed = () => {
    live?.send({ type: 'NOTICE.REFRESH' });
    list.send({ type: 'LIST.RELOAD' });
  };
  const markRead = useMarkRead({ onSucceeded: changed });
  const markAllRead = useMarkAllRead({ onSucceeded: changed });
  if (!ready) return <PageLoading />;
  const tab = (filters.filter as NoticeFilter) || 'unread';
  const kind = (filters.kind as string) || '';
  const filter = (patch: ListFilters) => list.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });
  const detailsOf = (row: Notice) => `${ConsolePath.noticeDetails}?id=${row.id}&filter=${tab}${kind ? `&kind=${kind}` : ''}`;

  const columns: Column<Notice>[] = [
    {
      key: 'title',
      header: t('notice.fields.title'),
      render: (row) => (
        <HStack gap="2">
          {!row.read && (
            <Badge colorPalette="red" size="xs">
              {t('notice.status.unread')}
            </Badge>
          )}
          {row.pinned && (
            <Badge colorPalette="orange" size="xs">
              {t('notice.pinned')}
            </Badge>
          )}
          <RouterLink href={detailsOf(row)}>
            <Text as="span" fontWeight={row.read ? 'normal' : 'semibold'} color="fg" _hover={{ textDecoration: 'underline' }}>
              {noticeTitle(t, row)}
            </Text>
          </RouterLink>
        </HStack>
      ),
    },
    { key: 'kind', header: t('notice.fields.kind'), render: (row) => <Badge variant="outline">{t(`notice.kinds.${row.kind}`)}</Badge> },
    { key: 'time', header: t('notice.fields.time'), render: (row) => <Text whiteSpace="nowrap">{row.publish_at}</Text> },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (row) =>
        row.read ? null : (
          <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => markRead.submit([row.id])}>
            {t('notice.actions.markRead')}
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t(`notice.tabs.${tab}`)}>
        <Button variant="outline" onClick={() => markAllRead.submit(kind ? (kind as NoticeKindName) : undefined)}>
          <CheckCheck /> {t('notice.actions.readAll')}
        </Button>
      </PageHeader>
      <HStack gap="3" align="flex-end" wrap="wrap">
        <HStack gap="1" role="tablist" aria-label={t('notice.bell.label')}>
          {TABS.map((name) => (
            <Button
              key={name}
              role="tab"
              aria-selected={tab === name}
              size="sm"
              variant={tab === name ? 'solid' : 'outline'}
              colorPalette="brand"
              onClick={() => filter({ filter: name })}
            >
              {t(`notice.tabs.${name}`)}
            </Button>
          ))}
        </HStack>
        <Stack w="48">
          <SelectField
            label={t('notice.fields.kind')}
            name="kind"
            value={kind}
            blank={t('notice.kinds.all')}
            options={NOTICE_KIND_OPTIONS.map((k) => ({ value: k, label: t(`notice.kinds.${k}`) }))}
            onValueChange={(value) => filter({ kind: value || undefined })}
          />
        </Stack>
      </HStack>
      <ListTable list={list} label={t(`notice.tabs.${tab}`)} columns={columns} rowKey={(row) => row.id} emptyText={t('notice.empty')} />
    </Stack>
  );
}
