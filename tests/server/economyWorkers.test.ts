import { describe, expect, it } from 'vitest';
import type { Quote } from '../../contract/schemas/quote';
import { stepOf } from './llmDouble';
import { newClient, siteWithKeywords, waitForTask } from './pipelineHelpers';
import { apiWithThreeWorkers, onPostgres } from './workerProcesses';

/**
 * Economy mode with three `npm run worker` processes on one PostgreSQL database: each follows the
 * batches and sends the stages whose items all wait, yet a stage goes as one batch (not one per
 * worker) and its answers are taken once. The API runs in this process with WORKERS=0. PostgreSQL
 * only (TEST_DATABASE_URL): the embedded database serves a single process.
 */
const N = 12;
const START = 1000;
const STAGES = ['outline', 'article', 'faq', 'meta'];

const running = apiWithThreeWorkers('economyWorkers.test.ts', {
  // Every worker asks often, so that several ask at the same instant.
  env: { BATCH_POLL_SECONDS: '0.1' },
  concurrency: 4,
  prepare: (double) => (double.batch.stepMs = 100),
});

describe.skipIf(!onPostgres)(
  `economy mode with three worker processes on one PostgreSQL database${onPostgres ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`,
  () => {
    it('sends each stage as one batch, not one per worker, and charges each article once', { timeout: 180_000 }, async () => {
      const { t, double } = running;
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
