import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../contract/codes';
import type { AdminLogEntry, UserSession } from '../../contract/schemas/system';
import { createAccount } from '../../server/domain/access/accounts';
import { startAuthServer, freshIp, freshName, register, type AuthServer, type Registered } from './authKit';
import { ADMIN_PASSWORD } from './harness';
import { TEST_PASSWORD } from './fixtures';

/** The operator signs in as a user (recorded in the admin log, shown in the user's session list). */

let s: AuthServer;
let admin: string;
let owner: Registered;

const call = <T = unknown>(method: string, path: string, token: string | null, body?: unknown, headers?: Record<string, string>) =>
  s.as(freshIp())<T>(method, path, { token, body, headers });
const SIGN_IN_AS = '/admin/v1/subaccount/sign_in_as';
const sessionsOf = async (token: string) => (await call<{ list: UserSession[] }>('GET', '/api/v1/user/sessions', token)).data.list;
async function login(username: string, password: string) {
  const res = await call<{ token: string; id: number }>('POST', '/api/v1/user/login', null, { username, password });
  expect(res.code).toBe(200);
  return res.data;
}

beforeAll(async () => {
  s = await startAuthServer();
  admin = (await login('admin', ADMIN_PASSWORD)).token;
  owner = await register(s);
}, 60_000);
afterAll(async () => s?.close());

