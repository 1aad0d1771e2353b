import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { PermissionCode } from '../../contract/permissionCodes';
import { Can } from '../../src/app/Can';
import routes from '../../src/i18n/locales/zh_CN/routes.json';
import task from '../../src/i18n/locales/zh_CN/task.json';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { menuItem } from '../machines/fixtures/menus';

/**
 * A button guarded by a permission code (spec §6, the v-auth check) is on the page only when the
 * user holds the code: in the back-end mode, the codes the server answers.
 */

let held: PermissionCode[] = [];
const services = consoleOnFakeServices({
  permCode: () => Promise.resolve(held),
  menuList: () =>
    Promise.resolve([menuItem({ id: 1, name: 'Task', url: '/task', component: 'task/index', title: 'routes.site.task', order: 1 })]),
});

async function openTasks(codes: PermissionCode[]) {
  held = codes;
  const opened = await services.open('/task', { token: LOGIN_ADA.token, user: USER_ADA });
  await opened.fake.answer('userDetails', USER_ADA);
  await screen.findByRole('heading', { name: routes.site.task }, { timeout: 30_000 });
}

describe('buttons behind a permission code', () => {
  it('are absent without the code', async () => {
    await openTasks(['task:edit']);
    expect(screen.queryByRole('button', { name: task.add })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(task.generate.button) })).toBeNull();
  }, 60_000);

  it('are there with it', async () => {
    await openTasks(['task:add']);
    expect(screen.getByRole('button', { name: task.add })).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(task.generate.button) })).toBeTruthy();
  }, 60_000);

  it('refuse a misspelt code at compile time', () => {
    // @ts-expect-error — 'task:ad' is no permission code: the button would never show.
    const misspelt = <Can code="task:ad">{task.add}</Can>;
    expect(misspelt.props.code).toBe('task:ad');
  });
});
