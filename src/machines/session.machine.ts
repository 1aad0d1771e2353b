import { assign, sendParent, setup } from 'xstate';
import type { LoginBody, LoginMobileBody, LoginResult } from '../../contract/schemas/auth';
import type { Role, UserDetails } from '../../contract/schemas/user';
import { ResultCode } from '../../contract/codes';
import type { SessionTimeoutProcessing } from '../config/projectConfig';
import { USER_RETRY_MS } from '../config/constants';
import type { AccessRequested, SessionAccess, SessionSignedIn, SessionSignedOut, SettingsChanged, UserSettled } from './announcements';
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
  { method: 'password'; username: string; password: string; captcha?: CaptchaAnswer } | { method: 'mobile'; mobile: string; code: string };

/** What the `signIn` actor sends: POST login or POST login_mobile. */
export type SignInInput = { method: 'password'; body: LoginBody } | { method: 'mobile'; body: LoginMobileBody };

export type SessionEvent =
  | { type: 'LOGIN.SUBMIT'; username: string; password: string; captcha?: CaptchaAnswer }
  | { type: 'LOGIN.SECOND_FACTOR_SUBMIT'; code: string }
  | { type: 'LOGIN.MOBILE_SUBMIT'; mobile: string; code: string }
  | { type: 'LOGIN.TOKEN_RECEIVED'; login: LoginResult }
  | { type: 'LOGIN.CANCEL' }
  | { type: 'LOGOUT' }
  | { type: 'SESSION.EXPIRED'; replaced?: boolean }
  /** Something changed the user on the server (authenticator bound, profile saved): read it again. */
  | { type: 'USER.RELOAD' }
  /** The user changed the password the server required changed: the session goes on. */
  | { type: 'PASSWORD.CHANGED' }
  /** The user bound the authenticator the operator requires: the session goes on. */
  | { type: 'AUTHENTICATOR.BOUND' }
  | AccessRequested
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
  /** The user's roles with their names, as the user store keeps them beside the role values (spec §3). */
  roleRoleList: Role[];
  /** When the user's details were last read from the server (epoch ms; spec §3 "last update time"). */
  lastUpdateTime: number | null;
}