describe('sign in as a user', () => {
  let asOwner: string;

  it('gives the operator a session of the user: their details, menus and data', async () => {
    const prompt = await call<{ id: number }>('POST', '/api/v1/prompt/add', owner.token, {
      kind: 'article',
      name: 'Owner prompt',
      content: 'Write about {keyword}',
    });
    expect(prompt.code).toBe(200);

    const res = await call<{ token: string; id: number; username: string }>(
      'POST',
      SIGN_IN_AS,
      admin,
      { id: owner.id },
      { 'user-agent': 'OperatorBrowser/1.0' },
    );
    expect([res.status, res.code, res.data.id, res.data.username]).toEqual([200, 200, owner.id, owner.username]);
    asOwner = res.data.token;
    expect(asOwner).not.toBe(owner.token);

    const details = await call<{ id: number; username: string; roles: { value: string }[] }>(
      'GET',
      '/api/v1/user/get_user_details',
      asOwner,
    );
    expect([details.data.id, details.data.username, details.data.roles.map((r) => r.value)]).toEqual([
      owner.id,
      owner.username,
      ['master'],
    ]);
    const prompts = await call<{ list: { id: number }[] }>('GET', '/api/v1/prompt/list', asOwner);
    expect(prompts.data.list.map((p) => p.id)).toContain(prompt.data.id);
    // Not the operator's: the operator's calls are refused in this session.
    expect((await call('GET', '/admin/v1/role/list', asOwner)).status).toBe(200);
    expect((await call('POST', SIGN_IN_AS, asOwner, { id: owner.id })).status).toBe(403);
  });

  it("shows in the user's session list as started by the operator, the user's own sign-ins not", async () => {
    const list = await sessionsOf(owner.token);
    const started = list.filter((row) => row.started_by_operator !== null);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      started_by_operator: 'admin',
      current: false,
      open: true,
      user_agent: 'OperatorBrowser/1.0',
      ended_at: null,
    });
    const own = list.find((row) => row.current);
    expect(own).toMatchObject({ started_by_operator: null, open: true });
    // Seen from the operator's session, that one is the current one.
    expect((await sessionsOf(asOwner)).find((row) => row.current)?.started_by_operator).toBe('admin');
    // The operator's own list has none of the user's.
    expect((await sessionsOf(admin)).every((row) => row.started_by_operator === null)).toBe(true);
  });

  it('is recorded in the admin log naming operator and user, seen by the operator and by the account owner', async () => {
    const mine = await call<{ list: AdminLogEntry[] }>('GET', '/admin/v1/admin-log/list?action=sign_in_as', owner.token);
    // (The refused attempt made from inside that session is there too: the operator's 403, as the owner.)
    const done = mine.data.list.filter((e) => e.status === 200);
    expect(done).toHaveLength(1);
    expect(mine.data.list.filter((e) => e.status === 403).map((e) => e.actor_name)).toEqual([`admin (as ${owner.username})`]);
    expect(done[0]).toMatchObject({
      actor_name: 'admin',
      action: 'sign_in_as',
      resource: 'subaccount',
      resource_id: String(owner.id),
      after: { operator: 'admin', user: owner.username },
    });
    const all = await call<{ list: AdminLogEntry[] }>('GET', '/admin/v1/admin-log/list?action=sign_in_as&user=admin', admin);
    expect(all.data.list.some((e) => e.resource_id === String(owner.id) && (e.after as { user?: string }).user === owner.username)).toBe(
      true,
    );
  });

  it('ends like any session, and the operator keeps theirs: back without a new login', async () => {
    expect((await call('POST', '/api/v1/user/logout', asOwner)).code).toBe(200);
    expect((await call('GET', '/api/v1/user/get_user_details', asOwner)).status).toBe(401);
    const operator = await call<{ username: string }>('GET', '/api/v1/user/get_user_details', admin);
    expect([operator.status, operator.data.username]).toEqual([200, 'admin']);
    expect((await sessionsOf(owner.token)).find((row) => row.started_by_operator === 'admin')).toMatchObject({ open: false });
    expect((await call('GET', '/api/v1/user/get_user_details', owner.token)).status).toBe(200);
  });

  it("works for a sub-account: the session works in its owner's account", async () => {
    const add = await call<{ id: number }>('POST', '/admin/v1/subaccount/add', owner.token, {
      username: `${owner.username}_w`,
      password: 'writer-pass-1',
      role: 'writer',
    });
    expect(add.code).toBe(200);
    const res = await call<{ token: string; username: string }>('POST', SIGN_IN_AS, admin, { id: add.data.id });
    expect([res.code, res.data.username]).toEqual([200, `${owner.username}_w`]);
    const details = await call<{ owner: { id: number } }>('GET', '/api/v1/user/get_user_details', res.data.token);
    expect(details.data.owner.id).toBe(owner.id);
    // A writer may not delete prompts, and neither may the operator signed in as one.
    const prompt = await call<{ id: number }>('POST', '/api/v1/prompt/add', res.data.token, {
      kind: 'article',
      name: 'Writer prompt',
      content: 'On {keyword}',
    });
    expect((await call('DELETE', '/api/v1/prompt/del', res.data.token, { id: prompt.data.id })).status).toBe(403);
    // What the operator does there is logged as the operator acting as the user, in the owner's log.
    const adminId = (await call<{ id: number }>('GET', '/api/v1/user/get_user_details', admin)).data.id;
    const writes = (await call<{ list: AdminLogEntry[] }>('GET', '/admin/v1/admin-log/list?resource=prompt', owner.token)).data.list;
    const added = writes.find((e) => e.action === 'create' && e.resource_id === String(prompt.data.id));
    expect(added).toMatchObject({ actor_id: adminId, actor_name: `admin (as ${owner.username}_w)`, status: 200 });
    expect(writes.find((e) => e.action === 'delete')).toMatchObject({ actor_id: adminId, status: 403 });
    // The writer's own writes stay the writer's.
    // Listed in the sub-account's own session list, not the owner's.
    const writer = await login(`${owner.username}_w`, 'writer-pass-1');
    const own = await call<{ id: number }>('POST', '/api/v1/prompt/add', writer.token, {
      kind: 'article',
      name: 'Own prompt',
      content: 'On {keyword}',
    });
    const ownLog = (await call<{ list: AdminLogEntry[] }>('GET', '/admin/v1/admin-log/list?resource=prompt', owner.token)).data.list.find(
      (e) => e.resource_id === String(own.data.id),
    );
    expect(ownLog).toMatchObject({ actor_id: writer.id, actor_name: `${owner.username}_w` });
    expect((await sessionsOf(writer.token)).filter((row) => row.started_by_operator === 'admin')).toHaveLength(1);
    expect((await sessionsOf(owner.token)).filter((row) => row.started_by_operator === 'admin')).toHaveLength(1);
  });
});

