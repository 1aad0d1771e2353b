import { afterAll, beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { ResultCode } from '../../contract/codes';
import { USER_RETRY_MS } from '../../src/config/constants';
import { sessionMachine, type SessionInput } from '../../src/machines/session.machine';
import { createTransitionCoverage } from './coverage';
import { createFakeActors, replayAll, settle, type Model } from './modelPaths';
import { LOGIN_ADA, LOGIN_BOB, USER_ADA, failure, settingsChanged } from './fixtures/accounts';
import { createSessionWorld } from './oracles/sessionOracle';

const ACTORS = ['signIn', 'fetchUser', 'logout'];

/** Announcements go to the parent, which a lone session has not: recorded instead. */
function sessionWith(record: (name: string, params?: unknown) => void = () => {}) {
  return sessionMachine.provide({
    actions: {
      announceSignedIn: ({ context }) => record('signedIn', context.user?.username),
      announceSignedOut: (_, reason) => record('signedOut', reason),
      answerAccess: ({ context }, facts) => record('access', { token: context.token, ...facts }),
      announceUserSettled: () => record('userSettled'),
      persistSession: ({ context }) => record('persist', context.token),
      clearPersistedSession: () => record('clear'),
    },
  });
}

const model = (input: SessionInput): Model<ReturnType<typeof sessionWith>> => ({
  machine: sessionWith(),
  input,
  events: {
    'LOGIN.SUBMIT': [{ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' }],
    'LOGIN.SECOND_FACTOR_SUBMIT': [{ type: 'LOGIN.SECOND_FACTOR_SUBMIT', code: '123456' }],
    'LOGIN.MOBILE_SUBMIT': [{ type: 'LOGIN.MOBILE_SUBMIT', mobile: '+8613800000000', code: '654321' }],
    'LOGIN.TOKEN_RECEIVED': [
      { type: 'LOGIN.TOKEN_RECEIVED', login: LOGIN_ADA },
      { type: 'LOGIN.TOKEN_RECEIVED', login: LOGIN_BOB },
    ],
    'ACCESS.REQUESTED': [{ type: 'ACCESS.REQUESTED' }],
    'SETTINGS.CHANGED': [
      settingsChanged({ sessionTimeoutProcessing: 'overlay' }),
      settingsChanged({ sessionTimeoutProcessing: 'redirect' }),
    ],
  },
  outputs: { signIn: [LOGIN_ADA, LOGIN_BOB], fetchUser: [USER_ADA, ADA_MUST_CHANGE], logout: [undefined] },
  errors: {
    signIn: [
      failure(ResultCode.SECOND_FACTOR_REQUIRED),
      failure(ResultCode.SECOND_FACTOR_WRONG),
      failure(ResultCode.CAPTCHA_REQUIRED),
      failure(ResultCode.ERROR),
    ],
    fetchUser: [failure(401, 'http', 401), failure(ResultCode.ERROR, 'network'), failure(500, 'http', 500)],
    logout: [failure(ResultCode.ERROR, 'network')],
  },
  label: (event) =>
    event.type === 'SETTINGS.CHANGED' && 'projectConfig' in event
      ? `SETTINGS.CHANGED(${(event as ReturnType<typeof settingsChanged>).projectConfig.sessionTimeoutProcessing})`
      : undefined,
  serializeState: (snapshot: AnyMachineSnapshot) => {
    const { token, user, timeoutProcessing, captchaRequired } = snapshot.context;
    const { username } = snapshot.context;
    return JSON.stringify([
      snapshot.value,
      token,
      user?.id ?? null,
      user?.mustChangePassword ?? false,
      username,
      timeoutProcessing,
      captchaRequired,
    ]);
  },
  delays: { userRetryDelay: USER_RETRY_MS },
});

/** Ada after the owner or the operator reset her password. */
const ADA_MUST_CHANGE = { ...USER_ADA, mustChangePassword: true };

const models = [
  model({}),
  model({ token: 'stored-token', user: USER_ADA, timeoutProcessing: 'redirect' }),
  model({ token: 'stored-token', user: ADA_MUST_CHANGE }),
];
const coverage = createTransitionCoverage('session', sessionMachine);

function start(input: SessionInput, record?: (name: string, params?: unknown) => void, inspect?: typeof coverage.inspect) {
  const fakes = createFakeActors(ACTORS);
  const actor = createActor(sessionWith(record).provide({ actors: fakes.logic }), { input, ...(inspect ? { inspect } : {}) });
  return { actor, fakes };
}

/** A session whose effects reach a web cache and a list of announcements the oracle judges. */
function startWatched(input: SessionInput, inspect: typeof coverage.inspect) {
  const fakes = createFakeActors(ACTORS);
  const world = createSessionWorld(input);
  const actor = createActor(sessionMachine.provide({ actors: fakes.logic, actions: world.actions }), { input, inspect });
  return { actor, fakes, oracle: world.oracle(fakes) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('session machine: generated paths replayed on real actors', () => {
  it.each(
    models.map(
      (sessionModel, index) =>
        [
          index === 0 ? 'with no stored token' : index === 1 ? 'with a stored token' : 'with a stored token whose password must change',
          sessionModel,
        ] as const,
    ),
  )('every path %s reaches the states the graph predicts, and the oracle agrees at every step', async (_, sessionModel) => {
    expect(await replayAll(sessionModel, coverage, (inspect) => startWatched(sessionModel.input as SessionInput, inspect))).toBeGreaterThan(
      0,
    );
  });
});

describe('session machine: what a user sees', () => {
  it('asks for the second factor when the account has one bound, then logs in with both', async () => {
    const { actor, fakes } = start({});
    actor.start();
    actor.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    fakes.reject('signIn', failure(ResultCode.SECOND_FACTOR_REQUIRED));
    await settle();
    expect(actor.getSnapshot().matches({ secondFactor: 'awaitingCode' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();

    actor.send({ type: 'LOGIN.SECOND_FACTOR_SUBMIT', code: '123456' });
    expect(fakes.inputOf('signIn')).toEqual({
      method: 'password',
      body: { username: 'ada', password: 'secret-pw', google_code: '123456' },
    });
    fakes.reject('signIn', failure(ResultCode.SECOND_FACTOR_WRONG));
    await settle();
    expect(actor.getSnapshot().matches({ secondFactor: 'awaitingCode' })).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe(ResultCode.SECOND_FACTOR_WRONG);

    actor.send({ type: 'LOGIN.SECOND_FACTOR_SUBMIT', code: '654321' });
    fakes.resolve('signIn', LOGIN_ADA);
    await settle();
    expect(actor.getSnapshot().value).toBe('loadingUser');
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: LOGIN_ADA.token, user: USER_ADA, credentials: null });
  });

  it('shows a captcha once the server asks for one, and sends the answer with the next login', async () => {
    const { actor, fakes } = start({});
    actor.start();
    actor.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'wrong' });
    fakes.reject('signIn', failure(ResultCode.CAPTCHA_REQUIRED));
    await settle();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.captchaRequired).toBe(true);

    actor.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw', captcha: { key: 'k1', code: 'abcd' } });
    expect(fakes.inputOf('signIn')).toEqual({
      method: 'password',
      body: { username: 'ada', password: 'secret-pw', captcha_key: 'k1', captcha_code: 'abcd' },
    });
    fakes.reject('signIn', failure(ResultCode.CAPTCHA_WRONG));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ captchaRequired: true, error: { code: ResultCode.CAPTCHA_WRONG } });
  });

  it('on expiry with the overlay keeps the user and the username, drops the token, and re-login returns to ready', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ token: 'stored', user: USER_ADA }, record);
    actor.start();
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);

    actor.send({ type: 'SESSION.EXPIRED' });
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: USER_ADA, username: 'ada' });

    actor.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
    expect(actor.getSnapshot().matches({ reauthenticating: 'withPassword' })).toBe(true);
    fakes.resolve('signIn', LOGIN_ADA);
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.token).toBe(LOGIN_ADA.token);
    // No second "signed in": the page the user was on stays as it was.
    expect(record.mock.calls.filter(([name]) => name === 'signedIn')).toHaveLength(1);
    expect(record).not.toHaveBeenCalledWith('signedOut', expect.anything());
  });

  it('on expiry with redirect handling signs out, clears storage and says why', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ token: 'stored', user: USER_ADA, timeoutProcessing: 'redirect' }, record);
    actor.start();
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    actor.send({ type: 'SESSION.EXPIRED' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null });
    expect(record).toHaveBeenCalledWith('clear');
    expect(record).toHaveBeenCalledWith('signedOut', 'expired');
  });

  it('a session a sign-in elsewhere ended (repeat-login) signs out and says why, even with the overlay configured', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ token: 'stored', user: USER_ADA }, record, coverage.inspect);
    actor.start();
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    actor.send({ type: 'SESSION.EXPIRED', replaced: true });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null });
    expect(record).toHaveBeenCalledWith('clear');
    expect(record).toHaveBeenCalledWith('signedOut', 'replaced');
  });

  it('logs out through the server even when the call fails', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ token: 'stored', user: USER_ADA }, record);
    actor.start();
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    fakes.reject('logout', failure(-1, 'network'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(record).toHaveBeenCalledWith('signedOut', 'logout');
  });

  it('reloads the user on request (an authenticator was bound) and stays signed in, without a second sign-in', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ token: 'stored', user: USER_ADA }, record);
    actor.start();
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    actor.send({ type: 'USER.RELOAD' });
    expect(actor.getSnapshot().matches({ ready: 'reloadingUser' })).toBe(true);
    fakes.resolve('fetchUser', { ...USER_ADA, isBindGoogle: true });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.user?.isBindGoogle).toBe(true);
    expect(record.mock.calls.filter(([name]) => name === 'signedIn')).toHaveLength(1);

    actor.send({ type: 'USER.RELOAD' });
    fakes.reject('fetchUser', failure(ResultCode.ERROR, 'network'));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.user?.isBindGoogle).toBe(true);
  });
});

