import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loginAdmin, type TestServer } from './harness';
import { newClient, startServer } from './pipelineHelpers';
import { isPublicAddress } from '../../server/providers/net/publicAddress';
import { isPrivateHost } from '../../server/providers/net/privateHost';
import { createGuardedFetch } from '../../server/providers/net/guardedFetch';
import { accountFetch } from '../../server/providers/net/accountFetch';
import { refusalIn } from '../../server/providers/net/refusedTarget';
import { remoteCall } from '../../server/providers/publish/remoteCall';
import { createChatWriter } from '../../server/providers/llm/openaiChat';
import { wordedIn } from './wordedIn';

const REFUSAL = 'the server refuses to call private networks (ALLOW_PRIVATE_TARGETS)';
const MODEL_REFUSAL = (host: string) =>
  `${host} is on a private network (this machine or a LAN). Only the installation's operator can connect a model there: use a public address, or ask the operator to connect it`;

/** A loopback double: answers `ok`, redirects where `/to?url=` says, or never answers (`/slow`); counts what reaches it. */
let double: http.Server;
let port = 0;
const seen: { url: string; host: string }[] = [];

beforeAll(async () => {
  double = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host ?? '' });
    if (req.url?.startsWith('/slow')) return;
    if (req.url?.startsWith('/to?')) {
      const to = new URL(req.url, 'http://x').searchParams.get('url') ?? '';
      return void res.writeHead(302, { location: to }).end();
    }
    if (req.url?.endsWith('/chat/completions')) {
      const answer = { choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }] };
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, host: req.headers.host }));
  });
  await new Promise<void>((r) => double.listen(0, '127.0.0.1', r));
  port = (double.address() as AddressInfo).port;
});
afterAll(async () => {
  double?.closeAllConnections();
  await new Promise((r) => double?.close(r));
});

/** The reason a fetch failed, when it was refused; the double must not have been reached. */
async function refusal(call: Promise<unknown>): Promise<string> {
  const before = seen.length;
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call should fail').not.toBeNull();
  expect(seen.length, 'nothing reaches the double').toBe(before);
  return refusalIn(error)?.message ?? `not a refusal: ${String(error)}`;
}

describe('public addresses', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::127.0.0.1', false],
    ['not-an-ip', false],
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['::ffff:8.8.8.8', true],
    ['2606:4700::1111', true],
  ])('%s is public: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });

  it.each([
    ['http://localhost:8080/', true],
    ['http://LOCALHOST./', true],
    ['http://wp.localhost/', true],
    ['http://127.0.0.1/', true],
    ['http://2130706433/', true], // 127.0.0.1 written as a number
    ['http://[::1]:3000/', true],
    ['http://[::ffff:7f00:1]/', true],
    ['http://169.254.169.254/latest/meta-data/', true],
    ['https://10.1.2.3/wp', true],
    ['https://example.com/', false],
    ['https://8.8.8.8/', false],
    ['https://localhost.example.com/', false],
  ])('%s has a plainly private host: %s', (url, expected) => {
    expect(isPrivateHost(new URL(url))).toBe(expected);
  });
});

