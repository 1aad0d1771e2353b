import { useState } from 'react';
import { Button, Checkbox, Dialog, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '../../../contract/schemas/article';
import { useListActor } from '../../app/useListActor';
import { FormDialog } from '../../components/feedback/FormDialog';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { SearchInput } from '../../components/table/SearchInput';
import type { ListFilters } from '../../machines/list.machine';
import { articleList, type ArticleListQuery } from '../../services/api/article';

const STATUSES = ['draft', 'ready', 'published', 'failed'] as const;
/** "Select all" takes at most this many (a task publishes at most 1,000 articles). */
const MAX = 1000;

const queryOf = (filters: ListFilters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as Partial<ArticleListQuery>;

/** Every id matching the filters, across pages. */
async function allMatching(filters: ListFilters): Promise<ArticleSummary[]> {
  const found: ArticleSummary[] = [];
  for (let page = 1; found.length < MAX; page++) {
    const { list, total } = await articleList({ page, page_size: 100, ...queryOf(filters) });
    found.push(...list);
    if (list.length < 100 || found.length >= total) break;
  }
  return found.slice(0, MAX);
}

interface ArticlePickerDialogProps {
  siteId: number | null;
  chosen: Map<number, string>;
  onClose: () => void;
  onChosen: (chosen: Map<number, string>) => void;
}

/** Choose the articles of a publishing task: search, filter by status, select rows or all that match (across pages). */
export function ArticlePickerDialog({ siteId, chosen, onClose, onChosen }: ArticlePickerDialogProps) {
  const { t } = useTranslation(['task', 'article']);
  const [services] = useState(() => ({
    fetchPage: ({ page, page_size, filters }: { page: number; page_size: number; filters: ListFilters }) => articleList({ page, page_size, ...queryOf(filters) }),
  }));
  const list = useListActor<ArticleSummary>(services, { filters: siteId ? { site_id: siteId } : {}, pageSize: 10 });
  const context = useSelector(list, (state) => state.context);
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState(() => new Map(chosen));
  const [selecting, setSelecting] = useState(false);
  const filter = (patch: ListFilters) => list.send({ type: 'LIST.FILTER', filters: { ...context.filters, ...patch } });
  const toggle = (row: ArticleSummary, on: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (on) next.set(row.id, row.title);
      else next.delete(row.id);
      return next;
    });
  const selectAll = async () => {
    setSelecting(true);
    try {
      const rows = await allMatching(context.filters);
      setSelected((previous) => new Map([...previous, ...rows.map((row) => [row.id, row.title] as const)]));
    } finally {
      setSelecting(false);
    }
  };

  const columns: Column<ArticleSummary>[] = [
    {
      key: 'pick',
      header: '',
      width: '10',
      render: (row) => (
        <Checkbox.Root size="sm" checked={selected.has(row.id)} onCheckedChange={(details) => toggle(row, details.checked === true)} aria-label={t('task.picker.select', { title: row.title })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    { key: 'title', header: t('task.detail.article'), render: (row) => <Text textStyle="sm" maxW="md" truncate title={row.title}>{row.title}</Text> },
    { key: 'status', header: t('task.fields.status'), render: (row) => t(`article.status.${row.status}`) },
    { key: 'created', header: t('task.fields.created'), render: (row) => <Text whiteSpace="nowrap" textStyle="xs">{row.created_at}</Text> },
  ];

  return (
    <FormDialog open onClose={onClose} title={t('task.picker.title')} size="lg">
      <Dialog.Body>
        <HStack gap="2" wrap="wrap" mb="3">
          <SearchInput label={t('task.picker.search')} value={title} onValueChange={setTitle} onSearch={(value) => filter({ title: value || undefined })} />
          <NativeSelect.Root width="36">
            <NativeSelect.Field aria-label={t('task.fields.status')} value={String(context.filters.status ?? '')} onChange={(event) => filter({ status: event.target.value || undefined })}>
              <option value="">{t('task.picker.allStatuses')}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`article.status.${status}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" variant="outline" loading={selecting} onClick={() => void selectAll()} disabled={context.total === 0}>
            {t('task.picker.selectAll', { count: Math.min(context.total, MAX) })}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())} disabled={selected.size === 0}>
            {t('task.picker.clear')}
          </Button>
        </HStack>
        <ListTable list={list} label={t('task.picker.title')} columns={columns} rowKey={(row) => row.id} emptyText={t('task.picker.empty')} />
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between">
        <Text textStyle="sm" color="fg.muted" data-testid="picker-selected">
          {t('task.picker.selected', { count: selected.size })}
        </Text>
        <HStack>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancelText')}
          </Button>
          <Button colorPalette="brand" disabled={selected.size === 0} onClick={() => onChosen(selected)}>
            {t('task.picker.done')}
          </Button>
        </HStack>
      </Dialog.Footer>
    </FormDialog>
  );
}
