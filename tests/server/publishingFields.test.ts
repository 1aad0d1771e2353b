import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ArticleDetail, ArticleWordPress } from '../../contract/schemas/article';
import type { Publication } from '../../contract/schemas/publishingTask';
import type { TestServer } from './harness';
import { newClient, type Client } from './pipelineHelpers';
import { finished, manualArticle, publish, serverWithWordPress, webhookSite, wordpressSite } from './publishingHelpers';
import type { WordPressDouble } from './wordpressDouble';

/* What a WordPress publisher chooses per article: categories, tags, author, excerpt, canonical URL. */

let t: TestServer;
let wp: WordPressDouble;
serverWithWordPress({ PUBLISH_RETRY_SECONDS: '0.2', PUBLISH_TIMEOUT_MS: '5000' }, (started) => ({ t, wp } = started));

const choose = (client: Client, id: number, wordpress: Partial<ArticleWordPress>) =>
  client.call<ArticleDetail>('PUT', '/api/v1/article/edit', { body: { id, wordpress } });

const publicationOf = async (client: Client, articleId: number) =>
  (await client.get<{ list: Publication[] }>('/api/v1/task/publications', { article_id: articleId })).data.list[0];

/** The body of the last post WordPress was sent (created or updated). */
const lastPostSent = () => wp.requests.findLast((r) => r.method === 'POST' && r.path.startsWith('/posts'))?.body ?? {};

