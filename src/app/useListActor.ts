import { useEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { listMachine, type ListContext, type ListInput, type ListPage, type ListQuery } from '../machines/list.machine';

export interface ListServices<Row> {
  /** Loads one page: an endpoint function of `src/services/api`, given the machine's query. */
  fetchPage: (query: ListQuery) => Promise<ListPage<Row>>;
  /** Deletes one row. */
  removeRow?: (row: Row) => Promise<unknown>;
  /** Reload every `pollMs` while this holds for the loaded rows. */
  pollWhile?: (rows: Row[]) => boolean;
  pollMs?: number;
}

/** Runs a `list` machine with a page's endpoint functions injected by name. */
export function useListActor<Row>(services: ListServices<Row>, input?: ListInput) {
  const latest = useRef(services);
  useEffect(() => {
    latest.current = services;
  }, [services]);
  const [machine] = useState(() =>
    listMachine.provide({
      actors: {
        fetchPage: fromPromise<ListPage, ListQuery>(({ input: query }) => latest.current.fetchPage(query) as Promise<ListPage>),
        removeRow: fromPromise<unknown, unknown>(({ input: row }) =>
          latest.current.removeRow ? latest.current.removeRow(row as Row) : Promise.reject(new Error('removeRow is not provided')),
        ),
      },
      guards: {
        shouldPoll: ({ context }: { context: ListContext }) => latest.current.pollWhile?.(context.rows as Row[]) ?? false,
      },
      delays: { pollInterval: () => latest.current.pollMs ?? 2000 },
    }),
  );
  return useActorRef(machine, { input: input ?? {} });
}

export type ListActor = ReturnType<typeof useListActor>;
