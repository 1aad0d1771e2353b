import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationTaskDetail } from '../../contract/schemas/generationTask';
import type { Quote } from '../../contract/schemas/quote';
import { dateTime } from '../../contract/dateTime';
import type { TestServer } from './harness';
import { newClient, siteWithKeywords, waitFor, waitForTask } from './pipelineHelpers';
import { startLlmDouble, stepOf, type LlmDouble } from './llmDouble';
import { startTestServer } from './harness';
import { MODEL_PRESETS, type OffPeakHours } from '../../contract/modelPresets';
import { offPeakFrom } from '../../contract/offPeak';

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

const deepseek = MODEL_PRESETS.find((p) => p.id === 'deepseek')?.offPeak as OffPeakHours;
const inPeak = (at: Date) => offPeakFrom(deepseek, at) > at;
/** The task's detail once `check` holds for it. */
const detailWhen = (client: Awaited<ReturnType<typeof newClient>>, id: number, what: string, check: (d: GenerationTaskDetail) => boolean) =>
  waitFor(
    what,
    async () => {
      const detail = (await client.get<GenerationTaskDetail>('/api/v1/article_task/detail', { id })).data;
      return check(detail) ? detail : undefined;
    },
    60_000,
  );

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
      const detail = await client.get<GenerationTaskDetail>('/api/v1/article_task/detail', { id });
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

  it('stops an item begun just before a peak window at its next call, and goes on when the window ends', async () => {
    // Monday 08:59 in Beijing: off-peak, a minute before the 09:00 peak window.
    clock = new Date('2026-11-30T00:59:00Z');
    const client = await newClient(t, 1000);
    const siteId = await siteWithKeywords(client, ['longjing']);
    const calls: { step: string; at: Date }[] = [];
    const answer = double.fallback;
    double.fallback = (req) => {
      calls.push({ step: stepOf(req), at: clock });
      // The outline is answered as the peak window opens.
      if (stepOf(req) === 'outline') clock = new Date('2026-11-30T01:00:00Z');
      return answer(req);
    };
    try {
      const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
        body: { site_id: siteId, count: 1, images: false, economy: true },
      });
      const id = task.data.id;
      const waiting = await detailWhen(client, id, 'the item waiting for the peak window to end', (d) => d.task.waiting === 1);
      expect(waiting.task.waiting_until).toBe(dateTime(new Date('2026-11-30T04:00:00Z')));
      expect(calls.map((c) => c.step)).toEqual(['outline']);

      clock = new Date('2026-11-30T04:00:00Z');
      expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 1, failed: 0 });
      // No call in the peak window, and the outline written before it is not asked again.
      expect(calls.filter((c) => inPeak(c.at))).toEqual([]);
      expect(calls.map((c) => c.step)).toEqual(['outline', 'article', 'faq', 'meta']);
    } finally {
      double.fallback = answer;
    }
  }, 90_000);

  it('backs off after a failed call as if the off-peak wait before it had not been', async () => {
    // Monday 15:00 in Beijing: in the 14:00–18:00 peak window.
    clock = new Date('2026-11-30T07:00:00Z');
    const client = await newClient(t, 1000);
    const siteId = await siteWithKeywords(client, ['pu-erh']);
    const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 1, images: false, economy: true },
    });
    const id = task.data.id;
    const offPeakAt = dateTime(new Date('2026-11-30T10:00:00Z'));
    await detailWhen(client, id, 'the item waiting for the off-peak hours', (d) => d.task.waiting_until === offPeakAt);

    // Off-peak: the item's first call is refused (overloaded, no Retry-After), so the item backs off.
    let refused = false;
    double.script.push(() => {
      refused = true;
      return { kind: 'json', status: 503, body: { error: { message: 'The engine is currently overloaded', type: 'server_error' } } };
    });
    clock = new Date('2026-11-30T10:00:00Z');
    // Its first failure: the first backoff (5 s), not the second (10 s) as if the off-peak wait had failed.
    await detailWhen(
      client,
      id,
      'the item backing off after the refused call',
      (d) => refused && d.task.waiting === 1 && d.task.waiting_until === dateTime(new Date('2026-11-30T10:00:05Z')),
    );
    clock = new Date('2026-11-30T10:00:05Z');
    expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 1, failed: 0 });
  }, 90_000);
});
