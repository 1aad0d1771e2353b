import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { callMachine, type CallEmitted } from '../../src/machines/call.machine';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { failure } from './fixtures/accounts';

const model: Model<typeof callMachine> = {
  machine: callMachine,
  events: { 'CALL.SUBMIT': [{ type: 'CALL.SUBMIT', input: { email: 'ada@example.com' } }] },
  outputs: { call: [{ resend_after: 60 }] },
  errors: { call: [failure(100121)] },
};

const coverage = createTransitionCoverage('call', callMachine);

function start(inspect?: typeof coverage.inspect) {
  const fakes = createFakeActors(['call']);
  const actor = createActor(callMachine.provide({ actors: fakes.logic }), inspect ? { inspect } : {});
  const emitted: CallEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  return { actor, fakes, emitted };
}

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

afterAll(() => {
  coverage.report();
});

it('call machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
