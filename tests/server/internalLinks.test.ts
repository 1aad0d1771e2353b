import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InternalLink, LinkReport } from '../../contract/schemas/internalLink';
import type { TestServer } from './harness';
import { newClient, startServer, waitFor, type Client } from './pipelineHelpers';
import { finished, generatedArticles, manualArticle, publish, wordpressSite } from './publishingHelpers';
import { startWordPressDouble, WP_PASSWORD, WP_USER, type WordPressDouble } from './wordpressDouble';

/* Internal links both ways, as the site shows them: a new post links to related live pages, older posts link back. */

let t: TestServer;
let wp: WordPressDouble;
beforeAll(async () => {
  wp = await startWordPressDouble();
  t = await startServer({ ALLOW_PRIVATE_TARGETS: '1', PUBLISH_RETRY_SECONDS: '0.2', PUBLISH_TIMEOUT_MS: '5000' });
});
afterAll(async () => {
  await t?.close();
  await wp?.close();
});

interface Article {
  id: number;
  title: string;
}

const postOf = (title: string) => {
  const found = wp.posts.filter((p) => p.title.raw === title);
  expect(found).toHaveLength(1);
  return found[0];
};
/** The links of a post's content to pages of the site. */
const siteLinks = (content: string) => [...content.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]).filter((u) => u.startsWith(wp.url));

const publishNow = async (client: Client, siteId: number, articles: Article[], action?: string) => {
  const add = await publish(client, {
    site_id: siteId,
    article_ids: articles.map((a) => a.id),
    post_status: 'publish',
    ...(action ? { action } : {}),
  });
  expect(add.code).toBe(200);
  const detail = await finished(client, add.data.id);
  expect(detail.items.list.map((i) => i.status)).toEqual(articles.map(() => 'done'));
};

const report = async (client: Client, siteId: number) => {
  const r = await client.get<LinkReport>('/api/v1/site/link_report', { site_id: siteId });
  expect(r.code).toBe(200);
  return r.data;
};

