import { useState } from 'react';
import { Button, Checkbox, Dialog, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Keyword } from '../../../contract/schemas/site';
import { useListActor } from '../../app/useListActor';
import { FormDialog } from '../../components/feedback/FormDialog';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { SearchInput } from '../../components/table/SearchInput';
import type { ListFilters } from '../../machines/list.machine';
import { keywordList } from '../../services/api/site';

/** "Select all" takes at most this many (one generate call writes at most 1,000 articles). */
const MAX = 1000;

type KeywordQuery = { used?: 0 | 1; keyword?: string };
const queryOf = (filters: ListFilters): KeywordQuery => ({
  ...(filters.used === '0' || filters.used === '1' ? { used: Number(filters.used) as 0 | 1 } : {}),
  ...(filters.keyword ? { keyword: String(filters.keyword) } : {}),
});

/** Every keyword of the site matching the filters, across pages. */
async function allMatching(siteId: number, filters: ListFilters): Promise<Keyword[]> {
  const found: Keyword[] = [];
  for (let page = 1; found.length < MAX; page++) {
    const { list, total } = await keywordList({ site_id: siteId, page, page_size: 100, ...queryOf(filters) });
    found.push(...list);
    if (list.length < 100 || found.length >= total) break;
  }
  return found.slice(0, MAX);
}

interface KeywordPickerDialogProps {
  siteId: number;
  chosen: Map<number, string>;
  onClose: () => void;
  onChosen: (chosen: Map<number, string>) => void;
}

/** Choose the keywords of a site to write about: search, unused or used, select rows or all that match (across pages). */
export function KeywordPickerDialog({ siteId, chosen, onClose, onChosen }: KeywordPickerDialogProps) {
  const { t } = useTranslation('task');
  const [services] = useState(() => ({
    fetchPage: ({ page, page_size, filters }: { page: number; page_size: number; filters: ListFilters }) => keywordList({ site_id: siteId, page, page_size, ...queryOf(filters) }),
  }));
  // Unused keywords first: a keyword written already would be a duplicate page.
  const list = useListActor<Keyword>(services, { filters: { used: '0' }, pageSize: 10 });
  const context = useSelector(list, (state) => state.context);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState(() => new Map(chosen));
  const [selecting, setSelecting] = useState(false);
  const filter = (patch: ListFilters) => list.send({ type: 'LIST.FILTER', filters: { ...context.filters, ...patch } });
  const toggle = (row: Keyword, on: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (on) next.set(row.id, row.keyword);
      else next.delete(row.id);
      return next;
    });
  const selectAll = async () => {
    setSelecting(true);
    try {
      const rows = await allMatching(siteId, context.filters);
      setSelected((previous) => new Map([...previous, ...rows.map((row) => [row.id, row.keyword] as const)]));
    } finally {
      setSelecting(false);
    }
  };

  const columns: Column<Keyword>[] = [
    {
      key: 'pick',
      header: '',
      width: '10',
      render: (row) => (
        <Checkbox.Root size="sm" checked={selected.has(row.id)} onCheckedChange={(details) => toggle(row, details.checked === true)} aria-label={t('task.keywordPicker.select', { keyword: row.keyword })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    { key: 'keyword', header: t('task.generate.keywords'), render: (row) => <Text textStyle="sm" maxW="md" truncate title={row.keyword}>{row.keyword}</Text> },
    { key: 'used', header: t('task.fields.status'), render: (row) => (row.used ? t('task.keywordPicker.used') : t('task.keywordPicker.unused')) },
  ];

  return (
    <FormDialog open onClose={onClose} title={t('task.keywordPicker.title')} size="md">
      <Dialog.Body>
        <HStack gap="2" wrap="wrap" mb="3">
          <SearchInput label={t('task.keywordPicker.search')} value={search} onValueChange={setSearch} onSearch={(value) => filter({ keyword: value || undefined })} />
          <NativeSelect.Root width="36">
            <NativeSelect.Field aria-label={t('task.keywordPicker.which')} value={String(context.filters.used ?? '')} onChange={(event) => filter({ used: event.target.value || undefined })}>
              <option value="0">{t('task.keywordPicker.unused')}</option>
              <option value="1">{t('task.keywordPicker.used')}</option>
              <option value="">{t('task.keywordPicker.all')}</option>
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
        <ListTable list={list} label={t('task.keywordPicker.title')} columns={columns} rowKey={(row) => row.id} emptyText={t('task.keywordPicker.empty')} />
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between">
        <Text textStyle="sm" color="fg.muted" data-testid="keyword-picker-selected">
          {t('task.picker.selected', { count: selected.size })}
        </Text>
        <HStack>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancelText')}
          </Button>
          <Button colorPalette="brand" disabled={selected.size === 0} onClick={() => onChosen(selected)}>
            {t('task.keywordPicker.done')}
          </Button>
        </HStack>
      </Dialog.Footer>
    </FormDialog>
  );
}
