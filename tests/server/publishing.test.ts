import http from 'node:http';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PublishItem as Item, PublishingTask as Task, PublishingTaskDetail as Detail } from '../../contract/schemas/publishingTask';
import type { TestServer } from './harness';
import { newClient, waitFor } from './pipelineHelpers';
import {
  finished,
  generatedArticles,
  manualArticle,
  publish,
  serverWithWordPress,
  WEBHOOK_SECRET,
  webhookSite,
  wordpressSite,
} from './publishingHelpers';
import type { WordPressDouble } from './wordpressDouble';

let t: TestServer;
let wp: WordPressDouble;
serverWithWordPress(
  {
    PUBLISH_RETRY_SECONDS: '0.2',
    PRICE_PUBLISH: '3',
    PUBLISH_TIMEOUT_MS: '3000',
    PUBLISH_MAX_ATTEMPTS: '3',
    JOB_LEASE_SECONDS: '3',
  },
  (started) => ({ t, wp } = started),
);

interface Article {
  id: number;
  title: string;
  status: string;
  cover_url: string;
  images: { url: string; alt: string }[];
  body: string;
}

const postsOf = (title: string) => wp.posts.filter((p) => p.title.raw === title);

describe('publishing to WordPress', () => {
  it('publishes three generated articles as drafts with their images, category and tags; an edit updates the same post', async () => {
    const client = await newClient(t, 500);
    const siteId = await wordpressSite(client, wp.url);
    const cats = await client.call<{ list: { id: number; name: string }[] }>('POST', '/api/v1/site/category/fetch', {
      body: { site_id: siteId },
    });
    const hand = await client.call<{ id: number }>('POST', '/api/v1/site/category/add', {
      body: { site_id: siteId, name: 'Garden Guides' },
    });
    expect(cats.code).toBe(200);
    const articles = await generatedArticles<Article>(client, siteId, ['balcony tomatoes', 'compost bins', 'rain barrels']);
    expect(articles).toHaveLength(3);
    const before = (await client.get<{ points: number }>('/api/v1/user/get_user_details')).data;

    const add = await publish(client, {
      site_id: siteId,
      article_ids: articles.map((a) => a.id),
      category_id: hand.data.id,
      tags: ['garden', 'how-to'],
    });
    expect(add.code).toBe(200);
    expect(add.data).toMatchObject({ total: 3, status: 'running', site_name: 'My blog', schedule: { kind: 'now' } });
    const detail = await finished(client, add.data.id);
    expect(detail.task).toMatchObject({ status: 'completed', done: 3, failed: 0 });

    const category = wp.categories.find((c) => c.name === 'Garden Guides');
    expect(category).toBeDefined();
    expect(wp.tags.map((x) => x.name).sort()).toEqual(['garden', 'how-to']);
    for (const a of articles) {
      const posts = postsOf(a.title);
      expect(posts).toHaveLength(1);
      const post = posts[0];
      expect(post.status).toBe('draft');
      expect(post.categories).toEqual([category?.id]);
      expect(post.tags).toHaveLength(2);
      const cover = wp.media.find((m) => m.id === post.featured_media);
      expect(cover?.alt_text).toBe(a.images.find((i) => i.url === a.cover_url)?.alt);
      // In-article images were uploaded, and the content points at the site's copies, which resolve.
      // (The embedded renderer draws the cover only, in-article images come from an image model.)
      const srcs = [...post.content.raw.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
      expect(srcs.length).toBe(a.images.filter((i) => i.url !== a.cover_url).length);
      for (const src of srcs) {
        expect(src.startsWith(`${wp.url}/wp-content/uploads/`)).toBe(true);
        expect((await fetch(src)).status).toBe(200);
      }
      const item = detail.items.list.find((i) => i.article_id === a.id);
      expect(item).toMatchObject({ status: 'done', remote_id: String(post.id), remote_url: post.link });
      expect(item?.note).toContain('meta and focus keyword not applied');
      // Sent as a draft, the article reads as a draft, in its detail and in the list.
      const after = (await client.get<Article>('/api/v1/article/detail', { id: a.id })).data;
      expect(after.status).toBe('draft');
      const listed = await client.get<{ list: { id: number; status: string }[] }>('/api/v1/article/list', { site_id: siteId });
      expect(listed.data.list.find((x) => x.id === a.id)?.status).toBe('draft');
      const where = await client.get<{ list: { site_id: number; remote_url: string; status: string; last_sync_at: string | null }[] }>(
        '/api/v1/task/publications',
        { article_id: a.id },
      );
      expect(where.data.list).toEqual([expect.objectContaining({ site_id: siteId, remote_url: post.link, status: 'draft' })]);
      expect(where.data.list[0].last_sync_at).not.toBeNull();
    }
    const charged = (await client.get<{ points: number }>('/api/v1/user/get_user_details')).data;
    expect(before.points - charged.points).toBe(9);

    // An edit in Inkpress, published again, updates the same post; the images are not uploaded twice.
    const mediaCount = wp.media.length;
    const first = articles[0];
    const firstPost = postsOf(first.title)[0];
    const edited = await client.call('PUT', '/api/v1/article/edit', {
      body: { id: first.id, title: `${first.title} (updated)`, status: 'draft' },
    });
    expect(edited.code).toBe(200);
    // The edit itself updates the post (a task of its own), which stays a draft with its tags.
    const sync = (await client.get<{ list: Task[] }>('/api/v1/task/list')).data.list[0];
    expect(sync).toMatchObject({ total: 1 });
    expect((await finished(client, sync.id)).items.list[0]).toMatchObject({ status: 'done', remote_id: String(firstPost.id) });
    expect(wp.posts.find((p) => p.id === firstPost.id)).toMatchObject({ status: 'draft', title: { raw: `${first.title} (updated)` } });
    expect(wp.posts.find((p) => p.id === firstPost.id)?.tags).toHaveLength(2);
    const again = await publish(client, { site_id: siteId, article_ids: [first.id], post_status: 'publish' });
    const againDone = await finished(client, again.data.id);
    expect(againDone.items.list[0]).toMatchObject({ status: 'done', remote_id: String(firstPost.id) });
    expect(wp.posts.filter((p) => p.id === firstPost.id)[0]).toMatchObject({
      status: 'publish',
      title: { raw: `${first.title} (updated)` },
    });
    expect(wp.posts).toHaveLength(3);
    expect(wp.media.length).toBe(mediaCount);
    // Live now: the article reads as published.
    expect((await client.get<Article>('/api/v1/article/detail', { id: first.id })).data.status).toBe('published');
    // One notice per finished task: the three articles, the edit's update, the republish.
    const told = await waitFor('three publishing notices', async () => {
      const list = (
        await client.get<{ list: { event: string; params: { done: number; failed: number } }[] }>('/api/v1/notice/list', {
          kind: 'publish',
        })
      ).data.list;
      return list.length === 3 ? list : undefined;
    });
    expect(told.map((n) => [n.event, n.params.done, n.params.failed])).toEqual([
      ['publish_completed', 1, 0],
      ['publish_completed', 1, 0],
      ['publish_completed', 3, 0],
    ]);
  }, 120_000);

  it('writes the SEO meta where the site exposes Yoast fields', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const id = await manualArticle(client, 'Yoast meta article', siteId);
    wp.exposeYoast = true;
    try {
      const add = await publish(client, { site_id: siteId, article_ids: [id] });
      const done = await finished(client, add.data.id);
      expect(done.items.list[0]).toMatchObject({ status: 'done', note: '' });
      expect(postsOf('Yoast meta article')[0].meta._yoast_wpseo_title).toBe('Yoast meta article');
    } finally {
      wp.exposeYoast = false;
    }
  });

  it("fails a wrong password at once with WordPress's message, and refunds", async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url, 'wrong password here');
    const id = await manualArticle(client, 'Wrong password article', siteId);
    const add = await publish(client, { site_id: siteId, article_ids: [id] });
    const done = await finished(client, add.data.id);
    expect(done.task).toMatchObject({ status: 'completed', failed: 1, done: 0 });
    expect(done.items.list[0]).toMatchObject({ status: 'failed', attempt: 1 });
    expect(done.items.list[0].error).toBe(
      'WordPress refused the credentials (401) looking for the post: The provided password is an invalid application password.',
    );
    expect((await client.get<{ points: number }>('/api/v1/user/get_user_details')).data.points).toBe(100);
    const article = (await client.get<Article>('/api/v1/article/detail', { id })).data;
    expect(article.status).toBe('failed');
    const where = await client.get<{ list: { status: string; error: string }[] }>('/api/v1/task/publications', { article_id: id });
    expect(where.data.list[0]).toMatchObject({ status: 'failed', error: done.items.list[0].error });
    expect(postsOf('Wrong password article')).toHaveLength(0);
    // The account is told, once, in a notice linking to the tasks.
    const told = await waitFor('the publishing notice', async () => {
      const list = (
        await client.get<{ list: { event: string; link: string; params: Record<string, unknown> }[] }>('/api/v1/notice/list', {
          kind: 'publish',
        })
      ).data.list;
      return list.length ? list : undefined;
    });
    expect(told).toEqual([
      expect.objectContaining({ event: 'publish_failed', link: '/task', params: expect.objectContaining({ done: 0, failed: 1 }) }),
    ]);
  });

  it('retries 500, 429 (Retry-After) and slow answers with backoff; fails an HTML answer', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const a = await manualArticle(client, 'Server error article', siteId);
    wp.faults.push({
      method: 'POST',
      path: '/posts',
      status: 500,
      body: JSON.stringify({
        code: 'internal_server_error',
        message: 'There has been a critical error on this website.',
        data: { status: 500 },
      }),
    });
    const add = await publish(client, { site_id: siteId, article_ids: [a] });
    const done = await finished(client, add.data.id);
    expect(done.items.list[0]).toMatchObject({ status: 'done', error: '' });
    expect(done.items.list[0].attempt).toBeGreaterThanOrEqual(2);
    expect(postsOf('Server error article')).toHaveLength(1);

    const b = await manualArticle(client, 'Rate limited article', siteId);
    wp.faults.push({
      method: 'GET',
      path: '/posts',
      status: 429,
      headers: { 'retry-after': '1' },
      body: JSON.stringify({ code: 'too_many_requests', message: 'Slow down.' }),
    });
    const started = Date.now();
    const add2 = await publish(client, { site_id: siteId, article_ids: [b] });
    const done2 = await finished(client, add2.data.id);
    expect(done2.items.list[0]).toMatchObject({ status: 'done' });
    expect(done2.items.list[0].attempt).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    const c = await manualArticle(client, 'Slow answer article', siteId);
    wp.faults.push({ method: 'GET', path: '/posts', delayMs: 3500 });
    const add3 = await publish(client, { site_id: siteId, article_ids: [c] });
    const done3 = await finished(client, add3.data.id);
    expect(done3.items.list[0]).toMatchObject({ status: 'done' });
    expect(done3.items.list[0].attempt).toBeGreaterThanOrEqual(2);

    const d = await manualArticle(client, 'Always failing article', siteId);
    wp.faults.push({ method: 'GET', path: '/posts', status: 503, body: 'Service Unavailable', times: 3 });
    const add4 = await publish(client, { site_id: siteId, article_ids: [d] });
    const done4 = await finished(client, add4.data.id);
    expect(done4.items.list[0]).toMatchObject({ status: 'failed', attempt: 3 });
    expect(done4.items.list[0].error).toBe('WordPress answered 503 looking for the post: Service Unavailable (gave up after 3 attempts)');

    const e = await manualArticle(client, 'HTML answer article', siteId);
    wp.faults.push({ method: 'GET', path: '/posts', status: 200, body: '<!DOCTYPE html><html><body>Maintenance</body></html>' });
    const add5 = await publish(client, { site_id: siteId, article_ids: [e] });
    const done5 = await finished(client, add5.data.id);
    expect(done5.items.list[0]).toMatchObject({ status: 'failed', attempt: 1 });
    expect(done5.items.list[0].error).toMatch(/\/wp-json\/wp\/v2\/posts answered HTML instead of JSON looking for the post/);

    // Retry failed: the items run again and this time get through.
    const retried = await client.call<Task>('POST', '/api/v1/task/retry', { body: { id: add5.data.id } });
    expect(retried.data).toMatchObject({ status: 'running', failed: 0 });
    expect((await finished(client, add5.data.id)).items.list[0]).toMatchObject({ status: 'done' });
  }, 60_000);

  it('fails an item whose category cannot be created, and one whose article was deleted', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const cat = await client.call<{ id: number }>('POST', '/api/v1/site/category/add', {
      body: { site_id: siteId, name: 'Forbidden Category' },
    });
    const id = await manualArticle(client, 'Category refused article', siteId);
    wp.faults.push({
      method: 'POST',
      path: '/categories',
      status: 403,
      body: JSON.stringify({
        code: 'rest_cannot_create',
        message: 'Sorry, you are not allowed to create terms in this taxonomy.',
        data: { status: 403 },
      }),
    });
    const add = await publish(client, { site_id: siteId, article_ids: [id], category_id: cat.data.id });
    const done = await finished(client, add.data.id);
    expect(done.items.list[0].error).toBe(
      'WordPress refused the credentials (403) creating the category "Forbidden Category": Sorry, you are not allowed to create terms in this taxonomy.',
    );
    // The same failure, read by a Chinese reader: worded when read; the site's own words stay as sent.
    const zh = await t.call<Detail>('GET', `/api/v1/task/detail?id=${add.data.id}`, {
      token: client.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.data.items.list[0].error).toBe(
      '创建分类“Forbidden Category”时，WordPress 拒绝了凭据（403）：Sorry, you are not allowed to create terms in this taxonomy.',
    );
    const publications = await t.call<{ list: { error: string }[] }>('GET', `/api/v1/task/publications?article_id=${id}`, {
      token: client.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(publications.data.list[0].error).toMatch(/^创建分类“Forbidden Category”时，WordPress 拒绝了凭据/);

    const gone = await manualArticle(client, 'Deleted meanwhile', siteId);
    const later = await publish(client, {
      site_id: siteId,
      article_ids: [gone],
      schedule: 'at',
      run_at: new Date(Date.now() + 1500).toISOString(),
    });
    expect(later.data.next_run_at).not.toBeNull();
    await client.call('DELETE', '/api/v1/article/del', { body: { id: gone } });
    const done2 = await finished(client, later.data.id);
    expect(done2.items.list[0]).toMatchObject({ status: 'failed', error: 'The article was deleted' });
    const zh2 = await t.call<Detail>('GET', `/api/v1/task/detail?id=${later.data.id}`, {
      token: client.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh2.data.items.list[0]).toMatchObject({ status: 'failed', error: '文章已被删除' });
  });

  it('leaves no duplicate post when the server stops between "post created" and "id stored"', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const id = await manualArticle(client, 'Crash window article', siteId);
    wp.faults.push({ method: 'POST', path: '/posts', hold: true });
    const add = await publish(client, { site_id: siteId, article_ids: [id] });
    await waitFor('the post to be created', async () => (postsOf('Crash window article').length ? true : undefined));
    await t.restart();
    const done = await finished(client, add.data.id);
    const posts = postsOf('Crash window article');
    expect(posts).toHaveLength(1);
    expect(done.items.list[0]).toMatchObject({ status: 'done', remote_id: String(posts[0].id) });
    expect(done.items.list[0].attempt).toBeGreaterThanOrEqual(2);
    const where = await client.get<{ list: { remote_id: string }[] }>('/api/v1/task/publications', { article_id: id });
    expect(where.data.list).toHaveLength(1);
    expect(where.data.list[0].remote_id).toBe(String(posts[0].id));
  }, 60_000);
});

