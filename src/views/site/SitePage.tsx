import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Site } from '../../../contract/schemas/site';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { PageLoading } from '../../components/feedback/PageLoading';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { SearchInput } from '../../components/table/SearchInput';
import { siteRows } from './api';
import { ConfirmDeleteDialog } from '../../components/table/ConfirmDeleteDialog';
import { SiteActions } from './SiteActions';
import { SiteCategoryDialog } from './SiteCategoryDialog';
import { SiteFormDialog } from './SiteFormDialog';
import { SiteGenerateDialog } from './SiteGenerateDialog';
import { SiteKeywordsDialog } from './SiteKeywordsDialog';
import { SiteLinksDialog } from './SiteLinksDialog';
import { useCan } from '../../app/useCan';
import type { SiteDialog } from './siteDialog';
import { ConsolePath } from '../../../contract/paths';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(siteRows)];

/** /site: the account's sites, their keywords, categories, connection and article generation. */
export default function SitePage() {
  const { t, ready } = useTranslation('site');
  const can = useCan();
  const list = useListActor<Site, SiteDialog>(siteRows);
  const context = useSelector(list, (state) => state.context);
  const [, navigate] = useLocation();
  if (!ready) return <PageLoading />;

  const dialog = context.dialog;
  const dialogSite = dialog && dialog.name !== 'create' ? dialog.row : null;
  const close = () => list.send({ type: 'DIALOG.CLOSE' });
  const saved = (row?: Site) => list.send({ type: 'DIALOG.SAVED', row });

  const columns: Column<Site>[] = [
    {
      key: 'name',
      header: t('site.fields.name'),
      render: (site) => (
        <Stack gap="0">
          <Text fontWeight="medium">{site.name}</Text>
          <Text textStyle="xs" color="fg.muted" truncate maxW="64">
            {site.url}
          </Text>
        </Stack>
      ),
    },
    { key: 'type', header: t('site.fields.type'), render: (site) => <Badge variant="outline">{t(`site.types.${site.type}`)}</Badge> },
    { key: 'language', header: t('site.fields.language'), render: (site) => site.language },
    {
      key: 'status',
      header: t('site.fields.status'),
      render: (site) => (
        <HStack gap="1.5">
          <Badge colorPalette={site.status === 'enabled' ? 'green' : 'gray'}>{t(`site.status.${site.status}`)}</Badge>
          {site.last_check_ok !== null && (
            <Badge variant="subtle" colorPalette={site.last_check_ok ? 'green' : 'red'} title={site.last_check_message}>
              {t(site.last_check_ok ? 'site.test.connected' : 'site.test.failed')}
            </Badge>
          )}
        </HStack>
      ),
    },
    {
      key: 'keywords',
      header: t('site.fields.keywords'),
      align: 'end',
      render: (site) => (
        <Text whiteSpace="nowrap" data-testid={`keywords-${site.id}`}>
          {t('site.keywordCounts', { unused: site.unused_keyword_count, total: site.keyword_count })}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (site) => <SiteActions site={site} list={list} />,
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.site.list')} description={t('site.description')}>
        <SearchInput label={t('site.search')} onSearch={(value) => list.send({ type: 'LIST.FILTER', filters: { name: value } })} />
        {can('site:add') && (
          <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
            <Plus /> {t('site.add')}
          </Button>
        )}
      </PageHeader>
      <ListTable list={list} label={t('routes.site.list')} columns={columns} rowKey={(site) => site.id} emptyText={t('site.empty')} />
      <SiteFormDialog
        open={dialog?.name === 'create' || dialog?.name === 'edit'}
        site={dialog?.name === 'edit' ? dialogSite : null}
        onClose={close}
        onSaved={saved}
      />
      {dialogSite && <SiteKeywordsDialog open={dialog?.name === 'keywords'} site={dialogSite} onClose={() => saved()} />}
      {dialogSite && <SiteCategoryDialog open={dialog?.name === 'categories'} site={dialogSite} onClose={() => saved()} />}
      {dialogSite && <SiteLinksDialog open={dialog?.name === 'links'} site={dialogSite} canUndo={can('site:edit')} onClose={close} />}
      {dialogSite && (
        <SiteGenerateDialog
          open={dialog?.name === 'generate'}
          site={dialogSite}
          onClose={close}
          onStarted={() => navigate(ConsolePath.articleTask)}
        />
      )}
      <ConfirmDeleteDialog list={list} title={t('site.delete.title')} describe={(row) => t('site.delete.text', { name: row.name })} />
    </Stack>
  );
}
