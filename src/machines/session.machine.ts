import { assign, sendParent, setup } from 'xstate';
import type { LoginBody, LoginMobileBody, LoginResult } from '../../contract/schemas/auth';
import type { UserDetails } from '../../contract/schemas/user';
import { ResultCode } from '../../contract/codes';
import type { SessionTimeoutProcessing } from '../config/projectConfig';
import { USER_RETRY_MS } from '../config/constants';
import type { SessionSignedIn, SessionSignedOut, SettingsChanged } from './announcements';
import { notProvided } from './notProvided';
import { errorOf, hasCode, toFailure, toNotice, type FailureNotice } from '../shared/failure';
import { endsSession } from './request.failure';

/**
 * The session (spec §4 Session, §8): login with an optional second factor (TOTP), the user's
 * details, logout, and expiry handled by the re-login overlay or a redirect to login.
 */

export interface CaptchaAnswer {
  key: string;
  code: string;
}

export type Credentials =
  | { method: 'password'; username: string; password: string; captcha?: CaptchaAnswer }
  | { method: 'mobile'; mobile: string; code: string };

/** What the `signIn` actor sends: POST login or POST login_mobile. */
export type SignInInput = { method: 'password'; body: LoginBody } | { method: 'mobile'; body: LoginMobileBody };

export type SessionEvent =
  | { type: 'LOGIN.SUBMIT'; username: string; password: string; captcha?: CaptchaAnswer }
  | { type: 'LOGIN.SECOND_FACTOR_SUBMIT'; code: string }
  | { type: 'LOGIN.MOBILE_SUBMIT'; mobile: string; code: string }
  | { type: 'LOGIN.TOKEN_RECEIVED'; login: LoginResult }
  | { type: 'LOGIN.CANCEL' }
  | { type: 'LOGOUT' }
  | { type: 'SESSION.EXPIRED' }
  /** Something changed the user on the server (authenticator bound, profile saved): read it again. */
  | { type: 'USER.RELOAD' }
  /** The user changed the password the server required changed (issue 14): the session goes on. */
  | { type: 'PASSWORD.CHANGED' }
  | SettingsChanged;

export interface SessionContext {
  token: string | null;
  user: UserDetails | null;
  error: FailureNotice | null;
  /** The server asked for a graphic captcha (code 100121): the login form shows one. */
  captchaRequired: boolean;
  /** The last username typed or logged in (prefilled on the overlay). */
  username: string;
  /** Kept between the password and the second-factor step only. */
  credentials: Credentials | null;
  /** The second-factor code being verified. */
  secondFactorCode: string;
  timeoutProcessing: SessionTimeoutProcessing;
}

export interface SessionInput {
  token?: string | null;
  user?: UserDetails | null;
  timeoutProcessing?: SessionTimeoutProcessing;
}