describe('publishing tasks', () => {
  it("refuses bad input: a schedule in the past, another account's article, an export site, no credentials; takes another site's article", async () => {
    const client = await newClient(t, 100);
    const other = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const secondSite = await wordpressSite(client, wp.url);
    const mine = await manualArticle(client, 'Mine', siteId);
    const elsewhere = await manualArticle(client, 'Elsewhere', secondSite);
    const theirs = await manualArticle(other, 'Theirs');
    const past = await publish(client, {
      site_id: siteId,
      article_ids: [mine],
      schedule: 'at',
      run_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past).toMatchObject({ status: 400 });
    expect(past.msg).toMatch(/^Run time: .* is in the past$/);
    const pastPost = await publish(client, {
      site_id: siteId,
      article_ids: [mine],
      post_status: 'future',
      post_date: '2020-01-01T00:00:00Z',
    });
    expect(pastPost.msg).toBe('Post date: 2020-01-01T00:00:00.000Z is in the past');
    expect((await publish(client, { site_id: siteId, article_ids: [theirs] })).msg).toBe(`Articles: no article ${theirs}`);
    // An article written for one site of the account may go to any other of its sites.
    const toOtherSite = await publish(client, {
      site_id: siteId,
      article_ids: [elsewhere],
      schedule: 'at',
      run_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect([toOtherSite.status, toOtherSite.code]).toEqual([200, 200]);
    expect((await publish(other, { site_id: siteId, article_ids: [theirs] })).status).toBe(404);
    const exportSite = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
      body: { name: 'Export', url: 'https://example.com', type: 'export' },
    });
    expect((await publish(client, { site_id: exportSite.data.id, article_ids: [mine] })).msg).toBe(
      'Site: an export site is downloaded, not published to',
    );
    expect(
      (
        await publish(client, {
          site_id: siteId,
          article_ids: [mine],
          schedule: 'drip',
          per_day: 3,
          drip_start: '09:00',
          drip_end: '18:00',
          timezone: 'Mars/Olympus',
        })
      ).msg,
    ).toBe('Time zone: "Mars/Olympus" is not a time zone (e.g. Asia/Shanghai)');
    expect((await publish(client, { site_id: siteId, article_ids: [mine], schedule: 'drip', per_day: 3 })).status).toBe(400);
    const poor = await newClient(t, 2);
    const poorSite = await wordpressSite(poor, wp.url);
    const poorArticle = await manualArticle(poor, 'Poor', poorSite);
    expect((await publish(poor, { site_id: poorSite, article_ids: [poorArticle] })).code).toBe(100146);
  });

  it('drip-feeds on a schedule, pauses, resumes and cancels', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const ids = [
      await manualArticle(client, 'Drip one', siteId),
      await manualArticle(client, 'Drip two', siteId),
      await manualArticle(client, 'Drip three', siteId),
    ];
    const add = await publish(client, {
      site_id: siteId,
      article_ids: ids,
      schedule: 'drip',
      per_day: 2,
      drip_start: '00:00',
      drip_end: '00:01',
      timezone: 'Asia/Shanghai',
    });
    expect(add.code).toBe(200);
    expect(add.data.schedule).toMatchObject({ kind: 'drip', per_day: 2 });
    expect(add.data.next_run_at).not.toBeNull();
    const detail = await client.get<{ items: { list: (Item & { run_at: string })[] } }>('/api/v1/task/detail', { id: add.data.id });
    const runs = detail.data.items.list.map((i) => new Date(i.run_at.replace(' ', 'T')).getTime());
    // Two a day, at 00:00 and 00:01 Shanghai time: the third is a day after the first.
    expect(Math.round((runs[2] - runs[0]) / 3_600_000)).toBe(24);
    const shanghai = (ms: number) =>
      new Date(ms).toLocaleTimeString('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit' });
    expect(runs.every((r) => ['00:00', '00:01'].includes(shanghai(r)))).toBe(true);
    expect(runs[0]).toBeGreaterThan(Date.now() - 60_000);
    expect((await client.call<Task>('POST', '/api/v1/task/pause', { body: { id: add.data.id } })).data.status).toBe('paused');
    expect((await client.call<Task>('POST', '/api/v1/task/resume', { body: { id: add.data.id } })).data.status).toBe('running');
    const cancelled = await client.call<Task>('POST', '/api/v1/task/cancel', { body: { id: add.data.id } });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelled: 3, next_run_at: null });
    expect((await client.call('POST', '/api/v1/task/resume', { body: { id: add.data.id } })).msg).toBe(
      'The task is cancelled; only a paused task can be resumed',
    );
    const list = await client.get<{ list: Task[]; total: number }>('/api/v1/task/list');
    expect(list.data.list[0]).toMatchObject({ id: add.data.id, status: 'cancelled' });
  });
});

