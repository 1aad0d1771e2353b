import './support/realServer'; // first: the console's http client then calls the real server
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppActor, NavigationActor, SettingsActor, TabsActor } from '../../src/app/AppActorProvider';
import { PASSWORD, callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { zh } from './support/texts';
import { findDialog } from './support/dialogs';

/**
 * Through the real views and server: a menu group's own path opens its first page, a
 * not-found page never becomes a tab, and a password reset by the owner is changed before anything.
 */

const ADMIN_PASSWORD = 'view-Admin-passw0rd';
const server = consoleOnRealServer({ ADMIN_PASSWORD }, '10.9.14');

const adminToken = async () =>
  (await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', { username: 'admin', password: ADMIN_PASSWORD })).token;

const navigateTo = async (actor: AppActor, to: string) => {
  await act(async () => (actor.system.get('navigation') as NavigationActor).send({ type: 'NAVIGATE', to }));
};

describe('menu groups, not-found tabs and a reset password', () => {
  it('a group’s own path opens its first page: loaded directly, and followed in the app', async () => {
    const token = await adminToken();
    const { actor } = await server.open('/systems', { token });
    await waitFor(() => expect(window.location.pathname).toBe('/systems/admin/subaccount'));
    await waitFor(() => expect(document.title).toBe(`${zh.routes.systems.subaccount} - Inkpress`));
    expect(screen.queryByText(zh.sys.exception['404'].title)).toBeNull();

    await navigateTo(actor, '/support');
    await waitFor(() => expect(window.location.pathname).toBe('/workorder/queue'));
    await navigateTo(actor, '/site-manage');
    await waitFor(() => expect(window.location.pathname).toBe('/site'));
    expect(screen.queryByText(zh.sys.exception['404'].title)).toBeNull();
  });

  it('a not-found page never becomes a tab: an unknown path, or a menu of another role', async () => {
    const { token } = await registerAccount(server.url);
    const { actor } = await server.open('/dashboard/analysis', { token });
    await screen.findByTestId('points-balance');
    await act(async () =>
      (actor.system.get('settings') as SettingsActor).send({ type: 'CONFIG.CHANGE', patch: { multiTabsSetting: { show: true } } }),
    );
    const bar = await screen.findByRole('tablist');
    await waitFor(() =>
      expect(
        within(bar)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual([zh.routes.dashboard.analysis]),
    );

    // The operator's menu page, for an account owner: there, but not theirs (403); then a path nobody has.
    for (const [path, status] of [
      ['/systems/sub/accounts/auth', '403'],
      ['/nowhere', '404'],
    ] as const) {
      await navigateTo(actor, path);
      await waitFor(() => expect(window.location.pathname).toBe(path));
      expect(await screen.findByText(zh.sys.exception[status].description)).toBeTruthy();
      expect(
        within(bar)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual([zh.routes.dashboard.analysis]);
    }
    const tabs = (actor.system.get('tabs') as TabsActor).getSnapshot().context.tabs;
    expect(tabs.map((tab) => tab.path)).toEqual(['/dashboard/analysis']);

    // A real page still becomes one.
    await navigateTo(actor, '/site');
    await waitFor(() => expect(within(bar).getAllByRole('tab')).toHaveLength(2));
  });

  it('a sub-account whose password the owner reset changes it before anything opens, then goes on', async () => {
    const owner = await registerAccount(server.url);
    const username = `${owner.username}_w`;
    const { id } = await callServer<{ id: number }>(
      server.url,
      'POST',
      '/admin/v1/subaccount/add',
      { username, password: PASSWORD, role: 'writer' },
      owner.token,
    );
    await callServer(server.url, 'POST', '/admin/v1/subaccount/reset_password', { id, password: 'Reset-by-owner-1' }, owner.token);

    await server.open('/site');
    const user = userEvent.setup();
    const loginForm = await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    await user.type(within(loginForm).getByLabelText(zh.sys.login.userName), username);
    await user.type(within(loginForm).getByLabelText(zh.sys.login.password), 'Reset-by-owner-1');
    await user.click(within(loginForm).getByRole('button', { name: zh.sys.login.loginButton }));

    const gate = await findDialog('alertdialog', zh.layout.password.requiredTitle);
    // Nothing else of the console: no menu, no page behind it.
    expect(screen.queryByRole('navigation', { name: zh.layout.menu.label })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(`^${zh.layout.header.userMenu}`) })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: zh.layout.password.requiredTitle })).toBe(gate);

    await user.type(within(gate).getByLabelText(zh.layout.password.oldPassword), 'Reset-by-owner-1');
    await user.type(within(gate).getByLabelText(zh.layout.password.newPassword), 'Mine-now-passw0rd');
    await user.type(within(gate).getByLabelText(zh.layout.password.confirmPassword), 'Mine-now-passw0rd');
    await user.click(within(gate).getByRole('button', { name: zh.common.okText }));

    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: zh.layout.password.requiredTitle })).toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe('/site'));
    expect(await screen.findByRole('button', { name: new RegExp(`^${zh.layout.header.userMenu}`) })).toBeTruthy();
    // The server now answers the writer's calls.
    const { token } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', {
      username,
      password: 'Mine-now-passw0rd',
    });
    expect((await callServer<{ list: unknown[] }>(server.url, 'GET', '/api/v1/site/list', undefined, token)).list).toEqual([]);
  });

  it('logging out from the password gate goes back to login', async () => {
    const owner = await registerAccount(server.url);
    const username = `${owner.username}_v`;
    const { id } = await callServer<{ id: number }>(
      server.url,
      'POST',
      '/admin/v1/subaccount/add',
      { username, password: PASSWORD, role: 'viewer' },
      owner.token,
    );
    await callServer(server.url, 'POST', '/admin/v1/subaccount/reset_password', { id, password: 'Reset-by-owner-2' }, owner.token);
    const { token } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', {
      username,
      password: 'Reset-by-owner-2',
    });

    // A reload with the token: the gate shows before anything else.
    await server.open('/dashboard/analysis', { token });
    const user = userEvent.setup();
    const gate = await findDialog('alertdialog', zh.layout.password.requiredTitle);
    await user.click(within(gate).getByRole('button', { name: zh.layout.password.logoutInstead }));
    await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    expect(window.location.pathname).toBe('/login');
  });
});
