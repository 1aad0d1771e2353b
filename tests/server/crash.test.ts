import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, copyPreparedDatabase } from './harness';
import { waitFor } from './pipelineHelpers';
import { callerOf, kill9, startServerProcess } from './serverProcess';
import { startLlmDouble, type LlmDouble } from './llmDouble';
import { WP_PASSWORD, WP_USER, startWordPressDouble, type WordPressDouble } from './wordpressDouble';

/**
 * kill -9 and an immediate restart on the same data, as a supervisor does it (systemd, Docker
 * `restart: always`): the server comes back on the first try, and work in flight ends exact.
 * Generation first, then publishing the articles it wrote to a WordPress site (the loopback
 * double), each part killed mid-run.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let double: LlmDouble;
let wp: WordPressDouble;
/** What the generation part leaves for the publishing part: the session, the site and its articles. */
const written = { token: '', siteId: 0, articleIds: [] as number[], titles: [] as string[] };
let dataDir: string;
let port: number;
let child: ChildProcess | null = null;

const call = <T>(method: string, route: string, token: string | null, body?: unknown) => callerOf(port)<T>(method, route, token, body);
const until = <T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 180_000) => waitFor(what, check, timeoutMs);

/** Starts `server/main.ts` (what `npm start` runs) on this test's data and waits for its first answer. */
async function startProcess(): Promise<ChildProcess> {
  ({ child, port } = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LLM_BASE_URL: double.url,
    LLM_MODEL: 'double-model',
    PRICE_ARTICLE: '10',
    WORKER_CONCURRENCY: '2',
    JOB_POLL_SECONDS: '0.5',
    PRICE_PUBLISH: '1',
    ALLOW_PRIVATE_TARGETS: '1',
  }));
  return child;
}

interface TaskDetail {
  task: { status: string; total: number; done: number; failed: number; cancelled: number };
  queued: number;
  running: number;
}

beforeAll(async () => {
  if (onPostgres) return;
  double = await startLlmDouble();
  wp = await startWordPressDouble();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-crash-'));
  await copyPreparedDatabase(dataDir);
});
afterAll(async () => {
  if (child && child.exitCode === null) await kill9(child);
  await double?.close();
  await wp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('kill -9 and an immediate restart on the same embedded data', () => {
  it(
    'comes back on the first try, and a generation task killed mid-run ends exact: every article once, every charge once',
    { timeout: 900_000 },
    async () => {
      child = await startProcess();
      const token = (await call<{ token: string }>('POST', '/api/v1/user/login', null, { username: 'admin', password: ADMIN_PASSWORD }))
        .token;
      const balanceBefore = (await call<{ balance: number }>('GET', '/api/v1/account/points/list', token)).balance;
      const keywords = Array.from({ length: 10 }, (_, i) => `crash keyword ${i}`);
      const site = await call<{ id: number }>('POST', '/api/v1/site/add', token, {
        name: 'Crash',
        url: wp.url,
        type: 'wordpress',
        username: WP_USER,
        app_password: WP_PASSWORD,
      });
      await call('POST', '/api/v1/site/keyword/add', token, { site_id: site.id, keywords: keywords.join('\n') });
      const task = await call<{ id: number }>('POST', '/api/v1/article_task/add', token, {
        site_id: site.id,
        count: keywords.length,
        images: false,
      });
      const detail = () => call<TaskDetail>('GET', `/api/v1/article_task/detail?id=${task.id}`, token);

      // Some articles written, then the model holds its answers: items are running (charged) when the process dies.
      await until('3 articles', async () => ((await detail()).task.done >= 3 ? true : undefined));
      double.gate.closed = true;
      await until('an item held mid-run', async () => ((await detail()).running > 0 ? true : undefined));
      await kill9(child);

      // Started again at once: the first try must come up (the lock's holder is dead).
      child = await startProcess();
      double.gate.open();
      const finished = await until(
        'the task to finish',
        async () => {
          const d = await detail();
          return d.queued === 0 && d.running === 0 && d.task.done + d.task.failed + d.task.cancelled === d.task.total ? d : undefined;
        },
        300_000,
      );
      expect(finished.task).toMatchObject({ status: 'completed', total: 10, done: 10, failed: 0 });

      const articles = await call<{ list: { id: number; keyword: string; title: string }[]; total: number }>(
        'GET',
        `/api/v1/article/list?task_id=${task.id}&page_size=100`,
        token,
      );
      expect(articles.total).toBe(10);
      expect(articles.list.map((a) => a.keyword).sort()).toEqual([...keywords].sort());

      const ledger = await call<{ balance: number; list: { delta: number; reference: string | null }[] }>(
        'GET',
        '/api/v1/account/points/list?page_size=100',
        token,
      );
      expect(ledger.balance).toBe(balanceBefore - 10 * 10);
      const net = new Map<string, number>();
      for (const e of ledger.list)
        if (e.reference?.startsWith('article_task_item:')) net.set(e.reference, (net.get(e.reference) ?? 0) + e.delta);
      expect([...net.values()]).toEqual(Array(10).fill(-10));

      Object.assign(written, {
        token,
        siteId: site.id,
        articleIds: articles.list.map((a) => a.id),
        titles: articles.list.map((a) => a.title),
      });
    },
  );

  it(
    'a publishing task killed while WordPress holds its answer ends exact: one post per article, every charge once',
    { timeout: 900_000 },
    async () => {
      const { token, siteId, articleIds, titles } = written;
      expect(articleIds).toHaveLength(10);
      const balanceBefore = (await call<{ balance: number }>('GET', '/api/v1/account/points/list', token)).balance;
      const task = await call<{ id: number }>('POST', '/api/v1/task/add', token, { site_id: siteId, article_ids: articleIds });
      const detail = () =>
        call<{ task: { status: string; total: number; done: number; failed: number }; queued: number; running: number }>(
          'GET',
          `/api/v1/task/detail?id=${task.id}`,
          token,
        );

      // Three posts made, then WordPress makes every further post but never answers: the id is not
      // stored when the process dies, which is the moment a retry could post twice.
      await until('3 posts', async () => (wp.posts.length >= 3 ? true : undefined));
      const made = wp.posts.length;
      wp.faults.push({ method: 'POST', path: '/posts', hold: true, times: 1000 });
      await until('a post made and its answer held', async () => (wp.posts.length > made ? true : undefined));
      await kill9(child!);

      wp.faults.length = 0;
      child = await startProcess();
      const finished = await until(
        'the publishing task to finish',
        async () => {
          const d = await detail();
          return d.queued === 0 && d.running === 0 && d.task.done + d.task.failed === d.task.total ? d : undefined;
        },
        300_000,
      );
      expect(finished.task).toMatchObject({ status: 'completed', total: 10, done: 10, failed: 0 });
      for (const title of titles) expect(wp.posts.filter((p) => p.title.raw === title)).toHaveLength(1);
      expect(wp.posts).toHaveLength(10);

      const ledger = await call<{ balance: number; list: { delta: number; reference: string | null }[] }>(
        'GET',
        '/api/v1/account/points/list?page_size=100',
        token,
      );
      expect(ledger.balance).toBe(balanceBefore - 10);
      const net = new Map<string, number>();
      for (const e of ledger.list)
        if (e.reference?.startsWith('publish_item:')) net.set(e.reference, (net.get(e.reference) ?? 0) + e.delta);
      expect([...net.values()]).toEqual(Array(10).fill(-1));
    },
  );
});
