import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, freePort, kill9, outputOf, startServerProcess } from './serverProcess';
import { startLlmDouble, type LlmDouble } from './llmDouble';
import {
  adminSiteWithKeywords,
  expectWrittenAndChargedOnce,
  hasFinished,
  refuseArticleSteps,
  untilOrExplain,
  type TaskCounts,
} from './waitingArticles';

/**
 * PostgreSQL restarted under a task whose articles wait for the model service's limit,
 * the server running on: when the database is back, every article is written once and charged
 * once, none lost, and the server kept answering. It needs a cluster of its own to restart (the
 * PostgreSQL binaries of Debian's postgresql package), so it runs with the PostgreSQL stage of CI
 * (TEST_DATABASE_URL set); on the embedded database a restart of the database is a restart of the
 * server, which rateLimitCrash.test.ts covers.
 */
const PGBIN = '/usr/lib/postgresql/15/bin';
const N = 12;
const runs = Boolean(process.env.TEST_DATABASE_URL) && fs.existsSync(path.join(PGBIN, 'pg_ctl'));

let double: LlmDouble;
let dir: string;
let pgPort: number;
let child: ChildProcess | null = null;
let limit: { lift(): void };

/** PostgreSQL refuses to run as root: as root (CI), the cluster belongs to the postgres user. */
const asPostgres = (bin: string, args: string[]) =>
  process.getuid?.() === 0
    ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(PGBIN, bin), ...args], { stdio: 'pipe' })
    : execFileSync(path.join(PGBIN, bin), args, { stdio: 'pipe' });
const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', path.join(dir, 'data'), '-w', ...args]);
const startPostgres = () =>
  pgCtl(
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  );

let lastSeen: unknown = null;
const until = untilOrExplain(
  () => child,
  () => lastSeen,
);

beforeAll(async () => {
  if (!runs) return;
  double = await startLlmDouble();
  limit = refuseArticleSteps(double);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-pgrestart-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  pgPort = await freePort();
  asPostgres('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  startPostgres();
});
afterAll(async () => {
  if (child) await kill9(child);
  await double?.close();
  if (dir) {
    try {
      pgCtl('-m', 'immediate', 'stop');
    } catch {
      // already stopped
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe.runIf(runs)("PostgreSQL restarted while articles wait for the provider's limit", () => {
  it(
    'loses nothing: the server stays up, and every article is written once and charged once when the database is back',
    { timeout: 600_000 },
    async () => {
      const started = await startServerProcess({
        DATA_DIR: dir,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
        SECRET_KEY: 'd'.repeat(64),
        LLM_BASE_URL: double.url,
        LLM_MODEL: 'double-model',
        PRICE_ARTICLE: '10',
        WORKER_CONCURRENCY: '4',
        JOB_POLL_SECONDS: '0.5',
        JOB_LEASE_SECONDS: '3',
        LLM_MAX_RETRY_WAIT_MS: '500',
        ALLOW_PRIVATE_TARGETS: '1',
      });
      child = started.child;
      const call = callerOf(started.port);
      const keywords = Array.from({ length: N }, (_, i) => `restart keyword ${String.fromCharCode(97 + i)}`);
      const { token, balanceBefore, siteId } = await adminSiteWithKeywords(call, 'Restarts', keywords);
      const task = await call<{ id: number }>('POST', '/api/v1/article_task/add', token, {
        site_id: siteId,
        count: N,
        images: false,
        word_count: 300,
      });
      const detail = async () => (lastSeen = await call<TaskCounts>('GET', `/api/v1/article_task/detail?id=${task.id}`, token));

      await until('most items waiting', async () => ((await detail()).waiting >= N / 2 ? true : undefined));

      // The database goes away for a few seconds and comes back; the server is not restarted.
      pgCtl('-m', 'fast', 'stop');
      await new Promise((r) => setTimeout(r, 3000));
      expect(child.exitCode, `the server exited while the database was down: ${outputOf(child)}`).toBeNull();
      startPostgres();

      limit.lift();
      const finished = await until('the task to finish', async () => {
        const d = await detail().catch(() => undefined);
        return d && hasFinished(d) ? d : undefined;
      });
      expect(finished.task).toMatchObject({ status: 'completed', total: N, done: N, failed: 0 });
      expect(child.exitCode).toBeNull();

      await expectWrittenAndChargedOnce(call, token, { id: task.id, keywords, balanceBefore, price: 10 });
    },
  );
});
