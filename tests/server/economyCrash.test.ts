import { describe, expect, it } from 'vitest';
import { killedServer } from './killedServer';
import { stepOf } from './llmDouble';
import { adminSiteWithKeywords, expectWrittenAndChargedOnce, hasFinished, type TaskCounts } from './waitingArticles';

/**
 * Kill -9 while an economy task's batch is in progress at the provider, and a restart on the same
 * data: the server follows the batch it had sent (its id is durable) instead of sending the stage
 * again, and every article ends written once and charged once at the economy price. On the
 * embedded database, or on PostgreSQL when TEST_DATABASE_URL is set (a throwaway database).
 */
const N = 6;
const STAGES = ['outline', 'article', 'faq', 'meta'];

const server = killedServer('economycrash', { BATCH_POLL_SECONDS: '0.3' });
const { call, until } = server;

/** The stages of each batch the double was sent, in order. */
const stagesOfBatches = () =>
  server.double.batch.batches.map((b) =>
    STAGES.filter((stage) => b.lines.some((l) => stepOf({ ...l.body, stream: false }) === stage)).join('+'),
  );

describe(`kill -9 while an economy batch is in progress (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  it(
    'follows the batch it sent after the restart: one batch per stage, nothing lost, nothing charged twice',
    { timeout: 300_000 },
    async () => {
      // Each status lasts long enough for the kill to land while the outline batch is in progress.
      server.double.batch.stepMs = 4000;
      await server.start();
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
      const detail = async () => server.saw(await call<TaskCounts>('GET', `/api/v1/article_task/detail?id=${task.id}`, token));

      // The server has sent the outline batch and seen it in progress: kill -9.
      await until('the outline batch in progress', async () =>
        server.double.batch.batches[0]?.status === 'in_progress' ? true : undefined,
      );
      await server.kill();
      server.double.batch.stepMs = 100;

      await server.start();
      const finished = await until('the task to finish', async () => {
        const d = await detail();
        return hasFinished(d) ? d : undefined;
      });
      expect(finished.task).toMatchObject({ status: 'completed', total: N, done: N, failed: 0 });
      // The outline batch sent before the kill was followed to its end, not sent again.
      expect(stagesOfBatches()).toEqual(STAGES);
      expect(server.double.batch.batches.map((b) => b.lines.length)).toEqual([N, N, N, N]);
      expect(server.double.batch.refusedUploads).toEqual([]);
      await expectWrittenAndChargedOnce(call, token, { id: task.id, keywords, balanceBefore, price: quote.per_item });
      expect(balanceBefore - quote.total).toBe((await call<{ balance: number }>('GET', '/api/v1/account/points/list', token)).balance);
    },
  );
});
