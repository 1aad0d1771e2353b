import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download, Plus, RefreshCw, Send, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearch } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import type { ArticleSummary } from '../../../contract/schemas/article';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { queryValue } from '../../shared/location';
import { PageLoading } from '../../components/feedback/PageLoading';
import { OptionSelect } from '../../components/form/OptionSelect';
import { ConfirmDeleteDialog } from '../../components/table/ConfirmDeleteDialog';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { SearchInput } from '../../components/table/SearchInput';
import { DateRangeFilter } from '../../components/table/DateRangeFilter';
import { fillPath } from '../../shared/routePattern';
import { type ListFilters } from '../../machines/list.machine';
import { articleRows, sitesAhead, useSites } from './api';
import { ArticleActions } from './ArticleActions';
import { ArticleBulkRefreshDialog } from './ArticleBulkRefreshDialog';
import type { ArticleDialog } from './articleDialog';
import { ArticleCodeDialog } from './ArticleCodeDialog';
import { ArticleDetailDialog } from './ArticleDetailDialog';
import { ArticleFormDialog } from './ArticleFormDialog';
import { ArticleImportDialog } from './ArticleImportDialog';
import { SeoScoreBadge } from './SeoScoreBadge';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PublishingTaskForm } from '../../components/publishing/PublishingTaskForm';
import { ExportDialog } from '../../components/publishing/ExportDialog';
import { useCan } from '../../app/useCan';

const listInputOf = (taskId: string | null) => ({ filters: taskId ? { task_id: Number(taskId) } : {} });

/** What the page asks for when it opens at `location` (sent at the click). */
export const loadsAhead = (location: string) => [firstPageOf(articleRows, listInputOf(queryValue(location, 'task_id'))), sitesAhead()];
const STATUSES = ['draft', 'ready', 'published', 'failed'] as const;

