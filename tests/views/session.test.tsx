import { sentRequests } from './support/realServer';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD, bindAuthenticator, registerAccount, startOfTotpStep } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { loginToken } from '../e2e/api';
import { serverZh, zh } from './support/texts';
import { HomePage } from '../../src/views/pageRegistry';
import { findDialog } from './support/dialogs';

/**
 * The session model walked through the real views against the real server (spec §4 Session):
 * login (with and without a second factor) → ready → the session expires on the server → the
 * overlay's re-login → the same page, its state kept, no redirect.
 */

/**
 * Seconds a session may stay unused on the test server: longer than any step of a test on a loaded
 * machine (at 8 s, one ended the session while the password dialog was typed in). A test that
 * needs it ended expires it on the server at once (expireSessionsOf).
 */
const SESSION_TTL = 600;
const NEW_PASSWORD = 'Another-passw0rd';
const asInput = (element: HTMLElement) => element as HTMLInputElement;

const server = consoleOnRealServer({ SESSION_TTL: String(SESSION_TTL) }, '10.9.1');

async function openConsole(path: string) {
  await server.open(path);
  return userEvent.setup();
}

async function signIn(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, username: string | null, password: string) {
  if (username !== null) await user.type(within(form).getByLabelText(zh.sys.login.userName), username);
  await user.type(within(form).getByLabelText(zh.sys.login.password), password);
  await user.click(within(form).getByRole('button', { name: zh.sys.login.loginButton }));
}

