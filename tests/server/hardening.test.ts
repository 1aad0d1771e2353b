import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type CallResult, type TestServer } from './harness';
import { newClient, siteWithKeywords, startServer, type Client } from './pipelineHelpers';

/** The eleven cases of each as a client meets it. */
let t: TestServer;
let client: Client;
let siteId: number;
beforeAll(async () => {
  t = await startServer({ WORKERS: '0' });
  client = await newClient(t, 1000);
  siteId = await siteWithKeywords(client, ['first keyword']);
});
afterAll(async () => t?.close());

/** A refusal: the status, and the envelope with a message and no data. */
const expectRefused = (res: CallResult<unknown>, status = 400) => {
  expect(res.status, `${res.code} ${res.msg}`).toBe(status);
  expect(res).toMatchObject({ code: expect.any(Number), msg: expect.any(String), data: null });
  return res;
};

const multipart = (fields: Record<string, string>, file?: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file !== undefined) form.append('file', new Blob([file]), 'k.txt');
  return form;
};

describe('1: ids past 2^31-1 are refused with 400', () => {
  const big = 2147483648;
  it('in queries, bodies, arrays, cursors and multipart fields', async () => {
    expectRefused(await client.get('/api/v1/article/detail', { id: big }));
    expect((await client.get('/api/v1/article/detail', { id: 2147483647 })).status).toBe(404);
    expectRefused(await client.get('/api/v1/article/list', { cursor: '99999999999' }));
    expectRefused(await client.get('/api/v1/article/list', { site_id: big }));
    expectRefused(await client.call('POST', '/api/v1/article_task/add', { body: { site_id: siteId, keyword_ids: [1, big] } }));
    expectRefused(await client.call('PUT', '/api/v1/site/edit', { body: { id: big, name: 'x' } }));
    expectRefused(await client.call('POST', '/api/v1/site/keyword/import', { raw: multipart({ site_id: String(big) }, 'a\n') }));
    expect(
      (await client.call('POST', '/api/v1/site/keyword/import', { raw: multipart({ site_id: String(siteId) }, 'imported keyword\n') }))
        .code,
    ).toBe(200);
  });
});

describe('10: authentication before validation', () => {
  it('answers 401 to a protected route without a token, whatever its input', async () => {
    expectRefused(await t.call('POST', '/api/v1/site/add', { body: {} }), 401);
    expectRefused(await t.call('POST', '/api/v1/site/add', { raw: '{not json', headers: { 'content-type': 'application/json' } }), 401);
    expectRefused(await t.call('GET', '/api/v1/article/detail?id=abc'), 401);
    expectRefused(await t.call('POST', '/api/v1/site/add', { body: {}, token: 'not-a-session' }), 401);
    // With a session, the same input is refused by validation.
    expectRefused(await client.call('POST', '/api/v1/site/add', { body: {} }), 400);
  });

  it('marks the public operations in the OpenAPI document with an empty security', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
      security: unknown;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/user/login'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/site/add'].post.security).toContainEqual({ bearer: [] });
  });
});

describe('2 and 6: U+0000 and lone surrogates are refused with 400 in every text', () => {
  const bad = ['nul\u0000byte', 'lone \ud800 high', 'lone \udc00 low', 'reversed \udc00\ud800'];
  it('in bodies (keys too), queries and multipart fields, with and without a token', async () => {
    for (const text of bad) {
      expectRefused(await t.call('POST', '/api/v1/user/login', { body: { username: text, password: 'password-1' } }));
      expectRefused(
        await t.call('POST', '/api/v1/user/register', { body: { username: text, password: 'password-1', email: 'a@example.com' } }),
      );
      expectRefused(await client.call('POST', '/api/v1/article/add', { body: { title: 'T', body: 'B', keyword: text } }));
      expectRefused(await client.call('POST', '/api/v1/article/import', { body: { content: '# T\n\nbody', keyword: text } }));
      expectRefused(await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: text } }));
      expectRefused(
        await client.call('POST', '/api/v1/site/add', { body: { name: 'n', url: 'https://example.com', type: 'export', [text]: 1 } }),
      );
    }
    // A query string and a multipart field carry UTF-8, where a lone surrogate cannot be written (it arrives as U+FFFD).
    expectRefused(await client.get('/api/v1/article/list', { title: bad[0] }));
    expectRefused(await client.call('POST', '/api/v1/common/upload', { raw: multipart({ type: bad[0] }, 'x') }));
    expectRefused(
      await client.call('POST', '/api/v1/site/keyword/import', { raw: multipart({ site_id: String(siteId) }, 'good\nbad\u0000one\n') }),
    );
    // A pair is a character: an emoji is accepted.
    expect((await client.call('POST', '/api/v1/article/add', { body: { title: 'T 😀', body: 'B', keyword: 'smile 😀' } })).code).toBe(200);
  });
});

