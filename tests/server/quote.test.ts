import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../contract/schemas/quote';
import type { PublishingTaskDetail } from '../../contract/schemas/publishingTask';
import type { TestServer } from './harness';
import { newClient, startServer, waitFor, waitForTask, type Client } from './pipelineHelpers';
import { startWordPressDouble, WP_PASSWORD, WP_USER, type WordPressDouble } from './wordpressDouble';

/* The quote a dialog shows before paid work starts is what the server then charges, for every kind of task. */

let t: TestServer;
let wp: WordPressDouble;
beforeAll(async () => {
  wp = await startWordPressDouble();
  // No image model: the embedded renderer draws the cover only, so an article pays for one image, not three.
  t = await startServer({ ALLOW_PRIVATE_TARGETS: '1', PRICE_ARTICLE: '10', PRICE_IMAGE: '2', IMAGES_PER_ARTICLE: '3', PRICE_PUBLISH: '3' });
});
afterAll(async () => {
  await t?.close();
  await wp?.close();
});

const START = 1000;
const balance = async (client: Client) => (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;
const quote = async (client: Client, path: string, body: Record<string, unknown>) => {
  const res = await client.call<Quote>('POST', path, { body });
  expect([res.status, res.msg]).toEqual([200, 'ok']);
  return res.data;
};

async function wordpressSite(client: Client, keywords: string[]) {
  const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
    body: { name: 'Garden blog', url: wp.url, type: 'wordpress', username: WP_USER, app_password: WP_PASSWORD },
  });
  expect(site.code).toBe(200);
  await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: site.data.id, keywords: keywords.join('\n') } });
  const list = await client.get<{ list: { id: number }[] }>('/api/v1/site/keyword/list', { site_id: site.data.id, page_size: 100 });
  return { siteId: site.data.id, keywordIds: list.data.list.map((k) => k.id) };
}

const publishingSettled = (client: Client, id: number) =>
  waitFor(
    `publishing task ${id} to settle`,
    async () => {
      const { task, queued, running } = (await client.get<PublishingTaskDetail>('/api/v1/task/detail', { id })).data;
      return !task.awaiting_source &&
        queued === 0 &&
        running === 0 &&
        task.done + task.failed + task.cancelled + task.skipped === task.total
        ? task
        : undefined;
    },
    60_000,
  );

