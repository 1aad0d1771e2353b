import { describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { newClient, type Client } from './pipelineHelpers';
import { finished, generatedArticles, manualArticle, publish, serverWithWordPress, wordpressSite } from './publishingHelpers';
import { startWordPressDouble, type WordPressDouble } from './wordpressDouble';

/* Exactly once against a WordPress that is slow, loses answers and has its media deleted by hand. */

let t: TestServer;
let wp: WordPressDouble;
serverWithWordPress(
  {
    PUBLISH_RETRY_SECONDS: '0.2',
    WORKER_CONCURRENCY: '6',
    PUBLISH_TIMEOUT_MS: '5000',
    PUBLISH_MAX_ATTEMPTS: '3',
    JOB_LEASE_SECONDS: '5',
  },
  (started) => ({ t, wp } = started),
);

interface Article {
  id: number;
  title: string;
  cover_url: string;
}

/** A generated article (the offline writer draws it a cover). */
async function articleWithCover(client: Client, siteId: number, keyword: string) {
  const [article] = await generatedArticles<Article>(client, siteId, [keyword]);
  expect(article.cover_url).not.toBe('');
  return article;
}

const postsOf = (title: string) => wp.posts.filter((p) => p.title.raw === title);

/** Media no post shows (as its featured image or in its content): what a lost or repeated upload leaves. */
const orphanMedia = () => wp.media.filter((m) => !wp.posts.some((p) => p.featured_media === m.id || p.content.raw.includes(m.source_url)));

describe('publishing exactly once', () => {
  it('makes one post when the same article is in three tasks added at the same moment', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const id = await manualArticle(client, 'Three clicks article', siteId);
    // A slow site: every task would look for the post, find none, and create one.
    wp.faults.push({ method: 'POST', path: '/posts', delayMs: 1500, times: 3 });
    const adds = await Promise.all([1, 2, 3].map(() => publish(client, { site_id: siteId, article_ids: [id] })));
    expect(adds.map((a) => a.code)).toEqual([200, 200, 200]);
    const done = await Promise.all(adds.map((a) => finished(client, a.data.id)));
    const posts = postsOf('Three clicks article');
    expect(posts).toHaveLength(1);
    for (const d of done) expect(d.items.list[0]).toMatchObject({ status: 'done', error: '', remote_id: String(posts[0].id) });
  }, 90_000);

  it('uploads an image once when the answer to its upload is lost, and puts back a featured image deleted on the site', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const article = await articleWithCover(client, siteId, 'window boxes');
    const mediaBefore = wp.media.length;
    wp.faults.push({ method: 'POST', path: '/media', lost: 502 });
    const add = await publish(client, { site_id: siteId, article_ids: [article.id] });
    const done = await finished(client, add.data.id);
    expect(done.items.list[0]).toMatchObject({ status: 'done' });
    expect(done.items.list[0].attempt).toBeGreaterThanOrEqual(2);
    const [post] = postsOf(article.title);
    expect(wp.media.length - mediaBefore).toBe(1);
    expect(wp.media.some((m) => m.id === post.featured_media)).toBe(true);
    expect(orphanMedia()).toEqual([]);

    // Someone deletes the featured image in WordPress; sending the article again puts it back, and says so.
    wp.media.splice(
      wp.media.findIndex((m) => m.id === post.featured_media),
      1,
    );
    const again = await publish(client, { site_id: siteId, article_ids: [article.id] });
    const item = (await finished(client, again.data.id)).items.list[0];
    expect(item).toMatchObject({ status: 'done', remote_id: String(post.id) });
    expect(item.note).toContain('uploaded again: 1 image(s) had been deleted from the media library');
    expect(postsOf(article.title)).toHaveLength(1);
    expect(wp.media.some((m) => m.id === postsOf(article.title)[0].featured_media)).toBe(true);
    expect(orphanMedia()).toEqual([]);
  }, 120_000);

  it('reads an article as published while a post of it is live on some site, as a draft once taken off everywhere', async () => {
    const other = await startWordPressDouble();
    try {
      const client = await newClient(t, 100);
      const here = await wordpressSite(client, wp.url);
      const there = await wordpressSite(client, other.url);
      const id = await manualArticle(client, 'Live on two sites', here);
      const statusOf = async () => (await client.get<{ status: string }>('/api/v1/article/detail', { id })).data.status;
      for (const siteId of [here, there]) {
        const live = await publish(client, { site_id: siteId, article_ids: [id], post_status: 'publish' });
        expect((await finished(client, live.data.id)).items.list[0].status).toBe('done');
      }
      expect(await statusOf()).toBe('published');

      const off = await publish(client, { site_id: here, article_ids: [id], action: 'unpublish' });
      expect((await finished(client, off.data.id)).items.list[0].status).toBe('done');
      expect(await statusOf()).toBe('published');

      const gone = await publish(client, { site_id: there, article_ids: [id], action: 'delete' });
      expect((await finished(client, gone.data.id)).items.list[0].status).toBe('done');
      expect(await statusOf()).toBe('draft');
    } finally {
      await other.close();
    }
  }, 120_000);

  it('unpublishes (back to draft) and deletes the post on the site through the same path, once', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const id = await manualArticle(client, 'Taken off the site', siteId);
    const live = await publish(client, { site_id: siteId, article_ids: [id], post_status: 'publish' });
    expect((await finished(client, live.data.id)).items.list[0].status).toBe('done');
    const [post] = postsOf('Taken off the site');
    expect(post.status).toBe('publish');
    const points = (await client.get<{ points: number }>('/api/v1/user/get_user_details')).data.points;

    // The answer to the unpublish is lost: the retry finds the post, still one, and it is a draft.
    wp.faults.push({ method: 'POST', path: `/posts/${post.id}`, lost: 502 });
    const off = await publish(client, { site_id: siteId, article_ids: [id], action: 'unpublish' });
    expect(off.data).toMatchObject({ action: 'unpublish', item_cost: 0 });
    const offItem = (await finished(client, off.data.id)).items.list[0];
    expect(offItem).toMatchObject({ status: 'done', remote_id: String(post.id) });
    expect(offItem.attempt).toBeGreaterThanOrEqual(2);
    expect(postsOf('Taken off the site').map((p) => p.status)).toEqual(['draft']);
    const where = await client.get<{ list: { status: string }[] }>('/api/v1/task/publications', { article_id: id });
    expect(where.data.list[0].status).toBe('draft');
    // Live nowhere now: the article reads as a draft again.
    expect((await client.get<{ status: string }>('/api/v1/article/detail', { id })).data.status).toBe('draft');

    // Deleted twice (two clicks): the post goes to the trash once; the second finds nothing left to do.
    const dels = await Promise.all([1, 2].map(() => publish(client, { site_id: siteId, article_ids: [id], action: 'delete' })));
    const items = await Promise.all(dels.map(async (d) => (await finished(client, d.data.id)).items.list[0]));
    expect(items.map((i) => i.status)).toEqual(['done', 'done']);
    expect(items.map((i) => i.note).sort()).toEqual(['', 'not on the site: nothing to delete']);
    expect(postsOf('Taken off the site').map((p) => p.status)).toEqual(['trash']);
    expect(wp.requests.filter((r) => r.method === 'DELETE' && r.path === `/posts/${post.id}`)).toHaveLength(1);
    const gone = await client.get<{ list: { status: string; remote_url: string }[] }>('/api/v1/task/publications', { article_id: id });
    expect(gone.data.list[0]).toMatchObject({ status: 'trash', remote_url: '' });
    // Free of charge.
    expect((await client.get<{ points: number }>('/api/v1/user/get_user_details')).data.points).toBe(points);

    // An article never sent to the site has nothing to take off; unpublishing needs named articles.
    const never = await manualArticle(client, 'Never published', siteId);
    const fails = await publish(client, { site_id: siteId, article_ids: [never], action: 'unpublish' });
    expect((await finished(client, fails.data.id)).items.list[0]).toMatchObject({
      status: 'failed',
      error: 'The article was never published to this site',
    });
    const refused = await publish(client, { site_id: siteId, ready_of_site: true, action: 'delete' });
    expect(refused).toMatchObject({
      code: 400,
      msg: 'Unpublishing or deleting needs the articles (article_ids) whose posts it acts on',
    });
  }, 120_000);
});
