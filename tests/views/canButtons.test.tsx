import { consoleOnFakeServices } from './support/consoleOnFakeServices'; // first: it points the console's http client at its page server
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { PermissionCode } from '../../contract/permissionCodes';
import { Can } from '../../src/app/Can';
import routes from '../../src/i18n/locales/zh_CN/routes.json';
import publishing from '../../src/i18n/locales/zh_CN/publishing.json';
import article from '../../src/i18n/locales/zh_CN/article.json';
import type { MenuItem } from '../../contract/schemas/menu';
import { LOGIN_ADA, USER_ADA } from '../machines/fixtures/accounts';
import { menuItem } from '../machines/fixtures/menus';

/**
 * A button guarded by a permission code (spec §6, the v-auth check) is on the page only when the
 * user holds the code: in the back-end mode, the codes the server answers, and for the current
 * menu's own buttons its access list (the button-level permission map).
 */

/** The task menu carrying the entries the user holds; the codes it owns are those, or `codes`. */
const taskMenu = (access: MenuItem['access'] = [], codes?: string[]) =>
  menuItem({
    id: 1,
    name: 'Task',
    url: '/task',
    component: 'task/index',
    title: 'routes.site.task',
    order: 1,
    access,
    ...(codes ? { access_codes: codes } : {}),
  });
const articleMenu = (access: MenuItem['access'], codes?: string[]) =>
  menuItem({
    id: 2,
    name: 'Article',
    url: '/article',
    component: 'article/index',
    title: 'routes.article.list',
    order: 2,
    access,
    ...(codes ? { access_codes: codes } : {}),
  });
const TASK_EDIT = { id: 31, name: 'Publishing task: edit', auth_code: 'task:edit' };
const ARTICLE_EDIT = { id: 41, name: 'Article: edit', auth_code: 'article:edit' };

let held: PermissionCode[] = [];
let menus: MenuItem[] = [taskMenu()];
const services = consoleOnFakeServices({
  permCode: () => Promise.resolve(held),
  menuList: () => Promise.resolve(menus),
});

async function openPage(path: string, heading: string, codes: PermissionCode[], withMenus: MenuItem[]) {
  held = codes;
  menus = withMenus;
  const opened = await services.open(path, { token: LOGIN_ADA.token, user: USER_ADA });
  await opened.fake.answer('userDetails', USER_ADA);
  await screen.findByRole('heading', { name: heading });
}

const openTasks = (codes: PermissionCode[], access: MenuItem['access'] = []) =>
  openPage('/task', routes.site.task, codes, [taskMenu(access)]);

describe('buttons behind a permission code', () => {
  it('are absent without the code', async () => {
    await openTasks(['task:edit']);
    expect(screen.queryByRole('button', { name: publishing.add })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(publishing.generate.button) })).toBeNull();
  });

  it('are there with it', async () => {
    await openTasks(['task:add']);
    expect(screen.getByRole('button', { name: publishing.add })).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(publishing.generate.button) })).toBeTruthy();
  });

  it('are absent when the page’s menu does not list them, whatever the code list', async () => {
    await openPage('/task', routes.site.task, ['task:add', 'task:edit'], [taskMenu([TASK_EDIT], ['task:add', 'task:edit', 'task:del'])]);
    expect(screen.queryByRole('button', { name: publishing.add })).toBeNull();
  });

  it('of another menu stay by the code list: publishing from the article page', async () => {
    await openPage('/article', routes.article.list, ['task:add', 'article:edit'], [taskMenu(), articleMenu([ARTICLE_EDIT])]);
    expect(await screen.findByRole('button', { name: publishing.actions.publish })).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(article.bulkRefresh.button) })).toBeTruthy();
  });

  it('follow an entry the operator moved to another menu', async () => {
    // `task:add` moved from the task menu to the article menu; the user holds it under neither.
    const menus = [
      taskMenu([TASK_EDIT], ['task:edit', 'task:del']),
      articleMenu([ARTICLE_EDIT], ['article:add', 'article:edit', 'task:add']),
    ];
    await openPage('/task', routes.site.task, ['task:add', 'task:edit', 'article:edit'], menus);
    expect(screen.getByRole('button', { name: publishing.add })).toBeTruthy();
    await openPage('/article', routes.article.list, ['task:add', 'task:edit', 'article:edit'], menus);
    expect(await screen.findByRole('button', { name: new RegExp(article.bulkRefresh.button) })).toBeTruthy();
    expect(screen.queryByRole('button', { name: publishing.actions.publish })).toBeNull();
  });

  it('refuse a misspelt code at compile time', () => {
    // @ts-expect-error — 'task:ad' is no permission code: the button would never show.
    const misspelt = <Can code="task:ad">{publishing.add}</Can>;
    expect(misspelt.props.code).toBe('task:ad');
  });
});
