import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { afterAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventObject } from 'xstate';
import { ResultCode } from '../../contract/codes';
import type { SessionActor } from '../../src/app/AppActorProvider';
import { sessionMachine } from '../../src/machines/session.machine';
import { i18next } from '../../src/i18n';
import { LOGIN_ADA, USER_ADA, failure } from '../machines/fixtures/accounts';
import { SERVER_MENUS } from '../machines/fixtures/menus';
import { statePaths, type Model } from '../machines/modelPaths';
import type { Held } from './support/fakeApi';
import { createUiStateCoverage } from './support/uiStateCoverage';
import { walkPath } from './support/walkPath';
import { findDialog } from './support/dialogs';

/**
 * The session model walked through the rendered console (spec §4 Session): paths that together
 * visit every state, each replayed on the console with fake endpoints — what the user does through
 * the forms and menus, what the server answers through the fake api — asserting at every step what
 * the user sees: the login form, the second-factor field, the change of a reset password, the
 * signed-in page, the re-login overlay over the kept page, and the login page after a redirect.
 */

const PASSWORD = 'secret-pw';
const ADA_MUST_CHANGE = { ...USER_ADA, mustChangePassword: true };
const ADA_MUST_BIND = { ...USER_ADA, mustBindAuthenticator: true };
const t = (key: string) => i18next.getFixedT('zh_CN')(key);

const model: Model<typeof sessionMachine> = {
  // Announcements go to a parent the graph's actor has not.
  machine: sessionMachine.provide({
    actions: { announceSignedIn: () => {}, announceSignedOut: () => {}, answerAccess: () => {}, announceUserSettled: () => {} },
  }),
  input: {},
  events: {
    'LOGIN.SUBMIT': [{ type: 'LOGIN.SUBMIT', username: 'ada', password: PASSWORD }],
    'LOGIN.SECOND_FACTOR_SUBMIT': [{ type: 'LOGIN.SECOND_FACTOR_SUBMIT', code: '123456' }],
    // The mobile code, the token of a registration or a QR login, and the settings lead to states
    // the password login reaches too (the settings' redirect mode is walked below).
    'LOGIN.MOBILE_SUBMIT': [],
    'LOGIN.TOKEN_RECEIVED': [],
    'SETTINGS.CHANGED': [],
    // The navigation's question, asked by the console itself on every navigation, never by the user.
    'ACCESS.REQUESTED': [],
  },
  outputs: { signIn: [LOGIN_ADA], fetchUser: [USER_ADA, ADA_MUST_CHANGE, ADA_MUST_BIND], logout: [null] },
  errors: {
    signIn: [failure(ResultCode.SECOND_FACTOR_REQUIRED), failure(ResultCode.SECOND_FACTOR_WRONG)],
    fetchUser: [failure(ResultCode.ERROR, 'network')],
    logout: [],
  },
  // The retry after a pause is a timer, not something the user does.
  filterEvents: (_, event) => !event.type.startsWith('xstate.after.'),
  label: (event) => {
    const output = (event as { output?: { mustChangePassword?: boolean; mustBindAuthenticator?: boolean } }).output;
    if (output?.mustChangePassword) return 'done:fetchUser(password must change)';
    return output?.mustBindAuthenticator ? 'done:fetchUser(authenticator must bind)' : undefined;
  },
};

const coverage = createUiStateCoverage('session', sessionMachine, {
  restoring: 'transient: the session leaves it before anything renders',
});

const services = consoleOnFakeServices({ permCode: () => Promise.resolve([]), menuList: () => Promise.resolve(SERVER_MENUS) });

const overlay = () => screen.queryByRole('alertdialog', { name: t('sys.login.sessionTimeoutTitle') });
const busy = (button: HTMLElement) => (button as HTMLButtonElement).disabled;
const signInForm = (scope: HTMLElement | Document = document) =>
  within(scope as HTMLElement).findByRole('form', { name: t('sys.login.signInFormTitle') });
const codeForm = (scope: HTMLElement | Document = document) =>
  within(scope as HTMLElement).findByRole('form', { name: t('sys.login.secondFactorTitle') });
const button = (form: HTMLElement, key: string) => within(form).getByRole('button', { name: t(key) });
/** The form's submit button (a busy one shows a spinner instead of its name). */
const submitOf = (form: HTMLElement) => form.querySelector('button[type="submit"]') as HTMLButtonElement;
/** The signed-in page: the header's user menu (also when a dialog hides it from the accessibility tree). */
const userMenu = () => screen.queryByRole('button', { name: new RegExp(`^${t('layout.header.userMenu')}`), hidden: true });