describe("an article's WordPress fields", () => {
  it('are kept on the article and sent instead of the task’s: categories and tags by name, the author, the excerpt, the canonical URL', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const id = await manualArticle(client, 'Herb spirals on a balcony', siteId);
    const chosen = await choose(client, id, {
      categories: [' Balcony Gardens ', 'uncategorized', 'balcony gardens'],
      tags: ['herbs', 'Herbs', 'spirals'],
      author: 'anna.w',
      excerpt: 'Three herbs, one spiral, a balcony.',
      canonical_url: 'https://example.org/herb-spirals',
    });
    expect(chosen.code).toBe(200);
    // Names trimmed, each once.
    expect(chosen.data.wordpress).toEqual({
      categories: ['Balcony Gardens', 'uncategorized'],
      tags: ['herbs', 'spirals'],
      author: 'anna.w',
      excerpt: 'Three herbs, one spiral, a balcony.',
      canonical_url: 'https://example.org/herb-spirals',
    });
    expect((await client.get<ArticleDetail>('/api/v1/article/detail', { id })).data.wordpress).toEqual(chosen.data.wordpress);

    wp.exposeYoast = true;
    try {
      const add = await publish(client, { site_id: siteId, article_ids: [id], tags: ['from-the-task'], post_status: 'publish' });
      expect((await finished(client, add.data.id)).items.list[0]).toMatchObject({ status: 'done', note: '' });
    } finally {
      wp.exposeYoast = false;
    }
    // The missing category was created; the existing one found; the task's tags left out for the article's.
    const garden = wp.categories.find((c) => c.name === 'Balcony Gardens');
    expect(garden).toBeDefined();
    const tagIds = ['herbs', 'spirals'].map((name) => wp.tags.find((x) => x.name === name)?.id);
    expect(wp.tags.some((x) => x.name === 'from-the-task')).toBe(false);
    const sent = lastPostSent();
    expect(sent).toMatchObject({
      categories: [garden?.id, 1],
      tags: tagIds,
      author: 7,
      excerpt: 'Three herbs, one spiral, a balcony.',
      meta: { _yoast_wpseo_canonical: 'https://example.org/herb-spirals', rank_math_canonical_url: 'https://example.org/herb-spirals' },
    });
    const [post] = wp.posts.filter((p) => p.title.raw === 'Herb spirals on a balcony');
    expect(post).toMatchObject({ author: 7, excerpt: { raw: 'Three herbs, one spiral, a balcony.' } });
    expect(post.meta._yoast_wpseo_canonical).toBe('https://example.org/herb-spirals');
    // Read back: all of it is what the site holds.
    expect((await publicationOf(client, id)).verification).toMatchObject({ differences: [], unsupported: [] });
  }, 90_000);

  it('report a canonical URL the site has no field for, and what the site holds differently (author, excerpt)', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const id = await manualArticle(client, 'Worm towers explained', siteId);
    expect((await choose(client, id, { author: '7', canonical_url: 'https://example.org/worm-towers' })).code).toBe(200);
    const article = (await client.get<ArticleDetail>('/api/v1/article/detail', { id })).data;
    // A plugin of the site gives every post to its first user and writes its own excerpt.
    wp.onSave = (post) => {
      post.author = 1;
      post.excerpt = { raw: 'Written by a plugin', rendered: '<p>Written by a plugin</p>' };
    };
    try {
      const add = await publish(client, { site_id: siteId, article_ids: [id] });
      const item = (await finished(client, add.data.id)).items.list[0];
      expect(item.status).toBe('done');
      expect(item.note).toContain(
        'meta and canonical URL not applied: the site exposes no Yoast or Rank Math fields for them in its REST API',
      );
    } finally {
      wp.onSave = null;
    }
    // No excerpt chosen: the meta description is the excerpt.
    expect(lastPostSent()).toMatchObject({ author: 7, excerpt: article.meta_description });
    expect((await publicationOf(client, id)).verification).toMatchObject({
      unsupported: ['canonical_url'],
      differences: [
        { field: 'author', expected: '7', actual: '1' },
        { field: 'excerpt', expected: article.meta_description, actual: 'Written by a plugin' },
      ],
    });
  }, 90_000);

  it('clear the canonical URL on the site when it is cleared here, and report a focus keyword the site has no field for', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const added = await client.call<ArticleDetail>('POST', '/api/v1/article/add', {
      body: {
        title: 'Herb spirals in shade',
        keyword: 'herb spiral',
        body: '<p>A herb spiral in shade grows mint and parsley well.</p>',
        site_id: siteId,
        wordpress: { canonical_url: 'https://example.org/shade-spirals' },
      },
    });
    const id = added.data.id;
    let taskId = 0;
    const publishNow = async () => {
      const add = await publish(client, { site_id: siteId, article_ids: [id], post_status: 'publish' });
      taskId = add.data.id;
      return (await finished(client, add.data.id)).items.list[0];
    };
    const postNow = () => wp.posts.find((p) => p.title.raw === 'Herb spirals in shade')!;

    wp.exposeYoast = true;
    try {
      expect(await publishNow()).toMatchObject({ status: 'done', note: '' });
      expect(postNow().meta).toMatchObject({
        _yoast_wpseo_canonical: 'https://example.org/shade-spirals',
        _yoast_wpseo_focuskw: 'herb spiral',
      });
      // Cleared here: the update sends the empty value, and the site's canonical is gone.
      expect((await choose(client, id, { canonical_url: '' })).code).toBe(200);
      expect(await publishNow()).toMatchObject({ status: 'done', note: '' });
    } finally {
      wp.exposeYoast = false;
    }
    expect(lastPostSent()).toMatchObject({ meta: { _yoast_wpseo_canonical: '', rank_math_canonical_url: '' } });
    expect(postNow().meta._yoast_wpseo_canonical).toBe('');
    expect((await publicationOf(client, id)).verification).toMatchObject({ differences: [], unsupported: [] });

    // A site without an SEO plugin has no place for the meta or the keyword: said once on the item,
    // in the reader's language, and on the publication.
    const item = await publishNow();
    expect(item.status).toBe('done');
    expect(item.note).toBe('meta and focus keyword not applied: the site exposes no Yoast or Rank Math fields for them in its REST API');
    const zh = await t.call<{ items: { list: { note: string }[] } }>('GET', `/api/v1/task/detail?id=${taskId}`, {
      token: client.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.data.items.list[0].note).toBe('SEO 元信息和焦点关键词未写入：站点的 REST API 未提供 Yoast 或 Rank Math 的相应字段');
    expect((await publicationOf(client, id)).verification).toMatchObject({ unsupported: ['focus_keyword'] });
  }, 90_000);

  it("leave a canonical the site's editor set by hand when a save here sends the empty field it never filled", async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const id = await manualArticle(client, 'Herb spirals set by hand', siteId);
    const publishNow = async () => {
      const add = await publish(client, { site_id: siteId, article_ids: [id], post_status: 'publish' });
      return (await finished(client, add.data.id)).items.list[0];
    };
    wp.exposeYoast = true;
    try {
      expect(await publishNow()).toMatchObject({ status: 'done' });
      const post = wp.posts.find((p) => p.title.raw === 'Herb spirals set by hand')!;
      post.meta._yoast_wpseo_canonical = 'https://example.org/by-hand';
      // The console's form sends every field, the canonical it never filled included.
      expect((await choose(client, id, { excerpt: 'A spiral for shade.', canonical_url: '' })).code).toBe(200);
      expect(await publishNow()).toMatchObject({ status: 'done' });
      expect(lastPostSent()).not.toHaveProperty('meta._yoast_wpseo_canonical');
      expect(post.meta._yoast_wpseo_canonical).toBe('https://example.org/by-hand');
    } finally {
      wp.exposeYoast = false;
    }
  }, 90_000);

  it('fail the item before any post exists when the author is not a user of the site', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const id = await manualArticle(client, 'Rain barrels by an unknown hand', siteId);
    expect((await choose(client, id, { author: 'nobody' })).code).toBe(200);
    const posts = wp.posts.length;
    const add = await publish(client, { site_id: siteId, article_ids: [id] });
    expect((await finished(client, add.data.id)).items.list[0]).toMatchObject({
      status: 'failed',
      error: 'The author "nobody" is not a user of the site',
    });
    expect(wp.posts.length).toBe(posts);
  }, 90_000);

  it("offer the site's users to choose the author from", async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const users = await client.get<{ list: { id: number; login: string; name: string }[]; total: number }>('/api/v1/site/users', {
      site_id: siteId,
    });
    expect(users.code).toBe(200);
    expect(users.data.list).toEqual([
      { id: 1, login: 'editor', name: 'Editor' },
      { id: 7, login: 'anna.w', name: 'Anna Writer' },
    ]);
    expect(wp.requests.at(-1)).toMatchObject({ method: 'GET', path: '/users' });
  }, 60_000);

  it('are validated by the contract, naming the field', async () => {
    const client = await newClient(t, 100);
    const id = await manualArticle(client, 'Validated fields');
    const badUrl = await choose(client, id, { canonical_url: 'ftp://example.org/x' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.msg).toContain('Canonical URL');
    const badAuthor = await choose(client, id, { author: '<script>' });
    expect(badAuthor.status).toBe(400);
    expect(badAuthor.msg).toContain('Author');
    const tooMany = await choose(client, id, { tags: Array.from({ length: 31 }, (_, i) => `tag ${i}`) });
    expect(tooMany.status).toBe(400);
    expect((await client.get<ArticleDetail>('/api/v1/article/detail', { id })).data.wordpress).toMatchObject({
      canonical_url: '',
      author: '',
    });
  }, 60_000);
});

