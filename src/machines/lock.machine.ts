import { assign, fromCallback, sendParent, setup } from 'xstate';
import type { LogoutRequested, SessionSignedIn, SessionSignedOut, SettingsChanged } from './announcements';
import { errorOf, toNotice, type FailureNotice } from '../shared/failure';
import { notProvided } from './notProvided';

/**
 * The lock screen (spec §4): locked by the header's button, or after `lockTime` minutes without
 * pointer or keyboard input (0 never). Locking tells the server (which then refuses the session's
 * other calls); unlocking needs the account's password, checked by the server. The lock survives a
 * reload: the stored lock info, or the user details' `locked`.
 */

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
  signedIn: boolean;
  /** Minutes; 0 never locks by itself. */
  lockTime: number;
  /** Stored lock info said locked at start. */
  lockedAtStart: boolean;
  /** Why the last unlock failed (wrong password). */
  error: FailureNotice | null;
}

export interface LockInput {
  locked?: boolean;
  signedIn?: boolean;
  lockTime?: number;
}

export const lockMachine = setup({
  types: {
    context: {} as LockContext,
    events: {} as LockEvent,
    input: {} as LockInput,
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
    signIn: assign({ signedIn: true }),
    signOut: assign({ signedIn: false, error: null, lockedAtStart: false }),
    setError: assign((_, error: unknown) => ({ error: toNotice(error) })),
    clearError: assign({ error: null }),
    forgetStartLock: assign({ lockedAtStart: false }),
    /** Writes (true) or removes (false) the lock info in storage (injected). */
    persistLock: (_, _locked: boolean) => {},
    requestLogout: sendParent((): LogoutRequested => ({ type: 'LOGOUT.REQUESTED' })),
  },
  guards: {
    lockedAtStart: ({ context }) => context.lockedAtStart,
    watchesIdle: ({ context }) => context.signedIn && context.lockTime > 0,
    isSignedIn: ({ context }) => context.signedIn,
    userLocked: ({ event }) => event.type === 'SESSION.SIGNED_IN' && event.user.locked,
    hasPassword: ({ event }) => event.type === 'UNLOCK.SUBMIT' && event.password !== '',
  },
}).createMachine({
  id: 'lock',
  context: ({ input }) => ({
    signedIn: input.signedIn ?? false,
    lockTime: input.lockTime ?? 0,
    lockedAtStart: input.locked ?? false,
    error: null,
  }),
  initial: 'starting',
  on: {
    'SETTINGS.CHANGED': { actions: 'applyLockTime' },
    'SESSION.SIGNED_OUT': { target: '.unlocked', actions: ['signOut', { type: 'persistLock', params: false }] },
  },
  states: {
    starting: {
      always: [{ guard: 'lockedAtStart', target: 'locked' }, { target: 'unlocked' }],
    },
    unlocked: {
      initial: 'checking',
      on: {
        LOCK: { guard: 'isSignedIn', target: 'locking' },
        'LOCK.DETECTED': { guard: 'isSignedIn', target: 'locked' },
        'SETTINGS.CHANGED': { target: '.checking', actions: 'applyLockTime' },
        'SESSION.SIGNED_IN': [
          { guard: 'userLocked', target: 'locked', actions: 'signIn' },
          { target: '.checking', actions: 'signIn' },
        ],
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
    locking: {
      entry: { type: 'persistLock', params: true },
      invoke: {
        src: 'lockSession',
        onDone: 'locked',
        // Locked on this screen all the same: the password is still needed to go on.
        onError: 'locked',
      },
    },
    locked: {
      entry: { type: 'persistLock', params: true },
      on: {
        'UNLOCK.SUBMIT': { guard: 'hasPassword', target: 'unlocking', actions: 'clearError' },
        'LOCK.LOGOUT': { actions: 'requestLogout' },
        'SESSION.SIGNED_IN': { actions: 'signIn' },
      },
    },
    unlocking: {
      invoke: {
        src: 'unlockSession',
        input: ({ event }) => ({ password: event.type === 'UNLOCK.SUBMIT' ? event.password : '' }),
        onDone: { target: 'unlocked', actions: [{ type: 'persistLock', params: false }, 'forgetStartLock'] },
        onError: { target: 'locked', actions: { type: 'setError', params: errorOf } },
      },
    },
  },
});

/** Whether the lock screen shows. */
export function isLockScreen(state: { matches: (value: 'locked' | 'locking' | 'unlocking') => boolean }): boolean {
  return state.matches('locked') || state.matches('locking') || state.matches('unlocking');
}
