import { useState } from 'react';
import { Button, Checkbox, Dialog, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useListActor } from '../../app/useListActor';
import type { ListFilters } from '../../machines/list.machine';
import { FormDialog } from '../feedback/FormDialog';
import { OptionSelect } from '../form/OptionSelect';
import type { Column } from './DataTable';
import { ListTable } from './ListTable';
import { SearchInput } from './SearchInput';

/** A page of rows matching the filters (the list machine's query). */
type FetchPage<Row> = (query: { page: number; page_size: number; filters: ListFilters }) => Promise<{ list: Row[]; total: number }>;

/** The texts of a picker, in its page's words. */
export interface RowPickerTexts {
  title: string;
  search: string;
  empty: string;
  /** The checkbox of a row. */
  select: (label: string) => string;
  selectAll: (count: number) => string;
  clear: string;
  selected: (count: number) => string;
  done: string;
}

export interface RowPickerDialogProps<Row extends { id: number }> {
  texts: RowPickerTexts;
  fetchPage: FetchPage<Row>;
  initialFilters: ListFilters;
  /** The filter the search box sets. */
  searchFilter: string;
  /** The selects of the filters: each its filter, label and options ('' for every row). */
  selects: { filter: string; label: string; options: { value: string; label: string }[] }[];
  /** The columns after the checkbox. */
  columns: Column<Row>[];
  /** What the row is called in the chosen list. */
  labelOf: (row: Row) => string;
  /** "Select all" takes at most this many. */
  max: number;
  size?: 'md' | 'lg';
  testId: string;
  chosen: Map<number, string>;
  onClose: () => void;
  onChosen: (chosen: Map<number, string>) => void;
}

/** Every row matching the filters, across pages, up to `max`. */
async function allMatching<Row>(fetchPage: FetchPage<Row>, filters: ListFilters, max: number): Promise<Row[]> {
  const found: Row[] = [];
  for (let page = 1; found.length < max; page++) {
    const { list, total } = await fetchPage({ page, page_size: 100, filters });
    found.push(...list);
    if (list.length < 100 || found.length >= total) break;
  }
  return found.slice(0, max);
}

/**
 * Choose rows of a long list (articles to publish, keywords to write about): search, selects,
 * check rows, or select all that match across pages; the choice survives paging and filtering.
 */
export function RowPickerDialog<Row extends { id: number }>({
  texts,
  fetchPage,
  initialFilters,
  searchFilter,
  selects,
  columns,
  labelOf,
  max,
  size = 'lg',
  testId,
  chosen,
  onClose,
  onChosen,
}: RowPickerDialogProps<Row>) {
  const { t } = useTranslation();
  const [services] = useState(() => ({ fetchPage }));
  const list = useListActor<Row>(services, { filters: initialFilters, pageSize: 10 });
  const context = useSelector(list, (state) => state.context);
  const [selected, setSelected] = useState(() => new Map(chosen));
  const [selecting, setSelecting] = useState(false);
  const filter = (patch: ListFilters) => list.send({ type: 'LIST.FILTER', filters: { ...context.filters, ...patch } });
  const toggle = (row: Row, on: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (on) next.set(row.id, labelOf(row));
      else next.delete(row.id);
      return next;
    });
  const selectAll = async () => {
    setSelecting(true);
    try {
      const rows = await allMatching(fetchPage, context.filters, max);
      setSelected((previous) => new Map([...previous, ...rows.map((row) => [row.id, labelOf(row)] as const)]));
    } finally {
      setSelecting(false);
    }
  };

  const pick: Column<Row> = {
    key: 'pick',
    header: '',
    width: '10',
    render: (row) => (
      <Checkbox.Root
        size="sm"
        checked={selected.has(row.id)}
        onCheckedChange={(details) => toggle(row, details.checked === true)}
        aria-label={texts.select(labelOf(row))}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
      </Checkbox.Root>
    ),
  };

  return (
    <FormDialog open onClose={onClose} title={texts.title} size={size}>
      <Dialog.Body>
        <HStack gap="2" wrap="wrap" mb="3">
          <SearchInput label={texts.search} onSearch={(value) => filter({ [searchFilter]: value || undefined })} />
          {selects.map((select) => (
            <OptionSelect
              key={select.filter}
              label={select.label}
              value={String(context.filters[select.filter] ?? '')}
              options={select.options}
              onValueChange={(value) => filter({ [select.filter]: value || undefined })}
              width="36"
            />
          ))}
          <Button size="sm" variant="outline" loading={selecting} onClick={() => void selectAll()} disabled={context.total === 0}>
            {texts.selectAll(Math.min(context.total, max))}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())} disabled={selected.size === 0}>
            {texts.clear}
          </Button>
        </HStack>
        <ListTable list={list} label={texts.title} columns={[pick, ...columns]} rowKey={(row) => row.id} emptyText={texts.empty} />
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between">
        <Text textStyle="sm" color="fg.muted" data-testid={testId}>
          {texts.selected(selected.size)}
        </Text>
        <HStack>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancelText')}
          </Button>
          <Button colorPalette="brand" disabled={selected.size === 0} onClick={() => onChosen(selected)}>
            {texts.done}
          </Button>
        </HStack>
      </Dialog.Footer>
    </FormDialog>
  );
}
