import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { routeTableOf, type RouteEntry } from '../../server/http/authPlugin';
import { createAccount } from '../../server/domain/access/accounts';
import { updateAccount } from '../../server/db/accounts';
import { accessEntries, menus, roles } from '../../server/db/schema';
import { startAuthServer, freshIp, type AuthServer } from './authKit';
import { ADMIN_PASSWORD } from './harness';
import { TEST_PASSWORD } from './fixtures';
import { PERMISSION_CODES, type PermissionCode } from '../../contract/permissionCodes';

/**
 * Every route of the route table × every kind of caller → allowed or refused, with the
 * codes each role must hold named here by resource, from the contract's list of codes (not
 * computed by the server), so a route added without a declaration, or a role holding more than
 * it should, fails.
 */

/** The contract's codes of these resources, e.g. `site` → site:add, site:edit, site:del. */
const codesOf = (...resources: string[]): PermissionCode[] => PERMISSION_CODES.filter((code) => resources.includes(code.split(':')[0]));

/** What an editor holds besides editing sites: the tasks, the articles and the prompts. */
const WRITING_CODES = codesOf('task', 'article', 'article_task', 'prompt');
/** A master's: every code but the menu editor's. */
const BUSINESS_CODES = PERMISSION_CODES.filter((code) => !code.startsWith('menu:'));
const EXPECTED: Record<string, string[] | 'all' | 'none'> = {
  admin: 'all',
  master: BUSINESS_CODES,
  editor: ['site:edit', ...WRITING_CODES],
  writer: ['article:add', 'article:edit', 'article_task:add', 'article_task:edit', 'prompt:add', 'prompt:edit'],
  viewer: [],
  official: [],
  // A role made by the operator: sees the article list and may edit articles, nothing else.
  proofreader: ['article:edit'],
  // A writer sub-account of the master above.
  subaccount: ['article:add', 'article:edit', 'article_task:add', 'article_task:edit', 'prompt:add', 'prompt:edit'],
};

let s: AuthServer;
let table: RouteEntry[];
const tokens: Record<string, string> = {};
let disabledToken: string;

async function login(username: string, password: string) {
  const res = await s.as(freshIp())<{ token: string }>('POST', '/api/v1/user/login', { body: { username, password } });
  if (res.code !== 200) throw new Error(`login ${username}: ${res.code} ${res.msg}`);
  return res.data.token;
}

async function makeUser(username: string, roleCodes: string[], ownerId: number | null = null) {
  const ctx = s.t.server.app.ctx;
  const account = await createAccount(ctx, { username, password: TEST_PASSWORD, roles: roleCodes });
  if (ownerId !== null) await updateAccount(ctx.db, account.id, { ownerId });
  return account;
}

beforeAll(async () => {
  s = await startAuthServer();
  const ctx = s.t.server.app.ctx;
  table = routeTableOf(ctx).filter((r) => r.method !== 'HEAD') as RouteEntry[];

  // The custom role, granted through the tables the role editor changes.
  await ctx.db.insert(roles).values({ code: 'proofreader', name: 'Proofreader' });
  for (const name of ['ArticleManage', 'Article']) {
    const [menu] = await ctx.db.select().from(menus).where(eq(menus.name, name));
    await ctx.db
      .update(menus)
      .set({ roles: [...menu.roles, 'proofreader'] })
      .where(eq(menus.id, menu.id));
  }
  const [edit] = await ctx.db.select().from(accessEntries).where(eq(accessEntries.authCode, 'article:edit'));
  await ctx.db
    .update(accessEntries)
    .set({ roles: [...edit.roles, 'proofreader'] })
    .where(eq(accessEntries.id, edit.id));

  const master = await makeUser('matrix_master', ['master']);
  for (const role of ['editor', 'writer', 'viewer', 'official', 'proofreader']) await makeUser(`matrix_${role}`, [role]);
  await makeUser('matrix_sub', ['writer'], master.id);
  await makeUser('matrix_dashboard_sub', ['official'], master.id);
  const disabled = await makeUser('matrix_disabled', ['master']);

  tokens.admin = await login('admin', ADMIN_PASSWORD);
  for (const role of ['master', 'editor', 'writer', 'viewer', 'official', 'proofreader'])
    tokens[role] = await login(`matrix_${role}`, TEST_PASSWORD);
  tokens.subaccount = await login('matrix_sub', TEST_PASSWORD);
  tokens.dashboardOnly = await login('matrix_dashboard_sub', TEST_PASSWORD);
  disabledToken = await login('matrix_disabled', TEST_PASSWORD);
  await updateAccount(ctx.db, disabled.id, { disabled: true });
}, 120_000);
afterAll(async () => s?.close());

