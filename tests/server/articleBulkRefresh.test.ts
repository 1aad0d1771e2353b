import { describe, expect, it } from 'vitest';
import type { ArticleDetail } from '../../contract/schemas/article';
import type { ArticleBulkRefresh, ArticleRefreshList } from '../../contract/schemas/articleRefresh';
import type { PointsList } from '../../contract/schemas/points';
import type { Quote } from '../../contract/schemas/quote';
import type { TestServer } from './harness';
import { completion, type LlmDouble } from './llmDouble';
import { newClient, waitFor, type Client } from './pipelineHelpers';
import { addPoints } from '../../server/db/accounts';
import { finished, publish, serverWithModelAndWordPress, wordpressSite } from './publishingHelpers';
import type { WordPressDouble } from './wordpressDouble';

/* Several published articles refreshed in the background, one queued job each: their posts updated in place, each charged once. */

let t: TestServer;
let wp: WordPressDouble;
let model: LlmDouble;
serverWithModelAndWordPress((started) => ({ t, wp, model } = started));

const balance = async (client: Client) => (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;
const detail = async (client: Client, id: number) => (await client.get<ArticleDetail>('/api/v1/article/detail', { id })).data;
const postOf = (title: string) => wp.posts.find((p) => p.title.raw === title)!;

/** Hand-written articles about breads, each linking to another page of the site, published live in one task. */
async function publishedArticles(client: Client, siteId: number, breads: string[]) {
  const ids: number[] = [];
  for (const bread of breads) {
    const body =
      `<p>${bread} bread keeps for a week. See <a href="${wp.url}/sourdough-starter/">our sourdough starter guide</a> first.</p>` +
      `<h2>Flour</h2><p>Choose a good ${bread.toLowerCase()} flour, since the flour decides most of the taste.</p>` +
      '<h2>Baking</h2><p>Bake at 230 degrees for fifty minutes, then let it rest for a day before cutting.</p>';
    const added = await client.call<ArticleDetail>('POST', '/api/v1/article/add', {
      body: { title: `${bread} bread at home`, keyword: `${bread.toLowerCase()} bread`, body, site_id: siteId },
    });
    expect(added.code).toBe(200);
    ids.push(added.data.id);
  }
  const task = await publish(client, { site_id: siteId, article_ids: ids, post_status: 'publish' });
  expect((await finished(client, task.data.id)).items.list.map((i) => i.status)).toEqual(breads.map(() => 'done'));
  return Promise.all(ids.map((id) => detail(client, id)));
}

describe('refreshing published articles in bulk', () => {
  it('queues one refresh per article, updates their posts in place and charges the quote', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const articles = await publishedArticles(client, siteId, ['Rye', 'Spelt', 'Barley']);
    const posts = wp.posts.length;
    const ids = articles.map((a) => a.id);

    const quote = await client.call<Quote>('POST', '/api/v1/article/refresh/quote', { body: { count: 3 } });
    expect(quote.data.total).toBe(30);
    const before = await balance(client);

    // While the model writes, the request has answered and each article shows it is being refreshed.
    model.gate.closed = true;
    const queued = await client.call<ArticleBulkRefresh>('POST', '/api/v1/article/refresh/bulk', { body: { ids } });
    expect(queued.code).toBe(200);
    expect(queued.data).toEqual({ queued: ids, skipped: [] });
    expect((await Promise.all(ids.map((id) => detail(client, id)))).map((a) => a.refreshing)).toEqual([true, true, true]);
    const running = await client.get<ArticleRefreshList>('/api/v1/article/refresh/list', { refreshing: 'true' });
    expect(running.data.total).toBe(3);
    // Asked again while they run: nothing is queued twice.
    const again = await client.call<ArticleBulkRefresh>('POST', '/api/v1/article/refresh/bulk', { body: { ids } });
    expect(again.data).toEqual({ queued: [], skipped: ids });
    model.gate.open();

    for (const article of articles)
      await waitFor(`the post of "${article.title}" updated`, async () =>
        postOf(article.title).content.raw.includes('model-written article') ? true : undefined,
      );
    const refreshed = await waitFor('the refreshes ended', async () => {
      const now = await Promise.all(ids.map((id) => detail(client, id)));
      return now.every((a) => !a.refreshing) ? now : undefined;
    });
    expect(wp.posts.length).toBe(posts);
    for (const [i, article] of refreshed.entries()) {
      expect(article.body).toContain('model-written article');
      expect(article.slug).toBe(articles[i].slug);
      expect(postOf(article.title).slug).toBe(articles[i].slug);
    }
    expect(await balance(client)).toBe(before - quote.data.total);
  }, 180_000);

  it('refunds an article the model fails and tells the account', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const [article] = await publishedArticles(client, siteId, ['Oat']);
    const before = await balance(client);
    model.script.push(() => ({ kind: 'json', body: completion('Sorry, I cannot help with that.') }));

    const queued = await client.call<ArticleBulkRefresh>('POST', '/api/v1/article/refresh/bulk', { body: { ids: [article.id] } });
    expect(queued.data.queued).toEqual([article.id]);
    const told = await waitFor('the failure notice', async () => {
      const list = (await client.get<{ list: { event: string; params: { title: string } }[] }>('/api/v1/notice/list', { kind: 'task' }))
        .data.list;
      return list.length ? list : undefined;
    });
    expect(told.map((n) => [n.event, n.params.title])).toEqual([['refresh_failed', article.title]]);
    // Why, in the reader's language: the same notice read in Chinese and in English.
    const reasonIn = async (language: string) => {
      const { data } = await t.call<{ list: { params: { reason: string } }[] }>('GET', '/api/v1/notice/list?kind=task', {
        token: client.token,
        headers: { 'accept-language': language },
      });
      return data.list[0].params.reason;
    };
    expect(await reasonIn('zh-CN')).toMatch(/\p{Script=Han}/u);
    expect(await reasonIn('en')).not.toMatch(/\p{Script=Han}/u);
    expect(await balance(client)).toBe(before);
    const after = await detail(client, article.id);
    expect(after.refreshing).toBe(false);
    expect(after.body).toBe(article.body);
  }, 120_000);

  it('refunds a refresh still short after one lengthening, saying why, its post and versions as they were', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const [article] = await publishedArticles(client, siteId, ['Emmer']);
    const post = structuredClone(postOf(article.title));
    const before = await balance(client);
    const short = () => ({
      kind: 'json' as const,
      body: completion('Emmer bread is good.\n\n## Flour\n\nUse emmer.\n\n## Baking\n\nBake it hot.'),
    });
    model.script.push(short, short);

    const queued = await client.call<ArticleBulkRefresh>('POST', '/api/v1/article/refresh/bulk', { body: { ids: [article.id] } });
    expect(queued.data.queued).toEqual([article.id]);
    const told = await waitFor('the failure notice', async () => {
      const list = (await client.get<{ list: { event: string; params: { reason: string } }[] }>('/api/v1/notice/list', { kind: 'task' }))
        .data.list;
      return list.length ? list : undefined;
    });
    expect(told.map((n) => n.event)).toEqual(['refresh_failed']);
    expect(told[0].params.reason).toMatch(/after it was asked once to lengthen it/);
    expect(await balance(client)).toBe(before);
    const after = await detail(client, article.id);
    expect([after.refreshing, after.body]).toEqual([false, article.body]);
    expect((await client.get<{ total: number }>('/api/v1/article/version/list', { article_id: article.id })).data.total).toBe(0);
    expect(postOf(article.title)).toEqual(post);
  }, 120_000);

  it('resumes the refreshes a restart cut short, charging each article once', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const articles = await publishedArticles(client, siteId, ['Corn', 'Millet']);
    const posts = wp.posts.length;
    const before = await balance(client);
    const asked = (title: string) => model.chats.some((c) => c.messages.some((m) => m.content.includes(JSON.stringify(title))));

    model.gate.closed = true;
    const ids = articles.map((a) => a.id);
    expect((await client.call<ArticleBulkRefresh>('POST', '/api/v1/article/refresh/bulk', { body: { ids } })).data.queued).toEqual(ids);
    // Both are charged and the model is writing them when the server stops.
    await waitFor('the model asked for both', async () => (articles.every((a) => asked(a.title)) ? true : undefined));
    expect(await balance(client)).toBe(before - 20);
    await t.restart(async () => model.gate.open());

    for (const article of articles)
      await waitFor(`the post of "${article.title}" updated`, async () =>
        postOf(article.title).content.raw.includes('model-written article') ? true : undefined,
      );
    await waitFor('the refreshes ended', async () =>
      (await Promise.all(ids.map((id) => detail(client, id)))).every((a) => !a.refreshing) ? true : undefined,
    );
    expect(wp.posts.length).toBe(posts);
    expect(await balance(client)).toBe(before - 20);
  }, 180_000);

  it('never promises more than the balance to two bulk refreshes sent together', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const articles = await publishedArticles(client, siteId, ['Oat', 'Millet', 'Buckwheat', 'Teff']);
    const price = (await client.call<Quote>('POST', '/api/v1/article/refresh/quote', { body: { count: 1 } })).data.total;
    // Enough for three refreshes: two requests of two each cannot both be taken.
    await t.server.app.ctx.db.transaction((tx) => addPoints(tx, client.accountId, 3 * price - 100, 'test'));
    expect(await balance(client)).toBe(3 * price);

    model.gate.closed = true;
    const answers = await Promise.all(
      [articles.slice(0, 2), articles.slice(2)].map((pair) =>
        client.call<ArticleBulkRefresh>('POST', '/api/v1/article/refresh/bulk', { body: { ids: pair.map((a) => a.id) } }),
      ),
    );
    // One is taken and charged at once; the other refused, nothing of it marked.
    expect(answers.map((a) => a.code).sort((a, b) => a - b)).toEqual([200, 100146]);
    expect(await balance(client)).toBe(price);
    const running = await client.get<ArticleRefreshList>('/api/v1/article/refresh/list', { site_id: siteId, refreshing: 'true' });
    expect(running.data.total).toBe(2);
    model.gate.open();

    await waitFor('the refreshes ended', async () => {
      const now = await Promise.all(articles.map((a) => detail(client, a.id)));
      return now.every((a) => !a.refreshing) ? now : undefined;
    });
    // Charged once each, when they were taken.
    expect(await balance(client)).toBe(price);
  }, 120_000);
});

