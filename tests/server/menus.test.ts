import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../contract/codes';
import type { MenuItem } from '../../contract/schemas/menu';
import { startTestServer, type TestServer } from './harness';
import { adminSession, signIn } from './fixtures';
import { MASTER_SECTIONS } from '../machines/fixtures/menus';

const LIST = '/admin/v1/admin-menu/list';
const ADD = '/admin/v1/admin-menu/add';
const EDIT = '/admin/v1/admin-menu/edit';
const DEL = '/admin/v1/admin-menu/del';
const ACCESS_ADD = '/admin/v1/admin-access/add';
const ACCESS_DEL = '/admin/v1/admin-access/del';

interface Tree {
  list: MenuItem[];
  total: number;
}

let t: TestServer;
let admin: string;
let master: string;
let official: string;

beforeAll(async () => {
  t = await startTestServer();
  [admin, master, official] = await Promise.all([adminSession(t), signIn(t, 'master1', ['master']), signIn(t, 'official1', ['official'])]);
});
afterAll(async () => t?.close());

const names = (items: MenuItem[]): string[] => items.map((m) => m.name);
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => [m, ...flatten(m.children)]);
const find = (items: MenuItem[], name: string) => flatten(items).find((m) => m.name === name);
const tree = async (token: string, query = '') => {
  const res = await t.call<Tree>('GET', LIST + query, { token });
  expect([res.status, res.code]).toEqual([200, 200]);
  return res.data;
};

