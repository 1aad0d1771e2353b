import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDetail } from '../../contract/schemas/article';
import type { InternalLink } from '../../contract/schemas/internalLink';
import type { TestServer } from './harness';
import { newClient, startServer, waitFor, type Client } from './pipelineHelpers';
import { finished, publish, wordpressSite } from './publishingHelpers';
import { startWordPressDouble, type WordPressDouble } from './wordpressDouble';

/* The operator's limits of internal links: how many a new post gets, how many an older post may be given. */

let t: TestServer;
let wp: WordPressDouble;
beforeAll(async () => {
  wp = await startWordPressDouble();
  t = await startServer({
    ALLOW_PRIVATE_TARGETS: '1',
    PUBLISH_RETRY_SECONDS: '0.2',
    PUBLISH_TIMEOUT_MS: '5000',
    INTERNAL_LINKS_LEAST: '1',
    INTERNAL_LINKS_MOST: '1',
    INTERNAL_LINKS_ADDED_PER_POST: '1',
  });
});
afterAll(async () => {
  await t?.close();
  await wp?.close();
});

const postOf = (title: string) => wp.posts.find((p) => p.title.raw === title)!;
/** The links of a post's content to other pages of the site. */
const siteLinks = (title: string) => {
  const post = postOf(title);
  return [...post.content.raw.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]).filter((u) => u.startsWith(wp.url) && u !== post.link);
};

/** A hand-written article about `keyword`, published live on the site. */
async function publishedArticle(client: Client, siteId: number, keyword: string) {
  const title = keyword[0].toUpperCase() + keyword.slice(1);
  const added = await client.call<ArticleDetail>('POST', '/api/v1/article/add', {
    body: {
      title,
      keyword,
      body: `<p>Good ${keyword} make a garden richer.</p><h2>Starting</h2><p>Every compost needs air, water and time to work well.</p>`,
      site_id: siteId,
    },
  });
  expect(added.code).toBe(200);
  const task = await publish(client, { site_id: siteId, article_ids: [added.data.id], post_status: 'publish' });
  expect((await finished(client, task.data.id)).items.list[0].status).toBe('done');
  return { id: added.data.id, title };
}

describe('internal link limits set by the operator', () => {
  it('links a new post to at most the set number of pages and gives an older post at most the set number of links', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const changes = async (kind: InternalLink['kind']) =>
      (await client.get<{ list: InternalLink[] }>('/api/v1/site/internal_link/list', { site_id: siteId })).data.list.filter(
        (l) => l.kind === kind,
      );

    const first = await publishedArticle(client, siteId, 'compost bins');
    const later = [];
    for (const keyword of ['compost tea', 'compost heaps', 'compost worms']) {
      const article = await publishedArticle(client, siteId, keyword);
      // Its older related pages are given their links once it is live.
      await waitFor(`a link back to ${keyword}`, async () =>
        (await changes('backlink')).some((l) => l.target_article_id === article.id) ? true : undefined,
      );
      later.push(article);
    }

    // Every new post linked to one page, though the site had more related ones; the last one shows just that.
    expect((await changes('related')).map((l) => l.source_article_id)).toEqual(expect.arrayContaining(later.map((a) => a.id)));
    expect(await changes('related')).toHaveLength(later.length);
    expect(siteLinks(later[2].title)).toHaveLength(1);
    // Each older post was given one link at most: the first page links to the second only.
    const given = await changes('backlink');
    expect(given.map((l) => l.source_article_id).sort()).toEqual([first.id, later[0].id, later[1].id].sort());
    expect(siteLinks(first.title)).toEqual([postOf(later[0].title).link]);
  }, 120_000);
});
