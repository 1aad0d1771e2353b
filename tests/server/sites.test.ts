import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestServer } from './harness';
import { newClient, startServer, type Client } from './pipelineHelpers';

/** A loopback WordPress (REST API with Basic auth) and webhook receiver. */
let remote: http.Server;
let remoteUrl = '';
const pings: { signature: string; timestamp: string; body: string }[] = [];
const WEBHOOK_SECRET = 'whsec-0123456789abcdef';

let t: TestServer;
beforeAll(async () => {
  remote = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const auth = req.headers.authorization ?? '';
    const good =
      auth === `Basic ${Buffer.from('editor:abcd efgh ijkl'.replace(/ /g, '')).toString('base64')}` ||
      auth === `Basic ${Buffer.from('editor:abcdefghijkl').toString('base64')}`;
    if (req.url?.startsWith('/slow')) return; // never answers
    if (req.url === '/hook') {
      pings.push({
        signature: String(req.headers['x-inkpress-signature']),
        timestamp: String(req.headers['x-inkpress-timestamp']),
        body: Buffer.concat(chunks).toString(),
      });
      return void res.writeHead(204).end();
    }
    if (!req.url?.startsWith('/wp/wp-json/wp/v2/'))
      return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    if (!good)
      return void res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 'invalid_username', message: 'Unknown username.' }));
    if (req.url.startsWith('/wp/wp-json/wp/v2/users/me'))
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 7, name: 'Editor' }));
    if (req.url.startsWith('/wp/wp-json/wp/v2/categories')) {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify([
          { id: 1, name: 'News &amp; Views', slug: 'news' },
          { id: 5, name: 'Guides', slug: 'guides' },
        ]),
      );
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => remote.listen(0, '127.0.0.1', r));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  // The WordPress and webhook doubles are on loopback: a private network this server is allowed to call.
  t = await startServer({ WORKERS: '0', SITE_TIMEOUT_MS: '300', ALLOW_PRIVATE_TARGETS: '1' });
});
afterAll(async () => {
  await t?.close();
  remote?.closeAllConnections();
  await new Promise((r) => remote?.close(r));
});

interface Site {
  id: number;
  type: string;
  has_credentials: boolean;
  credentials_hint: string;
  keyword_count: number;
  unused_keyword_count: number;
  last_check_ok: boolean | null;
  last_check_message: string;
  default_category_id: number | null;
}

