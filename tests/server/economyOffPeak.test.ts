import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleTaskDetail } from '../../contract/schemas/articleTask';
import type { Quote } from '../../contract/schemas/quote';
import { dateTime } from '../../contract/dateTime';
import type { TestServer } from './harness';
import { newClient, siteWithKeywords, waitFor, waitForTask } from './pipelineHelpers';
import { startLlmDouble, stepOf, type LlmDouble } from './llmDouble';
import { startTestServer } from './harness';

/*
 * Economy mode on a model service without a batch API but with off-peak prices (DeepSeek's preset):
 * the task's calls are made interactively, only in the service's off-peak hours, at the economy price.
 * The server's clock is the test's: no waiting for the real hours.
 */

let t: TestServer;
let double: LlmDouble;
/** Monday 30 November 2026, 10:00 in Beijing: inside DeepSeek's 09:00–12:00 peak window. */
let clock = new Date('2026-11-30T02:00:00Z');
beforeAll(async () => {
  double = await startLlmDouble();
  t = await startTestServer(
    {
      JOB_POLL_SECONDS: '0.5',
      WORKER_CONCURRENCY: '2',
      LLM_BASE_URL: double.url,
      LLM_MODEL: 'double-model',
      LLM_PRESET: 'deepseek',
      LLM_MAX_RETRIES: '0',
      PRICE_ARTICLE: '10',
      BATCH_POLL_SECONDS: '0.2',
    },
    { now: () => clock },
  );
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

describe('economy mode on an off-peak provider', () => {
  it('waits for the off-peak hours, shows when it starts, then writes interactively at the economy price', async () => {
    const client = await newClient(t, 1000);
    const siteId = await siteWithKeywords(client, ['tieguanyin', 'dahongpao']);
    const quote = await client.call<Quote>('POST', '/api/v1/article_task/quote', { body: { count: 2, images: false, economy: true } });
    expect(quote.data).toMatchObject({ per_item: 5, total: 10 });
    const chats = double.chats.length;
    const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 2, images: false, economy: true },
    });
    expect(task.code).toBe(200);
    const id = task.data.id;

    // In the peak window both items wait, and the task says when they start: at 12:00 Beijing time.
    const waiting = await waitFor('both items waiting for the off-peak hours', async () => {
      const detail = await client.get<ArticleTaskDetail>('/api/v1/article_task/detail', { id });
      return detail.data.task.waiting === 2 ? detail.data : undefined;
    });
    expect(waiting.task.waiting_until).toBe(dateTime(new Date('2026-11-30T04:00:00Z')));
    expect(waiting.task.status).toBe('running');
    expect(double.chats.length).toBe(chats);
    expect(double.batch.batches.length).toBe(0);

    // 12:00 in Beijing: off-peak. The items run through the interactive API, no batch.
    clock = new Date('2026-11-30T04:00:00Z');
    expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 2, failed: 0 });
    expect(double.chats.slice(chats).map(stepOf).sort()).toEqual([
      'article',
      'article',
      'faq',
      'faq',
      'meta',
      'meta',
      'outline',
      'outline',
    ]);
    expect(double.batch.batches.length).toBe(0);
    const balance = (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;
    expect(1000 - balance).toBe(quote.data.total);
  }, 90_000);
});
