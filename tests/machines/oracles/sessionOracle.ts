import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { LoginResult } from '../../../contract/schemas/auth';
import type { UserDetails } from '../../../contract/schemas/user';
import { ResultCode } from '../../../contract/codes';
import { clearPersistedSession, persistSession } from '../../../src/app/storedState';
import type { SessionContext, SessionInput } from '../../../src/machines/session.machine';
import { StorageKey } from '../../../src/services/webCache';
import type { Failure } from '../../../src/shared/failure';
import type { FakeActors } from '../modelPaths';
import { freshCache } from './freshCache';
import { leafOf } from './leafOf';

/**
 * The session model's oracle: what the system must have done in each state it reaches, judged from
 * the path's events alone (never from the machine's own definition) — what the web cache holds, what
 * was announced, what the fake services were asked. A wrong guard, target or action breaks one of
 * these, while the graph (built from the same machine) would still agree with the replay.
 */

type Announcement = { name: 'signedIn'; username: string | undefined } | { name: 'signedOut'; reason: string };

const SIGNED_OUT = ['loggedOut', 'authenticating', 'secondFactor.awaitingCode', 'secondFactor.verifying'];
const OVERLAY = ['timedOut', 'reauthenticating.withPassword', 'reauthenticating.awaitingCode', 'reauthenticating.verifying'];
const SIGN_IN_CALLS = ['authenticating', 'secondFactor.verifying', 'reauthenticating.withPassword', 'reauthenticating.verifying'];
const FETCH_USER_CALLS = ['loadingUser', 'ready.reloadingUser'];

/** A refusal of the token: the server's 401 (the fixtures' other failures are the network or the server failing). */
const refused = (error: unknown) => (error as Failure).status === 401;
const codeOf = (error: unknown) => (error as Failure).code;
const isLogin = (value: unknown): value is LoginResult => typeof value === 'object' && value !== null && 'token' in value;
const isUser = (value: unknown): value is UserDetails => typeof value === 'object' && value !== null && 'userId' in value;

