import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../contract/codes';
import type { AdminLogEntry, RoleItem, SubAccount } from '../../contract/schemas/system';
import { routeTableOf } from '../../server/http/authPlugin';
import { startAuthServer, freshIp, register, type AuthServer, type Registered } from './authKit';
import { ADMIN_PASSWORD } from './harness';

/** Sub-accounts, the operator's account list, roles, and the admin log. */

let s: AuthServer;
let admin: string;
let owner: Registered;
let other: Registered;

const call = <T = unknown>(method: string, path: string, token: string | null, body?: unknown) =>
  s.as(freshIp())<T>(method, path, { token, body });
async function login(username: string, password: string) {
  const res = await call<{ token: string }>('POST', '/api/v1/user/login', null, { username, password });
  return res;
}

beforeAll(async () => {
  s = await startAuthServer();
  admin = (await login('admin', ADMIN_PASSWORD)).data.token;
  owner = await register(s);
  other = await register(s);
}, 60_000);
afterAll(async () => s?.close());

describe('sub-accounts', () => {
  let writerId: number;
  let writer: string;

  it("an owner creates a writer who works inside the owner's account, with the writer's codes only", async () => {
    const add = await call<{ id: number }>('POST', '/admin/v1/subaccount/add', owner.token, {
      username: `${owner.username}_w`,
      password: 'writer-pass-1',
      role: 'writer',
    });
    expect([add.status, add.code]).toEqual([200, 200]);
    writerId = add.data.id;
    const res = await login(`${owner.username}_w`, 'writer-pass-1');
    expect(res.code).toBe(200);
    writer = res.data.token;

    const details = await call<{ username: string; owner: { id: number; username: string }; points: number }>(
      'GET',
      '/api/v1/user/get_user_details',
      writer,
    );
    expect(details.data).toMatchObject({
      username: `${owner.username}_w`,
      owner: { id: owner.id, username: owner.username },
      points: 1000,
    });

    // The writer's prompt is the owner's; deleting is not the writer's.
    const prompt = await call<{ id: number }>('POST', '/api/v1/prompt/add', writer, {
      kind: 'article',
      name: 'Team prompt',
      content: 'Write about {keyword}',
    });
    expect(prompt.code).toBe(200);
    const ownerList = await call<{ list: { id: number; name: string }[] }>('GET', '/api/v1/prompt/list', owner.token);
    expect(ownerList.data.list.map((p) => p.id)).toContain(prompt.data.id);
    const del = await call('DELETE', '/api/v1/prompt/del', writer, { id: prompt.data.id });
    expect([del.status, del.msg]).toEqual([403, 'You do not have the permission "prompt:del"']);
    expect(
      (await call('POST', '/admin/v1/subaccount/add', writer, { username: 'sneaky_w', password: 'writer-pass-1', role: 'editor' })).status,
    ).toBe(403);
    // Another owner does not see it.
    const otherList = await call<{ list: { id: number }[] }>('GET', '/api/v1/prompt/list', other.token);
    expect(otherList.data.list.map((p) => p.id)).not.toContain(prompt.data.id);
  });

  it('refuses owner roles, unknown roles and taken names', async () => {
    const master = await call('POST', '/admin/v1/subaccount/add', owner.token, {
      username: `${owner.username}_m`,
      password: 'writer-pass-1',
      role: 'master',
    });
    expect([master.status, master.msg]).toEqual([400, 'Role: "master" cannot be given to a sub-account']);
    const ghost = await call('POST', '/admin/v1/subaccount/add', owner.token, {
      username: `${owner.username}_g`,
      password: 'writer-pass-1',
      role: 'ghost',
    });
    expect([ghost.status, ghost.msg]).toEqual([400, 'Role: there is no role "ghost"']);
    const taken = await call('POST', '/admin/v1/subaccount/add', owner.token, {
      username: other.username,
      password: 'writer-pass-1',
      role: 'viewer',
    });
    expect(taken.code).toBe(ResultCode.DUPLICATE);
  });

  it("lists the owner's team with search and filters, another owner's member is 404", async () => {
    const list = await call<{ list: SubAccount[]; total: number }>(
      'GET',
      `/admin/v1/subaccount/list?keyword=${owner.username}`,
      owner.token,
    );
    expect(list.data.list.map((a) => [a.username, a.roles, a.status, a.owner_id])).toEqual([
      [`${owner.username}_w`, ['writer'], 'enabled', owner.id],
    ]);
    expect(list.data.list[0].last_login_at).not.toBeNull();
    expect((await call<{ total: number }>('GET', '/admin/v1/subaccount/list?status=disabled', owner.token)).data.total).toBe(0);
    expect((await call<{ total: number }>('GET', '/admin/v1/subaccount/list?role=editor', owner.token)).data.total).toBe(0);
    const theirs = await call('POST', '/admin/v1/subaccount/status', other.token, { id: writerId, status: 'disabled' });
    expect(theirs.status).toBe(404);
  });

  it('exports the list as account_list.csv', async () => {
    const res = await fetch(`${s.t.url}/admin/v1/subaccount/export?headers=keys`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="account_list.csv"');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,username,real_name,owner,roles,points,status,created_at,last_login_at');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([`${owner.username}_w`]);
  });

  it('changes the role (applies on the next request), resets the password (must change first), disables (sessions end at once)', async () => {
    expect((await call('PUT', '/admin/v1/subaccount/edit', owner.token, { id: writerId, role: 'editor' })).code).toBe(200);
    expect((await call<string[]>('GET', '/getPermCode', writer)).data).toContain('task:add');

    expect((await call('POST', '/admin/v1/subaccount/reset_password', owner.token, { id: writerId, password: 'fresh-pass-12' })).code).toBe(
      200,
    );
    expect((await call('GET', '/api/v1/user/get_user_details', writer)).status).toBe(401);
    const again = (await login(`${owner.username}_w`, 'fresh-pass-12')).data.token;
    const blocked = await call('POST', '/api/v1/prompt/add', again, { kind: 'article', name: 'x', content: 'y {keyword}' });
    expect([blocked.status, blocked.msg]).toEqual([403, 'Your password was reset: change it before anything else']);
    expect((await call<{ mustChangePassword: boolean }>('GET', '/api/v1/user/get_user_details', again)).data.mustChangePassword).toBe(true);
    const changed = await call('PUT', '/api/v1/user/password_edit', again, {
      old_password: 'fresh-pass-12',
      new_password: 'mine-now-123',
      password_confirmation: 'mine-now-123',
    });
    expect(changed.code).toBe(200);
    expect((await call('POST', '/api/v1/prompt/add', again, { kind: 'article', name: 'x', content: 'y {keyword}' })).code).toBe(200);

    expect((await call('POST', '/admin/v1/subaccount/status', owner.token, { id: writerId, status: 'disabled' })).code).toBe(200);
    expect((await call('GET', '/api/v1/user/get_user_details', again)).status).toBe(401);
    expect((await login(`${owner.username}_w`, 'mine-now-123')).code).not.toBe(200);
    expect((await call('POST', '/admin/v1/subaccount/status', owner.token, { id: writerId, status: 'enabled' })).code).toBe(200);
    expect((await login(`${owner.username}_w`, 'mine-now-123')).code).toBe(200);
  });

  it('removes a sub-account; the operator sees every account and cannot remove an owner', async () => {
    const all = await call<{ list: SubAccount[]; total: number }>('GET', '/admin/v1/subaccount/list?page_size=100', admin);
    const names = all.data.list.map((a) => a.username);
    expect(names).toEqual(expect.arrayContaining([owner.username, other.username, `${owner.username}_w`, 'admin']));
    const owners = await call<{ list: SubAccount[] }>('GET', '/admin/v1/subaccount/list?kind=owners&page_size=100', admin);
    expect(owners.data.list.every((a) => a.owner_id === null)).toBe(true);
    const removeOwner = await call('DELETE', '/admin/v1/subaccount/del', admin, { id: owner.id });
    expect(removeOwner.code).toBe(ResultCode.IN_USE);
    expect((await call('DELETE', '/admin/v1/subaccount/del', owner.token, { id: writerId })).code).toBe(200);
    expect((await call<{ total: number }>('GET', '/admin/v1/subaccount/list', owner.token)).data.total).toBe(0);
    // The operator disables an owner: the owner and its team are out.
    const sub = await call<{ id: number }>('POST', '/admin/v1/subaccount/add', other.token, {
      username: `${other.username}_v`,
      password: 'viewer-pass-1',
      role: 'viewer',
    });
    const viewer = (await login(`${other.username}_v`, 'viewer-pass-1')).data.token;
    expect(sub.code).toBe(200);
    expect((await call('POST', '/admin/v1/subaccount/status', admin, { id: other.id, status: 'disabled' })).code).toBe(200);
    expect((await call('GET', '/api/v1/user/get_user_details', other.token)).status).toBe(401);
    expect((await call('GET', '/api/v1/user/get_user_details', viewer)).status).toBe(401);
  });
});