describe('sign in as: refusals', () => {
  it('is for the operator only: an owner gets 403, no session 401, and nothing is started', async () => {
    const target = await register(s);
    const before = (await sessionsOf(target.token)).length;
    const byOwner = await call('POST', SIGN_IN_AS, owner.token, { id: target.id });
    expect([byOwner.status, byOwner.code, byOwner.msg]).toEqual([403, ResultCode.FORBIDDEN, 'Only an administrator can do this']);
    expect((await call('POST', SIGN_IN_AS, null, { id: target.id })).status).toBe(401);
    expect(await sessionsOf(target.token)).toHaveLength(before);
  });

  it('refuses another operator, the operator itself, a disabled account, a member of a disabled owner and one that must change a reset password, with a clear message', async () => {
    const ctx = s.t.server.app.ctx;
    const second = await createAccount(ctx, { username: freshName('op'), password: TEST_PASSWORD, roles: ['admin'] });
    const other = await call('POST', SIGN_IN_AS, admin, { id: second.id });
    expect([other.status, other.code, other.msg]).toEqual([
      200,
      ResultCode.ERROR,
      `"${second.username}" is an administrator: an administrator cannot be signed in as`,
    ]);
    const self = await call<{ id: number }>('GET', '/api/v1/user/get_user_details', admin);
    expect((await call('POST', SIGN_IN_AS, admin, { id: self.data.id })).code).toBe(ResultCode.ERROR);

    const team = await register(s);
    const member = await call<{ id: number }>('POST', '/admin/v1/subaccount/add', team.token, {
      username: `${team.username}_v`,
      password: 'viewer-pass-1',
      role: 'viewer',
    });
    expect((await call('POST', '/admin/v1/subaccount/status', admin, { id: team.id, status: 'disabled' })).code).toBe(200);
    const disabled = await call('POST', SIGN_IN_AS, admin, { id: team.id });
    expect([disabled.status, disabled.code, disabled.msg]).toEqual([
      200,
      ResultCode.ERROR,
      `"${team.username}" is disabled: enable the account to sign in as it`,
    ]);
    const ofDisabled = await call('POST', SIGN_IN_AS, admin, { id: member.data.id });
    expect([ofDisabled.code, ofDisabled.msg]).toEqual([
      ResultCode.ERROR,
      `The owner of "${team.username}_v" is disabled: enable it to sign in as "${team.username}_v"`,
    ]);

    const reset = await register(s);
    expect((await call('POST', '/admin/v1/subaccount/reset_password', admin, { id: reset.id, password: 'Reset-pass-1' })).code).toBe(200);
    const mustChange = await call('POST', SIGN_IN_AS, admin, { id: reset.id });
    expect([mustChange.code, mustChange.msg]).toEqual([
      ResultCode.ERROR,
      `"${reset.username}" must change the password that was reset first: sign in as it after that`,
    ]);

    const log = await call<{ list: AdminLogEntry[] }>('GET', `/admin/v1/admin-log/list?action=sign_in_as&user=admin`, admin);
    const targets = log.data.list
      .filter((e) => e.after && (e.after as { user?: string }).user !== undefined)
      .map((e) => (e.after as { user: string }).user);
    expect(targets).not.toContain(team.username);
    expect(targets).not.toContain(second.username);
    expect(targets).not.toContain(reset.username);
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    expect((await call('POST', SIGN_IN_AS, admin, { id: 2147483647 })).status).toBe(404);
    const bad = await call('POST', SIGN_IN_AS, admin, { id: 'x' });
    expect(bad.status).toBe(400);
  });
});

describe('sign in as a user, afterwards', () => {
  it("is not the user's login: their last login and the dashboard's sign-ins stay theirs", async () => {
    const lastLogin = async () =>
      (
        await call<{ list: { id: number; last_login_at: string | null }[] }>('GET', '/admin/v1/subaccount/list', admin, undefined)
      ).data.list.find((a) => a.id === owner.id)?.last_login_at;
    const signIns = async () => {
      const d = await call<{ series: { sign_ins: number[] } }>('GET', '/api/v1/dashboard/analysis', owner.token);
      return d.data.series.sign_ins.reduce((a, b) => a + b, 0);
    };
    const [before, countBefore] = [await lastLogin(), await signIns()];
    await new Promise((r) => setTimeout(r, 1100));
    const again = await call<{ token: string }>('POST', SIGN_IN_AS, admin, { id: owner.id });
    expect(again.code).toBe(200);
    expect(await lastLogin()).toBe(before);
    expect(await signIns()).toBe(countBefore);
    await call('POST', '/api/v1/user/logout', again.data.token);
  });
});