/** A loopback port nobody listens on. */
async function freePort() {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

const addSite = (client: Client, body: Record<string, unknown>) =>
  client.call<Site>('POST', '/api/v1/site/add', { body: { name: 'Blog', url: `${remoteUrl}/wp`, ...body } });

describe('sites', () => {
  it('adds a WordPress site, keeps its password sealed, tests it and fetches its categories', async () => {
    const client = await newClient(t);
    const site = await addSite(client, { type: 'wordpress', username: 'editor', app_password: 'abcd efgh ijkl', language: 'en' });
    expect(site.code).toBe(200);
    expect(site.data).toMatchObject({
      type: 'wordpress',
      has_credentials: true,
      credentials_hint: 'editor · ••••ijkl',
      last_check_ok: null,
    });
    expect(JSON.stringify(site.data)).not.toContain('abcd efgh');
    const stored = (await t.server.app.ctx.db.execute(sql`select credentials from sites where id = ${site.data.id}`)) as unknown as {
      rows: { credentials: string }[];
    };
    expect(stored.rows[0].credentials).toMatch(/^v1\./);
    expect(stored.rows[0].credentials).not.toContain('abcd');

    const test = await client.call<{ ok: boolean; message: string }>('POST', '/api/v1/site/test', { body: { id: site.data.id } });
    expect(test.data).toMatchObject({ ok: true, message: 'Connected to WordPress as Editor' });
    const fetched = await client.call<{ fetched: number; list: { id: number; name: string; remote_id: number }[] }>(
      'POST',
      '/api/v1/site/category/fetch',
      { body: { site_id: site.data.id } },
    );
    expect(fetched.data.fetched).toBe(2);
    expect(fetched.data.list.map((c) => [c.name, c.remote_id])).toEqual([
      ['Guides', 5],
      ['News & Views', 1],
    ]);
    const again = await client.call<{ total: number }>('POST', '/api/v1/site/category/fetch', { body: { site_id: site.data.id } });
    expect(again.data.total).toBe(2);

    const edited = await client.call<Site>('PUT', '/api/v1/site/edit', {
      body: { id: site.data.id, default_category_id: fetched.data.list[0].id },
    });
    expect(edited.data.default_category_id).toBe(fetched.data.list[0].id);
    const wrongPassword = await client.call<Site>('PUT', '/api/v1/site/edit', {
      body: { id: site.data.id, username: 'editor', app_password: 'wrong-password' },
    });
    expect(wrongPassword.data.last_check_ok).toBeNull();
    const refused = await client.call<{ ok: boolean; message: string }>('POST', '/api/v1/site/test', { body: { id: site.data.id } });
    expect(refused.data).toMatchObject({ ok: false, message: 'WordPress refused the credentials (401): Unknown username.' });
    const list = await client.get<{ list: Site[] }>('/api/v1/site/list');
    expect(list.data.list[0]).toMatchObject({
      last_check_ok: false,
      last_check_message: 'WordPress refused the credentials (401): Unknown username.',
    });
    // The same answer, kept and read again by a Chinese reader, and a test asked for in Chinese.
    const zhList = await client.call<{ list: Site[] }>('GET', '/api/v1/site/list', { headers: { 'accept-language': 'zh-CN' } });
    expect(zhList.data.list[0].last_check_message).toBe('WordPress 拒绝了凭据（401）：Unknown username.');
    const zhTest = await client.call<{ ok: boolean; message: string }>('POST', '/api/v1/site/test', {
      body: { id: site.data.id },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zhTest.data).toMatchObject({ ok: false, message: 'WordPress 拒绝了凭据（401）：Unknown username.' });
  });

  it('says why a connection fails: no REST API, timeout, unreachable', async () => {
    const client = await newClient(t);
    const noApi = await addSite(client, {
      url: `${remoteUrl}/elsewhere`,
      type: 'wordpress',
      username: 'editor',
      app_password: 'abcdefghijkl',
    });
    const r1 = await client.call<{ ok: boolean; message: string }>('POST', '/api/v1/site/test', { body: { id: noApi.data.id } });
    expect(r1.data.message).toMatch(/^No WordPress REST API at .*\/elsewhere\/wp-json\/wp\/v2 \(404\)/);
    const slow = await addSite(client, { url: `${remoteUrl}/slow`, type: 'wordpress', username: 'editor', app_password: 'abcdefghijkl' });
    const r2 = await client.call<{ ok: boolean; message: string }>('POST', '/api/v1/site/test', { body: { id: slow.data.id } });
    expect(r2.data).toMatchObject({ ok: false, message: 'No answer from ' + new URL(remoteUrl).host + ' within 0.3 s' });
    const port = await freePort();
    const closed = await addSite(client, {
      url: `http://127.0.0.1:${port}/wp`,
      type: 'wordpress',
      username: 'editor',
      app_password: 'abcdefghijkl',
    });
    const r3 = await client.call<{ ok: boolean; message: string }>('POST', '/api/v1/site/test', { body: { id: closed.data.id } });
    expect(r3.data.message).toBe(`Could not reach 127.0.0.1:${port}: ECONNREFUSED`);
    const r3zh = await client.call<{ ok: boolean; message: string }>('POST', '/api/v1/site/test', {
      body: { id: closed.data.id },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(r3zh.data.message).toBe(`无法连接 127.0.0.1:${port}：ECONNREFUSED`);
  });

  it('pings a webhook with a signature the receiver can check; export needs nothing', async () => {
    const client = await newClient(t);
    const hook = await addSite(client, {
      url: 'https://shop.example',
      type: 'webhook',
      webhook_url: `${remoteUrl}/hook`,
      secret: WEBHOOK_SECRET,
    });
    expect(hook.data.credentials_hint).toBe(`${remoteUrl}/… · ••••cdef`);
    const res = await client.call<{ ok: boolean }>('POST', '/api/v1/site/test', { body: { id: hook.data.id } });
    expect(res.data.ok).toBe(true);
    const ping = pings.at(-1);
    const expected = createHmac('sha256', WEBHOOK_SECRET).update(`${ping?.timestamp}.${ping?.body}`).digest('hex');
    expect(ping?.signature).toBe(`sha256=${expected}`);
    expect(JSON.parse(ping?.body ?? '{}')).toMatchObject({ event: 'ping', site_id: hook.data.id });

    const exp = await addSite(client, { url: 'https://export.example', type: 'export' });
    expect((await client.call<{ ok: boolean }>('POST', '/api/v1/site/test', { body: { id: exp.data.id } })).data.ok).toBe(true);
    const cats = await client.call('POST', '/api/v1/site/category/fetch', { body: { site_id: exp.data.id } });
    expect([cats.status, cats.msg]).toEqual([400, 'Only WordPress sites have categories to fetch; add export categories by hand']);
    const added = await client.call<{ name: string; slug: string }>('POST', '/api/v1/site/category/add', {
      body: { site_id: exp.data.id, name: 'Spring Deals' },
    });
    expect(added.data).toMatchObject({ name: 'Spring Deals', slug: 'spring-deals' });
    const dup = await client.call('POST', '/api/v1/site/category/add', { body: { site_id: exp.data.id, name: 'spring deals' } });
    expect(dup.status).toBe(400);
  });

  it('refuses bad input with the field named', async () => {
    const client = await newClient(t);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'ftp://example.com', type: 'export' }, /^URL/],
      [{ url: 'javascript:alert(1)', type: 'export' }, /^URL/],
      [{ type: 'wordpress' }, /^Username is required for a WordPress site$/],
      [{ type: 'wordpress', username: 'a' }, /^Application password is required/],
      [{ type: 'webhook', webhook_url: 'https://x.example/h', secret: 'short' }, /^Secret/],
      [{ type: 'webhook', secret: 'a-long-enough-secret' }, /^Webhook URL is required/],
      [{ type: 'export', username: 'x' }, /^export sites take no credentials$/],
      [{ type: 'blog' }, /^Type/],
      [{ type: 'export', language: 'english!' }, /^Language/],
      [{ type: 'export', extra: 1 }, /^"extra" is not a known field$/],
    ];
    for (const [body, msg] of cases) {
      const res = await addSite(client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg, JSON.stringify(body)).toMatch(msg);
    }
  });

  it('scopes sites to their owner', async () => {
    const owner = await newClient(t);
    const stranger = await newClient(t);
    const site = await addSite(owner, { type: 'export' });
    for (const [method, path, body] of [
      ['PUT', '/api/v1/site/edit', { id: site.data.id, name: 'mine now' }],
      ['DELETE', '/api/v1/site/del', { id: site.data.id }],
      ['POST', '/api/v1/site/test', { id: site.data.id }],
      ['POST', '/api/v1/site/keyword/add', { site_id: site.data.id, keywords: 'x' }],
    ] as const) {
      const res = await stranger.call(method, path, { body });
      expect([res.status, res.code], path).toEqual([404, 404]);
    }
    expect((await stranger.get('/api/v1/site/keyword/list', { site_id: site.data.id })).status).toBe(404);
    expect((await stranger.get<{ total: number }>('/api/v1/site/list')).data.total).toBe(0);
    // A site with a generation task still to run cannot go; once the task is cancelled it can.
    await owner.call('POST', '/api/v1/site/keyword/add', { body: { site_id: site.data.id, keywords: 'pending' } });
    const task = await owner.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: site.data.id, count: 1, images: false },
    });
    const busy = await owner.call('DELETE', '/api/v1/site/del', { body: { id: site.data.id } });
    expect([busy.status, busy.msg]).toEqual([400, 'The site has 1 unfinished generation task(s): cancel them first']);
    await owner.call('POST', '/api/v1/article_task/cancel', { body: { id: task.data.id } });
    expect((await owner.call('DELETE', '/api/v1/site/del', { body: { id: site.data.id } })).code).toBe(200);
    expect((await owner.get<{ total: number }>('/api/v1/site/list')).data.total).toBe(0);
  });
});

