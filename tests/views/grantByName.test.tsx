import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import account from '../../src/i18n/locales/zh_CN/account.json';
import { callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { findDialog } from './support/dialogs';
import { fill } from './support/texts';

/** The operator adjusts an account's points by its name, and confirms after reading the new balance. */

const ADMIN_PASSWORD = 'Admin-passw0rd-grants';
const server = consoleOnRealServer({ ADMIN_PASSWORD }, '10.9.44');

const balanceOf = async (token: string) =>
  (await callServer<{ points: number }>(server.url, 'GET', '/api/v1/user/get_user_details', undefined, token)).points;

describe("the operator's points adjustment", () => {
  it('finds the account by name and changes nothing until the operator confirms the new balance', async () => {
    const owner = await registerAccount(server.url);
    const before = await balanceOf(owner.token);
    const { token: admin } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    await server.open('/account', { token: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: account.admin.title }, { timeout: 60_000 }));
    const form = await screen.findByRole('form', { name: account.admin.grant });
    await user.type(within(form).getByLabelText(account.admin.accountName), owner.username.toUpperCase());
    await user.type(within(form).getByLabelText(account.admin.delta), '-240');
    await user.type(within(form).getByLabelText(account.admin.reason), 'Refund reversed');
    await user.click(within(form).getByRole('button', { name: account.admin.grantButton }));

    const confirm = await findDialog('dialog', account.admin.confirmGrant);
    expect(within(confirm).getByTestId('grant-summary').textContent).toBe(
      fill(account.admin.grantSummary, {
        name: owner.username,
        delta: '-240',
        before: before.toLocaleString(),
        after: (before - 240).toLocaleString(),
      }),
    );
    expect(await balanceOf(owner.token)).toBe(before);
    await user.click(within(confirm).getByRole('button', { name: account.admin.confirmGrantButton }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: account.admin.confirmGrant })).toBeNull());
    expect(await balanceOf(owner.token)).toBe(before - 240);

    // A name that is no account's is said so, and nothing is asked.
    await user.type(within(form).getByLabelText(account.admin.accountName), 'nobody-by-this-name');
    await user.type(within(form).getByLabelText(account.admin.delta), '10');
    await user.click(within(form).getByRole('button', { name: account.admin.grantButton }));
    await screen.findByText(fill(account.admin.noSuchAccount, { name: 'nobody-by-this-name' }));
  }, 300_000);
});
