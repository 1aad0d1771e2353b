import { useSelector } from '@xstate/react';
import type { ListActor } from '../../app/useListActor';
import type { ListDialog, ListRow } from '../../machines/list.machine';
import { DataTable, type DataTableProps } from './DataTable';

type TableOf<Row> = Pick<DataTableProps<Row>, 'label' | 'columns' | 'rowKey' | 'emptyText'>;

type ListTableProps<Row extends ListRow, Dialog extends ListDialog, Shown> = {
  /** The page's list actor: its rows, loading state, failure and pager fill the table. */
  list: ListActor<Row, Dialog>;
  /** The loading veil only until the first page is there: later reloads (polling) stay quiet. */
  quietReloads?: boolean;
} & (
  | ({ rows?: undefined; total?: undefined } & TableOf<Row>)
  /** Rows to show instead of the actor's (with some of the page's own on top), and their total. */
  | ({ rows: Shown[]; total: number } & TableOf<Shown>)
);

/** A DataTable showing a list actor's current page, its pager sending LIST.PAGE. */
export function ListTable<Row extends ListRow, Dialog extends ListDialog, Shown = Row>({
  list,
  quietReloads = false,
  ...table
}: ListTableProps<Row, Dialog, Shown>) {
  const context = useSelector(list, (state) => state.context);
  const loading = useSelector(list, (state) => state.hasTag('loading') && !(quietReloads && state.context.loaded));
  const onChange = (page: number, pageSize: number) => list.send({ type: 'LIST.PAGE', page, pageSize });
  const failed = useSelector(list, (state) => state.hasTag('failed'));
  const state = { loading, error: failed ? context.error : null };
  return table.rows ? (
    <DataTable {...table} {...state} paging={{ page: context.page, pageSize: context.pageSize, total: table.total, onChange }} />
  ) : (
    <DataTable
      {...table}
      {...state}
      rows={context.rows}
      paging={{ page: context.page, pageSize: context.pageSize, total: context.total, onChange }}
    />
  );
}