describe('publishing to a webhook', () => {
  it('posts the article signed with HMAC-SHA256 of timestamp and body, and keeps the remote URL it answers', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const hook = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (received.length === 1) return void res.writeHead(502).end('Bad gateway');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'p-42', url: 'https://shop.example/blog/p-42' }));
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    try {
      const client = await newClient(t, 100);
      const siteId = await webhookSite(client, hook);
      const id = await manualArticle(client, 'Webhook article', siteId);
      const add = await publish(client, { site_id: siteId, article_ids: [id], tags: ['news'] });
      const done = await finished(client, add.data.id);
      expect(done.items.list[0]).toMatchObject({
        status: 'done',
        remote_id: 'p-42',
        remote_url: 'https://shop.example/blog/p-42',
        attempt: 2,
      });
      const last = received.at(-1);
      const timestamp = String(last?.headers['x-inkpress-timestamp']);
      expect(last?.headers['x-inkpress-signature']).toBe(
        `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${last?.body}`).digest('hex')}`,
      );
      const payload = JSON.parse(last?.body ?? '{}');
      expect(payload).toMatchObject({
        event: 'article.publish',
        site_id: siteId,
        article: { id, title: 'Webhook article', tags: ['news'] },
      });
      expect(payload.article.markdown).toContain('## Webhook article');
      expect(payload.article.json_ld[0]['@type']).toBe('Article');
      // Both attempts carry the same idempotency key, so the receiver can keep one copy.
      expect(received[0].headers['x-inkpress-idempotency-key']).toBe(last?.headers['x-inkpress-idempotency-key']);
    } finally {
      hook.closeAllConnections();
      await new Promise((r) => hook.close(r));
    }
  });
});
