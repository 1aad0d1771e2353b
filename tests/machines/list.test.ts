import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { listMachine, type ListContext } from '../../src/machines/list.machine';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { failure } from './fixtures/accounts';

const ROWS = {
  list: [
    { id: 1, name: 'Alpha', status: 'running' },
    { id: 2, name: 'Beta', status: 'completed' },
  ],
  total: 2,
};
const EMPTY = { list: [], total: 0 };
/** Polls while a row runs, as the generation-task page does. */
const polling = listMachine.provide({
  guards: { shouldPoll: ({ context }: { context: ListContext }) => context.rows.some((row) => row.status === 'running') },
  delays: { pollInterval: 2000 },
});

const model: Model<typeof polling> = {
  machine: polling,
  events: {
    'LIST.PAGE': [{ type: 'LIST.PAGE', page: 2 }],
    'LIST.FILTER': [{ type: 'LIST.FILTER', filters: { name: 'Al' } }],
    'LIST.SORT': [{ type: 'LIST.SORT', sort: { field: 'name', order: 'asc' } }],
    'DIALOG.OPEN': [{ type: 'DIALOG.OPEN', dialog: { name: 'edit', row: ROWS.list[0] } }],
    'DIALOG.SAVED': [{ type: 'DIALOG.SAVED', row: { id: 3, name: 'Gamma', status: 'running' } }],
    'DELETE.REQUEST': [{ type: 'DELETE.REQUEST', row: ROWS.list[1] }],
  },
  outputs: { fetchPage: [ROWS, EMPTY], removeRow: [null] },
  errors: { fetchPage: [failure(-1)], removeRow: [failure(100020)] },
  delays: { pollInterval: 2000 },
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, (snapshot.context as ListContext).rows.some((row) => row.status === 'running')]),
};

const coverage = createTransitionCoverage('list', listMachine);

function start(inspect?: typeof coverage.inspect) {
  const fakes = createFakeActors(['fetchPage', 'removeRow']);
  const actor = createActor(polling.provide({ actors: fakes.logic }), { input: {}, ...(inspect ? { inspect } : {}) });
  return { actor, fakes };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('list machine', () => {
  it('every generated path reaches the states the graph predicts', async () => {
    expect(await replayAll(model, coverage, (inspect) => start(inspect))).toBeGreaterThan(0);
  });

  it('asks for the page, the size, the filters and the sort it holds; a filter goes back to page 1', async () => {
    const { actor, fakes } = start();
    actor.start();
    expect(fakes.inputOf('fetchPage')).toEqual({ page: 1, page_size: 20, filters: {}, sort: null });
    fakes.resolve('fetchPage', ROWS);
    await settle();
    actor.send({ type: 'LIST.PAGE', page: 3, pageSize: 50 });
    expect(fakes.inputOf('fetchPage')).toEqual({ page: 3, page_size: 50, filters: {}, sort: null });
    actor.send({ type: 'LIST.FILTER', filters: { status: 'draft' } });
    expect(fakes.inputOf('fetchPage')).toEqual({ page: 1, page_size: 50, filters: { status: 'draft' }, sort: null });
  });

  it('hides a deleted row at once, and shows it again with the reason when the server refuses', async () => {
    const { actor, fakes } = start();
    actor.start();
    fakes.resolve('fetchPage', ROWS);
    await settle();
    actor.send({ type: 'DELETE.REQUEST', row: ROWS.list[1] });
    actor.send({ type: 'DELETE.CONFIRM' });
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([1]);
    expect(actor.getSnapshot().context.total).toBe(1);
    fakes.reject('removeRow', failure(100020));
    await settle();
    expect(actor.getSnapshot().context.deleteError).toEqual({ code: 100020, msg: 'failure 100020' });
    expect(actor.getSnapshot().value).toEqual({ dialog: 'confirmingDelete', data: 'loading' });
    fakes.resolve('fetchPage', ROWS);
    await settle();
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('shows a saved row before the reload, and polls only while a row runs', async () => {
    const { actor, fakes } = start();
    actor.start();
    fakes.resolve('fetchPage', ROWS);
    await settle();
    actor.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } });
    actor.send({ type: 'DIALOG.SAVED', row: { id: 9, name: 'New', status: 'running' } });
    expect(actor.getSnapshot().context.rows[0]).toEqual({ id: 9, name: 'New', status: 'running' });
    expect(actor.getSnapshot().context.dialog).toBeNull();
    fakes.resolve('fetchPage', { list: [{ id: 9, name: 'New', status: 'completed' }], total: 1 });
    await settle();
    expect(actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
  });
});

afterAll(() => {
  coverage.report();
});

it('list machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
