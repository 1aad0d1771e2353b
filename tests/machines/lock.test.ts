import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { DEFAULT_PROJECT_CONFIG, mergeProjectConfig } from '../../src/config/projectConfig';
import type { SettingsChanged } from '../../src/machines/announcements';
import { lockMachine, type LockInput } from '../../src/machines/lock.machine';
import { createTransitionCoverage } from './coverage';
import { USER_ADA } from './fixtures/accounts';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { createLockWorld } from './oracles/lockOracle';

const lockAfter = (minutes: number): SettingsChanged => ({
  type: 'SETTINGS.CHANGED',
  theme: 'light',
  locale: 'en',
  projectConfig: mergeProjectConfig(DEFAULT_PROJECT_CONFIG, { lockTime: minutes }),
});

const WRONG = Object.assign(new Error('wrong password'), { kind: 'business', code: 100120, msg: 'Wrong password' });

function lockWith(fakes: ReturnType<typeof createFakeActors>, record: (name: string, params?: unknown) => void = () => {}) {
  return lockMachine.provide({ actors: fakes.logic }).provide({
    actors: {
      watchActivity: fromCallback(() => {
        record('watching');
        return () => record('stopped watching');
      }),
    },
    actions: {
      persistLock: (_, locked) => record('persist', locked),
      requestLogout: () => record('logout'),
    },
  });
}

const modelFakes = createFakeActors(['lockSession', 'unlockSession']);
const model: Model<ReturnType<typeof lockWith>> = {
  machine: lockWith(modelFakes),
  input: {},
  events: {
    'SETTINGS.CHANGED': [lockAfter(5), lockAfter(0)],
    'SESSION.SIGNED_IN': [
      { type: 'SESSION.SIGNED_IN', user: USER_ADA },
      { type: 'SESSION.SIGNED_IN', user: { ...USER_ADA, locked: true } },
    ],
    'SESSION.SIGNED_OUT': [{ type: 'SESSION.SIGNED_OUT', reason: 'logout' }],
    'UNLOCK.SUBMIT': [
      { type: 'UNLOCK.SUBMIT', password: '' },
      { type: 'UNLOCK.SUBMIT', password: 'secret-1' },
    ],
  },
  errors: { unlockSession: [WRONG] },
  delays: { lockDelay: (snapshot) => snapshot.context.lockTime * 60_000 },
  serializeState: (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.lockTime, snapshot.context.error?.code ?? null]),
};

const coverage = createTransitionCoverage('lock', lockMachine);

function start(input: LockInput = {}, record?: (name: string, params?: unknown) => void, inspect?: typeof coverage.inspect) {
  const fakes = createFakeActors(['lockSession', 'unlockSession']);
  const actor = createActor(lockWith(fakes, record), { input, ...(inspect ? { inspect } : {}) });
  return { actor, fakes };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('lock machine', () => {
  it('every generated path reaches the states the graph predicts, and the oracle agrees at every step', async () => {
    const watched = (inspect: typeof coverage.inspect) => {
      const fakes = createFakeActors(['lockSession', 'unlockSession']);
      const world = createLockWorld({});
      const actor = createActor(lockMachine.provide({ actors: fakes.logic }).provide(world.provided), { input: {}, inspect });
      return { actor, fakes, oracle: world.oracle(fakes) };
    };
    expect(await replayAll(model, coverage, watched)).toBeGreaterThan(0);
    const restored = start({ locked: true }, undefined, coverage.inspect).actor;
    restored.start();
    expect(restored.getSnapshot().value).toBe('locked');
  });

  it('locks after lockTime minutes without input; input restarts the wait; 0 never locks', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ lockTime: 2 }, record);
    actor.start();
    actor.send({ type: 'SESSION.SIGNED_IN', user: USER_ADA });
    expect(record).toHaveBeenCalledWith('watching');
    await vi.advanceTimersByTimeAsync(119_000);
    actor.send({ type: 'ACTIVITY' });
    await vi.advanceTimersByTimeAsync(119_000);
    expect(actor.getSnapshot().matches({ unlocked: { signedIn: 'watching' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().value).toBe('locking');
    expect(record).toHaveBeenCalledWith('persist', true);
    expect(record).toHaveBeenCalledWith('stopped watching');
    expect(fakes.started('lockSession')).toBe(1);
    fakes.resolve('lockSession', null);
    await settle();
    expect(actor.getSnapshot().hasTag('lockScreen')).toBe(true);

    const never = start({ lockTime: 0 }).actor;
    never.start();
    never.send({ type: 'SESSION.SIGNED_IN', user: USER_ADA });
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(never.getSnapshot().matches({ unlocked: { signedIn: 'inactive' } })).toBe(true);
  });

  it('a wrong password keeps the screen locked with the server’s message; the right one unlocks and forgets the stored lock', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ locked: true }, record);
    actor.start();
    actor.send({ type: 'UNLOCK.SUBMIT', password: 'nope' });
    expect(fakes.inputOf('unlockSession')).toEqual({ password: 'nope' });
    fakes.reject('unlockSession', WRONG);
    await settle();
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.error).toEqual({ code: 100120, msg: 'Wrong password' });
    actor.send({ type: 'UNLOCK.SUBMIT', password: 'secret-1' });
    expect(actor.getSnapshot().context.error).toBeNull();
    fakes.resolve('unlockSession', null);
    await settle();
    // A lock is a session's: unlocked, the session goes on signed in.
    expect(actor.getSnapshot().matches({ unlocked: 'signedIn' })).toBe(true);
    expect(record).toHaveBeenLastCalledWith('persist', false);
  });

  it('a manual lock needs a session; logout from the lock screen asks the session; signing out unlocks', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({}, record);
    actor.start();
    actor.send({ type: 'LOCK' });
    expect(actor.getSnapshot().matches({ unlocked: 'signedOut' })).toBe(true);
    actor.send({ type: 'SESSION.SIGNED_IN', user: USER_ADA });
    actor.send({ type: 'LOCK' });
    fakes.reject('lockSession', new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'LOCK.LOGOUT' });
    expect(record).toHaveBeenCalledWith('logout');
    actor.send({ type: 'SESSION.SIGNED_OUT', reason: 'logout' });
    expect(actor.getSnapshot().matches({ unlocked: 'signedOut' })).toBe(true);
    expect(record).toHaveBeenLastCalledWith('persist', false);
  });

  it('a call refused for a lock made in another window shows the lock screen without locking again', () => {
    const record = vi.fn();
    const { actor, fakes } = start({}, record);
    actor.start();
    actor.send({ type: 'LOCK.DETECTED' });
    expect(actor.getSnapshot().matches({ unlocked: 'signedOut' })).toBe(true);
    actor.send({ type: 'SESSION.SIGNED_IN', user: USER_ADA });
    actor.send({ type: 'LOCK.DETECTED' });
    expect(actor.getSnapshot().value).toBe('locked');
    expect(fakes.started('lockSession')).toBe(0);
    expect(record).toHaveBeenCalledWith('persist', true);
  });

  it('a user the server reports locked gets the lock screen at sign-in', () => {
    const { actor } = start();
    actor.start();
    actor.send({ type: 'SESSION.SIGNED_IN', user: { ...USER_ADA, locked: true } });
    expect(actor.getSnapshot().value).toBe('locked');
  });
});

afterAll(() => {
  coverage.report();
});

it('lock machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