describe('session machine: user details that fail to load, and a password that must change', () => {
  it('on a reload, a network or server failure keeps the stored user signed in; only a refused token signs out', async () => {
    for (const failed of [failure(ResultCode.ERROR, 'network'), failure(502, 'http', 502), failure(ResultCode.ERROR, 'timeout')]) {
      const record = vi.fn();
      const { actor, fakes } = start({ token: 'stored', user: USER_ADA }, record);
      actor.start();
      fakes.reject('fetchUser', failed);
      await settle();
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ token: 'stored', user: USER_ADA });
      expect(record).toHaveBeenCalledWith('signedIn', 'ada');
      expect(record).not.toHaveBeenCalledWith('clear');
    }
    const record = vi.fn();
    const { actor, fakes } = start({ token: 'stored', user: USER_ADA }, record);
    actor.start();
    fakes.reject('fetchUser', failure(401, 'http', 401));
    await settle();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(record).toHaveBeenCalledWith('signedOut', 'refused');
  });

  it('without a stored user the token stays and the details are asked for again after a pause', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({ token: 'stored' }, record);
    actor.start();
    fakes.reject('fetchUser', failure(503, 'http', 503));
    await settle();
    expect(actor.getSnapshot().value).toBe('userUnavailable');
    expect(actor.getSnapshot().context.token).toBe('stored');
    await vi.advanceTimersByTimeAsync(USER_RETRY_MS);
    expect(actor.getSnapshot().value).toBe('loadingUser');
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(record).toHaveBeenCalledWith('signedIn', 'ada');
  });

  it('another account logging in after a timeout gets no stale user when its details fail to load', async () => {
    const { actor, fakes } = start({ token: 'stored', user: USER_ADA });
    actor.start();
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    actor.send({ type: 'SESSION.EXPIRED' });
    actor.send({ type: 'LOGIN.TOKEN_RECEIVED', login: LOGIN_BOB });
    fakes.reject('fetchUser', failure(ResultCode.ERROR, 'network'));
    await settle();
    expect(actor.getSnapshot().value).toBe('userUnavailable');
  });

  it('an account that must bind an authenticator binds it at sign-in before the session is ready; then it goes on', async () => {
    const ADA_MUST_BIND = { ...USER_ADA, mustBindAuthenticator: true };
    const signInAndBind = async (record: (name: string, params?: unknown) => void) => {
      const { actor, fakes } = start({}, record, coverage.inspect);
      actor.start();
      actor.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'secret-pw' });
      fakes.resolve('signIn', LOGIN_ADA);
      await settle();
      fakes.resolve('fetchUser', ADA_MUST_BIND);
      await settle();
      expect(actor.getSnapshot().value).toBe('authenticatorBindingRequired');
      expect(actor.getSnapshot().hasTag('settlingUser')).toBe(true);
      actor.send({ type: 'ACCESS.REQUESTED' });
      return { actor, fakes };
    };
    const record = vi.fn();
    const { actor, fakes } = await signInAndBind(record);
    expect(record).not.toHaveBeenCalledWith('signedIn', expect.anything());
    actor.send({ type: 'AUTHENTICATOR.BOUND' });
    expect(actor.getSnapshot().value).toBe('loadingUser');
    fakes.resolve('fetchUser', { ...USER_ADA, isBindGoogle: true });
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);

    // Its other ways out: logging out, or the session ending meanwhile.
    const leaving = await signInAndBind(() => {});
    leaving.actor.send({ type: 'LOGOUT' });
    expect(leaving.actor.getSnapshot().value).toBe('loggingOut');
    const ended = await signInAndBind(() => {});
    ended.actor.send({ type: 'SESSION.EXPIRED' });
    expect(ended.actor.getSnapshot().value).toBe('loggedOut');
  });

  it('a user whose password was reset must change it before the session is ready; then it goes on', async () => {
    const record = vi.fn();
    const { actor, fakes } = start({}, record);
    actor.start();
    actor.send({ type: 'LOGIN.SUBMIT', username: 'ada', password: 'reset-pw' });
    fakes.resolve('signIn', LOGIN_ADA);
    await settle();
    fakes.resolve('fetchUser', ADA_MUST_CHANGE);
    await settle();
    expect(actor.getSnapshot().value).toBe('passwordChangeRequired');
    expect(record).not.toHaveBeenCalledWith('signedIn', expect.anything());

    actor.send({ type: 'PASSWORD.CHANGED' });
    expect(actor.getSnapshot().value).toBe('loadingUser');
    fakes.resolve('fetchUser', USER_ADA);
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(record).toHaveBeenCalledWith('signedIn', 'ada');
  });

  it('a reload while the password must change asks for the change again, even when the details fail to load', async () => {
    const { actor, fakes } = start({ token: 'stored', user: ADA_MUST_CHANGE });
    actor.start();
    fakes.reject('fetchUser', failure(ResultCode.ERROR, 'network'));
    await settle();
    expect(actor.getSnapshot().value).toBe('passwordChangeRequired');
    actor.send({ type: 'LOGOUT' });
    fakes.resolve('logout', undefined);
    await settle();
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });
});

afterAll(() => {
  coverage.report();
});

it('session machine: every transition is covered', () => {
  expect(coverage.uncovered()).toEqual([]);
});
