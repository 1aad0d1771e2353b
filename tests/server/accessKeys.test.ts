import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_SCOPES, type AccessKey, type AccessKeyWithSecret, type KeyLogList, type KeyScope } from '../../contract/schemas/accessKey';
import { dateTime } from '../../contract/dateTime';
import { writeKeyLog } from '../../server/db/accessKeys';
import { KeyLogBatch } from '../../server/db/keyLogBatch';
import { routeTableOf } from '../../server/http/authPlugin';
import { freshIp, register, startAuthServer, type AuthServer } from './authKit';
import type { CallOptions } from './harness';

let s: AuthServer;
beforeAll(async () => {
  s = await startAuthServer({ WORKERS: '0', KEY_LOG_RETENTION_DAYS: '30' });
});
afterAll(async () => s?.close());

const KEYS = '/api/v1/accesskey';
const DETAILS = '/api/v1/user/get_user_details';
const SITES = '/api/v1/site/list';

/** A signed-in owner and a way to make keys for it. */
async function owner() {
  const user = await register(s);
  const ip = freshIp();
  const session = (method: string, path: string, options: CallOptions = {}) => s.as(ip)(method, path, { ...options, token: user.token });
  const makeKey = async (body: Record<string, unknown>) => {
    const res = await session('POST', `${KEYS}/add`, { body: { name: 'script', ...body } });
    if (res.code !== 200) throw new Error(`accesskey/add: ${res.status} ${res.msg}`);
    return res.data as AccessKeyWithSecret;
  };
  return { user, session, makeKey };
}

/** Calls with a key from `ip` (X-Forwarded-For: the test server trusts it). */
const withKey =
  (secret: string, ip = '10.200.0.1', how: 'bearer' | 'header' = 'bearer') =>
  (method: string, path: string, options: CallOptions = {}) =>
    s.as(ip)(method, path, {
      ...options,
      headers: { ...options.headers, ...(how === 'bearer' ? { authorization: `Bearer ${secret}` } : { 'x-api-key': secret }) },
    });

const logOf = async (session: Awaited<ReturnType<typeof owner>>['session'], query = '') =>
  (await session('GET', `${KEYS}/log/list?page_size=100${query}`)).data as KeyLogList;

