import type { ReactNode } from 'react';
import { Box, Center, EmptyState, Table, VStack, useSlotRecipe } from '@chakra-ui/react';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../form/FailureAlert';
import type { FailureNotice } from '../../shared/failure';
import { TablePagination } from './TablePagination';
import { Loader } from '../feedback/Loader';

export interface Column<Row> {
  /** `title` or `name` for the column that says what a row is (see TITLE_COLUMNS). */
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  width?: string;
  align?: 'start' | 'center' | 'end';
}

/**
 * The columns that say what a row is: on a phone they keep a width to be read at (the table
 * scrolls sideways inside its card instead of squeezing a title to a word a line).
 */
const TITLE_COLUMNS = new Set(['title', 'name']);
const TITLE_MIN_WIDTH = '48';

export interface DataTableProps<Row> {
  /** Names the table for assistive technology. */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  loading: boolean;
  error?: FailureNotice | null;
  emptyText?: string;
  /** Paging; leave out for a table that shows everything. */
  paging?: { page: number; pageSize: number; total: number; onChange: (page: number, pageSize: number) => void };
}

/** The table's look: its Root's variant props, and the recipe's styles for the plain body rows. */
const VARIANT = { size: 'sm', interactive: true } as const;

/**
 * The body's rows and cells are plain <tr> and <td>, styled once by the table: the table recipe's
 * row and cell styles, resolved here, apply to them by selector. A Chakra row and cell
 * each resolve and hash their styles on every render, and a page of rows is hundreds of them (most
 * of the menu tree's ~150 ms of rendering its 23 rows).
 */
function useBodyStyles() {
  const styles = useSlotRecipe({ key: 'table' })(VARIANT);
  return {
    '& > tbody > tr': styles.row,
    '& > tbody > tr > td': { ...styles.cell, py: '2.5' },
    // The first column (what a row is) stays in view while a narrow screen scrolls the others. It
    // covers the cells sliding under it with its row's own colour, so a hovered row and the dark
    // theme's rows reach it too.
    '& > tbody > tr > td:first-of-type, & > thead > tr > th:first-of-type': {
      position: 'sticky',
      insetInlineStart: 0,
      zIndex: 1,
      bg: 'inherit',
    },
  };
}

/** A table of rows with a loading veil, an empty state, a failure and a pager below. */
export function DataTable<Row>({ label, columns, rows, rowKey, loading, error, emptyText, paging }: DataTableProps<Row>) {
  const { t } = useTranslation();
  const bodyStyles = useBodyStyles();
  return (
    <VStack align="stretch" gap="3">
      <FailureAlert failure={error ?? null} />
      <Box position="relative" borderWidth="1px" borderRadius="md" overflowX="auto" bg="bg.panel">
        <Table.Root {...VARIANT} aria-label={label} aria-busy={loading} css={bodyStyles}>
          <Table.Header>
            <Table.Row bg="bg.muted">
              {columns.map((column) => (
                <Table.ColumnHeader
                  key={column.key}
                  width={column.width}
                  minW={TITLE_COLUMNS.has(column.key) ? TITLE_MIN_WIDTH : undefined}
                  textAlign={column.align}
                  whiteSpace="nowrap"
                  py="2.5"
                >
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} style={column.align && { textAlign: column.align }}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </Table.Body>
        </Table.Root>
        {/* A page that failed to load is not an empty one: the failure above says what happened. */}
        {rows.length === 0 && !loading && !error && (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Inbox />
              </EmptyState.Indicator>
              <EmptyState.Description>{emptyText ?? t('common.table.empty')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
        {loading && (
          <Center position="absolute" inset="0" bg="bg/60" minH="24">
            <Loader size="default" label={t('common.loading')} />
          </Center>
        )}
      </Box>
      {paging && <TablePagination {...paging} />}
    </VStack>
  );
}
