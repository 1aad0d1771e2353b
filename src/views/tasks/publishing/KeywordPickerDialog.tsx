import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Keyword } from '../../../../contract/schemas/site';
import type { Column } from '../../../components/table/DataTable';
import { RowPickerDialog } from '../../../components/table/RowPickerDialog';
import type { ListFilters } from '../../../machines/list.machine';
import { siteKeywords } from '../api';
import { EllipsisText } from '../../../components/EllipsisText';

/** "Select all" takes at most this many (one generate call writes at most 1,000 articles). */
const MAX = 1000;

interface KeywordPickerDialogProps {
  siteId: number;
  chosen: Map<number, string>;
  onClose: () => void;
  onChosen: (chosen: Map<number, string>) => void;
}

/** Choose the keywords of a site to write about: search, unused or used, select rows or all that match (across pages). */
export function KeywordPickerDialog({ siteId, ...choice }: KeywordPickerDialogProps) {
  const { t } = useTranslation(['publishing', 'tasks']);
  const [fetchPage] = useState(() => (query: { page: number; page_size: number; filters: ListFilters }) => siteKeywords(siteId, query));
  const columns: Column<Keyword>[] = [
    {
      key: 'keyword',
      header: t('publishing.generate.keywords'),
      render: (row) => (
        <EllipsisText textStyle="sm" widthPx={448}>
          {row.keyword}
        </EllipsisText>
      ),
    },
    {
      key: 'used',
      header: t('tasks.fields.status'),
      render: (row) => (row.used ? t('publishing.keywordPicker.used') : t('publishing.keywordPicker.unused')),
    },
  ];
  return (
    <RowPickerDialog<Keyword>
      {...choice}
      texts={{
        title: t('publishing.keywordPicker.title'),
        search: t('publishing.keywordPicker.search'),
        empty: t('publishing.keywordPicker.empty'),
        select: (keyword) => t('publishing.keywordPicker.select', { keyword }),
        selectAll: (count) => t('publishing.picker.selectAll', { count }),
        clear: t('publishing.picker.clear'),
        selected: (count) => t('publishing.picker.selected', { count }),
        done: t('publishing.keywordPicker.done'),
      }}
      fetchPage={fetchPage}
      // Unused keywords first: a keyword written already would be a duplicate page.
      initialFilters={{ used: '0' }}
      searchFilter="keyword"
      selects={[
        {
          filter: 'used',
          label: t('publishing.keywordPicker.which'),
          options: [
            { value: '0', label: t('publishing.keywordPicker.unused') },
            { value: '1', label: t('publishing.keywordPicker.used') },
            { value: '', label: t('publishing.keywordPicker.all') },
          ],
        },
      ]}
      columns={columns}
      labelOf={(row) => row.keyword}
      max={MAX}
      size="md"
      testId="keyword-picker-selected"
    />
  );
}
