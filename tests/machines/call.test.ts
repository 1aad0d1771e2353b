import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { callMachine, type CallEmitted } from '../../src/machines/call.machine';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { failure } from './fixtures/accounts';

const model: Model<typeof callMachine> = {
  machine: callMachine,
  events: {
    'CALL.SUBMIT': [{ type: 'CALL.SUBMIT', input: { email: 'ada@example.com' } }],
    'CALL.DEFER': [{ type: 'CALL.DEFER', input: { count: 25 } }],
  },
  outputs: { call: [{ resend_after: 60 }] },
  errors: { call: [failure(100121)] },
  delays: { settle: 300 },
};

const coverage = createTransitionCoverage('call', callMachine);

function start(inspect?: typeof coverage.inspect, clock?: SimulatedClock) {
  const fakes = createFakeActors(['call']);
  const actor = createActor(callMachine.provide({ actors: fakes.logic }), { ...(inspect ? { inspect } : {}), ...(clock ? { clock } : {}) });
  const emitted: CallEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  return { actor, fakes, emitted };
}

// A deferred call's settle delay runs on fake timers in the replays.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('call machine', () => {
  it('every generated path reaches the states the graph predicts', async () => {
    expect(await replayAll(model, coverage, (inspect) => start(inspect))).toBeGreaterThan(0);
  });

  it('calls with the input, keeps the result, and a failure as { code, msg }', async () => {
    const { actor, fakes } = start();
    actor.start();
    actor.send({ type: 'CALL.SUBMIT', input: { email: 'ada@example.com' } });
    expect(fakes.inputOf('call')).toEqual({ email: 'ada@example.com' });
    fakes.reject('call', failure(100121));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 100121, msg: 'failure 100121' });

    actor.send({ type: 'CALL.SUBMIT', input: { email: 'ada@example.com' } });
    expect(actor.getSnapshot().context.error).toBeNull();
    fakes.resolve('call', { resend_after: 60 });
    await settle();
    expect(actor.getSnapshot().context.result).toEqual({ resend_after: 60 });
  });

  it('says how each call ended by name, once, after the state it names is reached', async () => {
    const { actor, fakes, emitted } = start();
    const statesSeen: unknown[] = [];
    actor.on('*', () => statesSeen.push(actor.getSnapshot().value));
    actor.start();

    actor.send({ type: 'CALL.SUBMIT', input: 1 });
    expect(emitted).toEqual([]);
    fakes.reject('call', failure(100121));
    await settle();
    expect(emitted).toEqual([{ type: 'failed', error: { code: 100121, msg: 'failure 100121' } }]);

    actor.send({ type: 'CALL.SUBMIT', input: 2 });
    fakes.resolve('call', { resend_after: 60 });
    await settle();
    expect(emitted).toEqual([
      { type: 'failed', error: { code: 100121, msg: 'failure 100121' } },
      { type: 'succeeded', output: { resend_after: 60 } },
    ]);
    expect(statesSeen).toEqual(['failed', 'succeeded']);

    // A call reset while running ends without a word.
    actor.send({ type: 'CALL.SUBMIT', input: 3 });
    actor.send({ type: 'CALL.RESET' });
    fakes.resolve('call', { resend_after: 30 });
    await settle();
    expect(emitted).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

const QUOTE = { count: 25, lines: [{ what: 'article' as const, price: 10, quantity: 1 }], per_item: 10, total: 250 };

describe('a deferred call', () => {
  it('starts once its input has stayed the same for the settle delay, with the latest input', async () => {
    const clock = new SimulatedClock();
    const { actor, fakes } = start(undefined, clock);
    actor.start();
    actor.send({ type: 'CALL.DEFER', input: { count: 2 } });
    clock.increment(200);
    actor.send({ type: 'CALL.DEFER', input: { count: 25 } });
    clock.increment(200);
    expect(fakes.started('call')).toBe(0);
    clock.increment(100);
    expect(fakes.started('call')).toBe(1);
    expect(fakes.inputOf('call')).toEqual({ count: 25 });
    fakes.resolve('call', QUOTE);
    await settle();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.result).toEqual(QUOTE);
  });

  it('drops the call of an input that changed while it was out, and keeps a failure as { code, msg }', async () => {
    const clock = new SimulatedClock();
    const { actor, fakes, emitted } = start(undefined, clock);
    actor.start();
    actor.send({ type: 'CALL.DEFER', input: { count: 2 } });
    clock.increment(300);
    actor.send({ type: 'CALL.DEFER', input: { count: 3 } });
    fakes.resolve('call', { ...QUOTE, count: 2 });
    await settle();
    expect(actor.getSnapshot().value).toBe('settling');
    expect(actor.getSnapshot().hasTag('succeeded')).toBe(false);
    expect(emitted).toEqual([]);
    clock.increment(300);
    fakes.reject('call', failure(100146));
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ code: 100146, msg: 'failure 100146' });
    actor.send({ type: 'CALL.RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

afterAll(() => {
  coverage.report();
});

it('call machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
