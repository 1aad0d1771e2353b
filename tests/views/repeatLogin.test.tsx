import './support/realServer'; // first: the console's http client then calls the real server
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginToken } from '../e2e/api';
import { PASSWORD, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { findDialog } from './support/dialogs';
import { serverZh, zh } from './support/texts';

/**
 * One session per user (spec §8, repeat login), against the real server with the operator's
 * setting on: a sign-in elsewhere ends the console's session, and the console says so and signs out.
 */

const server = consoleOnRealServer({ ONE_SESSION_PER_USER: '1' }, '10.9.49');

describe('a sign-in elsewhere', () => {
  it('ends the older console’s session: its next call shows the repeat-login message and the login page', async () => {
    const { username, token } = await registerAccount(server.url);
    await server.open('/dashboard/analysis', { token });
    await screen.findByTestId('points-balance');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: zh.dashboard.analysis.editProfile }));
    const dialog = await findDialog('dialog', zh.account.profile.title);
    await user.type(within(dialog).getByRole('textbox', { name: zh.account.profile.realName }), 'Ada');

    await loginToken(server.url, username, PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: zh.common.okText }));

    await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
    expect(window.location.pathname).toBe('/login');
    expect(await screen.findByText(serverZh('auth.repeatLogin'))).toBeTruthy();
    // Signed out, not asked to sign in again where it was: the session-timeout overlay stays away.
    expect(screen.queryByRole('alertdialog', { name: zh.sys.login.sessionTimeoutTitle })).toBeNull();
  });
});