/** What the user sees in each state; `from` is the state before. */
const sees: Record<string, (from: string) => Promise<void>> = {
  loggedOut: async () => {
    const form = await signInForm();
    await waitFor(() => expect(busy(submitOf(form))).toBe(false));
    expect(window.location.pathname).toBe('/login');
    expect([overlay(), userMenu()]).toEqual([null, null]);
  },
  authenticating: async () => {
    const form = await signInForm();
    await waitFor(() => expect(busy(submitOf(form))).toBe(true));
  },
  'secondFactor.awaitingCode': async () => {
    const form = await codeForm();
    expect(within(form).getByLabelText(t('sys.login.authenticatorCode'))).toBeTruthy();
    await waitFor(() => expect(busy(submitOf(form))).toBe(false));
    expect(screen.queryByRole('form', { name: t('sys.login.signInFormTitle') })).toBeNull();
  },
  'secondFactor.verifying': async () => {
    const form = await codeForm();
    await waitFor(() => expect(busy(submitOf(form))).toBe(true));
  },
  // Signed in, the user's details on their way: still the login page, its button busy.
  loadingUser: async (from) => {
    if (from === 'passwordChangeRequired') {
      await waitFor(() => expect(screen.queryByRole('alertdialog', { name: t('layout.password.requiredTitle') })).toBeNull());
      return;
    }
    if (from === 'authenticatorBindingRequired') {
      await waitFor(() => expect(screen.queryByRole('alertdialog', { name: t('layout.authenticator.requiredTitle') })).toBeNull());
      return;
    }
    const form = await signInForm();
    await waitFor(() => expect(busy(submitOf(form))).toBe(true));
    expect(userMenu()).toBeNull();
  },
  // Signed in without the user's details (asked again after a pause): the login page waits, idle;
  // no view says why (nothing of the console can open without the user's menus and roles).
  userUnavailable: async () => {
    const form = await signInForm();
    await waitFor(() => expect(busy(submitOf(form))).toBe(false));
    expect(window.location.pathname).toBe('/login');
    expect([overlay(), userMenu()]).toEqual([null, null]);
  },
  passwordChangeRequired: async () => {
    const dialog = await findDialog('alertdialog', t('layout.password.requiredTitle'));
    expect(within(dialog).getByLabelText(t('layout.password.newPassword'))).toBeTruthy();
    expect(userMenu()).toBeNull();
  },
  authenticatorBindingRequired: async () => {
    const dialog = await findDialog('alertdialog', t('layout.authenticator.requiredTitle'));
    expect(within(dialog).getByLabelText(t('layout.authenticator.code'))).toBeTruthy();
    expect(userMenu()).toBeNull();
  },
  'ready.idle': async () => {
    await waitFor(() => expect(userMenu()).not.toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe(USER_ADA.homePath));
    expect(overlay()).toBeNull();
    expect(screen.queryByRole('form', { name: t('sys.login.signInFormTitle') })).toBeNull();
  },
  'ready.reloadingUser': async () => {
    // Nothing covers the page while the details load again.
    expect(userMenu()).not.toBeNull();
    expect(overlay()).toBeNull();
  },
  timedOut: async () => {
    const shown = await findDialog('alertdialog', t('sys.login.sessionTimeoutTitle'));
    const form = await signInForm(shown);
    expect((within(form).getByLabelText(t('sys.login.userName')) as HTMLInputElement).value).toBe('ada');
    await waitFor(() => expect(busy(submitOf(form))).toBe(false));
    // The page stays underneath, where it was.
    expect(userMenu()).not.toBeNull();
    expect(window.location.pathname).toBe(USER_ADA.homePath);
  },
  'reauthenticating.withPassword': async () => {
    const form = await signInForm(overlay() ?? undefined);
    await waitFor(() => expect(busy(submitOf(form))).toBe(true));
  },
  'reauthenticating.awaitingCode': async () => {
    const shown = overlay();
    expect(shown).not.toBeNull();
    const form = await codeForm(shown as HTMLElement);
    await waitFor(() => expect(busy(submitOf(form))).toBe(false));
    expect(userMenu()).not.toBeNull();
  },
  'reauthenticating.verifying': async () => {
    const form = await codeForm(overlay() ?? undefined);
    await waitFor(() => expect(busy(submitOf(form))).toBe(true));
  },
  // Logging out: the page stays until the server has answered.
  loggingOut: async () => {
    expect(userMenu()).not.toBeNull();
  },
};

/** The endpoint that answers in a state. */
const CALLED: Record<string, Held> = {
  authenticating: 'login',
  'secondFactor.verifying': 'login',
  'reauthenticating.withPassword': 'login',
  'reauthenticating.verifying': 'login',
  loadingUser: 'userDetails',
  'ready.reloadingUser': 'userDetails',
  loggingOut: 'logout',
};

type Opened = Awaited<ReturnType<typeof services.open>>;

