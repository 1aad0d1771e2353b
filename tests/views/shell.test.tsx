import { sentRequests } from './support/realServer'; // first: the console's http client then calls the real server
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '../../src/app/notifications';
import { ApiPath } from '../../contract/paths';
import { callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { en, zh } from './support/texts';
import { findDialog } from './support/dialogs';
import enCommon from '../../src/i18n/locales/en/common.json';
import enSys from '../../src/i18n/locales/en/sys.json';

/** The signed-in shell against the real server: menus, header, language, theme, messages, pages. */

const ADMIN_PASSWORD = 'view-Admin-passw0rd';
const server = consoleOnRealServer({ ADMIN_PASSWORD }, '10.9.3');

/** The console at `path` for a user who signed in before (the token is in storage). */
async function openSignedIn(path: string, token?: string) {
  await server.open(path, { token: token ?? (await registerAccount(server.url)).token });
  return userEvent.setup();
}

/** A team member of a new account, signed in: its role ('official') may not top up. */
async function signInMember() {
  const owner = await registerAccount(server.url);
  const username = `dash_${Date.now().toString(36)}`;
  await callServer(server.url, 'POST', '/admin/v1/subaccount/add', { username, password: 'member-pass-1', role: 'official' }, owner.token);
  return callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', { username, password: 'member-pass-1' });
}

async function chooseFromMenu(
  user: ReturnType<typeof userEvent.setup>,
  trigger: string | RegExp,
  item: string | RegExp,
  role = 'menuitem',
) {
  await user.click(screen.getByRole('button', { name: trigger }));
  const option = await screen.findByRole(role, { name: item });
  for (let step = 0; step < 5 && option.getAttribute('data-highlighted') === null; step++) await user.keyboard('{ArrowDown}');
  await user.keyboard('{Enter}');
}

describe('the signed-in shell', () => {
  it('shows the menu in order as an accordion, and the title of the page', async () => {
    const { token } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    const user = await openSignedIn('/dashboard/analysis', token);
    await screen.findByTestId('points-balance');
    expect(document.title).toBe(`${zh.routes.dashboard.analysis} - Inkpress`);

    // Below 992 px (jsdom has no width) the menu is a drawer behind the header's menu button.
    await user.click(screen.getByRole('button', { name: zh.layout.header.expandMenu }));
    const menu = await screen.findByRole('navigation', { name: zh.layout.menu.label });
    const topLevel = [...menu.querySelectorAll(':scope > ul > li')].map((item) => item.textContent);
    const { routes } = zh;
    expect(topLevel).toEqual(
      [
        [routes.dashboard.dashboard, routes.dashboard.analysis, routes.dashboard.workbench],
        [routes.site.manage, routes.site.list, routes.site.task],
        [routes.article.manage, routes.article.list, routes.article.task, routes.article.prompt, routes.article.model],
        [routes.account.account],
        [routes.accesskey.accesskey],
        [routes.invitereg.invitereg],
        [routes.systems.systems, routes.systems.subaccount, routes.systems.role, routes.systems.menu, routes.systems.adminLog],
        [routes.support.support, routes.support.workorderQueue, routes.support.noticeManage],
      ].map((titles) => titles.join('')),
    );
    expect(within(menu).getByRole('link', { name: zh.routes.dashboard.analysis }).getAttribute('aria-current')).toBe('page');

    const siteList = within(menu).getByRole('link', { name: zh.routes.site.list, hidden: true });
    expect(siteList.closest('[hidden]')).not.toBeNull();
    await user.click(within(menu).getByRole('button', { name: zh.routes.site.manage }));
    await waitFor(() => expect(siteList.closest('[hidden]')).toBeNull());
    await user.click(within(menu).getByRole('button', { name: zh.routes.article.manage }));
    await waitFor(() => expect(siteList.closest('[hidden]')).not.toBeNull());
  });

  it('switches the language (html lang, texts and title follow) and the theme (root class and data-theme)', async () => {
    const user = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance');
    expect(document.documentElement.lang).toMatch(/^zh/);

    await chooseFromMenu(user, zh.layout.header.language, zh.layout.locale.en, 'menuitemradio');
    expect(await screen.findByRole('button', { name: en.layout.header.language })).toBeTruthy();
    expect(document.documentElement.lang).toMatch(/^en/);
    expect(screen.getByText(en.dashboard.analysis.points)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${en.routes.dashboard.analysis} - Inkpress`));

    expect(document.documentElement.classList.contains('dark')).toBe(false);
    await user.click(screen.getByRole('button', { name: en.layout.header.darkMode }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: en.layout.header.lightMode }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    await chooseFromMenu(user, en.layout.header.language, en.layout.locale.zh_CN, 'menuitemradio');
    expect(await screen.findByRole('button', { name: zh.layout.header.language })).toBeTruthy();
  });

  it("renders the request layer's toasts and the points dialog, whose button leads to the account page", async () => {
    const user = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance');

    act(() => notifications.emit({ kind: 'message', text: 'sys.api.networkExceptionMsg', translate: true }));
    // The first toast brings the toast list's chunk: it may take a moment under load.
    expect(await screen.findByText(zh.sys.api.networkExceptionMsg)).toBeTruthy();
    act(() => notifications.emit({ kind: 'message', text: 'Site quota reached', translate: false }));
    // Waited for as long as the first: on CI's loaded machine (test files in parallel on two cores)
    // the second toast once took longer than findByText's default second to show.
    expect(await screen.findByText('Site quota reached')).toBeTruthy();

    act(() =>
      notifications.emit({ kind: 'confirmPoints', text: 'sys.api.pointsNotEnough', translate: true, titleKey: 'sys.api.operationFailed' }),
    );
    // So does the first dialog (its chunk, with the console's recipes).
    const dialog = await findDialog('alertdialog', zh.sys.api.operationFailed);
    expect(within(dialog).getByText(zh.sys.api.pointsNotEnough)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: zh.layout.notification.goToTopUp }));
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The account page opens its recharge modal.
    expect(await findDialog('dialog', zh.account.recharge.title)).toBeTruthy();
  });

  it("offers a team member who may not top up no top-up: not on the dashboard, and the points dialog says to ask the account's owner", async () => {
    const member = await signInMember();
    const user = await openSignedIn('/dashboard/analysis', member.token);
    await screen.findByTestId('points-balance');
    expect(screen.queryByRole('button', { name: zh.dashboard.analysis.topUp })).toBeNull();

    act(() =>
      notifications.emit({ kind: 'confirmPoints', text: 'sys.api.pointsNotEnough', translate: true, titleKey: 'sys.api.operationFailed' }),
    );
    const dialog = await findDialog('alertdialog', zh.sys.api.operationFailed);
    expect(within(dialog).getByText(zh.sys.api.pointsNotEnoughAskOwner)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: zh.layout.notification.goToTopUp })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: zh.common.okText }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(window.location.pathname).toBe('/dashboard/analysis');

    // Its account page holds its own part only: no balance, ledger or top-ups (the server refuses
    // them), nor asks for them ahead (each refusal would be a toast): opened again, as a reload
    // does with the page's code at hand, it is loaded ahead.
    await openSignedIn('/account', member.token);
    expect(await screen.findByText(zh.account.memberDescription)).toBeTruthy();
    const sentBefore = sentRequests.length;
    await openSignedIn('/account', member.token);
    expect(await screen.findByText(zh.account.memberDescription)).toBeTruthy();
    expect(sentRequests.slice(sentBefore).filter((request) => request.startsWith(`GET ${ApiPath.pointsList}`))).toEqual([]);
    expect(screen.queryByRole('tab', { name: zh.account.ledger.title })).toBeNull();
    expect(screen.queryByRole('tab', { name: zh.account.orders.title })).toBeNull();
    expect(screen.getByRole('tab', { name: zh.account.sessions.title })).toBeTruthy();
  });

  it("tells a team member who may not top up, in English too, to ask the account's owner", async () => {
    const member = await signInMember();
    const user = await openSignedIn('/dashboard/analysis', member.token);
    await screen.findByTestId('points-balance');
    await chooseFromMenu(user, zh.layout.header.language, zh.layout.locale.en, 'menuitemradio');
    expect(await screen.findByRole('button', { name: en.layout.header.language })).toBeTruthy();

    act(() =>
      notifications.emit({ kind: 'confirmPoints', text: 'sys.api.pointsNotEnough', translate: true, titleKey: 'sys.api.operationFailed' }),
    );
    const dialog = await findDialog('alertdialog', enSys.api.operationFailed);
    expect(within(dialog).getByText(enSys.api.pointsNotEnoughAskOwner)).toBeTruthy();
    expect(within(dialog).queryByText(enSys.api.pointsNotEnough)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: en.layout.notification.goToTopUp })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: enCommon.okText }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await chooseFromMenu(user, en.layout.header.language, en.layout.locale.zh_CN, 'menuitemradio');
    expect(await screen.findByRole('button', { name: zh.layout.header.language })).toBeTruthy();
  });

  it('shows the exception pages, the not-found page, and follows the redirect helper route', async () => {
    const user = await openSignedIn('/exception/403');
    expect(await screen.findByRole('heading', { name: zh.sys.exception['403'].title })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: zh.sys.exception.backHome }));
    await screen.findByTestId('points-balance');
    expect(window.location.pathname).toBe('/dashboard/analysis');

    await openSignedIn('/exception/10100');
    expect(await screen.findByRole('heading', { name: zh.sys.exception['10100'].title })).toBeTruthy();
    await openSignedIn('/no/such/page');
    expect(await screen.findByRole('heading', { name: zh.sys.exception['404'].title })).toBeTruthy();
    const query = encodeURIComponent(JSON.stringify({ from: 'redirect' }));
    await openSignedIn(`/redirect/${encodeURIComponent('dashboard/analysis')}/path/${query}`);
    await screen.findByTestId('points-balance');
    expect(window.location.pathname + window.location.search).toBe('/dashboard/analysis?from=redirect');
  });

  it('on a phone keeps the notices, work orders and error log behind the header’s “more” menu', async () => {
    const user = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance');
    await chooseFromMenu(user, zh.layout.header.more, zh.layout.header.workOrder);
    await waitFor(() => expect(document.title).toBe(`${zh.routes.workorder.list} - Inkpress`));
    expect(window.location.pathname).toBe('/workorder/myworkorder');
    await chooseFromMenu(user, zh.layout.header.more, new RegExp(`^${zh.layout.header.notice}`));
    await waitFor(() => expect(document.title).toBe(`${zh.routes.notice.unread} - Inkpress`));
    await chooseFromMenu(user, zh.layout.header.more, zh.layout.header.errorLog);
    await waitFor(() => expect(window.location.pathname).toBe('/error-log/list'));
  });

  it('changes the password: validates first, shows the server refusal inline; logs out to /login', async () => {
    const user = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance');
    await chooseFromMenu(user, new RegExp(`^${zh.layout.header.userMenu}`), zh.layout.header.changePassword);
    const dialog = await findDialog('dialog', zh.layout.password.title);
    await user.type(within(dialog).getByLabelText(zh.layout.password.newPassword), 'Another-passw0rd');
    await user.type(within(dialog).getByLabelText(zh.layout.password.confirmPassword), 'Another-passw0rX');
    await user.click(within(dialog).getByRole('button', { name: zh.common.okText }));
    expect(within(dialog).getByText(zh.sys.validation.passwordRequired)).toBeTruthy();
    expect(within(dialog).getByText(zh.sys.validation.confirmMismatch)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(zh.layout.password.oldPassword), 'not-my-password');
    await user.clear(within(dialog).getByLabelText(zh.layout.password.confirmPassword));
    await user.type(within(dialog).getByLabelText(zh.layout.password.confirmPassword), 'Another-passw0rd');
    await user.click(within(dialog).getByRole('button', { name: zh.common.okText }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: zh.common.cancelText }));

    await chooseFromMenu(user, new RegExp(`^${zh.layout.header.userMenu}`), zh.layout.header.logout);
    await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    expect(window.location.pathname).toBe('/login');
  });
});
