import { sentRequests } from './support/realServer';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ErrorLogInput } from '../../contract/schemas/errorLog';
import { callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { fill, zh } from './support/texts';
import { findDialog } from './support/dialogs';

/** /error-log/list against the real server: what this browser records, what the server lists, and the administrator's view of everyone's. */

const ADMIN_PASSWORD = 'Admin-passw0rd-view';

const server = consoleOnRealServer({ ADMIN_PASSWORD }, '10.9.7');

async function openErrorLog(token: string) {
  await server.open('/error-log/list', { token });
  const table = await screen.findByRole('table', { name: zh.routes.basic.errorLogList });
  return { user: userEvent.setup(), table };
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

const reported = (message: string): ErrorLogInput => ({
  message,
  type: 'ajax',
  url: 'http://localhost/site',
  name: 'AxiosError',
  file: '',
  stack: '',
  detail: '{"status":500}',
  time: '2026-11-21T15:00:00.000Z',
});

describe('the error log page', () => {
  it('shows an error at once as not sent yet, then as the server lists it, with its details; no "all accounts" switch for a plain account', async () => {
    const { token } = await registerAccount(server.url);
    const { user, table } = await openErrorLog(token);
    expect(await screen.findByText(zh.errorLog.empty)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: zh.errorLog.allAccounts })).toBeNull();

    act(() => {
      window.dispatchEvent(
        new ErrorEvent('error', {
          message: 'Uncaught Error: chart data is missing',
          error: new Error('chart data is missing'),
          filename: 'http://localhost/assets/Chart-1.js',
          lineno: 7,
          colno: 3,
        }),
      );
    });
    expect(within(rowOf(table, 'Uncaught Error: chart data is missing')).getByText(zh.errorLog.notSent)).toBeTruthy();
    expect(screen.getByText(fill(zh.common.table.total, { total: 1 }))).toBeTruthy();

    // Sent after the upload's quiet time; the page then lists it from the server.
    const listedBefore = sentRequests.filter((request) => request.startsWith('GET /api/v1/error_log/list')).length;
    await waitFor(() => expect(within(table).queryByText(zh.errorLog.notSent)).toBeNull());
    await waitFor(() =>
      expect(sentRequests.filter((request) => request.startsWith('GET /api/v1/error_log/list')).length).toBeGreaterThan(listedBefore),
    );
    const stored = await callServer<{ list: { message: string }[] }>(server.url, 'GET', '/api/v1/error_log/list', undefined, token);
    expect(stored.list.map((entry) => entry.message)).toEqual(['Uncaught Error: chart data is missing']);
    const row = await waitFor(() => rowOf(table, 'Uncaught Error: chart data is missing'));
    expect(within(row).getByText(zh.errorLog.type.script)).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: zh.errorLog.view }));
    const dialog = await findDialog('dialog', zh.errorLog.detail);
    expect(within(dialog).getByText('Uncaught Error: chart data is missing')).toBeTruthy();
    expect(within(dialog).getByText('http://localhost/assets/Chart-1.js:7:3')).toBeTruthy();
    expect(within(dialog).getByText(/^Error: chart data is missing/)).toBeTruthy();
    // Its time, and when the server received it.
    expect(within(dialog).getAllByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toHaveLength(2);
    expect(within(dialog).queryByText(zh.errorLog.fields.account)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: zh.common.closeText }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.errorLog.detail })).toBeNull());

    // The type filter asks the server; a request error is not this script error.
    await user.selectOptions(screen.getByRole('combobox', { name: zh.errorLog.fields.type }), zh.errorLog.type.ajax);
    await waitFor(() => expect(within(table).queryByText('Uncaught Error: chart data is missing')).toBeNull());
    expect(sentRequests.at(-1)).toMatch(/type=ajax/);
  });

  it('lets an administrator list another account’s entries with the account, through the "all accounts" switch', async () => {
    const other = await registerAccount(server.url);
    await callServer(
      server.url,
      'POST',
      '/api/v1/error_log/add',
      { entries: [reported('Request failed with status code 500')] },
      other.token,
    );
    const { token } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });

    const { user, table } = await openErrorLog(token);
    expect(await screen.findByText(zh.errorLog.empty)).toBeTruthy();
    expect(within(table).queryByText('Request failed with status code 500')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: zh.errorLog.fields.account })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: zh.errorLog.allAccounts }));
    const row = await waitFor(() => rowOf(table, 'Request failed with status code 500'));
    expect(within(table).getByRole('columnheader', { name: zh.errorLog.fields.account })).toBeTruthy();
    expect(within(row).getByText(other.username)).toBeTruthy();
    expect(sentRequests.at(-1)).toMatch(/all=1/);

    await user.click(within(row).getByRole('button', { name: 'Request failed with status code 500' }));
    const dialog = await findDialog('dialog', zh.errorLog.detail);
    expect(within(dialog).getByText(zh.errorLog.fields.account)).toBeTruthy();
    expect(within(dialog).getByText(other.username)).toBeTruthy();
    expect(within(dialog).getByText('{"status":500}')).toBeTruthy();
  });
});