/** The session-ending routes go last, so they do not end the session the other calls use. */
const LAST = ['/api/v1/user/lock', '/api/v1/user/logout'];
const ordered = () => [...table].sort((a, b) => LAST.indexOf(a.url) - LAST.indexOf(b.url));

/** Calls a route with an empty input; the answer's status and message (a download has no envelope). */
async function callRoute(route: RouteEntry, token: string | null) {
  const url = route.url.replace(/:(\w+)/g, '1');
  if (route.method === 'GET' && /\/(stream|export)$/.test(url)) return openRaw(url, token);
  const body = route.method === 'GET' ? undefined : {};
  return s.as(freshIp())(route.method, url, { token, body });
}

/**
 * A download (CSV) or a server-sent-events route, which stays open while allowed: its answer is
 * its status (and the envelope's msg when refused), then the connection is closed.
 */
async function openRaw(url: string, token: string | null) {
  const abort = new AbortController();
  const headers: Record<string, string> = { 'x-forwarded-for': freshIp(), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(s.t.url + url, { headers, signal: abort.signal });
  const msg = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { msg: string }).msg : '';
  abort.abort();
  return { status: res.status, msg };
}

describe('the route table', () => {
  it('has every route declare who may call it', () => {
    expect(table.length).toBeGreaterThan(50);
    const undeclared = table.filter((r) => !r.public && !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('names only permission codes that an access entry of the built-in menus grants', async () => {
    const codes = new Set((await s.t.server.app.ctx.db.select().from(accessEntries)).map((e) => e.authCode));
    const unknown = table.filter((r) => r.permission && !['signedIn', 'admin'].includes(r.permission) && !codes.has(r.permission));
    expect(unknown.map((r) => `${r.method} ${r.url} ${r.permission}`)).toEqual([]);
  });
});

describe('every route × every caller', () => {
  for (const who of Object.keys(EXPECTED)) {
    it(`${who}: allowed exactly what its codes allow, and GET /getPermCode names those codes`, async () => {
      const expected = EXPECTED[who];
      const token = tokens[who];
      const perm = await s.as(freshIp())<string[]>('GET', '/getPermCode', { token });
      if (expected === 'all') {
        const all = (await s.t.server.app.ctx.db.select().from(accessEntries)).map((e) => e.authCode);
        expect([...perm.data].sort()).toEqual([...all].sort());
      } else expect([...perm.data].sort()).toEqual([...expected].sort());

      const leaks: string[] = [];
      const refusedWrongly: string[] = [];
      for (const route of ordered()) {
        if (route.public) continue;
        const p = route.permission!;
        const mayCall = expected === 'all' || p === 'signedIn' || (p !== 'admin' && expected !== 'none' && expected.includes(p));
        const res = await callRoute(route, token);
        const denied = res.status === 403 && /permission|Only an administrator/.test(res.msg);
        if (mayCall && (denied || res.status === 401)) refusedWrongly.push(`${route.method} ${route.url} → ${res.status} ${res.msg}`);
        if (!mayCall && !denied) leaks.push(`${route.method} ${route.url} → ${res.status} ${res.msg}`);
      }
      expect(leaks).toEqual([]);
      expect(refusedWrongly).toEqual([]);
    }, 60_000);
  }

  it('a call that does two things needs both codes: publishing-and-generating is refused to a role that may publish but not generate', async () => {
    const ctx = s.t.server.app.ctx;
    // The proofreader is also let publish: the Task menu (and its group) and its task:add entry.
    const [task] = await ctx.db.select().from(menus).where(eq(menus.name, 'Task'));
    const [group] = await ctx.db.select().from(menus).where(eq(menus.id, task.parent));
    await ctx.db
      .update(menus)
      .set({ roles: [...task.roles, 'proofreader'] })
      .where(eq(menus.id, task.id));
    await ctx.db
      .update(menus)
      .set({ roles: [...group.roles, 'proofreader'] })
      .where(eq(menus.id, group.id));
    const [add] = await ctx.db.select().from(accessEntries).where(eq(accessEntries.authCode, 'task:add'));
    await ctx.db
      .update(accessEntries)
      .set({ roles: [...add.roles, 'proofreader'] })
      .where(eq(accessEntries.id, add.id));
    try {
      // A new session: the matrix above ended the earlier one (logout is called last).
      const token = await login('matrix_proofreader', TEST_PASSWORD);
      const perm = await s.as(freshIp())<string[]>('GET', '/getPermCode', { token });
      expect(perm.data).toContain('task:add');
      expect(perm.data).not.toContain('article_task:add');
      const res = await s.as(freshIp())('POST', '/api/v1/task/generate', { token, body: { site_id: 1, keyword_ids: [1] } });
      expect(res.status).toBe(403);
      expect(res.msg).toContain('article_task:add');
    } finally {
      await ctx.db.update(menus).set({ roles: task.roles }).where(eq(menus.id, task.id));
      await ctx.db.update(menus).set({ roles: group.roles }).where(eq(menus.id, group.id));
      await ctx.db.update(accessEntries).set({ roles: add.roles }).where(eq(accessEntries.id, add.id));
    }
  });

  it("a sub-account whose role sees only the dashboard is refused its owner's ledger, orders, top-up and keys", async () => {
    const answersTo = async (token: string) => {
      const answers: string[] = [];
      for (const [method, url] of [
        ['GET', '/api/v1/account/points/list'],
        ['GET', '/api/v1/account/points/export'],
        ['GET', '/api/v1/topup/order/list'],
        ['GET', '/api/v1/topup/order/export'],
        ['POST', '/api/v1/topup/order/create'],
        ['POST', '/api/v1/topup/code/redeem'],
        ['GET', '/api/v1/accesskey/list'],
        ['GET', '/api/v1/accesskey/log/list'],
      ]) {
        const res = /export$/.test(url)
          ? await openRaw(url, token)
          : await s.as(freshIp())(method, url, { token, body: method === 'GET' ? undefined : {} });
        answers.push(`${method} ${url} → ${res.status}`);
      }
      return answers;
    };
    const menus = await s.as(freshIp())<{ list: { name: string }[] }>('GET', '/admin/v1/admin-menu/list', { token: tokens.dashboardOnly });
    expect(menus.data.list.map((m) => m.name)).toEqual(['Dashboard']);
    const answers = await answersTo(tokens.dashboardOnly);
    expect(answers.filter((answer) => !answer.endsWith('→ 403'))).toEqual([]);
  });

  it('no session and a disabled account: every route but the public ones answers 401', async () => {
    const open: string[] = [];
    for (const route of table) {
      if (route.public) continue;
      for (const token of [null, disabledToken]) {
        const res = await callRoute(route, token);
        if (res.status !== 401) open.push(`${route.method} ${route.url} (${token ? 'disabled' : 'no session'}) → ${res.status}`);
      }
    }
    expect(open).toEqual([]);
  }, 60_000);
});