/** /article: articles with search, filters and paging; a title opens the article's page, the eye its details in a dialog; code, add, import, edit. */
export default function ArticlePage() {
  const { t, ready } = useTranslation(['article', 'publishing']);
  const can = useCan();
  const search = new URLSearchParams(useSearch());
  const taskId = search.get('task_id');
  const list = useListActor<ArticleSummary, ArticleDialog>(articleRows, listInputOf(taskId));
  const siteRows = useSites().result?.list ?? [];
  const context = useSelector(list, (state) => state.context);
  if (!ready) return <PageLoading />;

  const filters = context.filters;
  const filter = (patch: ListFilters) => list.send({ type: 'LIST.FILTER', filters: { ...filters, ...patch } });
  const dialog = context.dialog;
  const close = () => list.send({ type: 'DIALOG.CLOSE' });
  const saved = (row?: ArticleSummary | null) => list.send({ type: 'DIALOG.SAVED', row: row ?? undefined });

  const columns: Column<ArticleSummary>[] = [
    {
      key: 'title',
      header: t('article.fields.title'),
      render: (row) => (
        <Stack gap="0" maxW="md">
          {/* A real link: a click opens the article's page (its own tab), a middle click a browser tab. */}
          <Link asChild textStyle="sm" fontWeight="medium" color="brand.fg">
            <RouterLink href={fillPath(ConsolePath.articleDetail, { id: row.id })}>{row.title}</RouterLink>
          </Link>
          <Text textStyle="xs" color="fg.muted">
            {row.keyword} · {t('article.words', { count: row.word_count })}
          </Text>
        </Stack>
      ),
    },
    { key: 'site', header: t('article.fields.site'), render: (row) => siteRows.find((site) => site.id === row.site_id)?.name ?? '—' },
    {
      key: 'status',
      header: t('article.fields.status'),
      render: (row) => (
        <HStack gap="1">
          <Badge colorPalette={{ draft: 'gray', ready: 'blue', published: 'green', failed: 'red' }[row.status]}>
            {t(`article.status.${row.status}`)}
          </Badge>
          {row.refreshing && <Badge colorPalette="blue">{t('article.bulkRefresh.refreshing')}</Badge>}
        </HStack>
      ),
    },
    {
      key: 'seo',
      header: t('article.fields.seo'),
      render: (row) =>
        row.kind === 'brief' ? <Badge colorPalette="orange">{t('article.brief')}</Badge> : <SeoScoreBadge score={row.seo_score} />,
    },
    {
      key: 'source',
      header: t('article.fields.source'),
      render: (row) => (
        <Text textStyle="xs">
          {t(`article.source.${row.source}`, { defaultValue: row.source })}
          {row.writer ? ` · ${row.writer === 'offline' ? t('article.writerOffline') : row.writer}` : ''}
        </Text>
      ),
    },
    { key: 'created', header: t('article.fields.created'), render: (row) => <Text whiteSpace="nowrap">{row.created_at}</Text> },
    { key: 'actions', header: t('common.table.actions'), align: 'end', render: (row) => <ArticleActions article={row} list={list} /> },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.article.list')} description={t('article.description')}>
        <Button variant="outline" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'export' } })}>
          <Download /> {t('publishing.export.button')}
        </Button>
        {can('article:edit') && (
          <Button variant="outline" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'refresh' } })}>
            <RefreshCw /> {t('article.bulkRefresh.button')}
          </Button>
        )}
        {can('task:add') && (
          <Button variant="outline" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'publish' } })}>
            <Send /> {t('publishing.actions.publish')}
          </Button>
        )}
        {can('article:add') && (
          <>
            <Button variant="outline" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'import' } })}>
              <Upload /> {t('article.import.button')}
            </Button>
            <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
              <Plus /> {t('article.add')}
            </Button>
          </>
        )}
      </PageHeader>
      <HStack gap="2" wrap="wrap">
        <SearchInput label={t('article.search')} onSearch={(value) => filter({ title: value || undefined })} />
        <OptionSelect
          label={t('article.fields.site')}
          width="44"
          value={String(filters.site_id ?? '')}
          blank={t('article.filters.allSites')}
          options={siteRows.map((site) => ({ value: String(site.id), label: site.name }))}
          onValueChange={(value) => filter({ site_id: value ? Number(value) : undefined })}
        />
        <OptionSelect
          label={t('article.fields.status')}
          width="36"
          value={String(filters.status ?? '')}
          blank={t('article.filters.allStatuses')}
          options={STATUSES.map((status) => ({ value: status, label: t(`article.status.${status}`) }))}
          onValueChange={(value) => filter({ status: value || undefined })}
        />
        <DateRangeFilter
          from={filters.date_from as string | undefined}
          to={filters.date_to as string | undefined}
          labels={{ from: t('article.filters.from'), to: t('article.filters.to') }}
          onFromChange={(day) => filter({ date_from: day })}
          onToChange={(day) => filter({ date_to: day })}
          width="40"
        />
        {filters.task_id !== undefined && (
          <Button size="sm" variant="subtle" onClick={() => filter({ task_id: undefined })}>
            {t('article.filters.task', { id: filters.task_id })} ✕
          </Button>
        )}
      </HStack>
      <ListTable list={list} label={t('routes.article.list')} columns={columns} rowKey={(row) => row.id} emptyText={t('article.empty')} />
      {dialog?.name === 'detail' && <ArticleDetailDialog articleId={dialog.row.id} onClose={close} />}
      {dialog?.name === 'code' && <ArticleCodeDialog articleId={dialog.row.id} onClose={close} />}
      <ArticleFormDialog
        open={dialog?.name === 'create' || dialog?.name === 'edit'}
        articleId={dialog?.name === 'edit' ? dialog.row.id : null}
        sites={siteRows}
        onClose={close}
        onSaved={saved}
      />
      <ArticleImportDialog open={dialog?.name === 'import'} sites={siteRows} onClose={close} onSaved={saved} />
      {/* Publishing: the row's article, or articles chosen in the picker. */}
      <FormDialog open={dialog?.name === 'publish'} onClose={close} title={t('publishing.form.title')} size="lg">
        <PublishingTaskForm
          sites={siteRows}
          articles={dialog?.name === 'publish' && dialog.row ? new Map([[dialog.row.id, dialog.row.title]]) : undefined}
          onCancel={close}
          onStarted={() => saved()}
        />
      </FormDialog>
      {dialog?.name === 'export' && <ExportDialog sites={siteRows} onClose={close} />}
      {dialog?.name === 'refresh' && <ArticleBulkRefreshDialog onClose={saved} />}
      <ConfirmDeleteDialog
        list={list}
        title={t('article.delete.title')}
        describe={(row) => t('article.delete.text', { title: row.title })}
      />
    </Stack>
  );
}
