import { describe, expect, it } from 'vitest';
import type { ArticleDetail } from '../../contract/schemas/article';
import type { TestServer } from './harness';
import { completion, goodAnswer, stepOf, type LlmDouble } from './llmDouble';
import { newClient, waitForTask } from './pipelineHelpers';
import { finished, manualArticle, publish, serverWithModelAndWordPress, wordpressSite } from './publishingHelpers';
import type { WordPressDouble } from './wordpressDouble';

/* The links a model writes to pages of the site: only to the pages the site really has, at their live addresses. */

let t: TestServer;
let wp: WordPressDouble;
let model: LlmDouble;
serverWithModelAndWordPress((started) => ({ t, wp, model } = started));

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe("the model's links to the site", () => {
  it('tells the model the related live pages and keeps no link to a page it guessed', async () => {
    const client = await newClient(t, 100);
    const siteId = await wordpressSite(client, wp.url);
    const task = await publish(client, {
      site_id: siteId,
      article_ids: [await manualArticle(client, 'Compost bins compared', siteId)],
      post_status: 'publish',
    });
    expect((await finished(client, task.data.id)).items.list[0].status).toBe('done');
    const live = wp.posts.find((p) => p.title.raw === 'Compost bins compared')!.link;

    // The model writes its own list of related articles: one it was told of, one it guessed, one outside page.
    const usual = model.fallback;
    model.fallback = (req) =>
      stepOf(req) === 'article'
        ? {
            kind: 'json',
            body: completion(
              `${goodAnswer(req)}\n\n## Related articles\n\n` +
                `- [Compost bins compared](${live})\n- [Compost tea at home](${wp.url}/compost-tea-at-home/)\n` +
                `- [Worm farms](/worm-farms/)\n- [The soil association](https://soil.example/compost)`,
            ),
          }
        : usual(req);
    await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: 'compost for beginners' } });
    const generation = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 1, word_count: 300, images: false },
    });
    expect(generation.code).toBe(200);
    try {
      await waitForTask(client, generation.data.id, 60_000);
    } finally {
      model.fallback = usual;
    }
    const asked = model.chats.filter((c) => stepOf(c) === 'article').at(-1)!;
    const system = asked.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain(`[Compost bins compared](${live})`);
    // Told the site's address, the model knows which of the links it writes are pages of this site.
    expect(system.replaceAll(live, '')).toContain(wp.url);

    const list = await client.get<{ list: { id: number }[] }>('/api/v1/article/list', { task_id: generation.data.id });
    const article = (await client.get<ArticleDetail>('/api/v1/article/detail', { id: list.data.list[0].id })).data;
    expect(article.body).toContain('Compost tea at home');
    expect(hrefs(article.body)).toEqual([live, 'https://soil.example/compost']);
  }, 120_000);

  for (const [language, heading] of [
    ['en', 'Related articles'],
    ['zh-CN', '相关文章'],
  ]) {
    it(`adds the related pages its own "${heading}" list skips to that list, under one heading`, async () => {
      const client = await newClient(t, 100);
      const siteId = await wordpressSite(client, wp.url);
      const titles = [`Compost heaps in winter ${language}`, `Compost sieves for beds ${language}`];
      const task = await publish(client, {
        site_id: siteId,
        article_ids: [await manualArticle(client, titles[0], siteId), await manualArticle(client, titles[1], siteId)],
        post_status: 'publish',
      });
      expect((await finished(client, task.data.id)).items.list.map((i) => i.status)).toEqual(['done', 'done']);
      const [first, second] = titles.map((title) => wp.posts.find((p) => p.title.raw === title)!.link);

      // The model lists one of the two related pages under a heading of its own.
      const usual = model.fallback;
      model.fallback = (req) =>
        stepOf(req) === 'article'
          ? { kind: 'json', body: completion(`${goodAnswer(req)}\n\n## ${heading}\n\n- [${titles[0]}](${first})`) }
          : usual(req);
      await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: 'compost for beginners' } });
      const generation = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
        body: { site_id: siteId, count: 1, word_count: 300, images: false, language },
      });
      expect(generation.code).toBe(200);
      try {
        await waitForTask(client, generation.data.id, 60_000);
      } finally {
        model.fallback = usual;
      }
      const list = await client.get<{ list: { id: number }[] }>('/api/v1/article/list', { task_id: generation.data.id });
      const body = (await client.get<ArticleDetail>('/api/v1/article/detail', { id: list.data.list[0].id })).data.body;
      expect(body.split(`>${heading}</h2>`)).toHaveLength(2);
      const section = body.split(`>${heading}</h2>`)[1].split('<h2')[0];
      expect(hrefs(section)).toEqual([first, second]);
    }, 120_000);
  }
});