describe('the guarded fetch', () => {
  const guarded = createGuardedFetch();
  /** Lets the first hop reach the loopback double; everything else is judged as usual. */
  const toDouble = createGuardedFetch({ allowAddress: (a) => a === '127.0.0.1' || isPublicAddress(a) });
  /** Names from a table instead of DNS: what a rebinding resolver might answer. */
  const names: Record<string, string[]> = { 'wp.test': ['127.0.0.1'], 'rebind.test': ['10.0.0.5'], 'mixed.test': ['8.8.8.8', '10.0.0.5'] };
  const withNames = createGuardedFetch({
    allowAddress: (a) => a === '127.0.0.1' || isPublicAddress(a),
    lookup: async (name) => names[name] ?? [],
  });

  it('refuses a loopback address, by IP and by a name that resolves to it', async () => {
    expect(await refusal(guarded(`http://127.0.0.1:${port}/`))).toBe(`127.0.0.1 is a private address; ${REFUSAL}`);
    expect(await refusal(guarded(`http://[::1]:${port}/`))).toBe(`::1 is a private address; ${REFUSAL}`);
    expect(await refusal(guarded(`http://[::ffff:127.0.0.1]:${port}/`))).toBe(`::ffff:7f00:1 is a private address; ${REFUSAL}`);
    expect(await refusal(guarded(`http://localhost:${port}/`))).toMatch(
      /^localhost resolves to a private address \((127\.0\.0\.1|::1)\); /,
    );
  });

  it('refuses every address a name has when any is private, and schemes other than http(s)', async () => {
    expect(await refusal(withNames('http://rebind.test/'))).toBe(`rebind.test resolves to a private address (10.0.0.5); ${REFUSAL}`);
    expect(await refusal(withNames('http://mixed.test/'))).toBe(`mixed.test resolves to a private address (10.0.0.5); ${REFUSAL}`);
    expect(await refusal(guarded('file:///etc/passwd'))).toBe('only http and https URLs are called, not file');
    expect(await refusal(guarded('data:text/plain,hello'))).toBe('only http and https URLs are called, not data');
  });

  it('connects to the checked address and still names the host', async () => {
    const res = await withNames(`http://wp.test:${port}/hello`);
    expect(await res.json()).toEqual({ ok: true, host: `wp.test:${port}` });
    expect(seen.at(-1)).toEqual({ url: '/hello', host: `wp.test:${port}` });
  });

  it('refuses a redirect from an allowed target to a private one', async () => {
    const ok = await toDouble(`http://127.0.0.1:${port}/`);
    expect(ok.status).toBe(200);
    const metadata = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
    const before = seen.length;
    const error = await toDouble(`http://127.0.0.1:${port}/to?url=${metadata}`).catch((e: unknown) => e);
    expect(seen.length - before).toBe(1); // the first hop only
    expect(refusalIn(error)?.message).toBe(`169.254.169.254 is a private address; ${REFUSAL}`);

    const rebind = encodeURIComponent('http://rebind.test/admin');
    const answer = remoteCall(`http://127.0.0.1:${port}/to?url=${rebind}`, {}, { timeoutMs: 2000, fetch: withNames });
    await expect(answer).rejects.toThrow(`rebind.test resolves to a private address (10.0.0.5); ${REFUSAL} (redirected from 127.0.0.1)`);
    // Kept as the catalog's, the reason reads in Chinese too.
    const redirected = await answer.catch((e: unknown) => e);
    expect(wordedIn(redirected, 'zh_CN')).toBe(
      'rebind.test 解析到私有地址（10.0.0.5）；服务器不会访问私有网络（ALLOW_PRIVATE_TARGETS）（由 127.0.0.1 重定向而来）',
    );
  });

  it('reports a timeout and an unreachable host as before', async () => {
    await expect(remoteCall(`http://127.0.0.1:${port}/slow`, {}, { timeoutMs: 300, fetch: toDouble })).rejects.toThrow(
      `No answer from 127.0.0.1:${port} within 0.3 s`,
    );
    await expect(remoteCall('http://nowhere.test/', {}, { timeoutMs: 2000, fetch: withNames })).rejects.toThrow(
      'Could not reach nowhere.test: ENOTFOUND',
    );
  });

  it('is left out when the operator allows private targets (ALLOW_PRIVATE_TARGETS)', async () => {
    expect(accountFetch(true)).toBe(fetch);
    const res = await accountFetch(true)(`http://127.0.0.1:${port}/`);
    expect(res.status).toBe(200);
    expect(await refusal(accountFetch(false)(`http://127.0.0.1:${port}/`))).toBe(`127.0.0.1 is a private address; ${REFUSAL}`);
  });

  it("stops an account's model client at once, without retries", async () => {
    const writer = createChatWriter({
      baseUrl: `http://localhost:${port}/v1`,
      apiKey: '',
      model: 'm',
      stream: false,
      timeoutMs: 5000,
      maxRetries: 3,
      maxRetryWaitMs: 5000,
      fetch: guarded,
    });
    const before = seen.length;
    const started = Date.now();
    const error = await writer
      .complete({ step: 'outline', system: 's', prompt: 'p', values: {} as never, maxTokens: 10 })
      .catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^The model service \\(localhost:${port}\\) was not called: localhost resolves to a private address \\((127\\.0\\.0\\.1|::1)\\); `,
      ),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen.length).toBe(before);
  });
});

describe('a server that keeps off private networks (the default)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ WORKERS: '0', SITE_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a plainly private URL when it is saved, naming the field', async () => {
    const client = await newClient(t);
    const add = (body: Record<string, unknown>) => client.call('POST', '/api/v1/site/add', { body: { name: 'Blog', ...body } });
    const cases: [Record<string, unknown>, string][] = [
      [
        { url: `http://127.0.0.1:${port}/wp`, type: 'wordpress', username: 'editor', app_password: 'abcdefghijkl' },
        `URL: 127.0.0.1 is a private address; ${REFUSAL}`,
      ],
      [
        { url: 'http://169.254.169.254/', type: 'wordpress', username: 'editor', app_password: 'abcdefghijkl' },
        `URL: 169.254.169.254 is a private address; ${REFUSAL}`,
      ],
      [
        { url: 'https://shop.example', type: 'webhook', webhook_url: 'http://localhost:9000/hook', secret: 'a-long-enough-secret' },
        `Webhook URL: localhost is a private address; ${REFUSAL}`,
      ],
      [
        { url: 'https://shop.example', type: 'webhook', webhook_url: 'http://[::1]/hook', secret: 'a-long-enough-secret' },
        `Webhook URL: [::1] is a private address; ${REFUSAL}`,
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await add(body);
      expect([res.status, res.code, res.msg], JSON.stringify(body)).toEqual([400, 400, msg]);
    }
    // A Chinese reader reads the refusal in Chinese, the field's label and the reason both.
    const zh = await client.call('POST', '/api/v1/site/add', {
      body: {
        name: 'Blog',
        url: 'https://shop.example',
        type: 'webhook',
        webhook_url: 'http://localhost:9000/hook',
        secret: 'a-long-enough-secret',
      },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect([zh.status, zh.msg]).toEqual([400, 'Webhook 地址：localhost 是私有地址；服务器不会访问私有网络（ALLOW_PRIVATE_TARGETS）']);
    // An export site's URL is never called; turning it into a WordPress site would call it.
    const exp = await add({ url: 'http://localhost:3000/blog', type: 'export' });
    expect(exp.code).toBe(200);
    const toWordPress = await client.call('PUT', '/api/v1/site/edit', {
      body: { id: (exp.data as { id: number }).id, type: 'wordpress', username: 'editor', app_password: 'abcdefghijkl' },
    });
    expect([toWordPress.status, toWordPress.msg]).toEqual([400, `URL: localhost is a private address; ${REFUSAL}`]);

    const model = await client.call('POST', '/api/v1/account/provider/set', { body: { llm_base_url: 'http://169.254.169.254/v1' } });
    expect([model.status, model.msg]).toEqual([400, `Model service address: ${MODEL_REFUSAL('169.254.169.254')}`]);
    const images = await client.call('POST', '/api/v1/account/provider/set', { body: { image_base_url: 'http://10.0.0.8:8080/v1' } });
    expect([images.status, images.msg]).toEqual([400, `Image service address: ${MODEL_REFUSAL('10.0.0.8')}`]);
  });

  it("refuses a customer's local model, saying what to do in the user's language", async () => {
    const client = await newClient(t);
    const local = { llm_base_url: 'http://localhost:11434/v1', llm_model: 'qwen2.5' };
    const en = await client.call('POST', '/api/v1/account/provider/set', { body: local });
    expect([en.status, en.msg]).toEqual([400, `Model service address: ${MODEL_REFUSAL('localhost')}`]);
    const zh = await client.call('POST', '/api/v1/account/provider/test', { body: local, headers: { 'accept-language': 'zh-CN' } });
    expect([zh.status, zh.msg]).toEqual([400, expect.stringContaining('localhost 位于私有网络（本机或局域网），只有本系统的管理员')]);
    const settings = await client.call<{ llm_base_url: string }>('GET', '/api/v1/account/provider');
    expect(settings.data.llm_base_url).toBe('');
  });

  it("connects the operator's model on its own machine, presets included, without a restart", async () => {
    const admin = await loginAdmin(t);
    const call = (path: string, body: Record<string, unknown>) => t.call('POST', path, { body, token: admin });
    // The model page's presets: Ollama and vLLM on this machine.
    for (const llm_base_url of ['http://localhost:11434/v1', 'http://127.0.0.1:8000/v1']) {
      const saved = await call('/api/v1/account/provider/set', { llm_base_url, llm_model: 'qwen2.5' });
      expect([saved.status, saved.code], llm_base_url).toEqual([200, 200]);
    }
    const before = seen.length;
    const tested = await call('/api/v1/account/provider/test', { llm_base_url: `http://127.0.0.1:${port}/v1`, llm_model: 'qwen2.5' });
    expect([tested.code, (tested.data as { reply: string }).reply]).toEqual([200, 'OK']);
    expect(seen.slice(before).map((r) => r.url)).toEqual(['/v1/chat/completions']);
    const lan = await call('/api/v1/account/provider/set', {
      llm_base_url: 'http://192.168.1.20:8000/v1',
      image_base_url: 'http://10.0.0.8:8080/v1',
    });
    expect(lan.code).toBe(200);
  });

  it('refuses when connecting, and says why in the test result and the category fetch', async () => {
    const client = await newClient(t);
    const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
      body: { name: 'Blog', url: 'https://blog.example', type: 'wordpress', username: 'editor', app_password: 'abcdefghijkl' },
    });
    expect(site.code).toBe(200);
    // As if its name now resolved to loopback (a URL saved before, or DNS changed since): the check at connect time stops it.
    await t.server.app.ctx.db.execute(sql`update sites set url = ${`http://localhost:${port}/wp`} where id = ${site.data.id}`);
    const before = seen.length;
    const test = await client.call<{ ok: boolean; message: string }>('POST', '/api/v1/site/test', { body: { id: site.data.id } });
    expect(test.code).toBe(200);
    expect(test.data.ok).toBe(false);
    expect(test.data.message).toMatch(
      new RegExp(
        `^localhost resolves to a private address \\((127\\.0\\.0\\.1|::1)\\); the server refuses to call private networks \\(ALLOW_PRIVATE_TARGETS\\)$`,
      ),
    );
    const fetched = await client.call('POST', '/api/v1/site/category/fetch', { body: { site_id: site.data.id } });
    expect(fetched.status).toBe(400);
    expect(fetched.msg).toMatch(/^Could not fetch the categories: localhost resolves to a private address \((127\.0\.0\.1|::1)\); /);
    expect(seen.length).toBe(before);
  });
});
