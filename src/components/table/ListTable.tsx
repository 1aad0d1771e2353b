import { useSelector } from '@xstate/react';
import type { ListActor } from '../../app/useListActor';
import { DataTable, type DataTableProps } from './DataTable';

interface ListTableProps<Row> extends Pick<DataTableProps<Row>, 'label' | 'columns' | 'rowKey' | 'emptyText'> {
  /** The page's list actor: its rows, loading state, failure and pager fill the table. */
  list: ListActor;
  /** Rows to show instead of the actor's (with some of the page's own on top), and their total. */
  rows?: Row[];
  total?: number;
  /** The loading veil only until the first page is there: later reloads (polling) stay quiet. */
  quietReloads?: boolean;
}

/** A DataTable showing a list actor's current page, its pager sending LIST.PAGE. */
export function ListTable<Row>({ list, rows, total, quietReloads = false, ...table }: ListTableProps<Row>) {
  const context = useSelector(list, (state) => state.context);
  const loading = useSelector(list, (state) => state.matches({ data: 'loading' }) && !(quietReloads && state.context.loaded));
  return (
    <DataTable
      {...table}
      rows={rows ?? (context.rows as Row[])}
      loading={loading}
      error={context.error}
      paging={{ page: context.page, pageSize: context.pageSize, total: total ?? context.total, onChange: (page, pageSize) => list.send({ type: 'LIST.PAGE', page, pageSize }) }}
    />
  );
}