describe("an article's WordPress fields on a webhook site", () => {
  it('travel in the article.publish payload, the task’s tags only when the article has none', async () => {
    const received: string[] = [];
    const hook = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      received.push(Buffer.concat(chunks).toString());
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `p-${received.length}` }));
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    try {
      const client = await newClient(t, 100);
      const siteId = await webhookSite(client, hook);
      const chosenId = await manualArticle(client, 'Herb spirals for a webhook', siteId);
      const wordpress = {
        categories: ['Balcony Gardens'],
        tags: ['herbs', 'spirals'],
        author: 'anna.w',
        excerpt: 'Three herbs, one spiral, a balcony.',
        canonical_url: 'https://example.org/herb-spirals',
      };
      expect((await choose(client, chosenId, wordpress)).code).toBe(200);
      const plainId = await manualArticle(client, 'A plain webhook article', siteId);
      const add = await publish(client, { site_id: siteId, article_ids: [chosenId, plainId], tags: ['from-the-task'] });
      expect((await finished(client, add.data.id)).items.list.map((i) => i.status)).toEqual(['done', 'done']);

      const articles = received.map((body) => JSON.parse(body).article as Record<string, unknown>);
      expect(articles.find((a) => a.id === chosenId)).toMatchObject(wordpress);
      const plain = articles.find((a) => a.id === plainId);
      expect(plain).toMatchObject({ categories: [], tags: ['from-the-task'], author: '', canonical_url: '' });
      // No excerpt chosen: the meta description, as before.
      expect(plain?.excerpt).toBe((await client.get<ArticleDetail>('/api/v1/article/detail', { id: plainId })).data.meta_description);
    } finally {
      hook.closeAllConnections();
      await new Promise((r) => hook.close(r));
    }
  }, 90_000);
});
