import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayPostgres } from '../../scripts/throwawayPostgres';
import { copyPreparedDatabase } from './harness';
import { callerOf, freePort, kill9, startServerProcess } from './serverProcess';
import { adminSiteWithKeywords, expectWrittenAndChargedOnce, hasFinished, untilOrExplain, type TaskCounts } from './waitingArticles';
import { startLlmDouble, stepOf, type LlmDouble } from './llmDouble';

/**
 * Kill -9 while an economy task's batch is in progress at the provider, and a restart on the same
 * data: the server follows the batch it had sent (its id is durable) instead of sending the stage
 * again, and every article ends written once and charged once at the economy price. On the
 * embedded database, or on PostgreSQL when TEST_DATABASE_URL is set (a throwaway database).
 */
const N = 6;
const STAGES = ['outline', 'article', 'faq', 'meta'];

let double: LlmDouble;
let dataDir: string;
let database: Awaited<ReturnType<typeof throwawayPostgres>> | null = null;
let port: number;
let child: ChildProcess | null = null;

const call = <T>(method: string, route: string, token: string | null, body?: unknown) => callerOf(port)<T>(method, route, token, body);
let lastSeen: unknown = null;
const until = untilOrExplain(
  () => child,
  () => lastSeen,
);

async function startProcess(): Promise<ChildProcess> {
  child = await startServerProcess(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    SECRET_KEY: 'c'.repeat(64),
    LLM_BASE_URL: double.url,
    LLM_MODEL: 'double-model',
    PRICE_ARTICLE: '10',
    JOB_POLL_SECONDS: '0.5',
    JOB_LEASE_SECONDS: '3',
    BATCH_POLL_SECONDS: '0.3',
    ALLOW_PRIVATE_TARGETS: '1',
  });
  return child;
}

beforeAll(async () => {
  double = await startLlmDouble();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkpress-economycrash-'));
  if (process.env.TEST_DATABASE_URL) database = await throwawayPostgres(process.env.TEST_DATABASE_URL, 'inkpress_test');
  else await copyPreparedDatabase(dataDir);
  port = await freePort();
});
afterAll(async () => {
  if (child) await kill9(child);
  await double?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The stages of each batch the double was sent, in order. */
const stagesOfBatches = () =>
  double.batch.batches.map((b) => STAGES.filter((stage) => b.lines.some((l) => stepOf({ ...l.body, stream: false }) === stage)).join('+'));

describe(`kill -9 while an economy batch is in progress (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  it(
    'follows the batch it sent after the restart: one batch per stage, nothing lost, nothing charged twice',
    { timeout: 300_000 },
    async () => {
      // Each status lasts long enough for the kill to land while the outline batch is in progress.
      double.batch.stepMs = 4000;
      child = await startProcess();
      const keywords = Array.from({ length: N }, (_, i) => `economy crash ${String.fromCharCode(97 + i)}`);
      const { token, balanceBefore, siteId } = await adminSiteWithKeywords(call, 'Economy', keywords);
      const quote = await call<{ per_item: number; total: number }>('POST', '/api/v1/article_task/quote', token, {
        count: N,
        images: false,
        economy: true,
      });
      const task = await call<{ id: number }>('POST', '/api/v1/article_task/add', token, {
        site_id: siteId,
        count: N,
        images: false,
        economy: true,
      });
      const detail = async () => (lastSeen = await call<TaskCounts>('GET', `/api/v1/article_task/detail?id=${task.id}`, token));

      // The server has sent the outline batch and seen it in progress: kill -9.
      await until('the outline batch in progress', async () => (double.batch.batches[0]?.status === 'in_progress' ? true : undefined));
      await kill9(child);
      double.batch.stepMs = 100;

      child = await startProcess();
      const finished = await until('the task to finish', async () => {
        const d = await detail();
        return hasFinished(d) ? d : undefined;
      });
      expect(finished.task).toMatchObject({ status: 'completed', total: N, done: N, failed: 0 });
      // The outline batch sent before the kill was followed to its end, not sent again.
      expect(stagesOfBatches()).toEqual(STAGES);
      expect(double.batch.batches.map((b) => b.lines.length)).toEqual([N, N, N, N]);
      expect(double.batch.refusedUploads).toEqual([]);
      await expectWrittenAndChargedOnce(call, token, { id: task.id, keywords, balanceBefore, price: quote.per_item });
      expect(balanceBefore - quote.total).toBe((await call<{ balance: number }>('GET', '/api/v1/account/points/list', token)).balance);
    },
  );
});
