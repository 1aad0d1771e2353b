import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PublishingTask as Task } from '../../contract/schemas/publishingTask';
import type { TestServer } from './harness';
import { startLlmDouble, type LlmDouble } from './llmDouble';
import { publishingFinished, startServer, waitForTask, type Client } from './pipelineHelpers';
import { startWordPressDouble, WP_PASSWORD, WP_USER, type WordPressDouble } from './wordpressDouble';

/* What the publishing tests do on the way to a post: a WordPress site, articles, a task and its end. */

/**
 * For the file's tests: the WordPress double, and a server allowed to call it (the double is on
 * loopback, a private network), both closed after the tests. `env` adds to the server's
 * configuration; `use` is handed both once they are up.
 */
export function serverWithWordPress(
  env: Record<string, string>,
  use: (started: { t: TestServer; wp: WordPressDouble }) => void,
  /** More configuration, once the doubles it names are up. */
  more: () => Promise<Record<string, string>> = async () => ({}),
) {
  let t: TestServer | undefined;
  let wp: WordPressDouble | undefined;
  beforeAll(async () => {
    wp = await startWordPressDouble();
    t = await startServer({ ALLOW_PRIVATE_TARGETS: '1', ...env, ...(await more()) });
    use({ t, wp });
  });
  afterAll(async () => {
    await t?.close();
    await wp?.close();
  });
}

/**
 * The same with a model double the server writes with (an article at 10 points, no retries): for
 * the tests of articles a model rewrites once they are live. The model's gate is opened before
 * the server stops, so no call waits on it.
 */
export function serverWithModelAndWordPress(
  use: (started: { t: TestServer; wp: WordPressDouble; model: LlmDouble }) => void,
  env: Record<string, string> = {},
) {
  let model: LlmDouble | undefined;
  serverWithWordPress(
    {
      PUBLISH_RETRY_SECONDS: '0.2',
      PUBLISH_TIMEOUT_MS: '5000',
      LLM_MODEL: 'double-model',
      LLM_MAX_RETRIES: '0',
      PRICE_ARTICLE: '10',
      ...env,
    },
    (started) => use({ ...started, model: model! }),
    async () => {
      model = await startLlmDouble();
      return { LLM_BASE_URL: model.url };
    },
  );
  afterAll(async () => {
    model?.gate.open();
    await model?.close();
  });
}

/** A WordPress site of `client`'s account at `url` (the double's), with its application password. */
export async function wordpressSite(client: Client, url: string, password = WP_PASSWORD) {
  const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
    body: { name: 'My blog', url, type: 'wordpress', username: WP_USER, app_password: password },
  });
  expect(site.code).toBe(200);
  return site.data.id;
}

/** The signing secret of the webhook sites the tests add. */
export const WEBHOOK_SECRET = 'whsec-0123456789abcdef';

/** A webhook site of `client`'s account posting to `receiver`, a server listening on loopback. */
export async function webhookSite(client: Client, receiver: http.Server) {
  const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
    body: {
      name: 'Shop',
      url: 'https://shop.example',
      type: 'webhook',
      webhook_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      secret: WEBHOOK_SECRET,
    },
  });
  expect(site.code).toBe(200);
  return site.data.id;
}

/** Generated articles (offline writer: briefs with a cover) of a site, one a keyword, as their details. */
export async function generatedArticles<Article>(client: Client, siteId: number, keywords: string[]): Promise<Article[]> {
  await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: keywords.join('\n') } });
  const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
    body: { site_id: siteId, count: keywords.length, word_count: 500, images: true },
  });
  expect(task.code).toBe(200);
  await waitForTask(client, task.data.id, 60_000);
  const list = await client.get<{ list: { id: number }[] }>('/api/v1/article/list', { task_id: task.data.id, page_size: 100 });
  return Promise.all(list.data.list.map(async (a) => (await client.get<Article>('/api/v1/article/detail', { id: a.id })).data));
}

/** An article written by hand, of `siteId` when given. */
export async function manualArticle(client: Client, title: string, siteId?: number) {
  const a = await client.call<{ id: number }>('POST', '/api/v1/article/add', {
    body: {
      title,
      body: `<h2>${title}</h2><p>Some text about ${title} that is long enough to read.</p>`,
      ...(siteId ? { site_id: siteId } : {}),
    },
  });
  expect(a.code).toBe(200);
  return a.data.id;
}

export const publish = (client: Client, body: Record<string, unknown>) => client.call<Task>('POST', '/api/v1/task/add', { body });

/** The publishing task `id` once every item has ended, as its detail. */
export const finished = (client: Client, id: number) => publishingFinished(client, id);
