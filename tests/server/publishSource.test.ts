import { describe, expect, it } from 'vitest';
import type { PublishingTask as Task, PublishingTaskDetail as Detail } from '../../contract/schemas/publishingTask';
import type { TestServer } from './harness';
import { newClient, waitFor, waitForTask, type Client } from './pipelineHelpers';
import { serverWithWordPress, wordpressSite } from './publishingHelpers';
import type { WordPressDouble } from './wordpressDouble';

/* Publishing a generation task's articles as they are written, and the generate dialog's call. */

let t: TestServer;
let wp: WordPressDouble;
serverWithWordPress(
  {
    PRICE_ARTICLE: '10',
    PRICE_IMAGE: '0',
    PRICE_PUBLISH: '3',
    PUBLISH_TIMEOUT_MS: '3000',
    JOB_LEASE_SECONDS: '3',
  },
  (started) => ({ t, wp } = started),
);

/** A WordPress site holding `keywords`, and the keywords' ids in their order. */
async function wordpressSiteWithKeywords(client: Client, keywords: string[]) {
  const siteId = await wordpressSite(client, wp.url);
  await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: keywords.join('\n') } });
  const list = await client.get<{ list: { id: number; keyword: string }[] }>('/api/v1/site/keyword/list', {
    site_id: siteId,
    page_size: 100,
  });
  const ids = new Map(list.data.list.map((k) => [k.keyword, k.id]));
  return { siteId, keywordIds: keywords.map((k) => ids.get(k) as number) };
}

/** Waits until the publishing task's total is final and every item is finished. */
const settled = (client: Client, id: number, timeoutMs = 60_000) =>
  waitFor(
    `publishing task ${id} to settle`,
    async () => {
      const d = await client.get<Detail>('/api/v1/task/detail', { id, page_size: 100 });
      const { task, queued, running } = d.data;
      return !task.awaiting_source &&
        queued === 0 &&
        running === 0 &&
        task.done + task.failed + task.cancelled + task.skipped === task.total
        ? d.data
        : undefined;
    },
    timeoutMs,
  );

const postsOf = (title: string) => wp.posts.filter((p) => p.title.raw === title);
const points = async (client: Client) => (await client.get<{ points: number }>('/api/v1/user/get_user_details')).data.points;

