import './support/realServer'; // first: the console's http client then calls the real server
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { findDialog } from './support/dialogs';
import { fill, zh } from './support/texts';

/** The dashboard's top-up and account modals, against the real server: opened and closed on the dashboard. */

const server = consoleOnRealServer({}, '10.9.40');

async function openDashboard() {
  await server.open('/dashboard/analysis', { token: (await registerAccount(server.url)).token });
  await screen.findByTestId('points-balance');
  return userEvent.setup();
}

/** Closes `name`'s dialog with Escape and waits until it is gone. */
async function closeDialog(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
}

describe('the dashboard’s modals', () => {
  it('充值 opens the top-up dialog on the dashboard, and closing it leaves the dashboard as it was', async () => {
    const user = await openDashboard();
    const balance = screen.getByTestId('points-balance').textContent;
    await user.click(screen.getByRole('button', { name: zh.dashboard.analysis.topUp }));
    const dialog = await findDialog('dialog', zh.account.recharge.title);
    expect(within(dialog).getByRole('tab', { name: zh.account.recharge.redeem })).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard/analysis');
    expect(window.location.search).toBe('');
    await closeDialog(user, zh.account.recharge.title);
    expect(window.location.pathname).toBe('/dashboard/analysis');
    expect(screen.getByTestId('points-balance').textContent).toBe(balance);
  });

  it('the account card opens the account modal on the dashboard, and closing it leaves the dashboard as it was', async () => {
    const user = await openDashboard();
    await user.click(screen.getByRole('button', { name: zh.dashboard.analysis.editProfile }));
    const dialog = await findDialog('dialog', zh.account.profile.title);
    expect(within(dialog).getByRole('textbox', { name: zh.account.profile.realName })).toBeTruthy();
    await closeDialog(user, zh.account.profile.title);
    expect(window.location.pathname).toBe('/dashboard/analysis');
    expect(screen.getByTestId('points-balance')).toBeTruthy();
  });

  it('a changed e-mail asks for the code sent to it, which keeps its six digits only', async () => {
    const user = await openDashboard();
    await user.click(screen.getByRole('button', { name: zh.dashboard.analysis.editProfile }));
    const dialog = await findDialog('dialog', zh.account.profile.title);
    const email = within(dialog).getByRole('textbox', { name: zh.account.profile.email });
    await user.clear(email);
    await user.type(email, 'ada.new@example.com');
    const code = within(dialog).getByRole<HTMLInputElement>('textbox', { name: zh.account.profile.code });
    await user.type(code, '12-34 5678');
    expect(code.value).toBe('123456');
    await closeDialog(user, zh.account.profile.title);
  });
});

describe('avatars', () => {
  it('a new account shows one of the six illustrations; one chosen in the account modal replaces it', async () => {
    const user = await openDashboard();
    const shown = () => Array.from(document.querySelectorAll('main img')).map((img) => img.getAttribute('src'));
    await waitFor(() => expect(shown().some((src) => /^\/avatars\/[1-6]\.svg$/.test(src ?? ''))).toBe(true));
    const before = shown().find((src) => /^\/avatars\//.test(src ?? ''));
    const choice = before === '/avatars/3.svg' ? 4 : 3;
    await user.click(screen.getByRole('button', { name: zh.dashboard.analysis.editProfile }));
    const dialog = await findDialog('dialog', zh.account.profile.title);
    const radio = within(dialog).getByRole('radio', { name: fill(zh.account.profile.illustration, { number: choice }) });
    await user.click(radio);
    expect(radio.getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: zh.common.okText }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.account.profile.title })).toBeNull());
    await waitFor(() => expect(shown()).toContain(`/avatars/${choice}.svg`));
    expect(shown()).not.toContain(before);
  });
});

describe('the workbench', () => {
  it('shows its quick actions and empty lists; 充值 opens the top-up dialog there, a quick action opens its page', async () => {
    await server.open('/dashboard/workbench', { token: (await registerAccount(server.url)).token });
    const user = userEvent.setup();
    expect(await screen.findByText(zh.dashboard.workbench.noTasks)).toBeTruthy();
    expect(await screen.findByText(zh.dashboard.workbench.noArticles)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: zh.dashboard.workbench.actions.topUp }));
    await findDialog('dialog', zh.account.recharge.title);
    expect(window.location.pathname).toBe('/dashboard/workbench');
    await closeDialog(user, zh.account.recharge.title);
    expect(window.location.pathname).toBe('/dashboard/workbench');
    await user.click(screen.getByRole('button', { name: zh.dashboard.workbench.actions.newTask }));
    await waitFor(() => expect(window.location.pathname).toBe('/article_task'));
  });
});
