import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { formMachine } from '../../src/machines/form.machine';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { failure } from './fixtures/accounts';

const model: Model<typeof formMachine> = {
  machine: formMachine,
  events: { 'FORM.SUBMIT': [{ type: 'FORM.SUBMIT', input: { email: 'ada@example.com' } }] },
  outputs: { submit: [{ resend_after: 60 }] },
  errors: { submit: [failure(100121)] },
};

const coverage = createTransitionCoverage('form', formMachine);

function start(inspect?: typeof coverage.inspect) {
  const fakes = createFakeActors(['submit']);
  const actor = createActor(formMachine.provide({ actors: fakes.logic }), inspect ? { inspect } : {});
  return { actor, fakes };
}

describe('form machine', () => {
  it('every generated path reaches the states the graph predicts', async () => {
    expect(await replayAll(model, coverage, (inspect) => start(inspect))).toBeGreaterThan(0);
  });

  it('submits the input, keeps the result, and a failure as { code, msg }', async () => {
    const { actor, fakes } = start();
    actor.start();
    actor.send({ type: 'FORM.SUBMIT', input: { email: 'ada@example.com' } });
    expect(fakes.inputOf('submit')).toEqual({ email: 'ada@example.com' });
    fakes.reject('submit', failure(100121));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 100121, msg: 'failure 100121' });

    actor.send({ type: 'FORM.SUBMIT', input: { email: 'ada@example.com' } });
    expect(actor.getSnapshot().context.error).toBeNull();
    fakes.resolve('submit', { resend_after: 60 });
    await settle();
    expect(actor.getSnapshot().context.result).toEqual({ resend_after: 60 });
  });
});

afterAll(() => {
  coverage.report();
});

it('form machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