describe('the generate dialog: write articles for chosen keywords and publish each as it is written', () => {
  it('adds both tasks in one call; each article becomes an item as it is written and is published once; the total is final when generation ends', async () => {
    const client = await newClient(t, 500);
    const { siteId, keywordIds } = await wordpressSiteWithKeywords(client, ['window boxes', 'herb spirals', 'cold frames', 'leaf mould']);
    const res = await client.call<{ task: Task; article_task_id: number; skipped: string[] }>('POST', '/api/v1/task/generate', {
      // Every article reaches a minimum of 0: each is published.
      body: { site_id: siteId, keyword_ids: keywordIds.slice(0, 3), word_count: 500, images: true, tags: ['garden'], min_seo_score: 0 },
    });
    expect(res.code).toBe(200);
    expect(res.data.skipped).toEqual([]);
    // Nothing is written yet: the publishing task awaits its generation task.
    expect(res.data.task).toMatchObject({
      source_task_id: res.data.article_task_id,
      awaiting_source: true,
      status: 'running',
      min_seo_score: 0,
    });
    expect(res.data.task.total).toBeLessThanOrEqual(3);

    const generation = await waitForTask(client, res.data.article_task_id, 60_000);
    expect(generation).toMatchObject({ status: 'completed', done: 3 });
    const detail = await settled(client, res.data.task.id);
    expect(detail.task).toMatchObject({ status: 'completed', total: 3, done: 3, failed: 0, skipped: 0, awaiting_source: false });
    expect(detail.items.total).toBe(3);
    const articles = await client.get<{ list: { id: number; title: string; status: string }[] }>('/api/v1/article/list', {
      task_id: res.data.article_task_id,
      page_size: 100,
    });
    expect(articles.data.list).toHaveLength(3);
    for (const a of articles.data.list) {
      // Sent as drafts (the task's default): the article reads as the site holds it.
      expect(a.status).toBe('draft');
      expect(postsOf(a.title)).toHaveLength(1);
      const items = detail.items.list.filter((i) => i.article_id === a.id);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ status: 'done', error: '' });
      expect(items[0].seo_score).toBeGreaterThanOrEqual(0);
    }
    // The sweep feeds awaiting tasks again and again: a finished task's items stay as they are.
    await new Promise((r) => setTimeout(r, 2000));
    const again = await client.get<Detail>('/api/v1/task/detail', { id: res.data.task.id, page_size: 100 });
    expect(again.data.items.total).toBe(3);
    expect(again.data.task.total).toBe(3);
    // Writing (10 each) and publishing (3 each) were both charged.
    expect(await points(client)).toBe(500 - 3 * 10 - 3 * 3);
  });

  it('publishes only articles reaching the minimum SEO score; the others stay drafts and their items say why', async () => {
    const client = await newClient(t, 500);
    const { siteId, keywordIds } = await wordpressSiteWithKeywords(client, ['pond liners', 'bee hotels']);
    // The offline writer's briefs score below 100 (0, in fact): kept back; one at 100 (if any) would be published.
    const res = await client.call<{ task: Task; article_task_id: number }>('POST', '/api/v1/task/generate', {
      body: { site_id: siteId, keyword_ids: keywordIds, word_count: 500, images: false, min_seo_score: 100 },
    });
    expect(res.code).toBe(200);
    expect(res.data.task.min_seo_score).toBe(100);
    const detail = await settled(client, res.data.task.id);
    expect(detail.task.total).toBe(2);
    expect(detail.task.skipped + detail.task.done).toBe(2);
    expect(detail.task.skipped).toBeGreaterThan(0);
    expect(detail.task.status).toBe('completed');
    for (const item of detail.items.list) {
      const article = (
        await client.get<{ status: string; seo_score: number; title: string }>('/api/v1/article/detail', { id: item.article_id! })
      ).data;
      expect(item.seo_score).toBe(article.seo_score);
      if (article.seo_score < 100) {
        expect(item).toMatchObject({ status: 'skipped', error: `SEO score ${article.seo_score} below the minimum 100`, remote_id: null });
        expect(article.status).toBe('draft');
        expect(postsOf(article.title)).toHaveLength(0);
      } else {
        expect(item.status).toBe('done');
      }
    }
  });

  it('refuses when the balance covers writing but not publishing too, and adds neither task', async () => {
    // Two articles: 2 × 10 to write fits in 25, 2 × (10 + 3) does not.
    const client = await newClient(t, 25);
    const { siteId, keywordIds } = await wordpressSiteWithKeywords(client, ['seed tapes', 'slug traps']);
    const res = await client.call('POST', '/api/v1/task/generate', {
      body: { site_id: siteId, keyword_ids: keywordIds, word_count: 500, images: false },
    });
    expect(res.code).toBe(100146);
    const generation = await client.get<{ total: number }>('/api/v1/article_task/list', { site_id: siteId });
    const publishing = await client.get<{ total: number }>('/api/v1/task/list', { site_id: siteId });
    expect(generation.data.total).toBe(0);
    expect(publishing.data.total).toBe(0);
    expect(await points(client)).toBe(25);
  });

  it('refuses a site that cannot be published to before writing anything', async () => {
    const client = await newClient(t, 500);
    const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
      body: { name: 'Offline', url: 'https://example.com', type: 'export' },
    });
    await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: site.data.id, keywords: 'mulch' } });
    const kw = await client.get<{ list: { id: number }[] }>('/api/v1/site/keyword/list', { site_id: site.data.id });
    const res = await client.call('POST', '/api/v1/task/generate', { body: { site_id: site.data.id, keyword_ids: [kw.data.list[0].id] } });
    expect(res.code).not.toBe(200);
    expect(res.msg).toContain('export site');
    expect((await client.get<{ total: number }>('/api/v1/article_task/list', { site_id: site.data.id })).data.total).toBe(0);
  });
});