describe('5 and 9: the envelope from the client-error paths', () => {
  const truncated =
    '--xyz\r\nContent-Disposition: form-data; name="site_id"\r\n\r\n1\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="k.txt"\r\n\r\nab';
  it('answers a malformed multipart body with 400 on every multipart route', async () => {
    for (const route of ['/api/v1/site/keyword/import', '/api/v1/common/upload']) {
      for (const raw of [truncated, 'garbage', '--xyz\r\nno headers\r\n\r\n--xyz--']) {
        expectRefused(await client.call('POST', route, { raw, headers: { 'content-type': 'multipart/form-data; boundary=xyz' } }));
      }
    }
  });

  it('answers too large headers (431), a too large body (413), a broken request and an unknown route with the envelope', async () => {
    expectRefused(await t.call('GET', '/api/v1/article/list', { headers: { 'x-big': 'a'.repeat(100_000) } }), 431);
    expectRefused(
      await client.call('POST', '/api/v1/site/add', {
        raw: JSON.stringify({ name: 'a'.repeat(2_000_000) }),
        headers: { 'content-type': 'application/json' },
      }),
      413,
    );
    expectRefused(await t.call('GET', '/api/v1/no/such/route'), 404);
    const net = await import('node:net');
    const { port } = new URL(t.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/public/conf HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ code: 400, msg: 'The request is malformed', data: null });
  });

  it('words a refusal sent before a request exists in the language its bytes ask for', async () => {
    const net = await import('node:net');
    const { port } = new URL(t.url);
    const rawAnswer = (request: string) =>
      new Promise<{ status: number; msg: string }>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('end', () =>
          resolve({ status: Number(text.split(' ')[1]), msg: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).msg }),
        );
        socket.on('error', reject);
      });
    const broken = (language: string) => `GET /api/public/conf HTTP/1.1\r\nHost: x\r\nAccept-Language: ${language}\r\nBad Header\r\n\r\n`;
    expect(await rawAnswer(broken('zh-CN,zh;q=0.9'))).toEqual({ status: 400, msg: '请求格式有误' });
    expect(await rawAnswer(broken('en-US'))).toEqual({ status: 400, msg: 'The request is malformed' });
    const huge = `GET /api/public/conf HTTP/1.1\r\nHost: x\r\nAccept-Language: zh-CN\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`;
    expect(await rawAnswer(huge)).toEqual({ status: 431, msg: '请求头过大' });
  });
});

describe('8: a session in use never lapses, however short SESSION_TTL', () => {
  it('with SESSION_TTL=8, calls every 5 s keep the session for a minute; 9 s without one end it', async () => {
    let offset = 0;
    const clocked = await startTestServer({ SESSION_TTL: '8', WORKERS: '0' }, { now: () => new Date(Date.now() + offset) });
    try {
      const user = await newClient(clocked);
      for (let i = 0; i < 12; i++) {
        offset += 5_000;
        const res = await user.get('/api/v1/user/get_user_details');
        expect([offset, res.status, res.code]).toEqual([offset, 200, 200]);
      }
      offset += 9_000;
      const lapsed = await user.get('/api/v1/user/get_user_details');
      expect([lapsed.status, lapsed.code]).toEqual([401, 100007]);
    } finally {
      await clocked.close();
    }
  });
});

describe('3 and 11: a generation task is added whole or not at all, and only when the balance pays for it', () => {
  it('a refused add leaves none of its pasted keywords behind', async () => {
    const poor = await newClient(t, 5);
    const site = await siteWithKeywords(poor, []);
    const keywords = async () => (await poor.get<{ total: number }>('/api/v1/site/keyword/list', { site_id: site })).data.total;
    const refusedAdd = await poor.call('POST', '/api/v1/article_task/add', {
      body: { site_id: site, keywords: 'pasted one\npasted two', images: false },
    });
    expect([refusedAdd.status, refusedAdd.code]).toEqual([200, 100146]);
    expect(await keywords()).toBe(0);
    // A refusal after the keywords were parsed (an unknown prompt) leaves none either.
    const badPrompt = await poor.call('POST', '/api/v1/article_task/add', {
      body: { site_id: site, keywords: 'pasted three', prompt_ids: { article: 2147483647 } },
    });
    expect(badPrompt.code).not.toBe(200);
    expect(await keywords()).toBe(0);
  });

  it('counts what unfinished tasks will still debit: tasks added one after another never promise more than the balance', async () => {
    const user = await newClient(t, 100);
    const site = await siteWithKeywords(
      user,
      Array.from({ length: 12 }, (_, i) => `promise ${i}`),
    );
    const add = (count: number) =>
      user.call<{ id: number }>('POST', '/api/v1/article_task/add', { body: { site_id: site, count, images: false } });
    // Price 10 per article without images; the workers are off, so nothing is debited yet.
    expect((await add(8)).code).toBe(200);
    const over = await add(3);
    expect([over.code, over.msg]).toEqual([
      100146,
      'Not enough points: this task (3 article(s) × 10 points) costs 30 points and your balance is 100, of which 80 are held for your unfinished tasks. Top up in account management.',
    ]);
    // At once: of 5 concurrent adds of 1 article each, the 20 points left pay for 2.
    const racing = await Promise.all(Array.from({ length: 5 }, () => add(1)));
    expect(racing.map((r) => r.code).sort((a, b) => a - b)).toEqual([200, 200, 100146, 100146, 100146]);
  });
});
