import './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import workorder from '../../src/i18n/locales/zh_CN/workorder.json';
import notice from '../../src/i18n/locales/zh_CN/notice.json';
import { ConsolePath } from '../../contract/paths';
import { callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { fill } from './support/texts';

/** A sub-account's work order reaches the operator, and the owner's notices, under the sub-account's name. */

const ADMIN_PASSWORD = 'Admin-passw0rd-orders';
const server = consoleOnRealServer({ ADMIN_PASSWORD }, '10.9.42');

describe("a sub-account's work order", () => {
  it('is listed and read by the operator under its author, and its answer tells the owner whose it was', async () => {
    const owner = await registerAccount(server.url);
    const writer = `${owner.username}_w`;
    await callServer(
      server.url,
      'POST',
      '/admin/v1/subaccount/add',
      { username: writer, password: 'writer-pass-1', role: 'writer' },
      owner.token,
    );
    const { token: writerToken } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', {
      username: writer,
      password: 'writer-pass-1',
    });
    const { workorder: order } = await callServer<{ workorder: { id: number } }>(
      server.url,
      'POST',
      '/api/v1/workorder/add',
      { category: 'billing', title: 'Writer asks about points', description: 'Who pays for my articles?' },
      writerToken,
    );
    const { token: admin } = await callServer<{ token: string }>(server.url, 'POST', '/api/v1/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });

    await server.open(ConsolePath.workorderQueue, { token: admin });
    const table = await screen.findByRole('table', {}, { timeout: 60_000 });
    const row = (await within(table).findByText('Writer asks about points')).closest('tr') as HTMLElement;
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[header.indexOf(workorder.fields.author)]).toBe(writer);
    expect(cells[header.indexOf(workorder.fields.account)]).toBe(owner.username);

    await server.open(`${ConsolePath.workorderQueue}?id=${order.id}`, { token: admin });
    expect((await screen.findByTestId('workorder-who', {}, { timeout: 60_000 })).textContent).toBe(
      `${workorder.fields.author}: ${writer} · ${workorder.fields.account}: ${owner.username}`,
    );

    await callServer(server.url, 'POST', '/admin/v1/workorder/reply', { id: order.id, body: 'The owner does.' }, admin);
    await server.open(ConsolePath.noticeIndex, { token: owner.token });
    await screen.findByText(fill(notice.events.workorder_answered.title_author, { author: writer, id: order.id }), {}, { timeout: 60_000 });
  }, 300_000);
});