describe('menu tree by role', () => {
  it('shows official only the dashboard', async () => {
    const { list, total } = await tree(official);
    expect(names(list)).toEqual(['Dashboard']);
    expect(names(list[0].children)).toEqual(['Analysis', 'Workbench']);
    expect(total).toBe(3);
  });

  it('shows master every business menu, nested and sorted by order, and of Systems its team pages only', async () => {
    const { list, total } = await tree(master);
    expect(names(list)).toEqual(MASTER_SECTIONS);
    expect(names(find(list, 'Systems')!.children)).toEqual(['SubAccount', 'AdminLog']);
    expect(names(find(list, 'ArticleManage')!.children)).toEqual(['Article', 'ArticleTask', 'Prompt', 'ArticleDetail', 'ModelProvider']);
    expect(total).toBe(flatten(list).length);
    const article = find(list, 'Article')!;
    expect(article).toMatchObject({
      url: '/article',
      component: 'article/index',
      level: 2,
      is_show: 1,
      role: ['admin', 'master', 'editor', 'writer', 'viewer'],
      children: [],
    });
    expect(article.parent).toBe(find(list, 'ArticleManage')!.id);
    expect(article.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(article.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(article.dynamic_level).toBe(0);
  });

  it('gives each menu the access entries the caller holds under it, with their ids', async () => {
    const task = async (token: string) => find((await tree(token)).list, 'Task')!.access;
    const writer = await signIn(t, 'writer1', ['writer']);
    expect((await task(master)).map((entry) => entry.auth_code)).toEqual(['task:add', 'task:edit', 'task:del']);
    // Writers see the publishing tasks but hold none of their codes.
    expect(await task(writer)).toEqual([]);
    const [add] = await task(admin);
    expect(add).toEqual({ id: expect.any(Number), name: 'Publishing task: add', auth_code: 'task:add' });
    expect(find((await tree(master)).list, 'Site')!.access.map((entry) => entry.auth_code)).toEqual(['site:add', 'site:edit', 'site:del']);
    expect(find((await tree(writer)).list, 'Article')!.access.map((entry) => entry.auth_code)).toEqual(['article:add', 'article:edit']);
  });

  it('names every code under each menu, held or not, where the operator put its entry', async () => {
    const writer = await signIn(t, 'writer2', ['writer']);
    const codesOf = async (token: string, name: string) => find((await tree(token)).list, name)!.access_codes;
    // Writers hold none of the publishing tasks' codes, yet learn which page's buttons they guard.
    expect(await codesOf(writer, 'Task')).toEqual(['task:add', 'task:edit', 'task:del']);
    expect(await codesOf(master, 'Task')).toEqual(['task:add', 'task:edit', 'task:del']);

    const list = (await tree(admin)).list;
    const add = (menu: string) =>
      t.call<{ id: number }>('POST', ACCESS_ADD, {
        token: admin,
        body: { menu_id: find(list, menu)!.id, name: 'Export', auth_code: 'moved:export' },
      });
    const remove = (id: number) => t.call('DELETE', ACCESS_DEL, { token: admin, body: { id } });
    const first = await add('Task');
    expect(await codesOf(master, 'Task')).toContain('moved:export');
    // Moved: taken from the task menu, put under the article menu.
    expect((await remove(first.data.id)).code).toBe(200);
    const moved = await add('Article');
    expect(await codesOf(master, 'Task')).not.toContain('moved:export');
    expect(await codesOf(master, 'Article')).toContain('moved:export');
    expect((await remove(moved.data.id)).code).toBe(200);
  });

  it('sends the article details page as a hidden route with a parameter, at most three tabs of it, for those who see the list', async () => {
    const detail = find((await tree(master)).list, 'ArticleDetail')!;
    expect(detail).toMatchObject({
      url: '/article/detail/:id',
      component: 'article/detail',
      title: 'routes.article.detail',
      is_show: 0,
      dynamic_level: 3,
      role: ['admin', 'master', 'editor', 'writer', 'viewer'],
      children: [],
    });
    expect(detail.parent).toBe(find((await tree(master)).list, 'ArticleManage')!.id);
    expect(find((await tree(official)).list, 'ArticleDetail')).toBeUndefined();
  });

  it('shows admin everything including Systems; all=1 is the same whole menu', async () => {
    const own = await tree(admin);
    expect(names(own.list)).toEqual([...MASTER_SECTIONS, 'Support']);
    expect(names(find(own.list, 'Systems')!.children)).toEqual(['SubAccount', 'Role', 'Menu', 'AdminLog']);
    expect(names(find(own.list, 'Support')!.children)).toEqual(['WorkorderQueue', 'NoticeManage']);
    const all = await tree(admin, '?all=1');
    expect(all).toEqual(own);
  });

  it('accepts the console cache-busting timestamp', async () => {
    expect((await tree(official, `?_t=${Date.now()}`)).total).toBe(3);
  });

  it('refuses all=1 to non-administrators, and any call without a session', async () => {
    for (const token of [master, official]) {
      const res = await t.call('GET', `${LIST}?all=1`, { token });
      expect([res.status, res.code]).toEqual([403, 403]);
    }
    const anonymous = await t.call('GET', LIST);
    expect([anonymous.status, anonymous.code]).toEqual([401, 401]);
    const badToken = await t.call('GET', LIST, { token: 'not-a-session' });
    expect(badToken.status).toBe(401);
  });

  it('refuses bad query values with 400 naming the field', async () => {
    for (const [query, msg] of [
      ['?all=2', /^All/],
      ['?all=yes', /^All/],
      ['?other=1', /"other" is not a known field/],
    ] as const) {
      const res = await t.call('GET', LIST + query, { token: admin });
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(msg);
    }
  });
});

describe('menu administration', () => {
  it('adds a menu under a parent with the level derived from it, visible by its roles', async () => {
    const site = find((await tree(admin)).list, 'SiteManage')!;
    const res = await t.call<MenuItem>('POST', ADD, {
      token: admin,
      body: { name: 'SiteStats', title: 'routes.site.stats', url: '/site/stats', parent: site.id, order: 5, role: ['master'] },
    });
    expect([res.status, res.code]).toEqual([200, 200]);
    expect(res.data).toMatchObject({
      name: 'SiteStats',
      parent: site.id,
      level: 2,
      order: 5,
      is_show: 1,
      dynamic_level: 0,
      role: ['master'],
      component: '',
      icon: '',
      redirect: '',
      children: [],
    });
    expect(res.data.id).toBeGreaterThan(0);

    expect(names(find((await tree(master)).list, 'SiteManage')!.children)).toEqual(['Site', 'Task', 'SiteStats']);
    expect(find((await tree(official)).list, 'SiteStats')).toBeUndefined();
  });

  it('shows a menu limited to official to official, not to master; a hidden parent hides its children', async () => {
    const added = await t.call<MenuItem>('POST', ADD, {
      token: admin,
      body: { name: 'OfficialNews', title: 'News', url: '/news', order: 15, role: ['official'] },
    });
    expect(added.data.level).toBe(1);
    const child = await t.call<MenuItem>('POST', ADD, {
      token: admin,
      body: { name: 'OfficialNewsItem', title: 'Item', url: '/news/item', parent: added.data.id },
    });
    expect(child.data.level).toBe(2);

    const officialTree = (await tree(official)).list;
    expect(names(officialTree)).toEqual(['Dashboard', 'OfficialNews']);
    expect(names(officialTree[1].children)).toEqual(['OfficialNewsItem']);
    const masterTree = (await tree(master)).list;
    expect(find(masterTree, 'OfficialNews')).toBeUndefined();
    // The child's own roles are empty (everyone), but its parent is not master's.
    expect(find(masterTree, 'OfficialNewsItem')).toBeUndefined();
  });

  it('edits fields, and moving a menu re-levels its whole subtree', async () => {
    const a = await t.call<MenuItem>('POST', ADD, { token: admin, body: { name: 'MoveA', title: 'A', url: '/a' } });
    const b = await t.call<MenuItem>('POST', ADD, { token: admin, body: { name: 'MoveB', title: 'B', url: '/b', parent: a.data.id } });
    const c = await t.call<MenuItem>('POST', ADD, { token: admin, body: { name: 'MoveC', title: 'C', url: '/c', parent: b.data.id } });
    expect([a.data.level, b.data.level, c.data.level]).toEqual([1, 2, 3]);
    const target = find((await tree(admin)).list, 'Analysis')!;

    const edited = await t.call<MenuItem>('PUT', EDIT, {
      token: admin,
      body: { id: b.data.id, parent: target.id, title: 'B moved', is_show: 0, dynamic_level: 2 },
    });
    expect([edited.status, edited.code]).toEqual([200, 200]);
    expect(edited.data).toMatchObject({
      id: b.data.id,
      name: 'MoveB',
      title: 'B moved',
      parent: target.id,
      level: 3,
      is_show: 0,
      dynamic_level: 2,
    });

    const after = (await tree(admin)).list;
    expect(names(find(after, 'Analysis')!.children)).toEqual(['MoveB']);
    expect(find(after, 'MoveC')).toMatchObject({ parent: b.data.id, level: 4 });
    expect(find(after, 'MoveA')!.children).toEqual([]);

    const back = await t.call<MenuItem>('PUT', EDIT, { token: admin, body: { id: b.data.id, parent: 0 } });
    expect(back.data.level).toBe(1);
    expect(find((await tree(admin)).list, 'MoveC')!.level).toBe(2);
  });

  it('keeps an ignored flag set and cleared; built-in menus are not ignored', async () => {
    expect(flatten((await tree(admin)).list).filter((menu) => menu.ignored !== 0)).toEqual([]);
    const added = await t.call<MenuItem>('POST', ADD, {
      token: admin,
      body: { name: 'Ignored1', title: 'I', url: '/ignored', ignored: 1 },
    });
    expect([added.status, added.data.ignored]).toEqual([200, 1]);
    expect(find((await tree(master)).list, 'Ignored1')!.ignored).toBe(1);
    const cleared = await t.call<MenuItem>('PUT', EDIT, { token: admin, body: { id: added.data.id, ignored: 0 } });
    expect(cleared.data.ignored).toBe(0);
    expect(find((await tree(admin)).list, 'Ignored1')!.ignored).toBe(0);
  });

  it('refuses a parent that is the menu itself or inside it, or that does not exist', async () => {
    const top = await t.call<MenuItem>('POST', ADD, { token: admin, body: { name: 'CycleTop', title: 'T', url: '/t' } });
    const inner = await t.call<MenuItem>('POST', ADD, {
      token: admin,
      body: { name: 'CycleInner', title: 'I', url: '/t/i', parent: top.data.id },
    });
    const self = await t.call('PUT', EDIT, { token: admin, body: { id: top.data.id, parent: top.data.id } });
    expect([self.status, self.msg]).toEqual([400, 'Parent menu: a menu cannot be its own parent']);
    const cycle = await t.call('PUT', EDIT, { token: admin, body: { id: top.data.id, parent: inner.data.id } });
    expect(cycle.status).toBe(400);
    expect(cycle.msg).toMatch(/^Parent menu: menu \d+ is inside this menu/);
    const missing = await t.call('PUT', EDIT, { token: admin, body: { id: top.data.id, parent: 999999 } });
    expect([missing.status, missing.msg]).toEqual([400, 'Parent menu: there is no menu with id 999999']);
    const addMissing = await t.call('POST', ADD, { token: admin, body: { name: 'Orphan', title: 'O', url: '/o', parent: 999999 } });
    expect([addMissing.status, addMissing.msg]).toEqual([400, 'Parent menu: there is no menu with id 999999']);
    expect(find((await tree(admin)).list, 'Orphan')).toBeUndefined();
  });

  it('refuses duplicate names and unknown roles clearly', async () => {
    const dup = await t.call('POST', ADD, { token: admin, body: { name: 'Dashboard', title: 'x', url: '/x' } });
    expect([dup.status, dup.code, dup.msg]).toEqual([200, ResultCode.DUPLICATE, 'A menu named "Dashboard" already exists']);
    const site = find((await tree(admin)).list, 'Site')!;
    const rename = await t.call('PUT', EDIT, { token: admin, body: { id: site.id, name: 'Task' } });
    expect([rename.status, rename.code]).toEqual([200, ResultCode.DUPLICATE]);
    const role = await t.call('POST', ADD, { token: admin, body: { name: 'Roled', title: 'x', url: '/x', role: ['master', 'ghost'] } });
    expect([role.status, role.msg]).toEqual([400, 'Role: there is no role "ghost"']);
    const editRole = await t.call('PUT', EDIT, { token: admin, body: { id: site.id, role: ['ghost'] } });
    expect([editRole.status, editRole.msg]).toEqual([400, 'Role: there is no role "ghost"']);
    expect(find((await tree(admin)).list, 'Site')!.role).toEqual(['admin', 'master', 'editor', 'writer', 'viewer']);
  });

  it('refuses to delete a menu that has children, deletes a leaf with its access entries', async () => {
    const parent = await t.call<MenuItem>('POST', ADD, { token: admin, body: { name: 'DelParent', title: 'P', url: '/p' } });
    const child = await t.call<MenuItem>('POST', ADD, {
      token: admin,
      body: { name: 'DelChild', title: 'C', url: '/p/c', parent: parent.data.id },
    });
    const access = await t.call('POST', '/admin/v1/admin-access/add', {
      token: admin,
      body: { menu_id: child.data.id, name: 'Child: add', auth_code: 'delchild:add' },
    });
    expect(access.code).toBe(200);

    const refused = await t.call('DELETE', DEL, { token: admin, body: { id: parent.data.id } });
    expect([refused.status, refused.code, refused.msg]).toEqual([
      200,
      ResultCode.IN_USE,
      'Menu "DelParent" has 1 child menu(s): delete or move them first',
    ]);
    expect(find((await tree(admin)).list, 'DelParent')).toBeDefined();

    const leaf = await t.call('DELETE', DEL, { token: admin, body: { id: child.data.id } });
    expect([leaf.status, leaf.code, leaf.data]).toEqual([200, 200, null]);
    const gone = await t.call('DELETE', DEL, { token: admin, body: { id: parent.data.id } });
    expect(gone.code).toBe(200);
    expect(find((await tree(admin)).list, 'DelParent')).toBeUndefined();
    // The entry went with its menu: its auth_code is free again.
    const reuse = await t.call('POST', '/admin/v1/admin-access/add', {
      token: admin,
      body: { menu_id: find((await tree(admin)).list, 'Account')!.id, name: 'Again', auth_code: 'delchild:add' },
    });
    expect(reuse.code).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const edit = await t.call('PUT', EDIT, { token: admin, body: { id: 999999, title: 'x' } });
    expect([edit.status, edit.code, edit.msg]).toEqual([404, 404, 'There is no menu with id 999999']);
    const del = await t.call('DELETE', DEL, { token: admin, body: { id: 999999 } });
    expect([del.status, del.code]).toEqual([404, 404]);
  });

  it('lets only administrators add, edit or delete', async () => {
    const dashboard = find((await tree(admin)).list, 'Dashboard')!;
    for (const token of [master, official]) {
      const add = await t.call('POST', ADD, { token, body: { name: 'Sneaky', title: 'x', url: '/x' } });
      expect([add.status, add.code]).toEqual([403, 403]);
      expect(add.msg).toBe('Only an administrator can do this');
      const edit = await t.call('PUT', EDIT, { token, body: { id: dashboard.id, title: 'mine' } });
      expect([edit.status, edit.code]).toEqual([403, 403]);
      const del = await t.call('DELETE', DEL, { token, body: { id: dashboard.id } });
      expect([del.status, del.code]).toEqual([403, 403]);
    }
    for (const [method, path, body] of [
      ['POST', ADD, { name: 'Anon', title: 'x', url: '/x' }],
      ['PUT', EDIT, { id: dashboard.id, title: 'x' }],
      ['DELETE', DEL, { id: dashboard.id }],
    ] as const) {
      expect((await t.call(method, path, { body })).status).toBe(401);
    }
    const after = find((await tree(admin)).list, 'Dashboard')!;
    expect(after.title).toBe(dashboard.title);
    expect(find((await tree(admin)).list, 'Sneaky')).toBeUndefined();
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', ADD, {}, /^Name is required/],
      ['POST', ADD, { name: 'X1', url: '/x' }, /^Title is required$/],
      ['POST', ADD, { name: 'X1', title: 'x' }, /^URL is required$/],
      ['POST', ADD, { name: 5, title: 'x', url: '/x' }, /^Name must be text$/],
      ['POST', ADD, { name: '1bad name', title: 'x', url: '/x' }, /^Name\b/],
      ['POST', ADD, { name: 'X'.repeat(65), title: 'x', url: '/x' }, /^Name\b/],
      ['POST', ADD, { name: 'X1', title: 'x', url: 'no-slash' }, /^URL\b/],
      ['POST', ADD, { name: 'X1', title: 'x', url: '/x', order: 'first' }, /^Order must be a whole number$/],
      ['POST', ADD, { name: 'X1', title: 'x', url: '/x', order: -1 }, /^Order\b/],
      ['POST', ADD, { name: 'X1', title: 'x', url: '/x', is_show: 2 }, /^Shown/],
      ['POST', ADD, { name: 'X1', title: 'x', url: '/x', ignored: 2 }, /^Ignored\b/],
      ['PUT', EDIT, { id: 1, ignored: true }, /^Ignored\b/],
      ['POST', ADD, { name: 'X1', title: 'x', url: '/x', dynamic_level: -1 }, /^Open tabs\b/],
      ['POST', ADD, { name: 'X1', title: 'x', url: '/x', dynamic_level: 1.5 }, /^Open tabs must be a whole number$/],
      ['POST', ADD, { name: 'X1', title: 'x', url: '/x', role: 'master' }, /^Role must be a list$/],
      ['POST', ADD, { name: 'X1', title: 'x', url: '/x', level: 3 }, /^"level" is not a known field$/],
      ['PUT', EDIT, { title: 'x' }, /^ID is required$/],
      ['PUT', EDIT, { id: 'one' }, /^ID must be a whole number$/],
      ['PUT', EDIT, { id: 0 }, /^ID\b/],
      ['PUT', EDIT, { id: 1, parent: -1 }, /^Parent menu\b/],
      ['PUT', EDIT, { id: 1, children: [] }, /^"children" is not a known field$/],
      ['DELETE', DEL, {}, /^ID is required$/],
      ['DELETE', DEL, { id: '1' }, /^ID must be a whole number$/],
      ['DELETE', DEL, { id: 1, force: true }, /^"force" is not a known field$/],
    ];
    for (const [method, path, body, msg] of cases) {
      const res = await t.call(method, path, { token: admin, body });
      expect({ body, status: res.status, code: res.code }).toEqual({ body, status: 400, code: 400 });
      expect(res.msg).toMatch(msg);
    }
    const malformed = await t.call('POST', ADD, { token: admin, raw: '{"name":', headers: { 'content-type': 'application/json' } });
    expect([malformed.status, malformed.msg]).toEqual([400, 'The body is not valid JSON']);
  });
});

describe('built-in menus on a database seeded before them', () => {
  // Last: it restarts the server.
  it('a built-in menu missing from the table (an install older than it) is added at the next start', async () => {
    const detail = find((await tree(admin)).list, 'ArticleDetail')!;
    expect((await t.call('DELETE', DEL, { token: admin, body: { id: detail.id } })).code).toBe(200);
    expect(find((await tree(master)).list, 'ArticleDetail')).toBeUndefined();

    await t.restart();
    const after = (await tree(master)).list;
    expect(find(after, 'ArticleDetail')).toMatchObject({
      url: '/article/detail/:id',
      is_show: 0,
      dynamic_level: 3,
      parent: find(after, 'ArticleManage')!.id,
    });
  });
});
