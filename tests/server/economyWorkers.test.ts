import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../contract/schemas/quote';
import { startTestServer, type TestServer } from './harness';
import { FAST_JOBS, newClient, siteWithKeywords, waitForTask } from './pipelineHelpers';
import { workerProcesses } from './workerProcesses';
import { startLlmDouble, stepOf, type LlmDouble } from './llmDouble';

/**
 * Economy mode with three `npm run worker` processes on one PostgreSQL database: each follows the
 * batches and sends the stages whose items all wait, yet a stage goes as one batch (not one per
 * worker) and its answers are taken once. The API runs in this process with WORKERS=0. PostgreSQL
 * only (TEST_DATABASE_URL): the embedded database serves a single process.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres)
  console.info(
    'economyWorkers.test.ts skipped: TEST_DATABASE_URL is not set (three worker processes need PostgreSQL; the embedded database serves one process)',
  );
const N = 12;
const START = 1000;
const STAGES = ['outline', 'article', 'faq', 'meta'];

let t: TestServer;
let double: LlmDouble;
const workers = workerProcesses();

beforeAll(async () => {
  if (!onPostgres) return;
  double = await startLlmDouble();
  double.batch.stepMs = 100;
  const env = {
    ...FAST_JOBS,
    SECRET_KEY: 'e'.repeat(64),
    PRICE_ARTICLE: '10',
    LLM_BASE_URL: double.url,
    LLM_MODEL: 'double-model',
    ALLOW_PRIVATE_TARGETS: '1',
    // Every worker asks often, so that several ask at the same instant.
    BATCH_POLL_SECONDS: '0.1',
  };
  t = await startTestServer({ ...env, WORKERS: '0' });
  const workerEnv = { ...env, DATABASE_URL: t.config.databaseUrl!, WORKER_CONCURRENCY: '4', LOG_LEVEL: 'info', NODE_ENV: 'test' };
  await Promise.all([0, 1, 2].map(() => workers.start(workerEnv)));
}, 240_000);
afterAll(async () => {
  await workers.stopAll();
  await t?.close();
  await double?.close();
});

describe.skipIf(!onPostgres)(
  `economy mode with three worker processes on one PostgreSQL database${onPostgres ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`,
  () => {
    it('sends each stage as one batch, not one per worker, and charges each article once', { timeout: 180_000 }, async () => {
      const client = await newClient(t, START);
      const keywords = Array.from({ length: N }, (_, i) => `economy worker ${String.fromCharCode(97 + i)}`);
      const siteId = await siteWithKeywords(client, keywords);
      const quote = await client.call<Quote>('POST', '/api/v1/article_task/quote', { body: { count: N, images: false, economy: true } });
      const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
        body: { site_id: siteId, count: N, images: false, economy: true },
      });
      expect(task.code).toBe(200);
      expect(await waitForTask(client, task.data.id, 150_000)).toMatchObject({ status: 'completed', done: N, failed: 0 });

      const stages = double.batch.batches.map((b) =>
        STAGES.filter((stage) => b.lines.some((l) => stepOf({ ...l.body, stream: false }) === stage)).join('+'),
      );
      expect(stages).toEqual(STAGES);
      expect(double.batch.batches.map((b) => b.lines.length)).toEqual([N, N, N, N]);
      expect(double.chats).toEqual([]);
      const balance = (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;
      expect(START - balance).toBe(quote.data.total);
    });
  },
);
