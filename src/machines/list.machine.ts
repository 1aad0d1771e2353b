import { assign, raise, setup } from 'xstate';
import { errorOf, toNotice, type FailureNotice } from '../shared/failure';
import { notProvided } from './notProvided';

/**
 * A table page (DESIGN §2 "list"): load a page, change page, filter, sort, open create/edit (or any
 * named) dialogs, delete with confirmation. Saves and deletes show at once (optimistic refresh)
 * and the page is then loaded again from the server. `fetchPage` and `removeRow` are provided by
 * name; `shouldPoll` (default: never) reloads the page every `pollInterval` while it holds.
 *
 * The machine is the same for every page; `listMachineOf<Row, Dialog>()` only names, for the
 * type checker, the rows a page shows and the dialogs it opens (each by name, with its row).
 */

export type ListFilters = Record<string, string | number | undefined>;
export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}
export interface ListQuery {
  page: number;
  page_size: number;
  filters: ListFilters;
  sort: ListSort | null;
}
export interface ListPage<Row = unknown> {
  list: Row[];
  total: number;
}
/** What the machine needs of a row: its id (a saved row replaces the row with the same id). */
export interface ListRow {
  id: number;
}
/** A dialog of a page: its name (`create`, `edit`, or a page's own) and the row it is about, if any. */
export interface ListDialog {
  name: string;
  row?: unknown;
}

export interface ListContext<Row extends ListRow = ListRow & Record<string, unknown>, Dialog extends ListDialog = ListDialog> {
  page: number;
  pageSize: number;
  filters: ListFilters;
  sort: ListSort | null;
  rows: Row[];
  total: number;
  /** The last full page the server sent (rows without optimistic changes). */
  loaded: boolean;
  error: FailureNotice | null;
  /** The open dialog: its name and the row it is about. */
  dialog: Dialog | null;
  /** The row waiting for (or being) deleted, and why deleting it failed. */
  deleting: Row | null;
  deleteError: FailureNotice | null;
}

export interface ListInput {
  pageSize?: number;
  filters?: ListFilters;
}

export type ListEvent<Row extends ListRow = ListRow & Record<string, unknown>, Dialog extends ListDialog = ListDialog> =
  | { type: 'LIST.PAGE'; page: number; pageSize?: number }
  | { type: 'LIST.FILTER'; filters: ListFilters }
  | { type: 'LIST.SORT'; sort: ListSort | null }
  | { type: 'LIST.RELOAD' }
  | { type: 'DIALOG.OPEN'; dialog: Dialog }
  | { type: 'DIALOG.CLOSE' }
  /** A dialog saved: `row` (when given) replaces or joins the rows before the reload. */
  | { type: 'DIALOG.SAVED'; row?: Row }
  | { type: 'DELETE.REQUEST'; row: Row }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DELETE.CANCEL' };

/** The filters that are set (neither undefined nor empty), as a list's query sends them. */
export function filtersSet(filters: ListFilters): ListFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
}

/** The first page a list asks for: what a page's GETs sent ahead at the click ask. */
export function firstQuery(input?: ListInput): ListQuery {
  return { page: 1, page_size: input?.pageSize ?? 20, filters: input?.filters ?? {}, sort: null };
}

/**
 * Each state of the `data` region loads again on these (declared on the states, not on the region:
 * a re-entering transition on the region would also restart the parallel `dialog` region).
 */
const loadAgain = {
  'LIST.PAGE': { target: 'loading', reenter: true, actions: 'setPage' },
  'LIST.FILTER': { target: 'loading', reenter: true, actions: 'setFilters' },
  'LIST.SORT': { target: 'loading', reenter: true, actions: 'setSort' },
  'LIST.RELOAD': { target: 'loading', reenter: true },
} as const;

/** What a list state means to the views (`snapshot.hasTag(...)`). */
export type ListTag =
  /** A page of rows is being fetched. */
  | 'loading'
  /** The last load failed: its failure shows, not an empty table. */
  | 'failed'
  /** The delete dialog asks whether to delete the row. */
  | 'confirmingDelete'
  /** The row is being deleted (the dialog stays open until the server answers). */
  | 'deleting';