describe('roles', () => {
  it('adds a role, grants it menus and entries through the tree; a holder gets them on the next request', async () => {
    const add = await call<{ id: number }>('POST', '/admin/v1/role/add', admin, { code: 'seo_lead', name: 'SEO lead' });
    expect(add.code).toBe(200);
    expect((await call('POST', '/admin/v1/role/add', admin, { code: 'seo_lead', name: 'again' })).code).toBe(ResultCode.DUPLICATE);
    const roles = (await call<{ list: RoleItem[] }>('GET', '/admin/v1/role/list', admin)).data.list;
    const writerRole = roles.find((r) => r.code === 'writer')!;
    const lead = roles.find((r) => r.code === 'seo_lead')!;
    // A new role holds nothing until given it: no menu (not even those open to every role), no entry.
    expect([lead.menu_ids, lead.access_ids]).toEqual([[], []]);

    const team = await register(s);
    await call('POST', '/admin/v1/subaccount/add', team.token, {
      username: `${team.username}_l`,
      password: 'leader-pass-1',
      role: 'seo_lead',
    });
    const leader = (await login(`${team.username}_l`, 'leader-pass-1')).data.token;
    expect((await call<string[]>('GET', '/getPermCode', leader)).data).toEqual([]);

    const edit = await call('PUT', '/admin/v1/role/edit', admin, {
      id: lead.id,
      menu_ids: writerRole.menu_ids,
      access_ids: writerRole.access_ids,
    });
    expect(edit.code).toBe(200);
    expect([...(await call<string[]>('GET', '/getPermCode', leader)).data].sort()).toEqual([
      'article:add',
      'article:edit',
      'article_task:add',
      'article_task:edit',
      'prompt:add',
      'prompt:edit',
    ]);
    const menus = await call<{ list: { name: string }[] }>('GET', '/admin/v1/admin-menu/list', leader);
    expect(menus.data.list.map((m) => m.name)).toContain('ArticleManage');

    const inUse = await call('DELETE', '/admin/v1/role/del', admin, { id: lead.id });
    expect([inUse.code, inUse.msg]).toEqual([ResultCode.IN_USE, 'The role "seo_lead" is held by 1 account(s)']);
    const builtIn = await call('DELETE', '/admin/v1/role/del', admin, { id: writerRole.id });
    expect(builtIn.code).toBe(ResultCode.IN_USE);
    const emptied = await call('PUT', '/admin/v1/role/edit', admin, { id: writerRole.id, menu_ids: [], access_ids: [] });
    expect([emptied.code, emptied.msg]).toEqual([ResultCode.ERROR, 'The built-in role "writer" cannot be emptied']);
    expect((await call('POST', '/admin/v1/role/add', team.token, { code: 'mine', name: 'Mine' })).status).toBe(403);

    // The dashboard, open to every role before the new one: given to it, then taken away again,
    // while the roles that held it keep it.
    const analysis = (
      await call<{ list: { name: string; id: number; children: { name: string; id: number }[] }[] }>(
        'GET',
        '/admin/v1/admin-menu/list?all=1',
        admin,
      )
    ).data.list.find((m) => m.name === 'Dashboard')!;
    const given = (await call<{ list: RoleItem[] }>('GET', '/admin/v1/role/list', admin)).data.list.find((r) => r.code === 'seo_lead')!;
    expect((await call('PUT', '/admin/v1/role/edit', admin, { id: lead.id, menu_ids: [...given.menu_ids, analysis.id] })).code).toBe(200);
    const withDashboard = (await call<{ list: RoleItem[] }>('GET', '/admin/v1/role/list', admin)).data.list;
    expect(withDashboard.find((r) => r.code === 'seo_lead')!.menu_ids).toContain(analysis.id);
    const without = given.menu_ids.filter((id) => id !== analysis.id);
    expect((await call('PUT', '/admin/v1/role/edit', admin, { id: lead.id, menu_ids: without })).code).toBe(200);
    const after = (await call<{ list: RoleItem[] }>('GET', '/admin/v1/role/list', admin)).data.list;
    expect(after.find((r) => r.code === 'seo_lead')!.menu_ids).not.toContain(analysis.id);
    expect(after.find((r) => r.code === 'official')!.menu_ids).toContain(analysis.id);
  });
});