describe('keywords', () => {
  it('adds pasted lists (trimmed, deduplicated), lists, filters and deletes them', async () => {
    const client = await newClient(t);
    const site = await addSite(client, { type: 'export' });
    const first = await client.call('POST', '/api/v1/site/keyword/add', {
      body: { site_id: site.data.id, keywords: '  Apple pie \n\napple   pie\nbanana bread\r\n' },
    });
    expect(first.data).toEqual({ added: 2, duplicates: 1, empty: 1 });
    const second = await client.call('POST', '/api/v1/site/keyword/add', {
      body: { site_id: site.data.id, keywords: 'BANANA BREAD\ncarrot cake' },
    });
    expect(second.data).toEqual({ added: 1, duplicates: 1, empty: 0 });
    const list = await client.get<{ list: { id: number; keyword: string; used: boolean }[]; total: number; unused: number }>(
      '/api/v1/site/keyword/list',
      { site_id: site.data.id },
    );
    expect(list.data.list.map((k) => k.keyword)).toEqual(['carrot cake', 'banana bread', 'Apple pie']);
    expect([list.data.total, list.data.unused]).toEqual([3, 3]);
    const search = await client.get<{ total: number }>('/api/v1/site/keyword/list', { site_id: site.data.id, keyword: 'bread' });
    expect(search.data.total).toBe(1);
    const del = await client.call('DELETE', '/api/v1/site/keyword/del', { body: { site_id: site.data.id, ids: [list.data.list[0].id] } });
    expect(del.data).toEqual({ deleted: 1 });
    const sites = await client.get<{ list: Site[] }>('/api/v1/site/list');
    expect(sites.data.list[0]).toMatchObject({ keyword_count: 2, unused_keyword_count: 2 });
  });

  it('refuses a list of more than 10,000 lines, and over-long keywords, saying so', async () => {
    const client = await newClient(t);
    const site = await addSite(client, { type: 'export' });
    const lines = Array.from({ length: 10_001 }, (_, i) => `keyword number ${i}`).join('\n');
    const tooMany = await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: site.data.id, keywords: lines } });
    expect([tooMany.status, tooMany.msg]).toEqual([400, 'Keywords: 10,001 lines; at most 10,000 per request, split the list']);
    const exactly = await client.call<{ added: number }>('POST', '/api/v1/site/keyword/add', {
      body: { site_id: site.data.id, keywords: lines.split('\n').slice(0, 10_000).join('\n') },
    });
    expect(exactly.data.added).toBe(10_000);
    const long = await client.call('POST', '/api/v1/site/keyword/add', {
      body: { site_id: site.data.id, keywords: `ok\n${'x'.repeat(201)}` },
    });
    expect([long.status, long.msg]).toEqual([400, 'Keywords: line 2 is longer than 200 characters']);
    const blank = await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: site.data.id, keywords: '\n \n' } });
    expect([blank.status, blank.msg]).toEqual([400, 'Keywords: no keyword in the list']);
  });

  it('imports a CSV file sent as multipart, using its keyword column', async () => {
    const client = await newClient(t);
    const site = await addSite(client, { type: 'export' });
    const form = new FormData();
    form.append('site_id', String(site.data.id));
    form.append(
      'file',
      new Blob(['id,keyword,volume\n1,"garden tools, cheap",100\n2,compost bins,50\n3,compost bins,50\n']),
      'keywords.csv',
    );
    const res = await client.call('POST', '/api/v1/site/keyword/import', { raw: form });
    expect(res.data).toEqual({ added: 2, duplicates: 1, empty: 0 });
    const list = await client.get<{ list: { keyword: string }[] }>('/api/v1/site/keyword/list', { site_id: site.data.id });
    expect(list.data.list.map((k) => k.keyword).sort()).toEqual(['compost bins', 'garden tools, cheap']);
    const upload = new FormData();
    upload.append('type', 'keywords');
    upload.append('file', new Blob(['mulch\nraised beds\nmulch\n']), 'more.txt');
    const uploaded = await client.call<{ url: string }>('POST', '/api/v1/common/upload', { raw: upload });
    expect(uploaded.code).toBe(200);
    const imported = await client.call('POST', '/api/v1/site/keyword/import', {
      body: { site_id: site.data.id, upload: uploaded.data.url },
    });
    expect(imported.data).toEqual({ added: 2, duplicates: 1, empty: 0 });
    const stranger = await newClient(t);
    const strangers = await stranger.call('POST', '/api/v1/site/keyword/import', {
      body: { site_id: site.data.id, upload: uploaded.data.url },
    });
    expect(strangers.status).toBe(404);
    const missing = await client.call('POST', '/api/v1/site/keyword/import', { body: { site_id: site.data.id } });
    expect([missing.status, missing.msg]).toEqual([400, 'Uploaded file is required']);
    const unknown = await client.call('POST', '/api/v1/site/keyword/import', {
      body: { site_id: site.data.id, upload: '/uploads/nothing.csv' },
    });
    expect(unknown.status).toBe(404);
  });
});