// Last: the tests below run against a server of their own that refreshes one article at a time.
describe('a refresh waiting its turn', () => {
  serverWithModelAndWordPress((started) => ({ t, wp, model } = started), { WORKER_CONCURRENCY: '1' });

  it('is refunded when its article is deleted meanwhile: on the balance and in the ledger', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const articles = await publishedArticles(client, siteId, ['Rice', 'Quinoa']);
    const before = await balance(client);
    const asked = (title: string) => model.chats.some((c) => c.messages.some((m) => m.content.includes(JSON.stringify(title))));

    // The model writes one while the other waits its turn; both were charged when accepted.
    model.gate.closed = true;
    const ids = articles.map((a) => a.id);
    expect((await client.call<ArticleBulkRefresh>('POST', '/api/v1/article/refresh/bulk', { body: { ids } })).data.queued).toEqual(ids);
    const writing = await waitFor('the model asked for one', async () => articles.find((a) => asked(a.title)));
    const waiting = articles.find((a) => a !== writing)!;
    expect(await balance(client)).toBe(before - 20);
    expect((await client.call('DELETE', '/api/v1/article/del', { body: { id: waiting.id } })).code).toBe(200);
    model.gate.open();

    await waitFor('the refund', async () => ((await balance(client)) === before - 10 ? true : undefined));
    const ledger = async (reason: string) =>
      (await client.get<PointsList>('/api/v1/account/points/list', { reason })).data.list.filter((e) =>
        e.reference?.startsWith('refresh:'),
      );
    const [refunded] = await ledger('refund');
    expect(refunded).toMatchObject({ delta: 10, balance_after: before - 10 });
    // It returns the waiting article's charge, once; the one the model wrote stays charged.
    expect((await ledger('refund')).length).toBe(1);
    expect((await ledger('article_generation')).map((e) => e.reference)).toContain(refunded.reference);
    expect((await detail(client, writing.id)).body).toContain('model-written article');
    expect(await balance(client)).toBe(before - 10);
  }, 120_000);
});
