import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import notice from '../../src/i18n/locales/zh_CN/notice.json';
import { callServer } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { findDialog } from './support/dialogs';

/** The operator writes a notice in the editor on /notice/manage, and opens it again to edit it. */

const ADMIN_PASSWORD = 'Admin-passw0rd-notices';
const server = consoleOnRealServer({ ADMIN_PASSWORD }, '10.9.62');

describe("the operator's notice editor", () => {
  it('publishes a notice only once it has a title, and opens it again with what was written', async () => {
    const { token } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    await server.open('/notice/manage', { token });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: notice.manage.add }, { timeout: 60_000 }));

    const editor = await findDialog('dialog', notice.manage.add);
    const save = within(editor).getByRole('button', { name: notice.manage.save });
    expect(save).toHaveProperty('disabled', true);
    await user.type(within(editor).getByLabelText(notice.manage.fields.title), 'Maintenance tonight');
    await user.type(within(editor).getByLabelText(notice.manage.fields.content), 'The console pauses at ten.');
    await user.click(within(editor).getByText(notice.manage.fields.pinned));
    expect(save).toHaveProperty('disabled', false);
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: notice.manage.add })).toBeNull());

    const table = screen.getByRole('table', { name: notice.manage.title });
    const row = await within(table).findByRole('row', { name: /Maintenance tonight/ });
    within(row).getByText(notice.pinned);
    within(row).getByText(notice.manage.state.published);

    await user.click(within(row).getByRole('button', { name: notice.manage.edit }));
    const again = await findDialog('dialog', notice.manage.edit);
    expect(within(again).getByLabelText(notice.manage.fields.title)).toHaveProperty('value', 'Maintenance tonight');
    expect(within(again).getByLabelText(notice.manage.fields.content)).toHaveProperty('value', 'The console pauses at ten.');
    await user.click(within(again).getByRole('button', { name: notice.manage.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: notice.manage.edit })).toBeNull());
  }, 300_000);
});
