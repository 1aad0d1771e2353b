import { assign, fromCallback, sendParent, setup } from 'xstate';
import type { LogoutRequested, SessionSignedIn, SessionSignedOut, SettingsChanged } from './announcements';
import { errorOf, toNotice, type FailureNotice } from '../shared/failure';
import { notProvided } from './notProvided';

/**
 * The lock screen (spec §4): locked by the header's button, or after `lockTime` minutes without
 * pointer or keyboard input (0 never). Locking tells the server (which then refuses the session's
 * other calls); unlocking needs the account's password, checked by the server. The lock survives a
 * reload: the stored lock info, or the user details' `locked`.
 *
 * Whether a session is signed in is a state, not a flag: `unlocked.signedOut` / `unlocked.signedIn`.
 * A lock is always a session's (the stored lock counts only with the session it locked), so the
 * lock screen's states need no such split: unlocking leads back to `unlocked.signedIn`.
 */

/** What a lock state means to the views (`snapshot.hasTag(...)`). */
export type LockTag =
  /** The lock screen shows: locking, locked, or checking the password. */
  | 'lockScreen'
  /** The server is checking the password typed on the lock screen. */
  | 'checkingPassword'
  /**
   * The server has not yet confirmed the lock: a password sent now would race it (the unlock could
   * land first and the lock after it), so the screen waits with its button off.
   */
  | 'confirmingLock';

export type LockEvent =
  | { type: 'LOCK' }
  /** A call was refused because the session is locked (another window locked it): lock here too. */
  | { type: 'LOCK.DETECTED' }
  | { type: 'ACTIVITY' }
  | { type: 'UNLOCK.SUBMIT'; password: string }
  | { type: 'LOCK.LOGOUT' }
  | SettingsChanged
  | SessionSignedIn
  | SessionSignedOut;

export interface LockContext {
  /** Minutes; 0 never locks by itself. */
  lockTime: number;
  /** Stored lock info said locked at start. */
  lockedAtStart: boolean;
  /** Why the last unlock failed (wrong password). */
  error: FailureNotice | null;
}

export interface LockInput {
  locked?: boolean;
  lockTime?: number;
}

export const lockMachine = setup({
  types: {
    context: {} as LockContext,
    events: {} as LockEvent,
    input: {} as LockInput,
    tags: {} as LockTag,
  },
  actors: {
    /** Sends ACTIVITY to its parent on pointer or keyboard input (injected: src/services/idle). */
    watchActivity: fromCallback(() => () => {}),
    /** POST /api/v1/user/lock. */
    lockSession: notProvided<unknown, void>('lockSession'),
    /** POST /api/v1/user/unlock { password }. */
    unlockSession: notProvided<unknown, { password: string }>('unlockSession'),
  },
  delays: {
    lockDelay: ({ context }) => context.lockTime * 60_000,
  },
  actions: {
    applyLockTime: assign(({ event }) => (event.type === 'SETTINGS.CHANGED' ? { lockTime: event.projectConfig.lockTime } : {})),
    forgetLock: assign({ error: null, lockedAtStart: false }),
    setError: assign((_, error: unknown) => ({ error: toNotice(error) })),
    clearError: assign({ error: null }),
    forgetStartLock: assign({ lockedAtStart: false }),
    /** Writes (true) or removes (false) the lock info in storage (injected). */
    persistLock: (_, _locked: boolean) => {},
    requestLogout: sendParent((): LogoutRequested => ({ type: 'LOGOUT.REQUESTED' })),
  },
  guards: {
    lockedAtStart: ({ context }) => context.lockedAtStart,
    watchesIdle: ({ context }) => context.lockTime > 0,
    userLocked: ({ event }) => event.type === 'SESSION.SIGNED_IN' && event.user.locked,
    hasPassword: ({ event }) => event.type === 'UNLOCK.SUBMIT' && event.password !== '',
  },
}).createMachine({
  id: 'lock',
  context: ({ input }) => ({
    lockTime: input.lockTime ?? 0,
    lockedAtStart: input.locked ?? false,
    error: null,
  }),
  initial: 'starting',
  on: {
    'SETTINGS.CHANGED': { actions: 'applyLockTime' },
    'SESSION.SIGNED_OUT': { target: '.unlocked.signedOut', actions: ['forgetLock', { type: 'persistLock', params: false }] },
  },
  states: {
    starting: {
      always: [{ guard: 'lockedAtStart', target: 'locked' }, { target: 'unlocked' }],
    },
    unlocked: {
      initial: 'signedOut',
      on: {
        // Signing in (again) decides anew whether to watch for input.
        'SESSION.SIGNED_IN': [{ guard: 'userLocked', target: 'locked' }, { target: '.signedIn' }],
      },
      states: {
        /** No session: nothing to lock. */
        signedOut: {},
        signedIn: {
          initial: 'checking',
          on: {
            LOCK: { target: '#lock.locking' },
            'LOCK.DETECTED': { target: '#lock.locked' },
            'SETTINGS.CHANGED': { target: '.checking', actions: 'applyLockTime' },
          },
          states: {
            checking: {
              always: [{ guard: 'watchesIdle', target: 'watching' }, { target: 'inactive' }],
            },
            inactive: {},
            watching: {
              invoke: { src: 'watchActivity' },
              initial: 'waiting',
              states: {
                waiting: {
                  after: { lockDelay: '#lock.locking' },
                  on: { ACTIVITY: { target: 'waiting', reenter: true } },
                },
              },
            },
          },
        },
      },
    },
    locking: {
      tags: ['lockScreen', 'confirmingLock'],
      entry: { type: 'persistLock', params: true },
      invoke: {
        src: 'lockSession',
        onDone: 'locked',
        // Locked on this screen all the same: the password is still needed to go on.
        onError: 'locked',
      },
    },
    locked: {
      tags: 'lockScreen',
      entry: { type: 'persistLock', params: true },
      on: {
        'UNLOCK.SUBMIT': { guard: 'hasPassword', target: 'unlocking', actions: 'clearError' },
        'LOCK.LOGOUT': { actions: 'requestLogout' },
      },
    },
    unlocking: {
      tags: ['lockScreen', 'checkingPassword'],
      invoke: {
        src: 'unlockSession',
        input: ({ event }) => ({ password: event.type === 'UNLOCK.SUBMIT' ? event.password : '' }),
        onDone: { target: 'unlocked.signedIn', actions: [{ type: 'persistLock', params: false }, 'forgetStartLock'] },
        onError: { target: 'locked', actions: { type: 'setError', params: errorOf } },
      },
    },
  },
});
