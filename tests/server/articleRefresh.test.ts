import { describe, expect, it } from 'vitest';
import type { ArticleDetail } from '../../contract/schemas/article';
import type { ArticleRefreshList } from '../../contract/schemas/articleRefresh';
import type { ArticleVersionDetail, ArticleVersionList } from '../../contract/schemas/articleVersion';
import type { PointsList } from '../../contract/schemas/points';
import type { Quote } from '../../contract/schemas/quote';
import type { TestServer } from './harness';
import { completion, goodAnswer, stepOf, type ChatRequest, type LlmDouble } from './llmDouble';
import { newClient, waitFor, waitForTask, type Client } from './pipelineHelpers';
import { finished, manualArticle, publish, serverWithModelAndWordPress, wordpressSite } from './publishingHelpers';
import type { WordPressDouble } from './wordpressDouble';

/* A published article refreshed by the model in place: the same post updated, its address and links kept, its old text kept. */

let t: TestServer;
let wp: WordPressDouble;
let model: LlmDouble;
serverWithModelAndWordPress((started) => ({ t, wp, model } = started));

const balance = async (client: Client) => (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

/** A hand-written article about rye bread, linking to another article of the site and to an outside page, published live. */
async function publishedArticle(client: Client, siteId: number, fields: Record<string, string> = {}) {
  const body =
    `<p>Rye bread keeps for a week. See <a href="${wp.url}/sourdough-starter/">our sourdough starter guide</a> first.</p>` +
    '<h2>Flour</h2><p>Dark rye flour gives the deepest taste, as <a href="https://flour.example/rye">the mill explains</a>.</p>' +
    '<h2>Baking</h2><p>Bake at 230 degrees for fifty minutes, then let it rest for a day before cutting.</p>';
  const added = await client.call<ArticleDetail>('POST', '/api/v1/article/add', {
    body: { title: 'Rye bread at home', keyword: 'rye bread', body, site_id: siteId, ...fields },
  });
  expect(added.code).toBe(200);
  const task = await publish(client, { site_id: siteId, article_ids: [added.data.id], post_status: 'publish' });
  expect((await finished(client, task.data.id)).items.list[0].status).toBe('done');
  return (await client.get<ArticleDetail>('/api/v1/article/detail', { id: added.data.id })).data;
}

const postOf = (title: string) => wp.posts.find((p) => p.title.raw === title)!;

describe('refreshing a published article', () => {
  it('updates the same post with the new text, keeps the slug and every link, charges the quote and keeps the old text', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const article = await publishedArticle(client, siteId);
    expect(article.status).toBe('published');
    const post = postOf(article.title);
    const posts = wp.posts.length;

    // The selection: published articles, all of them or the ones unchanged for a while.
    const all = await client.get<ArticleRefreshList>('/api/v1/article/refresh/list', { site_id: siteId });
    expect(all.data.list.map((a) => a.id)).toEqual([article.id]);
    const old = await client.get<ArticleRefreshList>('/api/v1/article/refresh/list', { site_id: siteId, older_than_days: 30 });
    expect(old.data.total).toBe(0);

    const quote = await client.call<Quote>('POST', '/api/v1/article/refresh/quote', { body: { count: 1 } });
    expect(quote.data.total).toBe(10);
    const before = await balance(client);
    const startedAt = new Date().toISOString().slice(0, 19);
    const refreshed = await client.call<ArticleDetail>('POST', '/api/v1/article/refresh', { body: { id: article.id } });
    expect(refreshed.code).toBe(200);
    expect(await balance(client)).toBe(before - quote.data.total);
    expect(refreshed.data.body).toContain('model-written article');
    expect(refreshed.data.slug).toBe(article.slug);
    expect(hrefs(refreshed.data.body)).toEqual(expect.arrayContaining(hrefs(article.body)));

    // The same remote post is updated: no new post, same slug, the new text and links, a new modified date.
    await waitFor('the post updated', async () => (postOf(article.title).content.raw.includes('model-written article') ? true : undefined));
    expect(wp.posts.length).toBe(posts);
    const updated = postOf(article.title);
    expect(updated.id).toBe(post.id);
    expect(updated.slug).toBe(post.slug);
    expect(hrefs(updated.content.raw)).toEqual(expect.arrayContaining(hrefs(article.body)));
    expect(updated.modified_gmt >= startedAt).toBe(true);

    // The text it replaced is a version; the diff shows what the model changed.
    const versions = (await client.get<ArticleVersionList>('/api/v1/article/version/list', { article_id: article.id })).data;
    expect(versions.list.map((v) => [v.number, v.source])).toEqual([[1, 'refresh']]);
    const version = (await client.get<ArticleVersionDetail>('/api/v1/article/version/detail', { article_id: article.id, number: 1 })).data;
    const body = version.diff.find((d) => d.field === 'body')!;
    expect(body.changed).toBe(true);
    expect(
      body.parts
        .filter((p) => p.removed)
        .map((p) => p.value)
        .join(''),
    ).toContain('Bake at 230 degrees');
    expect(
      body.parts
        .filter((p) => p.added)
        .map((p) => p.value)
        .join(''),
    ).toContain('model-written article');

    // Restoring it brings the old text back, on the same post too.
    const restored = await client.call<ArticleDetail>('POST', '/api/v1/article/version/restore', {
      body: { article_id: article.id, number: 1 },
    });
    expect(restored.data.body).toBe(article.body);
    await waitFor('the post restored', async () => (postOf(article.title).content.raw.includes('Bake at 230 degrees') ? true : undefined));
    expect(wp.posts.length).toBe(posts);
    expect(postOf(article.title).id).toBe(post.id);
  }, 120_000);

  it('refunds a refresh the model fails, and refuses an article that is not published', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const article = await publishedArticle(client, siteId);
    const before = await balance(client);
    model.script.push(() => ({ kind: 'json', body: completion('Sorry, I cannot help with that.') }));
    const failed = await client.call('POST', '/api/v1/article/refresh', { body: { id: article.id } });
    expect(failed.code).toBe(-1);
    expect(failed.msg).toContain('points were refunded');
    expect(await balance(client)).toBe(before);
    expect((await client.get<ArticleDetail>('/api/v1/article/detail', { id: article.id })).data.body).toBe(article.body);

    const draft = await client.call<ArticleDetail>('POST', '/api/v1/article/add', { body: { title: 'Spelt', body: '<p>Spelt.</p>' } });
    const refused = await client.call('POST', '/api/v1/article/refresh', { body: { id: draft.data.id } });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('not published');
  }, 120_000);

  it('links the refreshed post to pages the site gained since it was published', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const publishNow = async (ids: number[]) => {
      const task = await publish(client, { site_id: siteId, article_ids: ids, post_status: 'publish' });
      expect((await finished(client, task.data.id)).items.list.map((i) => i.status)).toEqual(ids.map(() => 'done'));
    };
    const added = await client.call<ArticleDetail>('POST', '/api/v1/article/add', {
      body: {
        title: 'Barley water',
        keyword: 'barley water',
        body: '<p>Barley water is an old summer drink.</p><h2>Making it</h2><p>Simmer pearl barley for an hour, then strain it.</p>',
        site_id: siteId,
      },
    });
    // The site's first page: nothing to link to yet.
    await publishNow([added.data.id]);
    const post = postOf('Barley water');
    const siteLinks = (html: string) => hrefs(html).filter((u) => u.startsWith(wp.url) && u !== post.link);
    expect(siteLinks(post.content.raw)).toEqual([]);
    // The site grows by three pages on other subjects (none of them gives it a link back).
    const others = ['Tax forms explained', 'Guitar strings compared', 'Cycling in the rain'];
    for (const title of others) await publishNow([await manualArticle(client, title, siteId)]);
    expect(siteLinks(postOf('Barley water').content.raw)).toEqual([]);

    const refreshed = await client.call<ArticleDetail>('POST', '/api/v1/article/refresh', { body: { id: added.data.id } });
    expect(refreshed.code).toBe(200);
    const updated = await waitFor('the post refreshed', async () => {
      const p = postOf('Barley water');
      return p.content.raw.includes('model-written article') ? p : undefined;
    });
    expect(updated.id).toBe(post.id);
    const links = siteLinks(updated.content.raw);
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(new Set(links)).toEqual(new Set(others.map((title) => postOf(title).link)));
  }, 120_000);

  it("asks the model with the account's article template: the one the article was generated with, else the default", async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const template = await client.call<{ id: number }>('POST', '/api/v1/prompt/add', {
      body: {
        kind: 'article',
        name: 'Gardener',
        content: 'As a gardener writing for {site}, write "{title}" for people asking about {keyword}:\n{outline}',
      },
    });
    expect(template.code).toBe(200);
    await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: 'mulching roses' } });
    const generation = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 1, word_count: 300, images: false, prompt_ids: { article: template.data.id } },
    });
    expect(generation.code).toBe(200);
    await waitForTask(client, generation.data.id, 60_000);
    const [{ id }] = (await client.get<{ list: { id: number }[] }>('/api/v1/article/list', { task_id: generation.data.id })).data.list;
    const task = await publish(client, { site_id: siteId, article_ids: [id], post_status: 'publish' });
    expect((await finished(client, task.data.id)).items.list[0].status).toBe('done');
    const generated = (await client.get<ArticleDetail>('/api/v1/article/detail', { id })).data;

    const refreshAsked = async (articleId: number) => {
      expect((await client.call('POST', '/api/v1/article/refresh', { body: { id: articleId } })).code).toBe(200);
      return model.chats
        .filter((c) => stepOf(c) === 'article')
        .at(-1)!
        .messages.find((m) => m.role === 'user')!.content;
    };
    const asked = await refreshAsked(id);
    expect(asked).toContain(`As a gardener writing for My blog, write "${generated.title}" for people asking about mulching roses:\n- `);
    expect(asked).toContain('bring its facts, figures and examples up to date');

    // Written by hand: the default article template, filled the same way.
    const manual = await publishedArticle(client, siteId);
    const askedManual = await refreshAsked(manual.id);
    expect(askedManual).toContain('Write the article "Rye bread at home" in en for My blog');
    expect(askedManual).toContain('- Flour\n- Baking');
    expect(askedManual).toContain('bring its facts, figures and examples up to date');
  }, 120_000);
});