function signInInput({ credentials }: SessionContext, googleCode?: string): SignInInput {
  const secondFactor = googleCode ? { google_code: googleCode } : {};
  if (credentials?.method === 'mobile') {
    return { method: 'mobile', body: { mobile: credentials.mobile, code: credentials.code, ...secondFactor } };
  }
  const { username = '', password = '', captcha } = credentials ?? {};
  const captchaAnswer = captcha ? { captcha_key: captcha.key, captcha_code: captcha.code } : {};
  return { method: 'password', body: { username, password, ...secondFactor, ...captchaAnswer } };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** Password or mobile-code login, with the second factor when given. */
    signIn: notProvided<LoginResult, SignInInput>('signIn'),
    fetchUser: notProvided<UserDetails, { token: string }>('fetchUser'),
    logout: notProvided<void, { token: string | null }>('logout'),
  },
  actions: {
    rememberCredentials: assign(({ event }) => {
      if (event.type === 'LOGIN.MOBILE_SUBMIT') return { credentials: { method: 'mobile', mobile: event.mobile, code: event.code }, error: null };
      if (event.type !== 'LOGIN.SUBMIT') return {};
      const { username, password, captcha } = event;
      return { credentials: { method: 'password', username, password, ...(captcha ? { captcha } : {}) }, username, error: null };
    }),
    rememberSecondFactorCode: assign(({ event }) => (event.type === 'LOGIN.SECOND_FACTOR_SUBMIT' ? { secondFactorCode: event.code, error: null } : {})),
    forgetCredentials: assign({ credentials: null, secondFactorCode: '' }),
    clearError: assign({ error: null }),
    acceptLogin: assign((_, login: LoginResult) => ({
      token: login.token,
      username: login.username,
      error: null,
      captchaRequired: false,
      credentials: null,
      secondFactorCode: '',
    })),
    rememberError: assign((_, error: unknown) => ({ error: toNotice(error) })),
    requireCaptcha: assign((_, error: unknown) => ({ error: toNotice(error), captchaRequired: true })),
    acceptUser: assign((_, user: UserDetails) => ({ user, username: user.username })),
    /** The password was changed: the kept user no longer has to (until the server says otherwise). */
    markPasswordChanged: assign(({ context }) => (context.user ? { user: { ...context.user, mustChangePassword: false } } : {})),
    dropToken: assign({ token: null }),
    forgetSession: assign({ token: null, user: null, credentials: null, secondFactorCode: '', error: null }),
    applySettings: assign(({ event }) => (event.type === 'SETTINGS.CHANGED' ? { timeoutProcessing: event.projectConfig.sessionTimeoutProcessing } : {})),
    /** Writes token and user to storage (injected: machines never touch storage). */
    persistSession: () => {},
    /** Clears the token, the user and the session's storage (injected). */
    clearPersistedSession: () => {},
    announceSignedIn: sendParent(({ context }): SessionSignedIn => ({ type: 'SESSION.SIGNED_IN', user: context.user as UserDetails })),
    announceSignedOut: sendParent((_, reason: SessionSignedOut['reason']): SessionSignedOut => ({ type: 'SESSION.SIGNED_OUT', reason })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    secondFactorRequired: (_, error: unknown) => hasCode(error, ResultCode.SECOND_FACTOR_REQUIRED),
    secondFactorWrong: (_, error: unknown) => hasCode(error, ResultCode.SECOND_FACTOR_WRONG),
    captchaDemanded: (_, error: unknown) => hasCode(error, ResultCode.CAPTCHA_REQUIRED) || hasCode(error, ResultCode.CAPTCHA_WRONG),
    overlayOnTimeout: ({ context }) => context.timeoutProcessing === 'overlay',
    sameAccount: ({ context }, login: LoginResult) => context.user !== null && context.user.id === login.id,
    /** A 401 or a session-ending code: the server refused the token (anything else is the network or the server failing). */
    refusesToken: (_, error: unknown) => endsSession(toFailure(error)),
    /** Issue 14: the password was reset by the owner or the operator and must be changed first. */
    mustChangePassword: (_, user: UserDetails) => user.mustChangePassword === true,
    /** The user kept from storage is the one this token belongs to (a new login of another account has none yet). */
    hasKeptUser: ({ context }) => context.user !== null && context.user.username === context.username,
    keptUserMustChangePassword: ({ context }) =>
      context.user !== null && context.user.username === context.username && context.user.mustChangePassword === true,
  },
  delays: {
    /** How long the console waits before asking again for user details it could not load. */
    userRetryDelay: USER_RETRY_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token ?? null,
    user: input.user ?? null,
    error: null,
    captchaRequired: false,
    username: input.user?.username ?? '',
    credentials: null,
    secondFactorCode: '',
    timeoutProcessing: input.timeoutProcessing ?? 'overlay',
  }),
  initial: 'restoring',
  on: {
    'SETTINGS.CHANGED': { actions: 'applySettings' },
  },
  states: {
    restoring: {
      always: [{ guard: 'hasToken', target: 'loadingUser' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: {
        'LOGIN.SUBMIT': { target: 'authenticating', actions: 'rememberCredentials' },
        'LOGIN.MOBILE_SUBMIT': { target: 'authenticating', actions: 'rememberCredentials' },
        'LOGIN.TOKEN_RECEIVED': {
          target: 'loadingUser',
          actions: [{ type: 'acceptLogin', params: ({ event }) => event.login }, 'persistSession'],
        },
      },
    },
    authenticating: {
      invoke: {
        src: 'signIn',
        input: ({ context }) => signInInput(context),
        onDone: {
          target: 'loadingUser',
          actions: [{ type: 'acceptLogin', params: ({ event }) => event.output }, 'persistSession'],
        },
        onError: [
          { guard: { type: 'secondFactorRequired', params: errorOf }, target: 'secondFactor' },
          {
            guard: { type: 'captchaDemanded', params: errorOf },
            target: 'loggedOut',
            actions: [{ type: 'requireCaptcha', params: errorOf }, 'forgetCredentials'],
          },
          { target: 'loggedOut', actions: [{ type: 'rememberError', params: errorOf }, 'forgetCredentials'] },
        ],
      },
    },
    secondFactor: {
      initial: 'awaitingCode',
      states: {
        awaitingCode: {
          on: {
            'LOGIN.SECOND_FACTOR_SUBMIT': { target: 'verifying', actions: 'rememberSecondFactorCode' },
            'LOGIN.CANCEL': { target: '#session.loggedOut', actions: ['forgetCredentials', 'clearError'] },
          },
        },
        verifying: {
          invoke: {
            src: 'signIn',
            input: ({ context }) => signInInput(context, context.secondFactorCode),
            onDone: {
              target: '#session.loadingUser',
              actions: [{ type: 'acceptLogin', params: ({ event }) => event.output }, 'persistSession'],
            },
            onError: [
              {
                guard: { type: 'secondFactorWrong', params: errorOf },
                target: 'awaitingCode',
                actions: { type: 'rememberError', params: errorOf },
              },
              {
                guard: { type: 'captchaDemanded', params: errorOf },
                target: '#session.loggedOut',
                actions: [{ type: 'requireCaptcha', params: errorOf }, 'forgetCredentials'],
              },
              {
                target: '#session.loggedOut',
                actions: [{ type: 'rememberError', params: errorOf }, 'forgetCredentials'],
              },
            ],
          },
        },
      },
    },
    loadingUser: {
      invoke: {
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'mustChangePassword', params: ({ event }) => event.output },
            target: 'passwordChangeRequired',
            actions: [{ type: 'acceptUser', params: ({ event }) => event.output }, 'persistSession'],
          },
          {
            target: 'ready',
            actions: [{ type: 'acceptUser', params: ({ event }) => event.output }, 'persistSession', 'announceSignedIn'],
          },
        ],
        // Spec §2 guard 5: only a refused token signs out; when the network or the server fails, the
        // session goes on with the user kept from the last visit, or without one until it loads.
        onError: [
          {
            guard: { type: 'refusesToken', params: errorOf },
            target: 'loggedOut',
            actions: ['forgetSession', 'clearPersistedSession', { type: 'announceSignedOut', params: 'refused' }],
          },
          { guard: 'keptUserMustChangePassword', target: 'passwordChangeRequired' },
          { guard: 'hasKeptUser', target: 'ready', actions: 'announceSignedIn' },
          { target: 'userUnavailable' },
        ],
      },
    },
    /** The user's details could not be loaded (network, server error): tried again after a pause. */
    userUnavailable: {
      after: { userRetryDelay: 'loadingUser' },
      on: {
        'USER.RELOAD': { target: 'loadingUser' },
        LOGOUT: { target: 'loggingOut' },
        'SESSION.EXPIRED': {
          target: 'loggedOut',
          actions: ['forgetSession', 'clearPersistedSession', { type: 'announceSignedOut', params: 'expired' }],
        },
      },
    },
    /**
     * Issue 14: the owner or the operator reset the password; the server answers nothing else until
     * it is changed, so nothing of the console opens before (the view shows the change form).
     */
    passwordChangeRequired: {
      on: {
        'PASSWORD.CHANGED': { target: 'loadingUser', actions: 'markPasswordChanged' },
        LOGOUT: { target: 'loggingOut' },
        'SESSION.EXPIRED': {
          target: 'loggedOut',
          actions: ['forgetSession', 'clearPersistedSession', { type: 'announceSignedOut', params: 'expired' }],
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'USER.RELOAD': { target: 'reloadingUser' } },
        },
        reloadingUser: {
          invoke: {
            src: 'fetchUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: { target: 'idle', actions: [{ type: 'acceptUser', params: ({ event }) => event.output }, 'persistSession'] },
            // A refused token reaches the request layer, which reports SESSION.EXPIRED; anything else keeps the user as is.
            onError: { target: 'idle' },
          },
        },
      },
      on: {
        LOGOUT: { target: 'loggingOut' },
        'SESSION.EXPIRED': [
          { guard: 'overlayOnTimeout', target: 'timedOut', actions: ['dropToken', 'persistSession'] },
          {
            target: 'loggedOut',
            actions: ['forgetSession', 'clearPersistedSession', { type: 'announceSignedOut', params: 'expired' }],
          },
        ],
      },
    },
    timedOut: {
      on: {
        'LOGIN.SUBMIT': { target: 'reauthenticating', actions: 'rememberCredentials' },
        'LOGIN.TOKEN_RECEIVED': [
          {
            guard: { type: 'sameAccount', params: ({ event }) => event.login },
            target: 'ready',
            actions: [{ type: 'acceptLogin', params: ({ event }) => event.login }, 'persistSession'],
          },
          { target: 'loadingUser', actions: [{ type: 'acceptLogin', params: ({ event }) => event.login }, 'persistSession'] },
        ],
        LOGOUT: {
          target: 'loggedOut',
          actions: ['forgetSession', 'clearPersistedSession', { type: 'announceSignedOut', params: 'logout' }],
        },
      },
    },
    reauthenticating: {
      initial: 'withPassword',
      states: {
        withPassword: {
          invoke: {
            src: 'signIn',
            input: ({ context }) => signInInput(context),
            onDone: [
              {
                guard: { type: 'sameAccount', params: ({ event }) => event.output },
                target: '#session.ready',
                actions: [{ type: 'acceptLogin', params: ({ event }) => event.output }, 'persistSession'],
              },
              {
                target: '#session.loadingUser',
                actions: [{ type: 'acceptLogin', params: ({ event }) => event.output }, 'persistSession'],
              },
            ],
            onError: [
              { guard: { type: 'secondFactorRequired', params: errorOf }, target: 'awaitingCode' },
              {
                guard: { type: 'captchaDemanded', params: errorOf },
                target: '#session.timedOut',
                actions: [{ type: 'requireCaptcha', params: errorOf }, 'forgetCredentials'],
              },
              {
                target: '#session.timedOut',
                actions: [{ type: 'rememberError', params: errorOf }, 'forgetCredentials'],
              },
            ],
          },
        },
        awaitingCode: {
          on: {
            'LOGIN.SECOND_FACTOR_SUBMIT': { target: 'verifying', actions: 'rememberSecondFactorCode' },
            'LOGIN.CANCEL': { target: '#session.timedOut', actions: ['forgetCredentials', 'clearError'] },
          },
        },
        verifying: {
          invoke: {
            src: 'signIn',
            input: ({ context }) => signInInput(context, context.secondFactorCode),
            onDone: [
              {
                guard: { type: 'sameAccount', params: ({ event }) => event.output },
                target: '#session.ready',
                actions: [{ type: 'acceptLogin', params: ({ event }) => event.output }, 'persistSession'],
              },
              {
                target: '#session.loadingUser',
                actions: [{ type: 'acceptLogin', params: ({ event }) => event.output }, 'persistSession'],
              },
            ],
            onError: [
              {
                guard: { type: 'secondFactorWrong', params: errorOf },
                target: 'awaitingCode',
                actions: { type: 'rememberError', params: errorOf },
              },
              {
                target: '#session.timedOut',
                actions: [{ type: 'rememberError', params: errorOf }, 'forgetCredentials'],
              },
            ],
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'loggedOut',
          actions: ['forgetSession', 'clearPersistedSession', { type: 'announceSignedOut', params: 'logout' }],
        },
        onError: {
          target: 'loggedOut',
          actions: ['forgetSession', 'clearPersistedSession', { type: 'announceSignedOut', params: 'logout' }],
        },
      },
    },
  },
});
