import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessKeyWithSecret, KeyLogList } from '../../contract/schemas/accessKey';
import type { TestServer } from './harness';
import { newClient, startServer } from './pipelineHelpers';

const run = promisify(execFile);
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
}, 180_000);
afterAll(async () => t?.close());

describe('examples/generate-with-key.mjs', () => {
  it('writes articles over HTTP with an access key, end to end, and every call is in the key log', async () => {
    const owner = await newClient(t, 1000);
    const made = await owner.call<AccessKeyWithSecret>('POST', '/api/v1/accesskey/add', {
      body: { name: 'example script', scopes: ['read', 'generate', 'sites'] },
    });
    expect(made.code).toBe(200);
    const { stdout } = await run(
      process.execPath,
      [path.resolve('examples/generate-with-key.mjs'), 'green tea benefits', 'how to brew oolong'],
      {
        env: { ...process.env, INKPRESS_URL: t.url, INKPRESS_KEY: made.data.secret, TIMEOUT_S: '120' },
        timeout: 150_000,
      },
    );
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^task \d+: 2 article\(s\), \d+ points each$/);
    expect(lines).toContainEqual(expect.stringMatching(/^task \d+ completed: 2 done, 0 failed$/));
    const articles = lines.filter((l) => l.startsWith('article '));
    expect(articles).toHaveLength(2);
    expect(articles.join('\n').toLowerCase()).toContain('green tea');

    const log = await owner.get<KeyLogList>('/api/v1/accesskey/log/list', { page_size: 100 });
    const calls = log.data.list.map((e) => `${e.method} ${e.path} ${e.status}`);
    expect(calls.at(-1)).toBe('GET /api/v1/site/list 200');
    expect(calls.at(-2)).toBe('POST /api/v1/site/add 200');
    expect(calls).toContain('POST /api/v1/article_task/add 200');
    expect(calls[0]).toBe('GET /api/v1/article/list 200');
    expect(log.data.list.find((e) => e.path === '/api/v1/article_task/add')?.points).toBeGreaterThan(0);
  }, 180_000);
});