describe('internal links both ways', () => {
  it('links a new article to related live pages, gives older posts a link to it in place, undoes one, reports orphans and broken links', async () => {
    const client = await newClient(t, 200);
    const siteId = await wordpressSite(client, wp.url);
    const [fresh, ...older] = await generatedArticles<Article>(client, siteId, [
      'compost guide for beginners',
      'compost bins',
      'compost tea',
      'compost heap',
      'worm compost',
    ]);
    expect(older).toHaveLength(4);
    // The first one alone: nothing links to it yet, an orphan of the report.
    await publishNow(client, siteId, [older[0]]);
    expect((await report(client, siteId)).orphans.map((o) => o.article_id)).toEqual([older[0].id]);
    for (const a of older.slice(1)) await publishNow(client, siteId, [a]);
    const posts = wp.posts.length;
    const livePages = new Map(older.map((a) => [postOf(a.title).link, a]));

    await publishNow(client, siteId, [fresh]);
    const post = postOf(fresh.title);
    const links = siteLinks(post.content.raw);
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(new Set(links).size).toBe(links.length);
    expect(links).not.toContain(post.link);
    for (const url of links) expect(livePages.has(url), url).toBe(true);
    // Never inside a heading.
    expect(post.content.raw).not.toMatch(/<h[1-6][^>]*>(?:(?!<\/h).)*<a /);

    // Older related posts get a link to it: updated in place, no new post.
    const linkingBack = await waitFor('older posts linking to the new one', async () => {
      const found = older.filter((a) => siteLinks(postOf(a.title).content.raw).includes(post.link));
      return found.length ? found : undefined;
    });
    expect(wp.posts.length).toBe(posts + 1);
    const changes = await client.get<{ list: InternalLink[] }>('/api/v1/site/internal_link/list', { site_id: siteId });
    const backlink = changes.data.list.find(
      (l) => l.kind === 'backlink' && l.target_article_id === fresh.id && l.source_article_id === linkingBack[0].id,
    );
    expect(backlink).toMatchObject({
      source_title: linkingBack[0].title,
      target_title: fresh.title,
      target_url: post.link,
      undone_at: null,
      anchor: expect.any(String),
    });

    // Undone: the older post no longer links to it, still the same post.
    const undo = await client.call<InternalLink>('POST', '/api/v1/site/internal_link/undo', { body: { id: backlink!.id } });
    expect(undo.code).toBe(200);
    expect(undo.data).toMatchObject({ source_title: linkingBack[0].title, undone_at: expect.any(String) });
    expect(siteLinks(postOf(linkingBack[0].title).content.raw)).not.toContain(post.link);
    expect(wp.posts.length).toBe(posts + 1);
    const again = await client.call('POST', '/api/v1/site/internal_link/undo', { body: { id: backlink!.id } });
    expect(again.code).not.toBe(200);

    // A page taken off the site: the posts linking to it are sent again without the link, in place.
    expect((await report(client, siteId)).broken).toEqual([]);
    const gone = livePages.get(links[0])!;
    await publishNow(client, siteId, [gone], 'unpublish');
    await waitFor('the new post without its link to the page that left', async () =>
      siteLinks(postOf(fresh.title).content.raw).includes(links[0]) ? undefined : true,
    );
    expect(postOf(fresh.title).id).toBe(post.id);
    expect((await report(client, siteId)).broken).toEqual([]);

    // Back on the site: the link is put back.
    await publishNow(client, siteId, [gone]);
    await waitFor('the new post linking again to the page that came back', async () =>
      siteLinks(postOf(fresh.title).content.raw).includes(links[0]) ? true : undefined,
    );

    // A post that cannot be updated when the page leaves keeps pointing at it: reported broken.
    wp.faults.push({ method: 'POST', path: `/posts/${post.id}`, status: 500, body: '{"code":"internal_server_error"}', times: 50 });
    await publishNow(client, siteId, [gone], 'unpublish');
    const broken = (await report(client, siteId)).broken;
    expect(broken).toContainEqual(expect.objectContaining({ source_article_id: fresh.id, target_url: links[0], source_url: post.link }));
    wp.faults.length = 0;
    expect(wp.posts.length).toBe(posts + 1);
  }, 240_000);
  it('shows which of its links the live post really holds, as read back', async () => {
    const client = await newClient(t, 200);
    const siteId = await wordpressSite(client, wp.url);
    for (const title of ['Mulch for roses', 'Mulch for tomatoes', 'Mulch in winter'])
      await publishNow(client, siteId, [{ id: await manualArticle(client, title, siteId), title }]);
    const fresh = { id: await manualArticle(client, 'Mulch explained', siteId), title: 'Mulch explained' };
    await publishNow(client, siteId, [fresh]);
    const onSite = async () =>
      (await client.get<{ list: InternalLink[] }>('/api/v1/site/internal_link/list', { site_id: siteId, article_id: fresh.id })).data.list
        .map((l) => [l.target_url, l.on_site])
        .sort();
    const links = siteLinks(postOf(fresh.title).content.raw);
    expect(links).toHaveLength(3);
    expect(await onSite()).toEqual(links.map((url) => [url, true]).sort());

    // A plugin of the site strips one link whenever the post is saved: the read back says so.
    wp.onSave = (post) => {
      post.content.raw = post.content.raw.replace(new RegExp(`<a href="${links[0]}">([^<]*)</a>`), '$1');
    };
    try {
      await publishNow(client, siteId, [fresh]);
    } finally {
      wp.onSave = null;
    }
    expect(siteLinks(postOf(fresh.title).content.raw)).not.toContain(links[0]);
    expect(await onSite()).toEqual(links.map((url) => [url, url !== links[0]]).sort());
  }, 120_000);
  it('links Chinese articles with Chinese anchors', async () => {
    const client = await newClient(t, 200);
    const site = await client.call<{ id: number }>('POST', '/api/v1/site/add', {
      body: { name: '园艺', url: wp.url, type: 'wordpress', language: 'zh-CN', username: WP_USER, app_password: WP_PASSWORD },
    });
    expect(site.code).toBe(200);
    const [fresh, ...older] = await generatedArticles<Article>(client, site.data.id, [
      '有机堆肥方法',
      '堆肥桶怎么选',
      '堆肥茶的做法',
      '冬季堆肥',
    ]);
    for (const a of older) await publishNow(client, site.data.id, [a]);
    await publishNow(client, site.data.id, [fresh]);
    const post = postOf(fresh.title);
    const anchors = [...post.content.raw.matchAll(/<a href="([^"]+)">([^<]*)<\/a>/g)]
      .filter((m) => m[1].startsWith(wp.url))
      .map((m) => m[2]);
    expect(anchors.length).toBeGreaterThanOrEqual(3);
    for (const anchor of anchors) expect(anchor).toMatch(/[\u4e00-\u9fff]/);
    expect(post.content.raw).not.toContain('Related: ');
  }, 240_000);
});
