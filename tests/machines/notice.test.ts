import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { NOTICE_LIVE } from '../../src/config/constants';
import { noticeMachine, type NoticeEvent } from '../../src/machines/notice.machine';
import type { NoticeStreamEvent } from '../../src/shared/noticeStreamEvents';
import { createTransitionCoverage } from './coverage';
import { replayAll, settle, type Model } from './modelPaths';

/** Stream and poll stand-ins that count how often they run and let the test talk back through them. */
function createLive() {
  const runs = { stream: 0, poll: 0 };
  let back: ((event: NoticeEvent) => void) | null = null;
  const logic = {
    stream: fromCallback<NoticeStreamEvent>(({ sendBack }) => {
      runs.stream++;
      back = sendBack;
      return () => (back = null);
    }),
    poll: fromCallback<NoticeStreamEvent>(({ sendBack }) => {
      runs.poll++;
      back = sendBack;
      return () => (back = null);
    }),
  };
  return { logic, runs, send: (event: NoticeEvent) => back?.(event) };
}

const withLive = (live: ReturnType<typeof createLive>) => noticeMachine.provide({ actors: live.logic });

const model: Model<ReturnType<typeof withLive>> = {
  machine: withLive(createLive()),
  input: { maxReconnects: 2 },
  events: {
    UNREAD: [{ type: 'UNREAD', unread: 3 }],
  },
  delays: {
    reconnectDelay: (snapshot: AnyMachineSnapshot) =>
      Math.min(
        NOTICE_LIVE.reconnectMaxMs,
        NOTICE_LIVE.reconnectMs * 2 ** Math.max(0, (snapshot.context as { failures: number }).failures - 1),
      ),
    streamRetry: NOTICE_LIVE.streamRetryMs,
  },
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.failures, snapshot.context.unread]),
};

const coverage = createTransitionCoverage('notice', noticeMachine);

function start(maxReconnects = 2, inspect?: typeof coverage.inspect) {
  const live = createLive();
  const actor = createActor(withLive(live), { input: { maxReconnects }, ...(inspect ? { inspect } : {}) });
  return { actor, live };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('notice machine', () => {
  it('every generated path reaches the states the graph predicts', async () => {
    expect(
      await replayAll(model, coverage, (inspect) => {
        const { actor } = start(2, inspect);
        return { actor, fakes: { logic: {}, inputOf: () => undefined, resolve: () => {}, reject: () => {}, started: () => 0 } };
      }),
    ).toBeGreaterThan(0);
  });

  it('keeps the pushed count while connected; a broken stream reconnects after a growing pause', async () => {
    const { actor, live } = start(3);
    actor.start();
    actor.send({ type: 'NOTICE.START' });
    expect(live.runs.stream).toBe(1);
    live.send({ type: 'STREAM.OPENED' });
    live.send({ type: 'UNREAD', unread: 4 });
    expect(actor.getSnapshot().matches({ live: { streaming: 'connected' } })).toBe(true);
    expect(actor.getSnapshot().context.unread).toBe(4);
    live.send({ type: 'STREAM.ERROR' });
    expect(actor.getSnapshot().matches({ live: 'reconnecting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(NOTICE_LIVE.reconnectMs);
    expect(live.runs.stream).toBe(2);
    live.send({ type: 'STREAM.ERROR' });
    await vi.advanceTimersByTimeAsync(NOTICE_LIVE.reconnectMs);
    expect(live.runs.stream).toBe(2);
    await vi.advanceTimersByTimeAsync(NOTICE_LIVE.reconnectMs);
    expect(live.runs.stream).toBe(3);
    // the count stays what it was while reconnecting
    expect(actor.getSnapshot().context.unread).toBe(4);
  });

  it('falls back to polling after repeated failures, and tries the stream again later', async () => {
    const { actor, live } = start(2);
    actor.start();
    actor.send({ type: 'NOTICE.START' });
    live.send({ type: 'STREAM.ERROR' });
    await vi.advanceTimersByTimeAsync(NOTICE_LIVE.reconnectMs);
    live.send({ type: 'STREAM.ERROR' });
    await settle();
    expect(actor.getSnapshot().matches({ live: 'polling' })).toBe(true);
    expect(live.runs.poll).toBe(1);
    live.send({ type: 'UNREAD', unread: 2 });
    expect(actor.getSnapshot().context.unread).toBe(2);
    actor.send({ type: 'NOTICE.REFRESH' });
    expect(live.runs.poll).toBe(2);
    await vi.advanceTimersByTimeAsync(NOTICE_LIVE.streamRetryMs);
    expect(actor.getSnapshot().matches({ live: { streaming: 'connecting' } })).toBe(true);
    expect(live.runs.stream).toBe(3);
  });

  it('stops at logout or when the server ends the session, forgetting the count', async () => {
    const { actor, live } = start();
    actor.start();
    actor.send({ type: 'NOTICE.START' });
    live.send({ type: 'UNREAD', unread: 9 });
    live.send({ type: 'STREAM.ENDED' });
    expect(actor.getSnapshot().value).toBe('stopped');
    expect(actor.getSnapshot().context.unread).toBe(0);
    actor.send({ type: 'NOTICE.START' });
    actor.send({ type: 'NOTICE.STOP' });
    expect(actor.getSnapshot().value).toBe('stopped');
    expect(live.runs.stream).toBe(2);
  });
});

afterAll(() => {
  const line = coverage.report();
  expect(coverage.uncovered()).toEqual([]);
  expect(line).toBe(`transitions notice: ${coverage.total}/${coverage.total}`);
});