describe('admin log', () => {
  it('records logins, failed logins, creates and edits with who, where and the fields (secrets masked)', async () => {
    const user = await register(s);
    await login(user.username, 'wrong-password-9');
    const ok = await login(user.username, user.password);
    await call('POST', '/api/v1/prompt/add', ok.data.token, { kind: 'outline', name: 'Logged', content: 'Outline {keyword}' });
    await call('PUT', '/api/v1/user/password_edit', ok.data.token, {
      old_password: user.password,
      new_password: 'another-pass-1',
      password_confirmation: 'another-pass-1',
    });

    const mine = await call<{ list: AdminLogEntry[] }>('GET', '/admin/v1/admin-log/list', ok.data.token);
    const actions = mine.data.list.map((e) => `${e.action} ${e.resource}`);
    expect(actions).toEqual(expect.arrayContaining(['login_failed user', 'login user', 'create prompt', 'password user']));
    const create = mine.data.list.find((e) => e.action === 'create')!;
    expect(create).toMatchObject({
      actor_name: user.username,
      method: 'POST',
      route: '/api/v1/prompt/add',
      status: 200,
      code: 200,
      after: { kind: 'outline', name: 'Logged', content: 'Outline {keyword}' },
    });
    expect(create.ip).toMatch(/^10\./);
    const failed = mine.data.list.find((e) => e.action === 'login_failed')!;
    expect(failed.after).toEqual({ username: user.username, password: '***' });
    const password = mine.data.list.find((e) => e.action === 'password')!;
    expect(password.after).toEqual({ old_password: '***', new_password: '***', password_confirmation: '***' });
    // Only this account's entries; the operator sees everyone's, filtered.
    expect(mine.data.list.every((e) => e.account_id === user.id)).toBe(true);
    const filtered = await call<{ list: AdminLogEntry[] }>(
      'GET',
      `/admin/v1/admin-log/list?user=${user.username}&action=create&resource=prompt`,
      admin,
    );
    expect(filtered.data.list.map((e) => e.route)).toEqual(['/api/v1/prompt/add']);

    const csv = await fetch(`${s.t.url}/admin/v1/admin-log/export?user=${user.username}&headers=keys`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.headers.get('content-disposition')).toContain('admin_log.csv');
    expect((await csv.text()).split('\r\n')[0]).toContain('id,created_at,user,action');
  });

  it('records a refused write whose id is text the database cannot hold, with that text replaced', async () => {
    const user = await register(s);
    const token = (await login(user.username, user.password)).data.token;
    const refused = await call('PUT', '/api/v1/prompt/edit', token, { id: 'x\u0000y', name: 'n' });
    expect(refused.status).toBe(400);
    const entries = (await call<{ list: AdminLogEntry[] }>('GET', '/admin/v1/admin-log/list', token)).data.list;
    expect(entries.find((e) => e.route === '/api/v1/prompt/edit')).toMatchObject({ status: 400, resource_id: 'x\uFFFDy' });
  });

  it('is append-only: no route writes to it', () => {
    const writes = routeTableOf(s.t.server.app.ctx).filter((r) => r.url.includes('admin-log') && r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes).toEqual([]);
  });
});