/** Does what the step's event says: through the views when the user does it, through the fake api when the server answers. */
async function perform(event: EventObject, from: string, { fake, actor }: Opened, user: ReturnType<typeof userEvent.setup>) {
  const session = actor.system.get('session') as SessionActor;
  const payload = event as EventObject & Record<string, unknown>;
  if (event.type.startsWith('xstate.done.actor.')) return fake.answer(CALLED[from], payload.output);
  if (event.type.startsWith('xstate.error.actor.')) return fake.fail(CALLED[from], payload.error);
  switch (event.type) {
    case 'LOGIN.SUBMIT': {
      const form = await signInForm(overlay() ?? undefined);
      if (from === 'loggedOut') await user.type(within(form).getByLabelText(t('sys.login.userName')), String(payload.username));
      await user.type(within(form).getByLabelText(t('sys.login.password')), String(payload.password));
      return user.click(button(form, 'sys.login.loginButton'));
    }
    case 'LOGIN.SECOND_FACTOR_SUBMIT': {
      const form = await codeForm(overlay() ?? undefined);
      const field = within(form).getByLabelText(t('sys.login.authenticatorCode'));
      await user.clear(field);
      await user.type(field, String(payload.code));
      return user.click(button(form, 'sys.login.verify'));
    }
    case 'LOGIN.CANCEL':
      return user.click(button(await codeForm(overlay() ?? undefined), 'sys.login.backToLogin'));
    case 'LOGOUT': {
      if (from === 'passwordChangeRequired' || from === 'authenticatorBindingRequired')
        return user.click(screen.getByRole('button', { name: t('layout.password.logoutInstead') }));
      if (from === 'ready.idle' || from === 'ready.reloadingUser') {
        // Picked with the keyboard, as the menu expects (open, arrow down to the item, Enter).
        await user.click(screen.getByRole('button', { name: new RegExp(`^${t('layout.header.userMenu')}`) }));
        const item = await screen.findByRole('menuitem', { name: t('layout.header.logout') });
        for (let step = 0; step < 5 && item.getAttribute('data-highlighted') === null; step++) await user.keyboard('{ArrowDown}');
        return user.keyboard('{Enter}');
      }
      // Logging out of the overlay or of a session whose details are missing is the app's (no view offers it here).
      return act(() => session.send({ type: 'LOGOUT' }));
    }
    // What the http client reports for a refused call, and what binding an authenticator or changing the password asks.
    case 'SESSION.EXPIRED':
    case 'USER.RELOAD':
    case 'PASSWORD.CHANGED':
    case 'AUTHENTICATOR.BOUND':
      return act(() => session.send(event as never));
    default:
      throw new Error(`No way to do ${event.type} through the console`);
  }
}

const paths = statePaths(model);

describe('the session, every state through the rendered console', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const opened = await services.open('/login');
    const user = userEvent.setup();
    await walkPath(path, {
      actor: opened.actor.system.get('session') as SessionActor,
      perform: (event, from) => perform(event, from, opened, user),
      sees,
      coverage,
    });
  });

  it('the session times out under a page: the overlay keeps it, and logging in again returns to it as it was', async () => {
    const opened = await services.open(USER_ADA.homePath, { token: LOGIN_ADA.token, user: USER_ADA });
    const user = userEvent.setup();
    const session = opened.actor.system.get('session') as SessionActor;
    await opened.fake.answer('userDetails', USER_ADA);
    await sees['ready.idle']('loadingUser');
    const page = userMenu();
    await act(() => session.send({ type: 'SESSION.EXPIRED' }));
    await sees.timedOut('ready.idle');
    await perform({ type: 'LOGIN.SUBMIT', username: 'ada', password: PASSWORD } as EventObject, 'timedOut', opened, user);
    expect(opened.fake.inputOf('login')).toEqual({ username: 'ada', password: PASSWORD });
    await opened.fake.answer('login', { ...LOGIN_ADA, token: 'token-ada-again' });
    await waitFor(() => expect(overlay()).toBeNull());
    expect(session.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    // The same page, not a new one: no navigation, no second load of the user.
    expect(userMenu()).toBe(page);
    expect(window.location.pathname).toBe(USER_ADA.homePath);
    expect(opened.fake.count('userDetails')).toBe(1);
  });

  it('with the redirect mode, a timed-out session goes to the login page, which returns to the page after login', async () => {
    const opened = await services.open(USER_ADA.homePath, {
      token: LOGIN_ADA.token,
      user: USER_ADA,
      config: { sessionTimeoutProcessing: 'redirect' },
    });
    const session = opened.actor.system.get('session') as SessionActor;
    await opened.fake.answer('userDetails', USER_ADA);
    await sees['ready.idle']('loadingUser');
    await act(() => session.send({ type: 'SESSION.EXPIRED' }));
    await sees.loggedOut('ready.idle');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(USER_ADA.homePath);
    expect(overlay()).toBeNull();

    await perform({ type: 'LOGIN.SUBMIT', username: 'ada', password: PASSWORD } as EventObject, 'loggedOut', opened, userEvent.setup());
    await sees.authenticating('loggedOut');
    await opened.fake.answer('login', LOGIN_ADA);
    await opened.fake.answer('userDetails', USER_ADA);
    await sees['ready.idle']('loadingUser');
  });
});

afterAll(() => {
  coverage.report();
});

it('session: every state a user can see was checked through the views', () => {
  expect(coverage.unchecked()).toEqual([]);
});