/** The session's world for one replayed path: its web cache, its announcements, and the oracle. */
export function createSessionWorld(input: SessionInput) {
  const cache = freshCache('session');
  if (input.token) cache.setLocal(StorageKey.TOKEN, input.token);
  if (input.user) cache.setLocal(StorageKey.USER_INFO, input.user);
  const announced: Announcement[] = [];

  /** The machine's injected effects, on the real storage code. */
  const actions = {
    persistSession: ({ context }: { context: SessionContext }) => persistSession(cache, context),
    clearPersistedSession: () => clearPersistedSession(cache),
    announceSignedIn: ({ context }: { context: SessionContext }) => announced.push({ name: 'signedIn', username: context.user?.username }),
    announceSignedOut: (_: unknown, reason: string) => announced.push({ name: 'signedOut', reason }),
    answerAccess: ({ context }: { context: SessionContext }, facts: { settling: boolean; timedOut: boolean }) =>
      answers.push({ hasToken: context.token !== null, userSettled: !facts.settling, sessionTimedOut: facts.timedOut }),
    announceUserSettled: () => settledAnnouncements.push(1),
  };
  /** The answers to the navigation's ACCESS.REQUESTED, and the USER.SETTLED announcements. */
  const answers: { hasToken: boolean; userSettled: boolean; sessionTimedOut: boolean }[] = [];
  const settledAnnouncements: number[] = [];
  let seenSettled = 0;

  // What the path's events say, kept apart from the machine.
  let timeoutProcessing = input.timeoutProcessing ?? 'overlay';
  let token: string | null = input.token ?? null;
  let username = input.user?.username ?? '';
  let credentials: Record<string, string> | null = null;
  /** The user changed the password the server required changed (not written to storage: the stored user still says it must change). */
  let passwordChanged = false;
  let before = 'restoring';
  let seenAnnouncements = 0;
  let seenCalls = { signIn: 0, fetchUser: 0, logout: 0 };

  const oracle = (fakes: FakeActors) => (snapshot: AnyMachineSnapshot, event: EventObject, where: string) => {
    const now = leafOf(snapshot.value);
    const payload = event as EventObject & Record<string, unknown>;
    const output = payload.output;
    const error = payload.error;
    const login = isLogin(output) ? output : (payload.login as LoginResult | undefined);
    if (event.type === 'SETTINGS.CHANGED')
      timeoutProcessing = (payload.projectConfig as { sessionTimeoutProcessing: typeof timeoutProcessing }).sessionTimeoutProcessing;
    if (event.type === 'LOGIN.SUBMIT') {
      credentials = { username: String(payload.username), password: String(payload.password) };
      username = String(payload.username);
    }
    if (event.type === 'LOGIN.MOBILE_SUBMIT') credentials = { mobile: String(payload.mobile), code: String(payload.code) };
    if (login) {
      token = login.token;
      username = login.username;
    }
    if (event.type === 'SESSION.EXPIRED' || now === 'loggedOut') token = null;
    if (event.type === 'PASSWORD.CHANGED') passwordChanged = true;
    if (isUser(output) || now === 'loggedOut') passwordChanged = false;

    const news = announced.slice(seenAnnouncements);
    const calls = { signIn: fakes.started('signIn'), fetchUser: fakes.started('fetchUser'), logout: fakes.started('logout') };
    const calledNow = (src: keyof typeof calls) => calls[src] - seenCalls[src];
    const storedToken = cache.getLocal<string>(StorageKey.TOKEN) ?? null;
    const storedUser = cache.getLocal<UserDetails>(StorageKey.USER_INFO) ?? null;
    const check = (what: string, actual: unknown, expected: unknown) => expect(actual, `${where}\n  in ${now}: ${what}`).toEqual(expected);

    // Every call the services received was made on entering the state that makes it, with what the user gave.
    const entered = now !== before;
    check('sign-in calls', calledNow('signIn'), entered && SIGN_IN_CALLS.includes(now) ? 1 : 0);
    if (calledNow('signIn')) {
      const code = now.endsWith('verifying') ? { google_code: String(payload.code) } : {};
      const method = credentials && 'mobile' in credentials ? 'mobile' : 'password';
      check('what sign-in sent', fakes.inputOf('signIn'), { method, body: { ...credentials, ...code } });
    }
    check('user details calls', calledNow('fetchUser'), entered && FETCH_USER_CALLS.includes(now) ? 1 : 0);
    check('logout calls', calledNow('logout'), entered && now === 'loggingOut' ? 1 : 0);
    if (calledNow('logout')) check('the token logout sent', fakes.inputOf('logout'), { token });

    // The stored session: nothing while signed out, no token behind the overlay, the held token otherwise.
    if (SIGNED_OUT.includes(now)) check('stored session', [storedToken, storedUser], [null, null]);
    else if (OVERLAY.includes(now)) {
      check('stored token behind the overlay', storedToken, null);
      check('the user kept behind the overlay', storedUser !== null, true);
    } else check('stored token', storedToken, token);

    // Announcements: signed in on entering ready from loading the user; signed out on leaving a session.
    const expected: Announcement[] = [];
    if (now.startsWith('ready') && before === 'loadingUser') expected.push({ name: 'signedIn', username: storedUser?.username });
    if (now === 'loggedOut' && ![...SIGNED_OUT, 'restoring'].includes(before)) {
      const reason = before === 'loadingUser' ? 'refused' : event.type === 'SESSION.EXPIRED' ? 'expired' : 'logout';
      expected.push({ name: 'signedOut', reason });
    }
    check('announced', news, expected);

    // The navigation's questions: who the user is, answered as the state stands; told when the user is settled.
    if (event.type === 'ACCESS.REQUESTED')
      check('the access answered', answers.at(-1), {
        hasToken: token !== null,
        userSettled: !['loadingUser', 'passwordChangeRequired'].includes(now),
        sessionTimedOut: OVERLAY.includes(now),
      });
    const settlesHere =
      ['loggedOut', 'userUnavailable', 'loggingOut'].includes(now) || (now.startsWith('ready') && !before.startsWith('ready'));
    check('user settled announced', settledAnnouncements.length - seenSettled, entered && settlesHere ? 1 : 0);

    // Why each state was reached, from the event and the settings the path gave.
    if (before.startsWith('ready') && event.type === 'SESSION.EXPIRED')
      check('timeout processing', timeoutProcessing, now === 'timedOut' ? 'overlay' : 'redirect');
    if (before === 'loadingUser' && error !== undefined) {
      check('a refused token signs out', refused(error), now === 'loggedOut');
      const kept = storedUser?.username === username ? storedUser : null;
      if (now !== 'loggedOut')
        check(
          'the user kept from before, or none',
          now,
          kept ? (kept.mustChangePassword && !passwordChanged ? 'passwordChangeRequired' : 'ready.idle') : 'userUnavailable',
        );
    }
    if (before === 'loadingUser' && isUser(output))
      check('a password that must change', now, output.mustChangePassword ? 'passwordChangeRequired' : 'ready.idle');
    if (now === 'passwordChangeRequired') check('stored user must change the password', storedUser?.mustChangePassword, true);
    if (now.endsWith('awaitingCode'))
      check(
        'why a code is asked for',
        codeOf(error),
        before.endsWith('verifying') ? ResultCode.SECOND_FACTOR_WRONG : ResultCode.SECOND_FACTOR_REQUIRED,
      );
    if ((error !== undefined && SIGN_IN_CALLS.includes(before) && !now.endsWith('awaitingCode')) || event.type === 'LOGIN.CANCEL') {
      check('a refused sign-in goes back to the form it came from', now, before.startsWith('reauthenticating') ? 'timedOut' : 'loggedOut');
    }
    if (login && OVERLAY.includes(before))
      check('the same account goes on where it was', now, login.id === storedUser?.id ? 'ready.idle' : 'loadingUser');

    // What the views ask of the state (its tags): the overlay, the second factor, a form waiting, the user not yet known.
    check('the overlay shows', snapshot.hasTag('overlay'), OVERLAY.includes(now));
    check('the second factor is asked', snapshot.hasTag('secondFactor'), now.endsWith('awaitingCode') || now.endsWith('verifying'));
    check('a login form waits', snapshot.hasTag('busy'), SIGN_IN_CALLS.includes(now) || now === 'loadingUser');
    check('the user is not settled yet', snapshot.hasTag('settlingUser'), ['loadingUser', 'passwordChangeRequired'].includes(now));
    check('a password change is required', snapshot.hasTag('passwordChangeRequired'), now === 'passwordChangeRequired');

    before = now;
    seenAnnouncements = announced.length;
    seenSettled = settledAnnouncements.length;
    seenCalls = calls;
  };

  return { actions, oracle };
}