describe('a refreshed article meets the limits a new one meets', () => {
  /** A refresh answer of a few words, with the article's headings: a model that wrote short. */
  const shortRefresh = () => ({
    kind: 'json' as const,
    body: completion('Rye bread is good.\n\n## Flour\n\nUse dark rye flour today.\n\n## Baking\n\nBake it hot and long.'),
  });
  const steps = () => model.chats.map(stepOf);
  const versionsOf = async (client: Client, id: number) =>
    (await client.get<ArticleVersionList>('/api/v1/article/version/list', { article_id: id })).data;
  const ledgerOf = async (client: Client, reference: string) =>
    (await client.get<PointsList>('/api/v1/account/points/list', { page_size: 100 })).data.list
      .filter((e) => e.reference === reference)
      .map((e) => [e.reason, e.delta])
      .sort();

  it('lengthens a refresh that came out short once, keeping every heading and link, its title and meta within the SEO limits', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const longMetaTitle = 'Rye bread at home: the complete guide to flour, starters, baking times and keeping a loaf fresh';
    const article = await publishedArticle(client, siteId, { meta_title: longMetaTitle, meta_description: 'Rye bread.' });
    model.script.push(shortRefresh);
    const asked = model.chats.length;

    const refreshed = await client.call<ArticleDetail>('POST', '/api/v1/article/refresh', { body: { id: article.id } });
    expect(refreshed.code).toBe(200);
    expect(steps().slice(asked)).toEqual(['article', 'lengthen']);
    const lengthen = model.chats.at(-1) as ChatRequest;
    expect(lengthen.messages.find((m) => m.role === 'user')!.content).toContain('Rye bread is good.');
    expect(refreshed.data.body).toContain('model-written article');
    // The article's sections in their order; the links the model dropped listed under the related heading after them.
    expect([...refreshed.data.body.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual(['Flour', 'Baking', 'Related articles']);
    expect(hrefs(refreshed.data.body)).toEqual(expect.arrayContaining(hrefs(article.body)));
    expect(refreshed.data.word_count).toBeGreaterThanOrEqual(Math.ceil(article.word_count * 0.7));
    // What a search result shows whole: the meta title cut at its subtitle, the description completed from the opening.
    expect(refreshed.data.meta_title).toBe('Rye bread at home');
    expect([...refreshed.data.meta_description].length).toBeGreaterThanOrEqual(120);
    expect([...refreshed.data.meta_description].length).toBeLessThanOrEqual(160);
    expect(refreshed.data.meta_description.startsWith('Rye bread. ')).toBe(true);
    // The version keeps what the article said before, its meta title too.
    const version = (await client.get<ArticleVersionDetail>('/api/v1/article/version/detail', { article_id: article.id, number: 1 })).data;
    expect(version.diff.find((d) => d.field === 'meta_title')?.changed).toBe(true);
  }, 120_000);

  it('refreshes an article whose answer dropped its related list, listing the links under that heading again', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const related = `<h2>Related articles</h2><ul><li><a href="${wp.url}/spelt-loaf/">Spelt loaf</a></li></ul>`;
    const article = await publishedArticle(client, siteId, {});
    const edited = await client.call<ArticleDetail>('PUT', '/api/v1/article/edit', {
      body: { id: article.id, body: article.body + related },
    });
    expect(edited.code).toBe(200);
    // The model keeps the article's sections but leaves out the related list and its heading.
    model.script.push((req) => ({ kind: 'json', body: completion(goodAnswer(req).replace(/\n\n## Related articles[\s\S]*$/, '')) }));
    const refreshed = await client.call<ArticleDetail>('POST', '/api/v1/article/refresh', { body: { id: article.id } });
    expect(refreshed.code).toBe(200);
    expect(refreshed.data.body.split('<h2>Related articles</h2>')).toHaveLength(2);
    expect(refreshed.data.body.split('<h2>Related articles</h2>')[1]).toContain(`<li><a href="${wp.url}/spelt-loaf/">Spelt loaf</a></li>`);
  }, 120_000);

  it('fails a refresh still short after one lengthening: refunded in the ledger, the article, its post and versions as they were', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const article = await publishedArticle(client, siteId);
    const post = structuredClone(postOf(article.title));
    const before = await balance(client);
    model.script.push(shortRefresh, shortRefresh);
    const asked = model.chats.length;

    const failed = await client.call('POST', '/api/v1/article/refresh', { body: { id: article.id } });
    expect(failed.code).toBe(-1);
    expect(failed.msg).toMatch(
      /^The article was not refreshed \(its points were refunded\): The article has \d+ words after it was asked once to lengthen it; \d+ words were asked for/,
    );
    expect(steps().slice(asked)).toEqual(['article', 'lengthen']);
    expect(await balance(client)).toBe(before);
    expect(await ledgerOf(client, `refresh:${article.id}`)).toEqual([
      ['article_generation', -10],
      ['refund', 10],
    ]);
    expect((await client.get<ArticleDetail>('/api/v1/article/detail', { id: article.id })).data.body).toBe(article.body);
    expect((await versionsOf(client, article.id)).total).toBe(0);
    expect(postOf(article.title)).toEqual(post);
  }, 120_000);

  it('fails a refresh that lost a heading of the article, naming it in the reader’s language', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const article = await publishedArticle(client, siteId);
    const before = await balance(client);
    // Long enough, but the section on baking is gone.
    model.script.push((req) => ({ kind: 'json', body: completion(goodAnswer(req).replace('## Baking', '## Serving')) }));

    const failed = await t.call('POST', '/api/v1/article/refresh', {
      token: client.token,
      headers: { 'accept-language': 'zh-CN' },
      body: { id: article.id },
    });
    expect(failed.code).toBe(-1);
    expect(failed.msg).toBe('文章未能刷新（积分已退还）：刷新后的文章丢失了原有的 1 个小节标题（“Baking”），不予保存');
    expect(await balance(client)).toBe(before);
    expect((await client.get<ArticleDetail>('/api/v1/article/detail', { id: article.id })).data.body).toBe(article.body);
    expect((await versionsOf(client, article.id)).total).toBe(0);

    model.script.push((req) => ({ kind: 'json', body: completion(goodAnswer(req).replace('## Baking', '## Serving')) }));
    const inEnglish = await client.call('POST', '/api/v1/article/refresh', { body: { id: article.id } });
    expect(inEnglish.msg).toBe(
      'The article was not refreshed (its points were refunded): The refreshed article lost 1 section heading(s) it had (“Baking”): it is not stored',
    );
  }, 120_000);
});
