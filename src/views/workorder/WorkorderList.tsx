import type { ReactNode } from 'react';
import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { Workorder } from '../../../contract/schemas/workorder';
import { useListActor, type ListServices } from '../../app/useListActor';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { SearchInput } from '../../components/table/SearchInput';
import type { ListFilters } from '../../machines/list.machine';
import { STATUS_PALETTE } from './WorkorderThread';
import { WorkorderFilters } from './WorkorderFilters';

/** The columns both lists show, built for the list's own address (`at`, where `?id=N` opens one). */
export type WorkorderColumns = {
  id: Column<Workorder>;
  title: Column<Workorder>;
  category: Column<Workorder>;
  /** `waiting`: under an open one's status, whether the operator answered last. */
  status: (waiting: boolean) => Column<Workorder>;
  last: Column<Workorder>;
};

/**
 * A list of work orders (the user's own, or the operator's queue): header, a search by `search.by`,
 * the status and category filters and the kind's own (`moreFilters`), then the table of the
 * columns the list picks from the shared ones and adds to.
 */
export function WorkorderList({
  at,
  services,
  initialFilters,
  title,
  description,
  header,
  search,
  filtersWidth,
  moreFilters,
  columns,
}: {
  at: string;
  services: ListServices<Workorder>;
  initialFilters?: ListFilters;
  title: string;
  description: string;
  header?: ReactNode;
  search: { label: string; by: 'keyword' | 'account' };
  filtersWidth: string;
  moreFilters?: (filters: ListFilters, filter: (patch: ListFilters) => void) => ReactNode;
  columns: (shared: WorkorderColumns) => Column<Workorder>[];
}) {
  const { t } = useTranslation('workorder');
  const list = useListActor<Workorder>(services, initialFilters && { filters: initialFilters });
  const filters = useSelector(list, (state) => state.context.filters);
  const filter = (patch: ListFilters) => list.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });
  const shared: WorkorderColumns = {
    id: { key: 'id', header: t('workorder.fields.id'), render: (row) => <Text color="fg.muted">#{row.id}</Text> },
    title: {
      key: 'title',
      header: t('workorder.fields.title'),
      render: (row) => (
        <RouterLink href={`${at}?id=${row.id}`}>
          <Text as="span" fontWeight="medium" wordBreak="break-word" _hover={{ textDecoration: 'underline' }}>
            {row.title}
          </Text>
        </RouterLink>
      ),
    },
    category: {
      key: 'category',
      header: t('workorder.fields.category'),
      render: (row) => <Badge variant="outline">{t(`workorder.categories.${row.category}`)}</Badge>,
    },
    status: (waiting) => ({
      key: 'status',
      header: t('workorder.fields.status'),
      render: (row) =>
        waiting ? (
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
        ) : (
          <Badge colorPalette={STATUS_PALETTE[row.status]}>{t(`workorder.statuses.${row.status}`)}</Badge>
        ),
    }),
    last: { key: 'last', header: t('workorder.fields.lastReply'), render: (row) => <Text whiteSpace="nowrap">{row.last_reply_at}</Text> },
  };
  return (
    <Stack gap="4">
      <PageHeader title={title} description={description}>
        {header}
      </PageHeader>
      <HStack gap="3" align="flex-end" wrap="wrap">
        <SearchInput label={search.label} onSearch={(value) => filter({ [search.by]: value })} />
        <WorkorderFilters filters={filters} onFilter={filter} width={filtersWidth} />
        {moreFilters?.(filters, filter)}
      </HStack>
      <ListTable list={list} label={title} columns={columns(shared)} rowKey={(row) => row.id} />
    </Stack>
  );
}
