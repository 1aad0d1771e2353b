import { expect } from 'vitest';
import { fromCallback, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { UserDetails } from '../../../contract/schemas/user';
import { persistLock } from '../../../src/app/storedState';
import type { LockInput } from '../../../src/machines/lock.machine';
import { StorageKey } from '../../../src/services/webCache';
import type { FailureNotice } from '../../../src/shared/failure';
import type { FakeActors } from '../modelPaths';
import { freshCache } from './freshCache';
import { leafOf } from './leafOf';

/**
 * The lock model's oracle: what the system must have done in each state, judged from the path's
 * events alone — the stored lock info, the activity watcher, the server's lock and unlock calls,
 * the logout asked of the session, the message the lock screen shows.
 */

const SCREEN = ['locking', 'locked', 'unlocking'];

export function createLockWorld(input: LockInput) {
  const cache = freshCache('lock');
  let watchers = 0;
  let logouts = 0;
  const provided = {
    actors: {
      watchActivity: fromCallback(() => {
        watchers += 1;
        return () => {
          watchers -= 1;
        };
      }),
    },
    actions: {
      persistLock: (_: unknown, locked: boolean) => persistLock(cache, locked),
      requestLogout: () => {
        logouts += 1;
      },
    },
  };

  // A stored lock is a session's: it counts only with the session it locked.
  let signedIn = input.locked ?? false;
  let lockTime = input.lockTime ?? 0;
  let before = 'starting';
  let seen = { lockSession: 0, unlockSession: 0, logouts: 0 };

  const oracle = (fakes: FakeActors) => (snapshot: AnyMachineSnapshot, event: EventObject, where: string) => {
    const now = leafOf(snapshot.value);
    const payload = event as EventObject & Record<string, unknown>;
    if (event.type === 'SETTINGS.CHANGED') lockTime = (payload.projectConfig as { lockTime: number }).lockTime;
    if (event.type === 'SESSION.SIGNED_IN') signedIn = true;
    if (event.type === 'SESSION.SIGNED_OUT') signedIn = false;
    const check = (what: string, actual: unknown, expected: unknown) => expect(actual, `${where}\n  in ${now}: ${what}`).toEqual(expected);
    const entered = now !== before;
    const calls = { lockSession: fakes.started('lockSession'), unlockSession: fakes.started('unlockSession'), logouts };

    // The lock screen shows exactly while the lock is stored (it survives a reload).
    check('stored lock', cache.getLocal(StorageKey.LOCK_INFO) ?? null, SCREEN.includes(now) ? { isLock: true } : null);
    // Activity is watched only while signed in, unlocked, with a lock time.
    check('watching activity', watchers, now === 'unlocked.signedIn.watching.waiting' ? 1 : 0);
    if (now.startsWith('unlocked')) {
      check('signed in or not', now === 'unlocked.signedOut', !signedIn);
      check('waits to lock by itself', now === 'unlocked.signedIn.watching.waiting', signedIn && lockTime > 0);
    }
    // What the views ask: whether the lock screen shows, and whether it is checking a password.
    check('lock screen shows', snapshot.hasTag('lockScreen'), SCREEN.includes(now));
    check('checking the password', snapshot.hasTag('checkingPassword'), now === 'unlocking');
    // The server is told of a lock this screen made, not of one another window made.
    check('lock calls', calls.lockSession - seen.lockSession, entered && now === 'locking' ? 1 : 0);
    if (now === 'locking') check('why it locks', event.type === 'LOCK' || event.type.startsWith('xstate.after.'), true);
    check('unlock calls', calls.unlockSession - seen.unlockSession, entered && now === 'unlocking' ? 1 : 0);
    if (entered && now === 'unlocking') {
      check('the password sent', fakes.inputOf('unlockSession'), { password: payload.password });
      check('a password was given', payload.password !== '', true);
    }
    check('logouts asked of the session', calls.logouts - seen.logouts, event.type === 'LOCK.LOGOUT' ? 1 : 0);
    // Locks need a session; signing out always unlocks; a user the server reports locked is locked.
    if (['LOCK', 'LOCK.DETECTED'].includes(event.type) && before.startsWith('unlocked'))
      check('locks only when signed in', SCREEN.includes(now), signedIn);
    if (event.type === 'SESSION.SIGNED_OUT') check('signing out unlocks', now.startsWith('unlocked'), true);
    if (event.type === 'SESSION.SIGNED_IN' && before.startsWith('unlocked'))
      check('a user locked on the server', now === 'locked', (payload.user as UserDetails).locked);
    // What the lock screen says: the server's refusal after a wrong password, nothing otherwise.
    const refusal = payload.error as FailureNotice | undefined;
    if (before === 'unlocking' && refusal)
      check('a refused password keeps the lock and says why', [now, snapshot.context.error?.code], ['locked', refusal.code]);
    if (before === 'unlocking' && event.type.startsWith('xstate.done.'))
      check('the server’s yes unlocks', [now.startsWith('unlocked'), snapshot.context.error], [true, null]);

    before = now;
    seen = calls;
  };

  return { provided, oracle };
}
