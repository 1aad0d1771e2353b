import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { connectionMachine } from '../../src/machines/connection.machine';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, type Model } from './modelPaths';

const model: Model<typeof connectionMachine> = { machine: connectionMachine };

const coverage = createTransitionCoverage('connection', connectionMachine);

/**
 * What the console should show, worked out apart from the machine: the banner after a lost network
 * or two timeouts in a row, gone (and the lists retried) after any answer or the user's retry.
 */
function createConnectionWorld() {
  let offline = false;
  let timeoutsInARow = 0;
  let retried = 0;
  const back = () => {
    if (offline) retried++;
    offline = false;
    timeoutsInARow = 0;
  };
  const follow = (event: EventObject) => {
    if (event.type === 'CONNECTION.LOST') {
      offline = true;
      timeoutsInARow = 0;
    }
    if (event.type === 'CONNECTION.FOUND' || event.type === 'CONNECTION.RETRY') back();
    if (event.type === 'CONNECTION.TIMED_OUT' && !offline && ++timeoutsInARow === 2) {
      offline = true;
      timeoutsInARow = 0;
    }
  };
  return { follow, expected: () => ({ offline, retried }) };
}

function start(inspect?: typeof coverage.inspect) {
  const actor = createActor(connectionMachine, inspect ? { inspect } : {});
  let retried = 0;
  actor.on('retried', () => retried++);
  return { actor, retried: () => retried };
}

describe('connection machine', () => {
  it('every generated path shows the banner exactly when the console should, and retries the lists on leaving it', async () => {
    const replayed = await replayAll(model, coverage, (inspect) => {
      const { actor, retried } = start(inspect);
      const world = createConnectionWorld();
      return {
        actor,
        fakes: createFakeActors([]),
        oracle: (snapshot: AnyMachineSnapshot, event: EventObject, where: string) => {
          world.follow(event);
          expect({ offline: snapshot.hasTag('offline'), retried: retried() }, where).toEqual(world.expected());
        },
      };
    });
    expect(replayed).toBeGreaterThan(0);
  });

  it('two timeouts in a row show the banner; an answer between them does not', () => {
    const { actor } = start();
    actor.start();
    actor.send({ type: 'CONNECTION.TIMED_OUT' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    actor.send({ type: 'CONNECTION.FOUND' });
    actor.send({ type: 'CONNECTION.TIMED_OUT' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    actor.send({ type: 'CONNECTION.TIMED_OUT' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    actor.send({ type: 'CONNECTION.FOUND' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
  });
});

afterAll(() => {
  coverage.report();
});

it('connection machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
