import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { quoteMachine } from '../../src/machines/quote.machine';
import { createFakeActors, settle } from './modelPaths';
import { failure } from './fixtures/accounts';

const QUOTE = { count: 25, lines: [{ what: 'article' as const, price: 10, quantity: 1 }], per_item: 10, total: 250 };

function start() {
  const fakes = createFakeActors(['quote']);
  const clock = new SimulatedClock();
  const actor = createActor(quoteMachine.provide({ actors: fakes.logic }), { clock });
  actor.start();
  return { actor, fakes, clock };
}

describe('quote machine', () => {
  it('asks once the form has been still for its settle delay, with the latest form', async () => {
    const { actor, fakes, clock } = start();
    actor.send({ type: 'QUOTE.ASK', input: { count: 2 } });
    clock.increment(200);
    actor.send({ type: 'QUOTE.ASK', input: { count: 25 } });
    clock.increment(200);
    expect(fakes.started('quote')).toBe(0);
    clock.increment(100);
    expect(fakes.started('quote')).toBe(1);
    expect(fakes.inputOf('quote')).toEqual({ count: 25 });
    fakes.resolve('quote', QUOTE);
    await settle();
    expect(actor.getSnapshot().value).toBe('quoted');
    expect(actor.getSnapshot().context.quote).toEqual(QUOTE);
  });

  it('drops the quote of a form that changed while it was asked, and keeps a failure as { code, msg }', async () => {
    const { actor, fakes, clock } = start();
    actor.send({ type: 'QUOTE.ASK', input: { count: 2 } });
    clock.increment(300);
    actor.send({ type: 'QUOTE.ASK', input: { count: 3 } });
    fakes.resolve('quote', { ...QUOTE, count: 2 });
    await settle();
    expect(actor.getSnapshot().value).toBe('settling');
    expect(actor.getSnapshot().context.quote).toBeNull();
    clock.increment(300);
    fakes.reject('quote', failure(100146));
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ code: 100146, msg: 'failure 100146' });
    actor.send({ type: 'QUOTE.CLEAR' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
