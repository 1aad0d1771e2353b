import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callServer } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { zh } from './support/texts';
import { findDialog } from './support/dialogs';

/* The admin log says in words what each change was made to, as it says what was done. */

const ADMIN_PASSWORD = 'Admin-passw0rd-log-words';
const server = consoleOnRealServer({ ADMIN_PASSWORD }, '10.9.61');

describe('the admin log page', () => {
  it('names what a change was made to in Chinese, its number beside it, in its row and its details', async () => {
    // The operator's sign-in: written to the log against the user it signed in.
    const { token } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    await server.open('/systems/log/admin', { token });
    const table = await screen.findByRole('table', { name: zh.routes.systems.adminLog }, { timeout: 60_000 });
    const row = (await within(table).findByText('POST /api/v1/user/login')).closest('tr') as HTMLElement;
    expect(within(row).getByText(`${zh.adminLog.resources.user} #1`)).toBeTruthy();

    // Its details say the same, in the same words.
    await userEvent.setup().click(within(row).getByRole('button', { name: zh.systems.log.view }));
    const details = await findDialog('dialog', zh.systems.log.detail);
    expect(within(details).getByText(`${zh.adminLog.resources.user} #1`)).toBeTruthy();
    expect(within(details).getByText(zh.adminLog.actions.login)).toBeTruthy();
  });
});
