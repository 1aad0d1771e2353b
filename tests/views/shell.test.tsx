import './support/realServer'; // first: the console's http client then calls the real server
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '../../src/app/notifications';
import { callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';

/** The signed-in shell against the real server: menus, header, language, theme, messages, pages. */

const ADMIN_PASSWORD = 'view-Admin-passw0rd';
const server = consoleOnRealServer({ ADMIN_PASSWORD }, '10.9.3');

/** The console at `path` for a user who signed in before (the token is in storage). */
async function openSignedIn(path: string, token?: string) {
  await server.open(path, { token: token ?? (await registerAccount(server.url)).token });
  return userEvent.setup();
}

async function chooseFromMenu(user: ReturnType<typeof userEvent.setup>, trigger: string, item: string, role = 'menuitem') {
  await user.click(screen.getByRole('button', { name: trigger }));
  const option = await screen.findByRole(role, { name: item });
  for (let step = 0; step < 5 && option.getAttribute('data-highlighted') === null; step++) await user.keyboard('{ArrowDown}');
  await user.keyboard('{Enter}');
}

describe('the signed-in shell', () => {
  it('shows the menu in order as an accordion, and the title of the page', async () => {
    const { token } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', { username: 'admin', password: ADMIN_PASSWORD });
    const user = await openSignedIn('/dashboard/analysis', token);
    await screen.findByTestId('points-balance', {}, { timeout: 10_000 });
    expect(document.title).toBe('概览 - Inkpress');

    // Below 992 px (jsdom has no width) the menu is a drawer behind the header's menu button.
    await user.click(screen.getByRole('button', { name: '展开菜单' }));
    const menu = await screen.findByRole('navigation', { name: '主菜单' });
    const topLevel = [...menu.querySelectorAll(':scope > ul > li')].map((item) => item.textContent);
    expect(topLevel).toEqual(['仪表盘概览', '站点管理站点列表发布任务', '文章管理文章列表文章生成任务提示词管理', '账户管理', 'API 管理', '邀请注册', '系统管理子账号管理角色管理菜单管理管理日志']);
    expect(within(menu).getByRole('link', { name: '概览' }).getAttribute('aria-current')).toBe('page');

    const siteList = within(menu).getByRole('link', { name: '站点列表', hidden: true });
    expect(siteList.closest('[hidden]')).not.toBeNull();
    await user.click(within(menu).getByRole('button', { name: '站点管理' }));
    await waitFor(() => expect(siteList.closest('[hidden]')).toBeNull());
    await user.click(within(menu).getByRole('button', { name: '文章管理' }));
    await waitFor(() => expect(siteList.closest('[hidden]')).not.toBeNull());
  }, 60_000);

  it('switches the language (html lang, texts and title follow) and the theme (root class and data-theme)', async () => {
    const user = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance', {}, { timeout: 10_000 });
    expect(document.documentElement.lang).toMatch(/^zh/);

    await chooseFromMenu(user, '切换语言', 'English', 'menuitemradio');
    expect(await screen.findByRole('button', { name: 'Language' }, { timeout: 10_000 })).toBeTruthy();
    expect(document.documentElement.lang).toMatch(/^en/);
    expect(screen.getByText('Points balance')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Overview - Inkpress'));

    expect(document.documentElement.classList.contains('dark')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    await chooseFromMenu(user, 'Language', '简体中文', 'menuitemradio');
    expect(await screen.findByRole('button', { name: '切换语言' }, { timeout: 10_000 })).toBeTruthy();
  }, 60_000);

  it("renders the request layer's toasts and the points dialog, whose button leads to the account page", async () => {
    const user = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance', {}, { timeout: 10_000 });

    act(() => notifications.emit({ kind: 'message', text: 'sys.api.networkExceptionMsg', translate: true }));
    expect(await screen.findByText('网络异常，请检查您的网络连接是否正常！')).toBeTruthy();
    act(() => notifications.emit({ kind: 'message', text: 'Site quota reached', translate: false }));
    expect(await screen.findByText('Site quota reached')).toBeTruthy();

    act(() => notifications.emit({ kind: 'confirmPoints', text: 'sys.api.pointsNotEnough', translate: true, titleKey: 'sys.api.operationFailed' }));
    const dialog = await screen.findByRole('alertdialog', { name: '操作失败' });
    expect(within(dialog).getByText('积分不足，请前往账户管理充值')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '前往账户管理' }));
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The account page opens its recharge modal (issue 13).
    expect(await screen.findByRole('dialog', { name: '充值积分' }, { timeout: 10_000 })).toBeTruthy();
  }, 60_000);

  it('shows the exception pages, the not-found page, and follows the redirect helper route', async () => {
    const user = await openSignedIn('/exception/403');
    expect(await screen.findByRole('heading', { name: '无权访问' }, { timeout: 10_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    await screen.findByTestId('points-balance', {}, { timeout: 10_000 });
    expect(window.location.pathname).toBe('/dashboard/analysis');

    await openSignedIn('/exception/10100');
    expect(await screen.findByRole('heading', { name: '暂无数据' }, { timeout: 10_000 })).toBeTruthy();
    await openSignedIn('/no/such/page');
    expect(await screen.findByRole('heading', { name: '页面不存在' }, { timeout: 10_000 })).toBeTruthy();
    const query = encodeURIComponent(JSON.stringify({ from: 'redirect' }));
    await openSignedIn(`/redirect/${encodeURIComponent('dashboard/analysis')}/path/${query}`);
    await screen.findByTestId('points-balance', {}, { timeout: 10_000 });
    expect(window.location.pathname + window.location.search).toBe('/dashboard/analysis?from=redirect');
  }, 60_000);

  it('changes the password: validates first, shows the server refusal inline; logs out to /login', async () => {
    const user = await openSignedIn('/dashboard/analysis');
    await screen.findByTestId('points-balance', {}, { timeout: 10_000 });
    await chooseFromMenu(user, '用户菜单', '修改密码');
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    await user.type(within(dialog).getByLabelText('新密码'), 'Another-passw0rd');
    await user.type(within(dialog).getByLabelText('确认新密码'), 'Another-passw0rX');
    await user.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(within(dialog).getByText('请输入密码')).toBeTruthy();
    expect(within(dialog).getByText('两次输入的密码不一致')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('当前密码'), 'not-my-password');
    await user.clear(within(dialog).getByLabelText('确认新密码'));
    await user.type(within(dialog).getByLabelText('确认新密码'), 'Another-passw0rd');
    await user.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));

    await chooseFromMenu(user, '用户菜单', '退出登录');
    await screen.findByRole('form', { name: '账号登录' }, { timeout: 10_000 });
    expect(window.location.pathname).toBe('/login');
  }, 60_000);
});
