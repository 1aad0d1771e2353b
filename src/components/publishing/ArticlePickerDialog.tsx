import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '../../../contract/schemas/article';
import type { Site } from '../../../contract/schemas/site';
import type { Column } from '../table/DataTable';
import { RowPickerDialog } from '../table/RowPickerDialog';
import { pickableArticles } from './api';

const STATUSES = ['draft', 'ready', 'published', 'failed'] as const;
/** "Select all" takes at most this many (a task publishes at most 1,000 articles). */
const MAX = 1000;

interface ArticlePickerDialogProps {
  /** The account's sites: the filter and the column name them. */
  sites: readonly Site[];
  chosen: Map<number, string>;
  onClose: () => void;
  onChosen: (chosen: Map<number, string>) => void;
}

/**
 * Choose the articles of a publishing task: any of the account's, whatever site they were written
 * for (an article may go to any site); search, filter by site and status, select rows or all that
 * match (across pages).
 */
export function ArticlePickerDialog({ sites, ...choice }: ArticlePickerDialogProps) {
  const { t } = useTranslation(['publishing', 'tasks', 'article']);
  const siteName = new Map(sites.map((site) => [site.id, site.name]));
  const columns: Column<ArticleSummary>[] = [
    {
      key: 'title',
      header: t('tasks.detail.article'),
      render: (row) => (
        <Text textStyle="sm" maxW="md" truncate title={row.title}>
          {row.title}
        </Text>
      ),
    },
    {
      key: 'site',
      header: t('publishing.picker.site'),
      render: (row) => (
        <Text textStyle="sm" truncate maxW="40">
          {(row.site_id !== null && siteName.get(row.site_id)) || t('publishing.picker.noSite')}
        </Text>
      ),
    },
    { key: 'status', header: t('tasks.fields.status'), render: (row) => t(`article.status.${row.status}`) },
    {
      key: 'created',
      header: t('tasks.fields.created'),
      render: (row) => (
        <Text whiteSpace="nowrap" textStyle="xs">
          {row.created_at}
        </Text>
      ),
    },
  ];
  return (
    <RowPickerDialog<ArticleSummary>
      {...choice}
      texts={{
        title: t('publishing.picker.title'),
        search: t('publishing.picker.search'),
        empty: t('publishing.picker.empty'),
        select: (title) => t('publishing.picker.select', { title }),
        selectAll: (count) => t('publishing.picker.selectAll', { count }),
        clear: t('publishing.picker.clear'),
        selected: (count) => t('publishing.picker.selected', { count }),
        done: t('publishing.picker.done'),
      }}
      fetchPage={pickableArticles}
      initialFilters={{}}
      searchFilter="title"
      selects={[
        {
          filter: 'site_id',
          label: t('publishing.picker.site'),
          options: [
            { value: '', label: t('publishing.picker.allSites') },
            ...sites.map((site) => ({ value: String(site.id), label: site.name })),
          ],
        },
        {
          filter: 'status',
          label: t('tasks.fields.status'),
          options: [
            { value: '', label: t('publishing.picker.allStatuses') },
            ...STATUSES.map((status) => ({ value: status, label: t(`article.status.${status}`) })),
          ],
        },
      ]}
      columns={columns}
      labelOf={(row) => row.title}
      max={MAX}
      testId="picker-selected"
    />
  );
}
