import { describe, expect, it } from 'vitest';
import type { Publication } from '../../contract/schemas/publishingTask';
import type { TestServer } from './harness';
import { newClient, type Client } from './pipelineHelpers';
import { finished, generatedArticles, publish, serverWithWordPress, wordpressSite } from './publishingHelpers';
import type { WordPressDouble } from './wordpressDouble';

/* Every publish is read back: what the site holds is recorded, and what differs from what was sent is said. */

let t: TestServer;
let wp: WordPressDouble;
serverWithWordPress({ PUBLISH_RETRY_SECONDS: '0.2', PUBLISH_TIMEOUT_MS: '5000' }, (started) => ({ t, wp } = started));

/** A generated article (the offline writer draws it a cover with its alt text). */
const articleWithCover = async (client: Client, siteId: number, keyword: string) =>
  (await generatedArticles<{ id: number; title: string; slug: string }>(client, siteId, [keyword]))[0];

const publicationOf = async (client: Client, articleId: number) =>
  (await client.get<{ list: Publication[] }>('/api/v1/task/publications', { article_id: articleId })).data.list[0];

describe('reading a publish back', () => {
  it('verifies a draft with its tags, featured image, alt and SEO fields, the keyword as focus keyword', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const article = await articleWithCover(client, siteId, 'herb spirals');
    wp.exposeYoast = true;
    try {
      const add = await publish(client, { site_id: siteId, article_ids: [article.id], tags: ['herbs', 'garden'] });
      // The task's item shows it too: what the site held when read back.
      expect((await finished(client, add.data.id)).items.list[0]).toMatchObject({
        status: 'done',
        note: '',
        verification: { differences: [] },
      });
    } finally {
      wp.exposeYoast = false;
    }
    // The article's keyword is the SEO plugin's focus keyword.
    expect(wp.posts.find((p) => p.title.raw === article.title)?.meta._yoast_wpseo_focuskw).toBe('herb spirals');
    const publication = await publicationOf(client, article.id);
    expect(publication).toMatchObject({ status: 'draft', verification: { differences: [] } });
    expect(publication.verification?.checked_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // It was read back: the post and its featured image were asked for after the post was saved.
    const saved = wp.requests.findLastIndex((r) => r.method === 'POST' && r.path.startsWith('/posts'));
    const reads = wp.requests.slice(saved + 1).map((r) => `${r.method} ${r.path.replace(/\d+/, 'ID')}`);
    expect(reads).toEqual(['GET /posts/ID', 'GET /media/ID']);
  }, 90_000);

  it('says exactly what the site holds differently: a renamed slug, a dropped tag, an SEO title and focus keyword overwritten, a removed image', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const article = await articleWithCover(client, siteId, 'worm towers');
    wp.exposeYoast = true;
    // A plugin of the site rewrites what it is sent.
    wp.onSave = (post) => {
      post.slug = 'renamed-by-a-plugin';
      post.tags = post.tags.slice(1);
      post.featured_media = 0;
      post.meta = { ...post.meta, _yoast_wpseo_title: 'Overwritten title', _yoast_wpseo_focuskw: '' };
    };
    try {
      const add = await publish(client, { site_id: siteId, article_ids: [article.id], tags: ['worms', 'compost'], post_status: 'publish' });
      const item = (await finished(client, add.data.id)).items.list[0];
      expect(item.status).toBe('done');
      expect(item.note).toContain('differs on the site: slug "renamed-by-a-plugin"');
      expect(item.verification?.differences.map((d) => d.field)).toEqual(['slug', 'tags', 'featured_image', 'meta_title', 'focus_keyword']);
    } finally {
      wp.exposeYoast = false;
      wp.onSave = null;
    }
    const tags = ['worms', 'compost'].map((name) => wp.tags.find((x) => x.name === name)?.id);
    const cover = wp.media.at(-1)?.id;
    const publication = await publicationOf(client, article.id);
    expect(publication.status).toBe('publish');
    expect(publication.verification?.differences).toEqual([
      { field: 'slug', expected: article.slug, actual: 'renamed-by-a-plugin' },
      { field: 'tags', expected: tags.join(','), actual: String(tags[1]) },
      { field: 'featured_image', expected: String(cover), actual: '' },
      { field: 'meta_title', expected: expect.any(String), actual: 'Overwritten title' },
      { field: 'focus_keyword', expected: 'worm towers', actual: '' },
    ]);
  }, 90_000);
});
