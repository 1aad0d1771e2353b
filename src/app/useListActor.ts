import { useEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { useOptionalConnectionActor } from './AppActorProvider';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  firstQuery,
  listMachineOf,
  type ListDialog,
  type ListInput,
  type ListMachine,
  type ListPage,
  type ListQuery,
  type ListRow,
} from '../machines/list.machine';

export interface ListServices<Row> {
  /** Loads one page: an endpoint function of `src/services/api`, given the machine's query. */
  fetchPage: (query: ListQuery) => Promise<ListPage<Row>>;
  /** Deletes one row. */
  removeRow?: (row: Row) => Promise<unknown>;
  /** Reload every `pollMs` while this holds for the loaded rows. */
  pollWhile?: (rows: Row[]) => boolean;
  pollMs?: number;
}

/**
 * A page's list actor: its context holds `Row`s, and the dialog open is one of `Dialog` (a union of
 * `{ name, row? }`: each name with the row it is about), so a view reads both without casts and a
 * dialog name the page does not have is a type error.
 */
export type ListActor<Row extends ListRow, Dialog extends ListDialog = never> = ActorRefFrom<ListMachine<Row, Dialog>>;

/** The first page a list with these services and input loads: asked for by a page's `loadsAhead`. */
export function firstPageOf<Row>(services: ListServices<Row>, input?: ListInput): Promise<ListPage<Row>> {
  return services.fetchPage(firstQuery(input));
}

/** Runs a `list` machine with a page's endpoint functions injected by name. */
export function useListActor<Row extends ListRow, Dialog extends ListDialog = never>(
  services: ListServices<Row>,
  input?: ListInput,
): ListActor<Row, Dialog> {
  const latest = useRef(services);
  useEffect(() => {
    latest.current = services;
  }, [services]);
  const [machine] = useState(() =>
    listMachineOf<Row, Dialog>().provide({
      actors: {
        fetchPage: fromPromise<ListPage<Row>, ListQuery>(({ input: query }) => latest.current.fetchPage(query)),
        removeRow: fromPromise<unknown, { row: Row | null }>(({ input: { row } }) =>
          row && latest.current.removeRow ? latest.current.removeRow(row) : Promise.reject(new Error('removeRow is not provided')),
        ),
      },
      guards: {
        shouldPoll: ({ context }) => latest.current.pollWhile?.(context.rows) ?? false,
      },
      delays: { pollInterval: () => latest.current.pollMs ?? 2000 },
    }),
  );
  const list = useActorRef(machine, { input: input ?? {} });
  // The user's retry (or the network coming back) loads again a page that failed to load.
  const connection = useOptionalConnectionActor();
  useEffect(() => {
    const retried = connection?.on('retried', () => {
      if (list.getSnapshot().hasTag('failed')) list.send({ type: 'LIST.RELOAD' });
    });
    return () => retried?.unsubscribe();
  }, [connection, list]);
  return list;
}