/** Picks an item of the user menu with the keyboard (open, arrow down to it, Enter). */
async function chooseFromUserMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${zh.layout.header.userMenu}`) }));
  const item = await screen.findByRole('menuitem', { name });
  for (let step = 0; step < 5 && item.getAttribute('data-highlighted') === null; step++) await user.keyboard('{ArrowDown}');
  await user.keyboard('{Enter}');
}

/** Opens the change-password dialog from the user menu and types into it: the page state the overlay must keep. */
async function startChangingPassword(user: ReturnType<typeof userEvent.setup>) {
  await chooseFromUserMenu(user, zh.layout.header.changePassword);
  const dialog = await findDialog('dialog', zh.layout.password.title);
  await user.type(within(dialog).getByLabelText(zh.layout.password.oldPassword), PASSWORD);
  await user.type(within(dialog).getByLabelText(zh.layout.password.newPassword), NEW_PASSWORD);
  await user.type(within(dialog).getByLabelText(zh.layout.password.confirmPassword), NEW_PASSWORD);
  return dialog;
}

describe('the session, through the real views and server', () => {
  it('login → ready → server-side expiry → overlay re-login → same page with its state', async () => {
    const { username } = await registerAccount(server.url);
    const user = await openConsole('/dashboard/analysis');

    const loginForm = await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard/analysis');
    await signIn(user, loginForm, username, PASSWORD);

    expect(await screen.findByTestId('points-balance')).toHaveProperty('textContent', '1,000');
    expect(window.location.pathname).toBe('/dashboard/analysis');
    expect(document.title).toBe(`${zh.routes.dashboard.analysis} - Inkpress`);

    const dialog = await startChangingPassword(user);
    await server.expireSessionsOf(username);
    await user.click(within(dialog).getByRole('button', { name: zh.common.okText }));

    const overlay = await findDialog('alertdialog', zh.sys.login.sessionTimeoutTitle);
    expect(asInput(within(overlay).getByLabelText(zh.sys.login.userName)).value).toBe(username);
    await signIn(user, overlay, null, PASSWORD);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    expect(window.location.pathname).toBe('/dashboard/analysis');
    expect(asInput(within(dialog).getByLabelText(zh.layout.password.oldPassword)).value).toBe(PASSWORD);
    expect(asInput(within(dialog).getByLabelText(zh.layout.password.confirmPassword)).value).toBe(NEW_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: zh.common.okText }));
    expect(await screen.findByText(zh.layout.password.changed)).toBeTruthy();
  });

  it('signing in asks for the home page’s data while the menus load, before the shell draws, and once', async () => {
    const { username } = await registerAccount(server.url);
    const user = await openConsole('/login');
    const loginForm = await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    // The home page's module is there, as the login page loads it ahead while the user types.
    await HomePage.preload();
    const sentBefore = sentRequests.length;
    const drawnWhenAsked: boolean[] = [];
    const push = vi.spyOn(sentRequests, 'push').mockImplementation(function (this: string[], ...requests: string[]) {
      if (requests.some((request) => request.startsWith('GET /api/v1/dashboard/analysis')))
        drawnWhenAsked.push(screen.queryByTestId('points-balance') !== null);
      return Array.prototype.push.apply(this, requests);
    });
    try {
      await signIn(user, loginForm, username, PASSWORD);
      expect(await screen.findByTestId('points-balance')).toHaveProperty('textContent', '1,000');
    } finally {
      push.mockRestore();
    }
    expect(drawnWhenAsked).toEqual([false]);
    const gets = (path: string) => sentRequests.slice(sentBefore).filter((request) => request.startsWith(`GET ${path}`));
    expect(gets('/api/v1/account/provider')).toHaveLength(1);
  });

  it('login with an authenticator code → ready → expiry → overlay asks for password and code → same page', async () => {
    await startOfTotpStep();
    const { username, token } = await registerAccount(server.url);
    const authenticator = await bindAuthenticator(server.url, token);
    const user = await openConsole('/login');

    await signIn(user, await screen.findByRole('form', { name: zh.sys.login.signInFormTitle }), username, PASSWORD);
    const secondFactor = await screen.findByRole('form', { name: zh.sys.login.secondFactorTitle });
    await user.type(within(secondFactor).getByLabelText(zh.sys.login.authenticatorCode), authenticator.wrongCode());
    await user.click(within(secondFactor).getByRole('button', { name: zh.sys.login.verify }));
    expect(await within(secondFactor).findByRole('alert')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');

    await user.clear(within(secondFactor).getByLabelText(zh.sys.login.authenticatorCode));
    await user.type(within(secondFactor).getByLabelText(zh.sys.login.authenticatorCode), authenticator.nextCode());
    await user.click(within(secondFactor).getByRole('button', { name: zh.sys.login.verify }));
    await screen.findByTestId('points-balance');
    expect(window.location.pathname).toBe('/dashboard/analysis');

    const dialog = await startChangingPassword(user);
    await server.expireSessionsOf(username);
    await user.click(within(dialog).getByRole('button', { name: zh.common.okText }));

    const overlay = await findDialog('alertdialog', zh.sys.login.sessionTimeoutTitle);
    await signIn(user, overlay, null, PASSWORD);
    const overlayCode = await within(overlay).findByRole('form', { name: zh.sys.login.secondFactorTitle });
    await user.type(within(overlayCode).getByLabelText(zh.sys.login.authenticatorCode), authenticator.nextCode());
    await user.click(within(overlayCode).getByRole('button', { name: zh.sys.login.verify }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    expect(window.location.pathname).toBe('/dashboard/analysis');
    expect(asInput(within(dialog).getByLabelText(zh.layout.password.newPassword)).value).toBe(NEW_PASSWORD);
  });

  it('refuses a wrong password with the server message inline, and asks for a captcha after repeated failures', async () => {
    const { username } = await registerAccount(server.url);
    const user = await openConsole('/login');
    const loginForm = await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    const sentBefore = sentRequests.length;

    await user.click(within(loginForm).getByRole('button', { name: zh.sys.login.loginButton }));
    expect(within(loginForm).getByText(zh.sys.validation.usernameRequired)).toBeTruthy();
    expect(within(loginForm).getByText(zh.sys.validation.passwordRequired)).toBeTruthy();
    expect(sentRequests.slice(sentBefore).filter((request) => request.includes('/user/login'))).toEqual([]);

    await signIn(user, loginForm, username, 'not-the-password');
    expect((await within(loginForm).findByRole('alert')).textContent).toBe(serverZh('auth.wrongCredentials'));
    expect(window.location.pathname).toBe('/login');

    const loginCalls = () => sentRequests.filter((request) => request.includes('/user/login')).length;
    for (let attempt = 0; attempt < 3; attempt++) {
      const asked = loginCalls();
      await user.clear(within(loginForm).getByLabelText(zh.sys.login.password));
      await signIn(user, loginForm, null, 'still-not-it');
      // Answered: the attempt was sent and the form is ready for the next (its button no longer busy).
      await waitFor(() => {
        expect(loginCalls()).toBeGreaterThan(asked);
        expect((within(loginForm).getByRole('button', { name: zh.sys.login.loginButton }) as HTMLButtonElement).disabled).toBe(false);
      });
    }
    const captcha = await within(loginForm).findByLabelText(zh.sys.login.captcha);
    expect(captcha).toBeTruthy();
    expect(await within(loginForm).findByRole('img', { name: zh.sys.login.captchaImage })).toBeTruthy();
  });

  it.each([
    ['another host', '//other.host/'],
    ['a script', 'javascript:alert(1)'],
  ])(
    'signs in to the home page when the login redirect names %s, and a reload keeps the console working',
    async (_what, target) => {
      const { username } = await registerAccount(server.url);
      const loginWithRedirect = `/login?${new URLSearchParams({ redirect: target }).toString()}`;
      const user = await openConsole(loginWithRedirect);
      const loginForm = await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
      await signIn(user, loginForm, username, PASSWORD);

      expect(await screen.findByTestId('points-balance')).toHaveProperty('textContent', '1,000');
      expect(window.location.pathname).toBe('/dashboard/analysis');
      expect(window.location.href).not.toContain('other.host');

      // The same address loaded again by a signed-in browser: the console opens, not a blank page.
      // (A token of just now: sessions here end after SESSION_TTL seconds unused, and a loaded
      // machine can take longer than that to get here from the registration.)
      await server.open(loginWithRedirect, { token: await loginToken(server.url, username, PASSWORD) });
      expect(await screen.findByTestId('points-balance')).toBeTruthy();
      expect(window.location.pathname).toBe('/dashboard/analysis');
    },
    60_000,
  );
});
