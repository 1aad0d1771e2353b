import { describe, expect, it } from 'vitest';
import { buttonAllowed, buttonMapOf } from '../../src/machines/buttonPermissions';
import { menuAt, menusFromServer, type Menu } from '../../src/machines/menus';
import { menuItem } from './fixtures/menus';

/**
 * The button-level permission map of spec §6: the current menu's access list decides its own
 * buttons; a code owned by another menu is left to the whole code list. Which menu owns a code is
 * what the server says (every code under each menu, held or not), the built-in table only when
 * it does not say.
 */

const TASK_EDIT = { id: 31, name: 'Publishing task: edit', auth_code: 'task:edit' };
const ARTICLE_EDIT = { id: 41, name: 'Article: edit', auth_code: 'article:edit' };

/** The user's menus, the server naming under Task and under Article the codes given. */
const serverMenus = (taskCodes: string[], articleCodes: string[]) =>
  menusFromServer([
    menuItem({
      id: 2,
      name: 'SiteManage',
      url: '/site-manage',
      order: 20,
      children: [
        menuItem({ id: 3, name: 'Task', url: '/task', order: 2, parent: 2, level: 2, access: [TASK_EDIT], access_codes: taskCodes }),
      ],
    }),
    menuItem({ id: 5, name: 'Article', url: '/article', order: 30, access: [ARTICLE_EDIT], access_codes: articleCodes }),
    menuItem({ id: 6, name: 'ArticleDetail', url: '/article/detail/:id', order: 31, is_show: 0 }),
  ]);
const MENUS = serverMenus(['task:add', 'task:edit', 'task:del'], ['article:add', 'article:edit']);

/** Whether a button stays on the page at `pathname` of `menus`, the code list holding `codes`. */
const allowedIn = (menus: Menu[], pathname: string, permission: string | number, codes: readonly string[]) =>
  buttonAllowed(permission, { current: menuAt(menus, pathname), menus }, (code) => codes.includes(code));
const allowedAt = (pathname: string, permission: string | number, codes: readonly string[]) =>
  allowedIn(MENUS, pathname, permission, codes);

describe('button-level permission map', () => {
  it('is keyed by auth_code and by id, with the entries of the menu’s children', () => {
    expect([...buttonMapOf(menuAt(MENUS, '/task')).keys()]).toEqual(['task:edit', 31]);
    expect(buttonMapOf(menuAt(MENUS, '/site-manage')).get(31)).toEqual(TASK_EDIT);
    expect(buttonMapOf(undefined).size).toBe(0);
  });

  it('removes a button whose code the current menu’s access list lacks, even when the code list has it', () => {
    expect(allowedAt('/task', 'task:add', ['task:add', 'task:edit'])).toBe(false);
    expect(allowedAt('/task', 'task:edit', ['task:add', 'task:edit'])).toBe(true);
  });

  it('keeps a button given by the id of an entry the user holds, on its menu or another', () => {
    expect(allowedAt('/task', 31, [])).toBe(true);
    expect(allowedAt('/article', 31, [])).toBe(true);
    expect(allowedAt('/task', 99, ['task:add', 'task:edit'])).toBe(false);
  });

  it('leaves a code owned by another menu to the code list: the publish button of an article page', () => {
    expect(allowedAt('/article', 'task:add', ['task:add', 'article:edit'])).toBe(true);
    expect(allowedAt('/article', 'task:add', ['article:edit'])).toBe(false);
    expect(allowedAt('/article/detail/7', 'article:edit', ['article:edit'])).toBe(true);
  });

  it('leaves every code to the code list on a page whose menu brings no entries', () => {
    expect(allowedAt('/article/detail/7', 'task:add', ['task:add'])).toBe(true);
    expect(allowedAt('/nowhere', 'task:add', ['task:add'])).toBe(true);
    expect(allowedAt('/nowhere', 'task:add', [])).toBe(false);
  });

  it('follows an entry the operator moved to another menu', () => {
    // `task:add` now under Article: the task page leaves it to the code list, the article page decides it.
    const moved = serverMenus(['task:edit', 'task:del'], ['article:add', 'article:edit', 'task:add']);
    expect(allowedIn(moved, '/task', 'task:add', ['task:add', 'task:edit'])).toBe(true);
    expect(allowedIn(moved, '/article', 'task:add', ['task:add', 'article:edit'])).toBe(false);
  });

  it('reads ownership from the built-in table when the server does not say', () => {
    const silent = menusFromServer([
      { ...menuItem({ id: 3, name: 'Task', url: '/task', order: 2, access: [TASK_EDIT] }), access_codes: undefined as unknown as string[] },
    ]);
    expect(allowedIn(silent, '/task', 'task:add', ['task:add', 'task:edit'])).toBe(false);
    expect(allowedIn(silent, '/task', 'article:edit', ['article:edit'])).toBe(true);
  });
});
