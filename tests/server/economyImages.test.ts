import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../contract/schemas/quote';
import { BATCH_ENDPOINTS, createBatchApi } from '../../server/providers/llm/openaiBatch';
import type { TestServer } from './harness';
import { newClient, siteWithKeywords, startServer, waitForTask } from './pipelineHelpers';
import { startLlmDouble, type LlmDouble } from './llmDouble';

/*
 * Economy mode with an image model whose batch API takes image generations (OpenAI's does): the
 * task's pictures go by batch too, one images batch per picture of the items, at the economy image price.
 */

let t: TestServer;
let double: LlmDouble;
beforeAll(async () => {
  double = await startLlmDouble();
  t = await startServer({
    LLM_BASE_URL: double.url,
    LLM_MODEL: 'double-model',
    LLM_MAX_RETRIES: '0',
    IMAGE_BASE_URL: double.url,
    IMAGE_MODEL: 'double-image',
    IMAGES_PER_ARTICLE: '2',
    PRICE_ARTICLE: '10',
    PRICE_IMAGE: '4',
    BATCH_POLL_SECONDS: '0.2',
  });
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

describe('economy mode with an image model that batches', () => {
  it('draws the pictures through images batches, charged at the economy image price the quote shows', async () => {
    const client = await newClient(t, 1000);
    const siteId = await siteWithKeywords(client, ['gyokuro', 'bancha']);
    const quote = await client.call<Quote>('POST', '/api/v1/article_task/quote', { body: { count: 2, images: true, economy: true } });
    // Half the article (10 → 5) and half each of its two pictures (4 → 2), none drawn interactively.
    expect(quote.data.lines).toEqual([
      { what: 'article', price: 5, quantity: 1 },
      { what: 'image', price: 2, quantity: 2 },
    ]);
    expect(quote.data).toMatchObject({ per_item: 9, total: 18 });
    const images = double.images;
    const chats = double.chats.length;
    const from = double.batch.batches.length;
    const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 2, images: true, economy: true },
    });
    expect(await waitForTask(client, task.data.id, 90_000)).toMatchObject({ status: 'completed', done: 2, failed: 0 });

    // Four chat stages, then a batch for each picture of the two articles; nothing interactive.
    const batches = double.batch.batches.slice(from);
    expect(batches.map((b) => [b.endpoint, b.lines.length])).toEqual([
      ...Array(4).fill([BATCH_ENDPOINTS.chat, 2]),
      [BATCH_ENDPOINTS.images, 2],
      [BATCH_ENDPOINTS.images, 2],
    ]);
    expect(batches.slice(4).flatMap((b) => b.lines.map((l) => l.body.model))).toEqual(Array(4).fill('double-image'));
    expect(double.batch.refusedUploads).toEqual([]);
    expect([double.images - images, double.chats.length - chats]).toEqual([0, 0]);
    const articles = await client.get<{ list: { cover_url: string }[] }>('/api/v1/article/list', { task_id: task.data.id });
    expect(articles.data.list.map((a) => a.cover_url)).toEqual(Array(2).fill(expect.stringContaining('/uploads/generated/')));
    const balance = (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;
    expect(1000 - balance).toBe(quote.data.total);
  }, 120_000);

  it('has its input file refused, as the provider does, when an image line has no prompt', async () => {
    const api = createBatchApi({ baseUrl: double.url, apiKey: '', fetch });
    await expect(api.start([{ custom_id: 'line-1', body: { model: 'double-image', n: 1 } }], BATCH_ENDPOINTS.images)).rejects.toThrow(
      /body needs prompt/,
    );
    expect(double.batch.refusedUploads.at(-1)).toBe('Line 1: body needs prompt');
  });
});