/** The list machine of a page showing `Row`s and opening `Dialog`s (no dialogs: `never`). */
export function listMachineOf<Row extends ListRow, Dialog extends ListDialog = never>() {
  return setup({
    types: {
      context: {} as ListContext<Row, Dialog>,
      events: {} as ListEvent<Row, Dialog>,
      input: {} as ListInput,
      tags: {} as ListTag,
    },
    actors: {
      fetchPage: notProvided<ListPage<Row>, ListQuery>('fetchPage'),
      removeRow: notProvided<unknown, { row: Row | null }>('removeRow'),
    },
    guards: {
      shouldPoll: () => false,
    },
    delays: {
      pollInterval: 2000,
    },
    actions: {
      setPage: assign(({ context, event }) =>
        event.type === 'LIST.PAGE' ? { page: Math.max(1, event.page), pageSize: event.pageSize ?? context.pageSize } : {},
      ),
      setFilters: assign(({ event }) => (event.type === 'LIST.FILTER' ? { filters: event.filters, page: 1 } : {})),
      setSort: assign(({ event }) => (event.type === 'LIST.SORT' ? { sort: event.sort, page: 1 } : {})),
      keepPage: assign((_, page: ListPage<Row>) => ({ rows: page.list, total: page.total, loaded: true, error: null })),
      keepError: assign((_, error: unknown) => ({ error: toNotice(error) })),
      openDialog: assign(({ event }) => (event.type === 'DIALOG.OPEN' ? { dialog: event.dialog } : {})),
      closeDialog: assign({ dialog: null }),
      showSaved: assign(({ context, event }) => {
        if (event.type !== 'DIALOG.SAVED' || !event.row) return {};
        const saved = event.row;
        const exists = context.rows.some((row) => row.id === saved.id);
        return exists
          ? { rows: context.rows.map((row) => (row.id === saved.id ? saved : row)) }
          : { rows: [saved, ...context.rows], total: context.total + 1 };
      }),
      askDelete: assign(({ event }) => (event.type === 'DELETE.REQUEST' ? { deleting: event.row, deleteError: null } : {})),
      hideDeleted: assign(({ context }) => ({
        rows: context.rows.filter((row) => row.id !== context.deleting?.id),
        total: Math.max(0, context.total - 1),
      })),
      forgetDelete: assign({ deleting: null, deleteError: null }),
      keepDeleteError: assign((_, error: unknown) => ({ deleteError: toNotice(error) })),
      reload: raise({ type: 'LIST.RELOAD' }),
    },
  }).createMachine({
    id: 'list',
    type: 'parallel',
    context: ({ input }) => {
      const first = firstQuery(input);
      return {
        page: first.page,
        pageSize: first.page_size,
        filters: first.filters,
        sort: first.sort,
        rows: [],
        total: 0,
        loaded: false,
        error: null,
        dialog: null,
        deleting: null,
        deleteError: null,
      };
    },
    states: {
      data: {
        initial: 'loading',
        states: {
          loading: {
            tags: 'loading',
            on: loadAgain,
            invoke: {
              src: 'fetchPage',
              input: ({ context }: { context: ListContext<Row, Dialog> }) => ({
                page: context.page,
                page_size: context.pageSize,
                filters: context.filters,
                sort: context.sort,
              }),
              onDone: {
                target: 'ready',
                actions: { type: 'keepPage', params: ({ event }: { event: { output: ListPage<Row> } }) => event.output },
              },
              onError: { target: 'failed', actions: { type: 'keepError', params: errorOf } },
            },
          },
          ready: {
            on: loadAgain,
            after: { pollInterval: { guard: 'shouldPoll', target: 'loading' } },
          },
          failed: { tags: 'failed', on: loadAgain },
        },
      },
      dialog: {
        initial: 'closed',
        states: {
          closed: {
            on: {
              'DIALOG.OPEN': { target: 'open', actions: 'openDialog' },
              'DELETE.REQUEST': { target: 'confirmingDelete', actions: 'askDelete' },
            },
          },
          open: {
            on: {
              'DIALOG.OPEN': { target: 'open', actions: 'openDialog' },
              'DIALOG.CLOSE': { target: 'closed', actions: 'closeDialog' },
              'DIALOG.SAVED': { target: 'closed', actions: ['showSaved', 'closeDialog', 'reload'] },
            },
          },
          confirmingDelete: {
            tags: 'confirmingDelete',
            on: {
              'DELETE.CONFIRM': { target: 'deleting' },
              'DELETE.CANCEL': { target: 'closed', actions: 'forgetDelete' },
            },
          },
          deleting: {
            tags: 'deleting',
            entry: 'hideDeleted',
            invoke: {
              src: 'removeRow',
              input: ({ context }: { context: ListContext<Row, Dialog> }) => ({ row: context.deleting }),
              onDone: { target: 'closed', actions: ['forgetDelete', 'reload'] },
              onError: { target: 'confirmingDelete', actions: [{ type: 'keepDeleteError', params: errorOf }, 'reload'] },
            },
          },
        },
      },
    },
  });
}

/** The machine of a page showing `Row`s and opening `Dialog`s. */
export type ListMachine<Row extends ListRow, Dialog extends ListDialog = never> = ReturnType<typeof listMachineOf<Row, Dialog>>;

/** The list machine with any rows and dialogs: what its model test walks. */
export const listMachine = listMachineOf<ListRow & Record<string, unknown>, ListDialog>();
