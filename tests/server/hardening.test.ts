import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult, TestServer } from './harness';
import { newClient, siteWithKeywords, startServer, type Client } from './pipelineHelpers';

/** The eleven cases of issue 9, each as a client meets it. */
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
    expect((await client.call('POST', '/api/v1/site/keyword/import', { raw: multipart({ site_id: String(siteId) }, 'imported keyword\n') })).code).toBe(200);
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
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { security: unknown; paths: Record<string, Record<string, { security?: unknown[] }>> };
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/user/login'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/site/add'].post.security).toBeUndefined();
  });
});

describe('2 and 6: U+0000 and lone surrogates are refused with 400 in every text', () => {
  const bad = ['nul\u0000byte', 'lone \ud800 high', 'lone \udc00 low', 'reversed \udc00\ud800'];
  it('in bodies (keys too), queries and multipart fields, with and without a token', async () => {
    for (const text of bad) {
      expectRefused(await t.call('POST', '/api/v1/user/login', { body: { username: text, password: 'password-1' } }));
      expectRefused(await t.call('POST', '/api/v1/user/register', { body: { username: text, password: 'password-1', email: 'a@example.com' } }));
      expectRefused(await client.call('POST', '/api/v1/article/add', { body: { title: 'T', body: 'B', keyword: text } }));
      expectRefused(await client.call('POST', '/api/v1/article/import', { body: { content: '# T\n\nbody', keyword: text } }));
      expectRefused(await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: text } }));
      expectRefused(await client.call('POST', '/api/v1/site/add', { body: { name: 'n', url: 'https://example.com', type: 'export', [text]: 1 } }));
    }
    // A query string and a multipart field carry UTF-8, where a lone surrogate cannot be written (it arrives as U+FFFD).
    expectRefused(await client.get('/api/v1/article/list', { title: bad[0] }));
    expectRefused(await client.call('POST', '/api/v1/common/upload', { raw: multipart({ type: bad[0] }, 'x') }));
    expectRefused(await client.call('POST', '/api/v1/site/keyword/import', { raw: multipart({ site_id: String(siteId) }, 'good\nbad\u0000one\n') }));
    // A pair is a character: an emoji is accepted.
    expect((await client.call('POST', '/api/v1/article/add', { body: { title: 'T 😀', body: 'B', keyword: 'smile 😀' } })).code).toBe(200);
  });
});