describe('the quote', () => {
  it.each([true, false])('of a generation task (images %s) is what its articles are charged', async (images) => {
    const client = await newClient(t, START);
    const { siteId } = await wordpressSite(client, ['first topic', 'second topic', 'third topic']);
    const q = await quote(client, '/api/v1/article_task/quote', { count: 3, images });
    expect(q).toEqual({
      count: 3,
      lines: images
        ? [
            { what: 'article', price: 10, quantity: 1 },
            { what: 'image', price: 2, quantity: 1 },
          ]
        : [{ what: 'article', price: 10, quantity: 1 }],
      per_item: images ? 12 : 10,
      total: images ? 36 : 30,
    });
    const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', { body: { site_id: siteId, count: 3, images } });
    expect(task.code).toBe(200);
    expect(await waitForTask(client, task.data.id, 60_000)).toMatchObject({ done: 3, failed: 0 });
    expect(START - (await balance(client))).toBe(q.total);
  });

  it('of a generation task naming its keywords leaves out those already written, as the task does', async () => {
    const client = await newClient(t, START);
    const { siteId } = await wordpressSite(client, ['oolong', 'sencha', 'matcha']);
    const first = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, keywords: 'oolong', images: false },
    });
    await waitForTask(client, first.data.id, 60_000);
    const before = await balance(client);
    // Two known keywords, one of them written, and a new one pasted: the task writes two.
    const body = { site_id: siteId, keywords: 'oolong\nsencha\nhojicha', count: 10, images: false };
    const q = await quote(client, '/api/v1/article_task/quote', body);
    expect(q).toMatchObject({ count: 2, per_item: 10, total: 20, skipped: ['oolong'] });
    // The quote saved nothing: the pasted keyword is not yet the site's.
    const keywords = await client.get<{ total: number }>('/api/v1/site/keyword/list', { site_id: siteId });
    expect(keywords.data.total).toBe(3);
    const task = await client.call<{ id: number; total: number; skipped: string[] }>('POST', '/api/v1/article_task/add', { body });
    expect(task.data).toMatchObject({ total: 2, skipped: ['oolong'] });
    expect(await waitForTask(client, task.data.id, 60_000)).toMatchObject({ done: 2, failed: 0 });
    expect(before - (await balance(client))).toBe(q.total);
  });

  it('of a publishing task is what publishing its articles is charged', async () => {
    const client = await newClient(t, START);
    const { siteId } = await wordpressSite(client, ['one', 'two']);
    const written = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 2, images: false },
    });
    await waitForTask(client, written.data.id, 60_000);
    const articles = await client.get<{ list: { id: number }[] }>('/api/v1/article/list', { task_id: written.data.id });
    const before = await balance(client);
    const q = await quote(client, '/api/v1/task/quote', { count: 2 });
    expect(q).toMatchObject({ per_item: 3, total: 6, lines: [{ what: 'publish', price: 3, quantity: 1 }] });
    const task = await client.call<{ id: number }>('POST', '/api/v1/task/add', {
      body: { site_id: siteId, article_ids: articles.data.list.map((a) => a.id) },
    });
    expect(task.code).toBe(200);
    expect(await publishingSettled(client, task.data.id)).toMatchObject({ done: 2 });
    expect(before - (await balance(client))).toBe(q.total);
  });

  it.each([false, true])('of the generate dialog (economy %s) is what writing and publishing its articles is charged', async (economy) => {
    const client = await newClient(t, START);
    const { siteId, keywordIds } = await wordpressSite(client, ['red', 'green']);
    const q = await quote(client, '/api/v1/task/quote', { count: 2, generate: true, images: true, economy });
    // Economy mode halves the article's own price (10 → 5); the image and the publishing keep theirs.
    expect(q).toMatchObject(economy ? { per_item: 10, total: 20 } : { per_item: 15, total: 30 });
    // The batches carry the text: in economy mode the quote says the image is drawn interactively, at its price.
    expect(q.lines.find((line) => line.what === 'image')).toEqual({
      what: 'image',
      price: 2,
      quantity: 1,
      ...(economy ? { interactive: true } : {}),
    });
    const added = await client.call<{ task: { id: number }; article_task_id: number }>('POST', '/api/v1/task/generate', {
      body: { site_id: siteId, keyword_ids: keywordIds, images: true, economy },
    });
    expect(added.code).toBe(200);
    await waitForTask(client, added.data.article_task_id, 60_000);
    expect(await publishingSettled(client, added.data.task.id)).toMatchObject({ done: 2 });
    expect(START - (await balance(client))).toBe(q.total);
  });

  it('of the generate dialog naming its keywords leaves out those already written, as the tasks do', async () => {
    const client = await newClient(t, START);
    const { siteId, keywordIds } = await wordpressSite(client, ['basil', 'mint', 'sage']);
    const first = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, keywords: 'basil', images: false },
    });
    await waitForTask(client, first.data.id, 60_000);
    const before = await balance(client);
    const body = { site_id: siteId, keyword_ids: keywordIds, images: false };
    const q = await quote(client, '/api/v1/task/quote', { ...body, count: keywordIds.length, generate: true });
    // Each of the two unwritten keywords: its article (10) and its publishing (3).
    expect(q).toMatchObject({ count: 2, per_item: 13, total: 26, skipped: ['basil'] });
    const added = await client.call<{ task: { id: number }; article_task_id: number; skipped: string[] }>('POST', '/api/v1/task/generate', {
      body,
    });
    expect(added.data.skipped).toEqual(['basil']);
    await waitForTask(client, added.data.article_task_id, 60_000);
    expect(await publishingSettled(client, added.data.task.id)).toMatchObject({ done: 2 });
    expect(before - (await balance(client))).toBe(q.total);
  });

  it('is refused to a count the task would refuse, and the price line says what an article is charged', async () => {
    const client = await newClient(t, START);
    const refused = await client.call('POST', '/api/v1/article_task/quote', { body: { count: 0 } });
    expect(refused.status).toBe(400);
    const prices = (await client.get<{ prices: unknown }>('/api/v1/account/points/list')).data.prices;
    expect(prices).toEqual({ article: 10, image: 2, images_per_article: 1 });
  });
});