export interface SessionInput {
  token?: string | null;
  user?: UserDetails | null;
  timeoutProcessing?: SessionTimeoutProcessing;
  /** The account last signed in on this browser (the stored locale info's userAccount, spec §3). */
  username?: string;
  roleRoleList?: Role[];
  lastUpdateTime?: number | null;
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

/** What a session state means to the views (`snapshot.hasTag(...)`). */
export type SessionTag =
  /** The server is checking a login (password, mobile code, second factor), or the user's details after one: the form waits. */
  | 'busy'
  /** The second factor is asked (at first login or on the overlay). */
  | 'secondFactor'
  /** The session expired with the overlay on: the re-login overlay covers the kept page. */
  | 'overlay'
  /** The session is still finding out who the user is: loading the details, or a required password change. */
  | 'settlingUser'
  /** The password must be changed before anything opens. */
  | 'passwordChangeRequired'
  /** An authenticator must be bound before anything opens (the operator requires one). */
  | 'authenticatorBindingRequired';

/* The machine's named groups: what happens together, said once. */

const loginOutput = ({ event }: { event: { output: LoginResult } }) => event.output;
const receivedLogin = ({ event }: { event: { login: LoginResult } }) => event.login;

/** The user's details the server answered: kept and stored. */
const acceptLoadedUser = [
  { type: 'acceptUser', params: ({ event }: { event: { output: UserDetails } }) => event.output },
  'persistSession',
] as const;
/** A login the server accepted (the answer of `signIn`): its token kept and stored. */
const acceptSignedIn = [{ type: 'acceptLogin', params: loginOutput }, 'persistSession'] as const;
/** A login made elsewhere (a token received): kept and stored the same way. */
const acceptReceivedLogin = [{ type: 'acceptLogin', params: receivedLogin }, 'persistSession'] as const;
/** A login refused: the server's message shown, the typed credentials forgotten. */
const refuseLogin = [{ type: 'rememberError', params: errorOf }, 'forgetCredentials'] as const;
/** A login refused until a captcha is answered: the form shows one. */
const demandCaptcha = [{ type: 'requireCaptcha', params: errorOf }, 'forgetCredentials'] as const;
/** The session ends: forgotten here and in storage, and announced with why. */
const endSession = (reason: SessionSignedOut['reason']) =>
  ['forgetSession', 'clearPersistedSession', { type: 'announceSignedOut', params: reason }] as const;

/** Where a password or mobile-code login the server refused leads: the second factor when it asks for one, else `back` with why. */
const passwordRefused = (secondFactor: string, back: string) =>
  [
    { guard: { type: 'secondFactorRequired', params: errorOf }, target: secondFactor },
    { guard: { type: 'captchaDemanded', params: errorOf }, target: back, actions: demandCaptcha },
    { target: back, actions: refuseLogin },
  ] as const;

/** A re-login on the overlay accepted: the same account goes on with the kept page; another one loads its user. */
const reloginAccepted = [
  { guard: { type: 'sameAccount', params: loginOutput }, target: '#session.ready', actions: acceptSignedIn },
  { target: '#session.loadingUser', actions: acceptSignedIn },
] as const;

/**
 * The second-factor step (TOTP), the same at first login and on the overlay: the code is typed
 * (`awaitingCode`), then sent with the kept credentials (`verifying`); a wrong code asks again.
 * `cancelled`: where cancelling leads; `accepted`: what a login the server accepted does;
 * `refused`: where the other refusals lead.
 */
function secondFactorStates<TAccepted, TRefused extends readonly unknown[]>(cancelled: string, accepted: TAccepted, refused: TRefused) {
  return {
    awaitingCode: {
      tags: 'secondFactor',
      on: {
        'LOGIN.SECOND_FACTOR_SUBMIT': { target: 'verifying', actions: 'rememberSecondFactorCode' },
        'LOGIN.CANCEL': { target: cancelled, actions: ['forgetCredentials', 'clearError'] },
      },
    },
    verifying: {
      tags: ['secondFactor', 'busy'],
      invoke: {
        src: 'signIn',
        input: ({ context }: { context: SessionContext }) => signInInput(context, context.secondFactorCode),
        onDone: accepted,
        onError: [
          {
            guard: { type: 'secondFactorWrong', params: errorOf },
            target: 'awaitingCode',
            actions: { type: 'rememberError', params: errorOf },
          },
          ...refused,
        ],
      },
    },
  } as const;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    /** Password or mobile-code login, with the second factor when given. */
    signIn: notProvided<LoginResult, SignInInput>('signIn'),
    fetchUser: notProvided<UserDetails, { token: string }>('fetchUser'),
    logout: notProvided<void, { token: string | null }>('logout'),
  },
  actions: {
    rememberCredentials: assign(({ event }) => {
      if (event.type === 'LOGIN.MOBILE_SUBMIT')
        return { credentials: { method: 'mobile', mobile: event.mobile, code: event.code }, error: null };
      if (event.type !== 'LOGIN.SUBMIT') return {};
      const { username, password, captcha } = event;
      return { credentials: { method: 'password', username, password, ...(captcha ? { captcha } : {}) }, username, error: null };
    }),
    rememberSecondFactorCode: assign(({ event }) =>
      event.type === 'LOGIN.SECOND_FACTOR_SUBMIT' ? { secondFactorCode: event.code, error: null } : {},
    ),
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
    acceptUser: assign((_, user: UserDetails) => ({ user, username: user.username, roleRoleList: user.roles, lastUpdateTime: Date.now() })),
    /** The password was changed: the kept user no longer has to (until the server says otherwise). */
    markPasswordChanged: assign(({ context }) => (context.user ? { user: { ...context.user, mustChangePassword: false } } : {})),
    dropToken: assign({ token: null }),
    forgetSession: assign({
      token: null,
      user: null,
      credentials: null,
      secondFactorCode: '',
      error: null,
      roleRoleList: [],
      lastUpdateTime: null,
    }),
    applySettings: assign(({ event }) =>
      event.type === 'SETTINGS.CHANGED' ? { timeoutProcessing: event.projectConfig.sessionTimeoutProcessing } : {},
    ),
    /** Writes token and user to storage (injected: machines never touch storage). */
    persistSession: () => {},
    /** Clears the token, the user and the session's storage (injected). */
    clearPersistedSession: () => {},
    announceSignedIn: sendParent(({ context }): SessionSignedIn => ({ type: 'SESSION.SIGNED_IN', user: context.user as UserDetails })),
    announceSignedOut: sendParent((_, reason: SessionSignedOut['reason']): SessionSignedOut => ({ type: 'SESSION.SIGNED_OUT', reason })),
    /** Answers the navigation's question (through the app); the state answering says whether the user is settled and the overlay up. */
    answerAccess: sendParent(({ context }, { settling, timedOut }: { settling: boolean; timedOut: boolean }): SessionAccess => ({
      type: 'SESSION.ACCESS',
      hasToken: context.token !== null,
      userLoaded: context.user !== null && !settling,
      userSettled: !settling,
      homePath: context.user?.homePath ?? '',
      sessionTimedOut: timedOut,
    })),
    /** A navigation waiting for the user (spec §2 guard 5) goes on. */
    announceUserSettled: sendParent((): UserSettled => ({ type: 'USER.SETTLED' })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    secondFactorRequired: (_, error: unknown) => hasCode(error, ResultCode.SECOND_FACTOR_REQUIRED),
    secondFactorWrong: (_, error: unknown) => hasCode(error, ResultCode.SECOND_FACTOR_WRONG),
    captchaDemanded: (_, error: unknown) => hasCode(error, ResultCode.CAPTCHA_REQUIRED) || hasCode(error, ResultCode.CAPTCHA_WRONG),
    overlayOnTimeout: ({ context }) => context.timeoutProcessing === 'overlay',
    replacedElsewhere: ({ event }) => event.type === 'SESSION.EXPIRED' && event.replaced === true,
    sameAccount: ({ context }, login: LoginResult) => context.user !== null && context.user.id === login.id,
    /** A 401 or a session-ending code: the server refused the token (anything else is the network or the server failing). */
    refusesToken: (_, error: unknown) => endsSession(toFailure(error)),
    /** The password was reset by the owner or the operator and must be changed first. */
    mustChangePassword: (_, user: UserDetails) => user.mustChangePassword === true,
    mustBindAuthenticator: (_, user: UserDetails) => user.mustBindAuthenticator === true,
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
    username: input.user?.username ?? input.username ?? '',
    credentials: null,
    secondFactorCode: '',
    timeoutProcessing: input.timeoutProcessing ?? 'overlay',
    roleRoleList: input.user ? (input.roleRoleList ?? input.user.roles) : [],
    lastUpdateTime: input.user ? (input.lastUpdateTime ?? null) : null,
  }),
  initial: 'restoring',
  on: {
    'SETTINGS.CHANGED': { actions: 'applySettings' },
    'ACCESS.REQUESTED': { actions: { type: 'answerAccess', params: { settling: false, timedOut: false } } },
  },
  states: {
    restoring: {
      tags: 'settlingUser',
      always: [{ guard: 'hasToken', target: 'loadingUser' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      entry: 'announceUserSettled',
      on: {
        'LOGIN.SUBMIT': { target: 'authenticating', actions: 'rememberCredentials' },
        'LOGIN.MOBILE_SUBMIT': { target: 'authenticating', actions: 'rememberCredentials' },
        'LOGIN.TOKEN_RECEIVED': { target: 'loadingUser', actions: acceptReceivedLogin },
      },
    },
    authenticating: {
      tags: 'busy',
      invoke: {
        src: 'signIn',
        input: ({ context }) => signInInput(context),
        onDone: { target: 'loadingUser', actions: acceptSignedIn },
        onError: passwordRefused('secondFactor', 'loggedOut'),
      },
    },
    secondFactor: {
      initial: 'awaitingCode',
      states: secondFactorStates('#session.loggedOut', { target: '#session.loadingUser', actions: acceptSignedIn }, [
        { guard: { type: 'captchaDemanded', params: errorOf }, target: '#session.loggedOut', actions: demandCaptcha },
        { target: '#session.loggedOut', actions: refuseLogin },
      ] as const),
    },
    loadingUser: {
      tags: ['busy', 'settlingUser'],
      on: { 'ACCESS.REQUESTED': { actions: { type: 'answerAccess', params: { settling: true, timedOut: false } } } },
      invoke: {
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'mustChangePassword', params: ({ event }) => event.output },
            target: 'passwordChangeRequired',
            actions: acceptLoadedUser,
          },
          {
            guard: { type: 'mustBindAuthenticator', params: ({ event }) => event.output },
            target: 'authenticatorBindingRequired',
            actions: acceptLoadedUser,
          },
          {
            target: 'ready',
            actions: [...acceptLoadedUser, 'announceSignedIn'],
          },
        ],
        // Spec §2 guard 5: only a refused token signs out; when the network or the server fails, the
        // session goes on with the user kept from the last visit, or without one until it loads.
        onError: [
          { guard: { type: 'refusesToken', params: errorOf }, target: 'loggedOut', actions: endSession('refused') },
          { guard: 'keptUserMustChangePassword', target: 'passwordChangeRequired' },
          { guard: 'hasKeptUser', target: 'ready', actions: 'announceSignedIn' },
          { target: 'userUnavailable' },
        ],
      },
    },
    /** The user's details could not be loaded (network, server error): tried again after a pause. */
    userUnavailable: {
      entry: 'announceUserSettled',
      after: { userRetryDelay: 'loadingUser' },
      on: {
        'USER.RELOAD': { target: 'loadingUser' },
        LOGOUT: { target: 'loggingOut' },
        'SESSION.EXPIRED': { target: 'loggedOut', actions: endSession('expired') },
      },
    },
    /**
     * The owner or the operator reset the password; the server answers nothing else until
     * it is changed, so nothing of the console opens before (the view shows the change form).
     */
    passwordChangeRequired: {
      tags: ['passwordChangeRequired', 'settlingUser'],
      on: {
        'ACCESS.REQUESTED': { actions: { type: 'answerAccess', params: { settling: true, timedOut: false } } },
        'PASSWORD.CHANGED': { target: 'loadingUser', actions: 'markPasswordChanged' },
        LOGOUT: { target: 'loggingOut' },
        'SESSION.EXPIRED': { target: 'loggedOut', actions: endSession('expired') },
      },
    },
    /**
     * The operator requires an authenticator of this account and none is bound (spec §7
     * login_first): the server answers only the signed-in calls, binding among them, until it is,
     * so nothing of the console opens before (the view shows the binding form).
     */
    authenticatorBindingRequired: {
      tags: ['authenticatorBindingRequired', 'settlingUser'],
      on: {
        'ACCESS.REQUESTED': { actions: { type: 'answerAccess', params: { settling: true, timedOut: false } } },
        'AUTHENTICATOR.BOUND': { target: 'loadingUser' },
        LOGOUT: { target: 'loggingOut' },
        'SESSION.EXPIRED': { target: 'loggedOut', actions: endSession('expired') },
      },
    },
    ready: {
      entry: 'announceUserSettled',
      initial: 'idle',
      states: {
        idle: {
          on: { 'USER.RELOAD': { target: 'reloadingUser' } },
        },
        reloadingUser: {
          invoke: {
            src: 'fetchUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: { target: 'idle', actions: acceptLoadedUser },
            // A refused token reaches the request layer, which reports SESSION.EXPIRED; anything else keeps the user as is.
            onError: { target: 'idle' },
          },
        },
      },
      on: {
        LOGOUT: { target: 'loggingOut' },
        'SESSION.EXPIRED': [
          // Spec §8 repeat-login: the message shown, the user signed out (no re-login over the page).
          { guard: 'replacedElsewhere', target: 'loggedOut', actions: endSession('replaced') },
          { guard: 'overlayOnTimeout', target: 'timedOut', actions: ['dropToken', 'persistSession'] },
          { target: 'loggedOut', actions: endSession('expired') },
        ],
      },
    },
    timedOut: {
      tags: 'overlay',
      on: {
        'ACCESS.REQUESTED': { actions: { type: 'answerAccess', params: { settling: false, timedOut: true } } },
        'LOGIN.SUBMIT': { target: 'reauthenticating', actions: 'rememberCredentials' },
        'LOGIN.TOKEN_RECEIVED': [
          { guard: { type: 'sameAccount', params: receivedLogin }, target: 'ready', actions: acceptReceivedLogin },
          { target: 'loadingUser', actions: acceptReceivedLogin },
        ],
        LOGOUT: { target: 'loggedOut', actions: endSession('logout') },
      },
    },
    reauthenticating: {
      tags: 'overlay',
      on: { 'ACCESS.REQUESTED': { actions: { type: 'answerAccess', params: { settling: false, timedOut: true } } } },
      initial: 'withPassword',
      states: {
        withPassword: {
          tags: 'busy',
          invoke: {
            src: 'signIn',
            input: ({ context }) => signInInput(context),
            onDone: reloginAccepted,
            onError: passwordRefused('awaitingCode', '#session.timedOut'),
          },
        },
        ...secondFactorStates('#session.timedOut', reloginAccepted, [{ target: '#session.timedOut', actions: refuseLogin }] as const),
      },
    },
    loggingOut: {
      entry: 'announceUserSettled',
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'loggedOut', actions: endSession('logout') },
        onError: { target: 'loggedOut', actions: endSession('logout') },
      },
    },
  },
});
