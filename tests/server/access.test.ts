import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../contract/codes';
import type { AccessEntry, MenuItem } from '../../contract/schemas/menu';
import { startTestServer, type TestServer } from './harness';
import { adminSession, signIn } from './fixtures';

const LIST = '/admin/v1/admin-access/list';
const ADD = '/admin/v1/admin-access/add';
const EDIT = '/admin/v1/admin-access/edit';
const DEL = '/admin/v1/admin-access/del';

let t: TestServer;
let admin: string;
let master: string;
let official: string;
/** Menu ids by name. */
const menu: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestServer();
  [admin, master, official] = await Promise.all([adminSession(t), signIn(t, 'master2', ['master']), signIn(t, 'official2', ['official'])]);
  const res = await t.call<{ list: MenuItem[] }>('GET', '/admin/v1/admin-menu/list', { token: admin });
  const walk = (items: MenuItem[]): void => items.forEach((m) => ((menu[m.name] = m.id), walk(m.children)));
  walk(res.data.list);
});
afterAll(async () => t?.close());

const list = (token: string, menuId: number) =>
  t.call<{ list: AccessEntry[]; total: number }>('GET', `${LIST}?menu_id=${menuId}`, { token });
const codes = async (menuId: number) => (await list(admin, menuId)).data.list.map((e) => e.auth_code);

describe('access entries of a menu', () => {
  it('lists the seeded entries of a menu', async () => {
    const res = await list(admin, menu.Site);
    expect([res.status, res.code]).toEqual([200, 200]);
    expect(res.data.total).toBe(3);
    expect(res.data.list.map((e) => [e.name, e.auth_code, e.menu_id])).toEqual([
      ['Site: add', 'site:add', menu.Site],
      ['Site: edit', 'site:edit', menu.Site],
      ['Site: delete', 'site:del', menu.Site],
    ]);
    expect(res.data.list[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await list(admin, menu.Analysis)).data).toEqual({ list: [], total: 0 });
  });

  it('lets anyone who sees the menu read its entries (the console builds button permissions from them)', async () => {
    expect((await list(master, menu.Site)).data.total).toBe(3);
    const hidden = await list(official, menu.Site);
    expect([hidden.status, hidden.code]).toEqual([403, 403]);
    const systems = await list(master, menu.Menu);
    expect(systems.status).toBe(403);
    expect((await list(official, menu.Analysis)).data.list).toEqual([]);
    const anonymous = await t.call('GET', `${LIST}?menu_id=${menu.Site}`);
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 for an unknown menu and 400 for a bad menu_id', async () => {
    const missing = await list(admin, 999999);
    expect([missing.status, missing.msg]).toEqual([404, 'There is no menu with id 999999']);
    for (const [query, msg] of [
      ['', /^Menu is required$/],
      ['?menu_id=abc', /^Menu must be a whole number$/],
      ['?menu_id=0', /^Menu\b/],
      [`?menu_id=${menu.Site}&x=1`, /^"x" is not a known field$/],
    ] as const) {
      const res = await t.call('GET', LIST + query, { token: admin });
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(msg);
    }
    expect((await t.call('GET', `${LIST}?menu_id=${menu.Site}&_t=${Date.now()}`, { token: admin })).code).toBe(200);
  });
});

