import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { ERROR_LOG_UPLOAD } from '../../src/config/constants';
import { errorLogMachine, type ErrorLogInput } from '../../src/machines/errorLog.machine';
import type { ErrorLogEntry } from '../../src/shared/errorLogEntry';
import { createTransitionCoverage } from './coverage';
import { USER_ADA } from './fixtures/accounts';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';

const entry = (message: string): ErrorLogEntry => ({
  type: 'script',
  message,
  url: '/',
  name: 'Error',
  file: '',
  stack: '',
  detail: '',
  time: '2026-11-21T00:00:00Z',
});

function errorLogWith(fakes: ReturnType<typeof createFakeActors>) {
  return errorLogMachine.provide({ actors: fakes.logic });
}

const model: Model<ReturnType<typeof errorLogWith>> = {
  machine: errorLogWith(createFakeActors(['upload'])),
  input: { maxAttempts: 2 },
  events: {
    'ERROR_LOG.ADD': [{ type: 'ERROR_LOG.ADD', entry: entry('boom') }],
    'SESSION.SIGNED_IN': [{ type: 'SESSION.SIGNED_IN', user: USER_ADA }],
    'SESSION.SIGNED_OUT': [{ type: 'SESSION.SIGNED_OUT', reason: 'logout' }],
  },
  filterEvents: (snapshot, event) => event.type !== 'ERROR_LOG.ADD' || snapshot.context.queue.length < 1,
  delays: { debounce: ERROR_LOG_UPLOAD.debounceMs, retryDelay: ERROR_LOG_UPLOAD.retryDelayMs },
  serializeState: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.queue.length, snapshot.context.batch.length, snapshot.context.attempts]),
};

const coverage = createTransitionCoverage('errorLog', errorLogMachine);

function start(input: ErrorLogInput = {}, inspect?: typeof coverage.inspect) {
  const fakes = createFakeActors(['upload']);
  const actor = createActor(errorLogWith(fakes), { input, ...(inspect ? { inspect } : {}) });
  return { actor, fakes };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('error log machine', () => {
  it('every generated path reaches the states the graph predicts', async () => {
    expect(await replayAll(model, coverage, (inspect) => start({ maxAttempts: 2 }, inspect))).toBeGreaterThan(0);
    const signedIn = start({ signedIn: true }, coverage.inspect).actor;
    signedIn.start();
    expect(signedIn.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
  });

  it('sends what gathered during the quiet time as one batch, at most batchSize at once', async () => {
    const { actor, fakes } = start({ signedIn: true, batchSize: 2 });
    actor.start();
    for (const message of ['a', 'b', 'c']) actor.send({ type: 'ERROR_LOG.ADD', entry: entry(message) });
    await vi.advanceTimersByTimeAsync(ERROR_LOG_UPLOAD.debounceMs - 1);
    expect(fakes.started('upload')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fakes.inputOf('upload')).toEqual({ entries: [entry('a'), entry('b')] });
    fakes.resolve('upload', { added: 2 });
    await settle();
    await vi.advanceTimersByTimeAsync(ERROR_LOG_UPLOAD.debounceMs);
    expect(fakes.inputOf('upload')).toEqual({ entries: [entry('c')] });
    fakes.resolve('upload', { added: 1 });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
  });

  it('retries a failed batch, then gives it up after maxAttempts', async () => {
    const { actor, fakes } = start({ signedIn: true, maxAttempts: 3 });
    actor.start();
    actor.send({ type: 'ERROR_LOG.ADD', entry: entry('a') });
    await vi.advanceTimersByTimeAsync(ERROR_LOG_UPLOAD.debounceMs);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(fakes.started('upload')).toBe(attempt);
      fakes.reject('upload', new Error('offline'));
      await settle();
      await vi.advanceTimersByTimeAsync(ERROR_LOG_UPLOAD.retryDelayMs);
    }
    expect(fakes.started('upload')).toBe(3);
    expect(actor.getSnapshot().context).toMatchObject({ queue: [], batch: [] });
  });

  it('keeps at most queueLimit entries (the newest), and sends only while signed in', async () => {
    const { actor, fakes } = start({ queueLimit: 2 });
    actor.start();
    for (const message of ['a', 'b', 'c']) actor.send({ type: 'ERROR_LOG.ADD', entry: entry(message) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fakes.started('upload')).toBe(0);
    actor.send({ type: 'SESSION.SIGNED_IN', user: USER_ADA });
    await vi.advanceTimersByTimeAsync(ERROR_LOG_UPLOAD.debounceMs);
    expect(fakes.inputOf('upload')).toEqual({ entries: [entry('b'), entry('c')] });
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'logout' });
    expect(actor.getSnapshot().context.queue).toEqual([entry('b'), entry('c')]);
  });
});

afterAll(() => {
  coverage.report();
});

it('error log machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