describe('a publishing task of an existing generation task', () => {
  it('takes the articles written already at once, and its total is final when that task has ended', async () => {
    const client = await newClient(t, 500);
    const { siteId, keywordIds } = await wordpressSiteWithKeywords(client, ['wormeries', 'hotbeds']);
    const gen = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, keyword_ids: keywordIds, word_count: 500, images: false },
    });
    expect(gen.code).toBe(200);
    await waitForTask(client, gen.data.id, 60_000);
    const add = await client.call<Task>('POST', '/api/v1/task/add', { body: { site_id: siteId, article_task_id: gen.data.id } });
    expect(add.code).toBe(200);
    // Both articles are items already, and nothing more will come.
    expect(add.data).toMatchObject({ total: 2, awaiting_source: false, source_task_id: gen.data.id });
    const detail = await settled(client, add.data.id);
    expect(detail.task).toMatchObject({ status: 'completed', done: 2 });
  });

  it('drip-feeds them: each article added takes the next free slot of the schedule', async () => {
    const client = await newClient(t, 500);
    const { siteId, keywordIds } = await wordpressSiteWithKeywords(client, ['cloches', 'cane toppers']);
    const res = await client.call<{ task: Task; article_task_id: number }>('POST', '/api/v1/task/generate', {
      body: {
        site_id: siteId,
        keyword_ids: keywordIds,
        word_count: 500,
        images: false,
        schedule: 'drip',
        per_day: 1,
        drip_start: '09:00',
        drip_end: '09:00',
        timezone: 'UTC',
      },
    });
    expect(res.code).toBe(200);
    await waitForTask(client, res.data.article_task_id, 60_000);
    const detail = await waitFor('both items', async () => {
      const d = await client.get<Detail>('/api/v1/task/detail', { id: res.data.task.id });
      return d.data.items.total === 2 && !d.data.task.awaiting_source ? d.data : undefined;
    });
    const times = detail.items.list.map((i) => new Date(i.run_at).getTime()).sort();
    expect(new Date(times[0]).toISOString().slice(11, 16)).toBe('09:00');
    expect(times[1] - times[0]).toBe(24 * 3_600_000);
    expect(detail.task).toMatchObject({ status: 'running', total: 2, done: 0 });
  });

  it('refuses a generation task of another site or another account', async () => {
    const client = await newClient(t, 500);
    const other = await newClient(t, 500);
    const mine = await wordpressSiteWithKeywords(client, ['edging']);
    const theirs = await wordpressSiteWithKeywords(other, ['edging']);
    const gen = await other.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: theirs.siteId, keyword_ids: theirs.keywordIds, word_count: 500, images: false },
    });
    const res = await client.call('POST', '/api/v1/task/add', { body: { site_id: mine.siteId, article_task_id: gen.data.id } });
    expect(res.code).not.toBe(200);
    expect(res.msg).toContain('no generation task');
    const second = await wordpressSiteWithKeywords(client, ['paths']);
    const own = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: second.siteId, keyword_ids: second.keywordIds, word_count: 500, images: false },
    });
    const elsewhere = await client.call('POST', '/api/v1/task/add', { body: { site_id: mine.siteId, article_task_id: own.data.id } });
    expect(elsewhere.msg).toContain('another site');
  });

  it('loses nothing and duplicates nothing when the server stops while articles are being written', async () => {
    const client = await newClient(t, 500);
    const { siteId, keywordIds } = await wordpressSiteWithKeywords(client, ['rhubarb forcing', 'leek trenches', 'bean poles']);
    const res = await client.call<{ task: Task; article_task_id: number }>('POST', '/api/v1/task/generate', {
      body: { site_id: siteId, keyword_ids: keywordIds, word_count: 500, images: true },
    });
    expect(res.code).toBe(200);
    // Stopped once the first article is written (the others are on their way or queued).
    await waitFor('a first article', async () => {
      const d = await client.get<{ done: number }>('/api/v1/article_task/list', { site_id: siteId });
      return (d.data as unknown as { list: { done: number }[] }).list[0]?.done ? true : undefined;
    });
    await t.restart();
    const detail = await settled(client, res.data.task.id);
    expect(detail.task).toMatchObject({ total: 3, done: 3, status: 'completed' });
    const articles = await client.get<{ list: { id: number; title: string }[] }>('/api/v1/article/list', {
      task_id: res.data.article_task_id,
      page_size: 100,
    });
    expect(articles.data.list).toHaveLength(3);
    for (const a of articles.data.list) {
      expect(detail.items.list.filter((i) => i.article_id === a.id)).toHaveLength(1);
      expect(postsOf(a.title)).toHaveLength(1);
    }
  });
});