describe('access administration', () => {
  it('adds, edits and deletes an entry', async () => {
    const added = await t.call<AccessEntry>('POST', ADD, {
      token: admin,
      body: { menu_id: menu.Site, name: 'Site: export', auth_code: 'site:export' },
    });
    expect([added.status, added.code]).toEqual([200, 200]);
    expect(added.data).toMatchObject({ menu_id: menu.Site, name: 'Site: export', auth_code: 'site:export' });
    expect(await codes(menu.Site)).toEqual(['site:add', 'site:edit', 'site:del', 'site:export']);

    const edited = await t.call<AccessEntry>('PUT', EDIT, {
      token: admin,
      body: { id: added.data.id, name: 'Site: export CSV', auth_code: 'site:export-csv' },
    });
    expect(edited.data).toMatchObject({ id: added.data.id, name: 'Site: export CSV', auth_code: 'site:export-csv', menu_id: menu.Site });
    const renamed = await t.call<AccessEntry>('PUT', EDIT, { token: admin, body: { id: added.data.id, name: 'Only the name' } });
    expect(renamed.data.auth_code).toBe('site:export-csv');

    const del = await t.call('DELETE', DEL, { token: admin, body: { id: added.data.id } });
    expect([del.status, del.code, del.data]).toEqual([200, 200, null]);
    expect(await codes(menu.Site)).toEqual(['site:add', 'site:edit', 'site:del']);
    const again = await t.call('DELETE', DEL, { token: admin, body: { id: added.data.id } });
    expect([again.status, again.msg]).toEqual([404, `There is no access entry with id ${added.data.id}`]);
  });

  it('refuses a duplicate auth_code, naming where it is used', async () => {
    const dup = await t.call('POST', ADD, { token: admin, body: { menu_id: menu.Analysis, name: 'Copy', auth_code: 'site:add' } });
    expect([dup.status, dup.code, dup.msg]).toEqual([
      200,
      ResultCode.DUPLICATE,
      'The permission code "site:add" is already used by "Site: add" in menu "Site"',
    ]);
    expect(await codes(menu.Analysis)).toEqual([]);
    const own = (await list(admin, menu.Task)).data.list[0];
    const edit = await t.call('PUT', EDIT, { token: admin, body: { id: own.id, auth_code: 'site:edit' } });
    expect([edit.status, edit.code]).toEqual([200, ResultCode.DUPLICATE]);
    expect(await codes(menu.Task)).toEqual(['task:add', 'task:edit', 'task:del']);
  });

  it('refuses an entry for a menu that does not exist, and unknown ids', async () => {
    const res = await t.call('POST', ADD, { token: admin, body: { menu_id: 999999, name: 'x', auth_code: 'x:y' } });
    expect([res.status, res.msg]).toEqual([400, 'Menu: there is no menu with id 999999']);
    const edit = await t.call('PUT', EDIT, { token: admin, body: { id: 999999, name: 'x' } });
    expect([edit.status, edit.code]).toEqual([404, 404]);
  });

  it('lets only administrators add, edit or delete', async () => {
    const entry = (await list(admin, menu.Site)).data.list[0];
    for (const token of [master, official]) {
      const add = await t.call('POST', ADD, { token, body: { menu_id: menu.Site, name: 'x', auth_code: 'site:sneaky' } });
      expect([add.status, add.msg]).toEqual([403, 'Only an administrator can do this']);
      expect((await t.call('PUT', EDIT, { token, body: { id: entry.id, name: 'mine' } })).status).toBe(403);
      expect((await t.call('DELETE', DEL, { token, body: { id: entry.id } })).status).toBe(403);
    }
    expect((await list(admin, menu.Site)).data.list[0]).toEqual(entry);
    expect((await t.call('POST', ADD, { body: { menu_id: menu.Site, name: 'x', auth_code: 'a:b' } })).status).toBe(401);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', ADD, { name: 'x', auth_code: 'a:b' }, /^Menu is required$/],
      ['POST', ADD, { menu_id: menu.Site, auth_code: 'a:b' }, /^Name is required$/],
      ['POST', ADD, { menu_id: menu.Site, name: 'x' }, /^Permission code is required$/],
      ['POST', ADD, { menu_id: String(menu.Site), name: 'x', auth_code: 'a:b' }, /^Menu must be a whole number$/],
      ['POST', ADD, { menu_id: menu.Site, name: 'x', auth_code: 'has space' }, /^Permission code\b/],
      ['POST', ADD, { menu_id: menu.Site, name: 'x', auth_code: 'a'.repeat(65) }, /^Permission code\b/],
      ['POST', ADD, { menu_id: menu.Site, name: '', auth_code: 'a:b' }, /^Name\b/],
      ['POST', ADD, { menu_id: menu.Site, name: 'x', auth_code: 'a:b', roles: [] }, /^"roles" is not a known field$/],
      ['PUT', EDIT, { name: 'x' }, /^ID is required$/],
      ['PUT', EDIT, { id: 1, auth_code: 7 }, /^Permission code must be text$/],
      ['PUT', EDIT, { id: 1, menu_id: 2 }, /^"menu_id" is not a known field$/],
      ['DELETE', DEL, {}, /^ID is required$/],
      ['DELETE', DEL, { id: -3 }, /^ID\b/],
    ];
    for (const [method, path, body, msg] of cases) {
      const res = await t.call(method, path, { token: admin, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.msg).toMatch(msg);
    }
  });
});