describe('access keys', () => {
  it('shows the secret once, keeps a prefix, and acts as the owner with either header', async () => {
    const { user, session, makeKey } = await owner();
    const { key, secret } = await makeKey({ scopes: ['read'] });
    expect(secret).toMatch(/^ink_[A-Za-z0-9_-]{32}$/);
    expect(key).toMatchObject({
      name: 'script',
      prefix: secret.slice(0, 12),
      scopes: ['read'],
      status: 'active',
      rate_limit: 60,
      last_used_at: null,
    });
    const list = await session('GET', `${KEYS}/list`);
    expect(JSON.stringify(list.data)).not.toContain(secret.slice(12));
    for (const how of ['bearer', 'header'] as const) {
      const me = await withKey(secret, '10.200.0.1', how)('GET', DETAILS);
      expect([me.status, (me.data as { username: string }).username]).toEqual([200, user.username]);
    }
    const listed = (await session('GET', `${KEYS}/list`)).data as { list: AccessKey[] };
    expect(listed.list[0]).toMatchObject({ id: key.id, last_used_ip: '10.200.0.1' });
    expect(listed.list[0].last_used_at).not.toBeNull();
  });

  it('refuses forged, truncated, disabled, expired, rotated and deleted keys with 401', async () => {
    const { session, makeKey } = await owner();
    const { key, secret } = await makeKey({ scopes: ['read'], expires_at: '2030-01-02 12:00:00' });
    const call = withKey(secret);
    const expect401 = async (secretUsed: string, msg: RegExp) => {
      const res = await withKey(secretUsed)('GET', SITES);
      expect([res.status, res.code]).toEqual([401, 401]);
      expect(res.msg).toMatch(msg);
    };
    expect((await call('GET', SITES)).status).toBe(200);
    await expect401(`ink_${'A'.repeat(32)}`, /not valid/);
    await expect401(secret.slice(0, -3), /not valid/);

    expect((await session('POST', `${KEYS}/status`, { body: { id: key.id, disabled: true } })).data).toMatchObject({ status: 'disabled' });
    await expect401(secret, /disabled/);
    await session('POST', `${KEYS}/status`, { body: { id: key.id, disabled: false } });
    expect((await call('GET', SITES)).status).toBe(200);

    // Rotation without grace: the old secret ends now.
    const rotated = (await session('POST', `${KEYS}/rotate`, { body: { id: key.id } })).data as AccessKeyWithSecret;
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.key.prefix).toBe(rotated.secret.slice(0, 12));
    await expect401(secret, /rotated/);
    expect((await withKey(rotated.secret)('GET', SITES)).status).toBe(200);

    // Rotation with a grace period: both work until it ends.
    const again = (await session('POST', `${KEYS}/rotate`, { body: { id: key.id, grace_seconds: 600 } })).data as AccessKeyWithSecret;
    expect(again.key.old_secret_ends_at).not.toBeNull();
    expect((await withKey(rotated.secret)('GET', SITES)).status).toBe(200);
    expect((await withKey(again.secret)('GET', SITES)).status).toBe(200);
    s.clock.advance(601);
    await expect401(rotated.secret, /rotated/);
    expect((await withKey(again.secret)('GET', SITES)).status).toBe(200);

    // Expiry (the clock starts at 2030-01-01 12:00).
    s.clock.advance(86_400);
    await expect401(again.secret, /expired/);
    expect(((await session('GET', `${KEYS}/list`)).data as { list: AccessKey[] }).list[0].status).toBe('expired');
    await session('PUT', `${KEYS}/edit`, { body: { id: key.id, expires_at: null } });
    expect((await withKey(again.secret)('GET', SITES)).status).toBe(200);
    // An edit that names no field changes nothing.
    expect((await session('PUT', `${KEYS}/edit`, { body: { id: key.id } })).data).toMatchObject({ id: key.id, status: 'active' });

    expect((await session('DELETE', `${KEYS}/del`, { body: { id: key.id } })).code).toBe(200);
    await expect401(again.secret, /not valid/);
    expect(((await session('GET', `${KEYS}/list`)).data as { total: number }).total).toBe(0);
  });

  it('refuses a key in the query string, and a key used outside its addresses', async () => {
    const { user, makeKey } = await owner();
    const { secret } = await makeKey({ scopes: ['read'], allowed_ips: ['10.77.0.0/16', '192.0.2.7'] });
    const inQuery = await s.as('10.77.1.1')('GET', `${SITES}?api_key=${secret}`);
    expect([inQuery.status, inQuery.msg]).toEqual([
      401,
      'Access keys travel in the Authorization or X-Api-Key header, never in the address',
    ]);
    const malformed = await s.as('10.77.1.1')('GET', `${SITES}?name=%E0%A4%A&token=${secret}`, { token: user.token });
    expect(malformed.status).toBe(401);
    const evenWithSession = await s.as('10.77.1.1')('GET', `${SITES}?key=${encodeURIComponent(secret)}`, { token: user.token });
    expect(evenWithSession.status).toBe(401);
    expect((await withKey(secret, '10.77.1.1')('GET', SITES)).status).toBe(200);
    expect((await withKey(secret, '192.0.2.7')('GET', SITES)).status).toBe(200);
    const outside = await withKey(secret, '10.78.0.1')('GET', SITES);
    expect([outside.status, outside.msg]).toEqual([403, 'This access key may not be used from 10.78.0.1']);
    const bad = await s.as(freshIp())('POST', `${KEYS}/add`, {
      token: user.token,
      body: { name: 'x', scopes: ['read'], allowed_ips: ['10.0.0.0/33'] },
    });
    expect([bad.status, bad.msg]).toEqual([400, 'Allowed IP addresses: "10.0.0.0/33" is not an IP address or CIDR range']);
  });

  it('checks every scope against every route of the route table; a route without keyScope refuses keys', async () => {
    const { makeKey } = await owner();
    const table = routeTableOf(s.t.server.app.ctx).filter((r) => !r.public);
    expect(table.length).toBeGreaterThan(40);
    expect(table.filter((r) => r.keyScope).length).toBeGreaterThan(20);
    const keys = Object.fromEntries(
      await Promise.all(
        KEY_SCOPES.map(async (scope) => [scope, (await makeKey({ scopes: [scope], rate_limit: 100_000 })).secret] as const),
      ),
    ) as Record<KeyScope, string>;
    const failures: string[] = [];
    for (const route of table) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1');
      for (const scope of KEY_SCOPES) {
        const res = await withKey(keys[scope])(route.method, url, route.method === 'GET' ? {} : { body: {} });
        const allowed = route.keyScope === scope;
        const ok = allowed ? res.status !== 401 && res.status !== 403 : res.status === 403;
        const msg = route.keyScope
          ? `This access key lacks the "${route.keyScope}" scope this route needs`
          : 'This route does not accept access keys: sign in to the console for it';
        if (!ok || (!allowed && res.msg !== msg))
          failures.push(`${route.method} ${route.url} with ${scope} (needs ${route.keyScope ?? 'none'}): ${res.status} ${res.msg}`);
      }
    }
    expect(failures).toEqual([]);
    // The routes that act on a session or on keys take none.
    const scopeOf = (method: string, url: string) => table.find((r) => r.method === method && r.url === url)?.keyScope;
    expect(scopeOf('PUT', '/api/v1/user/password_edit')).toBeUndefined();
    expect(scopeOf('POST', '/api/v1/accesskey/add')).toBeUndefined();
    expect(scopeOf('POST', '/api/v1/article_task/add')).toBe('generate');
  });

  it('refuses a scope escalation and changes nothing', async () => {
    const { session, makeKey } = await owner();
    const reader = (await makeKey({ scopes: ['read'] })).secret;
    const siteKey = (await makeKey({ scopes: ['sites'] })).secret;
    const site = await withKey(siteKey)('POST', '/api/v1/site/add', {
      body: { name: 'Key site', url: 'https://example.com', type: 'export' },
    });
    expect(site.code).toBe(200);
    const siteId = (site.data as { id: number }).id;
    await withKey(siteKey)('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: 'green tea' } });
    const escalation = await withKey(reader)('POST', '/api/v1/article_task/add', { body: { site_id: siteId } });
    expect([escalation.status, escalation.msg]).toEqual([403, 'This access key lacks the "generate" scope this route needs']);
    const tasks = await session('GET', '/api/v1/article_task/list');
    expect((tasks.data as { total: number }).total).toBe(0);
    // A key cannot make keys, whatever its scopes.
    const all = (await makeKey({ scopes: [...KEY_SCOPES] })).secret;
    expect((await withKey(all)('POST', `${KEYS}/add`, { body: { name: 'more', scopes: ['read'] } })).status).toBe(403);
  });

  it('limits each key per minute with RateLimit headers, 429 and Retry-After', async () => {
    const { makeKey } = await owner();
    const { secret } = await makeKey({ scopes: ['read'], rate_limit: 3 });
    const call = withKey(secret);
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const res = await call('GET', SITES);
      seen.push([
        res.status,
        res.headers.get('ratelimit-limit'),
        res.headers.get('ratelimit-remaining'),
        res.headers.get('ratelimit-policy'),
      ]);
    }
    expect(seen).toEqual([
      [200, '3', '2', '3;w=60'],
      [200, '3', '1', '3;w=60'],
      [200, '3', '0', '3;w=60'],
      [429, '3', '0', '3;w=60'],
    ]);
    const limited = await call('GET', SITES);
    expect(limited.status).toBe(429);
    expect(limited.msg).toMatch(/^Rate limit of this access key reached \(3 requests a minute\)/);
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(Number(limited.headers.get('ratelimit-reset'))).toBe(retry);
    // Another key of the same account has its own budget; the window starts again after a minute.
    const other = (await makeKey({ scopes: ['read'] })).secret;
    const fresh = await withKey(other)('GET', SITES);
    expect([fresh.status, fresh.headers.get('ratelimit-limit'), fresh.headers.get('ratelimit-remaining')]).toEqual([200, '60', '59']);
    s.clock.advance(60);
    expect((await call('GET', SITES)).status).toBe(200);
  });

  it('takes a burst of 100 requests with a 60-a-minute key: 60 answered, 40 refused with 429', async () => {
    const { makeKey } = await owner();
    const { secret } = await makeKey({ scopes: ['read'] });
    const results = await Promise.all(Array.from({ length: 100 }, () => withKey(secret)('GET', DETAILS)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 200).length).toBe(60);
    expect(statuses.filter((x) => x === 429).length).toBe(40);
  });

  it('logs every call made with a key: time, key, method, path, status, address, duration, points; filters and exports it', async () => {
    const { user, session, makeKey } = await owner();
    const full = await makeKey({ name: 'pipeline', scopes: ['read', 'generate', 'sites'] });
    const reader = await makeKey({ name: 'reader', scopes: ['read'] });
    const call = withKey(full.secret, '10.201.0.9');
    const site = await call('POST', '/api/v1/site/add', { body: { name: 'Log site', url: 'https://example.com', type: 'export' } });
    const siteId = (site.data as { id: number }).id;
    await call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: 'oolong\nmatcha' } });
    const task = await call('POST', '/api/v1/article_task/add', { body: { site_id: siteId, count: 2, images: false } });
    expect(task.code).toBe(200);
    const cost = (task.data as { item_cost: number; total: number }).item_cost * 2;
    await call('GET', `/api/v1/article_task/detail?id=${(task.data as { id: number }).id}`);
    await withKey(reader.secret, '10.201.0.10')('POST', '/api/v1/prompt/add', { body: { kind: 'faq', name: 'x', content: 'y' } });

    const log = await logOf(session);
    expect(log.retention_days).toBe(30);
    expect(log.total).toBe(5);
    expect(log.list.map((e) => [e.key_name, e.method, e.path, e.status, e.ip, e.points])).toEqual([
      ['reader', 'POST', '/api/v1/prompt/add', 403, '10.201.0.10', 0],
      ['pipeline', 'GET', '/api/v1/article_task/detail', 200, '10.201.0.9', 0],
      ['pipeline', 'POST', '/api/v1/article_task/add', 200, '10.201.0.9', cost],
      ['pipeline', 'POST', '/api/v1/site/keyword/add', 200, '10.201.0.9', 0],
      ['pipeline', 'POST', '/api/v1/site/add', 200, '10.201.0.9', 0],
    ]);
    expect(log.list[0]).toMatchObject({ key_id: reader.key.id, key_prefix: reader.key.prefix });
    expect(log.list[0].created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(log.list.every((e) => e.duration_ms >= 0)).toBe(true);
    // Session calls are not in it.
    await session('GET', SITES);
    expect((await logOf(session)).total).toBe(5);

    expect((await logOf(session, `&key_id=${reader.key.id}`)).total).toBe(1);
    expect((await logOf(session, '&status=4')).list.map((e) => e.status)).toEqual([403]);
    expect((await logOf(session, '&status=200')).total).toBe(4);
    const day = log.list[0].created_at.slice(0, 10);
    expect((await logOf(session, `&from=${day}&to=${day}`)).total).toBe(5);
    expect((await logOf(session, '&to=2000-01-01')).total).toBe(0);

    const csv = await fetch(`${s.t.url}${KEYS}/log/export?key_id=${full.key.id}&headers=keys`, {
      headers: { authorization: `Bearer ${(await register(s)).token}` },
    });
    expect(Buffer.from(await csv.arrayBuffer()).toString('utf8')).toBe(
      '\uFEFFtime,key,prefix,method,path,status,ip,duration_ms,points\r\n',
    );
    const own = await fetch(`${s.t.url}${KEYS}/log/export?key_id=${full.key.id}&headers=keys`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="access_key_log_\d{8}_\d{6}\.csv"/);
    const lines = (await own.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.length).toBe(5);
    expect(lines[1]).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,pipeline,${full.key.prefix},POST,/api/v1/site/add,200,10.201.0.9,\\d+,0$`),
    );
    expect(lines[3]).toContain(`,POST,/api/v1/article_task/add,200,10.201.0.9,`);
    expect(lines[3].endsWith(`,${cost}`)).toBe(true);

    // Kept KEY_LOG_RETENTION_DAYS: a month later, the next write drops them.
    s.clock.advance(31 * 86_400);
    await call('GET', SITES);
    const login = await s.as(freshIp())<{ token: string }>('POST', '/api/v1/user/login', {
      body: { username: user.username, password: user.password },
    });
    const later = await s.as(freshIp())<KeyLogList>('GET', `${KEYS}/log/list`, { token: login.data.token });
    expect(later.data.list.map((e) => e.path)).toEqual([SITES]);
  });

  it('keeps the texts, numbers and times that the batch write encodes exactly as they came', async () => {
    // No route's path holds these today; the log's batch format must not depend on that.
    const { user, session, makeKey } = await owner();
    const { key } = await makeKey({ name: 'odd', scopes: ['read'] });
    const odd = ['/a\\b\\.c', 'tab\there', 'line\nbreak\r', '\\N', '\\.', 'ünï,"q"{x}', 'NULL'];
    const at = s.clock.now(); // the server's time: entries older than its retention would be purged
    const batch = new KeyLogBatch();
    odd.forEach((path, i) =>
      batch.add({
        accountId: user.id,
        keyId: key.id,
        method: 'GET',
        path,
        status: 200 + i,
        ip: i === 0 ? null : `10.9.0.${i}`,
        durationMs: i * 70_000,
        points: i * 3,
        createdAt: new Date(at.getTime() + i * 1000),
      }),
    );
    await writeKeyLog(s.t.server.app.ctx, batch);
    const log = await logOf(session);
    expect(log.list.map((e) => [e.path, e.ip, e.status, e.duration_ms, e.points, e.created_at])).toEqual(
      odd
        .map((path, i) => [path, i === 0 ? null : `10.9.0.${i}`, 200 + i, i * 70_000, i * 3, dateTime(new Date(at.getTime() + i * 1000))])
        .reverse(),
    );
  });

  it('does not take a session token for a key, and the OpenAPI document declares the key schemes', async () => {
    const { user } = await owner();
    expect((await s.t.call('GET', DETAILS, { token: user.token })).status).toBe(200);
    const doc = (await (await fetch(`${s.t.url}/api/docs/json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; description?: string }>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.components.securitySchemes.accessKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const add = doc.paths['/api/v1/article_task/add'].post;
    expect(add.security).toEqual([{ bearer: [] }, { accessKey: [] }, { apiKey: [] }]);
    expect(add.description).toContain('Access keys with the `generate` scope may call it.');
    expect(doc.paths['/api/v1/user/password_edit'].put.security).toEqual([{ bearer: [] }]);
  });
});
