import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { newClient, siteWithKeywords, startServer, waitForTask } from './pipelineHelpers';
import { completion, englishAnswer, goodAnswer, startLlmDouble, type LlmDouble } from './llmDouble';

let t: TestServer;
let double: LlmDouble;
beforeAll(async () => {
  double = await startLlmDouble();
  // An account's own model service is the loopback double: a private network this server is allowed to call.
  t = await startServer({ PRICE_ARTICLE: '10', PRICE_IMAGE: '2', ALLOW_PRIVATE_TARGETS: '1' });
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

interface Article {
  id: number;
  title: string;
  status: string;
  writer: string;
  kind: string;
  cover_url: string;
  seo_score: number;
  body: string;
  images: { url: string; alt: string }[];
  seo_checks: { id: string; passed: boolean }[];
  faq: { question: string }[];
  keyword: string;
}

describe('generation pipeline with the offline writer', () => {
  it('writes one brief per keyword with its cover, charged for the cover only', async () => {
    const client = await newClient(t, 500);
    const siteId = await siteWithKeywords(client, ['indoor herb garden', 'sourdough starter', 'trail running shoes']);
    const add = await client.call<{ id: number; total: number; item_cost: number; status: string }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 3, word_count: 800, images: true },
    });
    expect(add.code).toBe(200);
    expect(add.data).toMatchObject({ total: 3, item_cost: 12, status: 'running' });

    const task = await waitForTask(client, add.data.id);
    expect(task).toMatchObject({ status: 'completed', done: 3, failed: 0, progress: 100 });

    const list = await client.get<{ list: { id: number; keyword: string; status: string }[]; total: number }>('/api/v1/article/list', {
      task_id: add.data.id,
    });
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((a) => a.keyword).sort()).toEqual(['indoor herb garden', 'sourdough starter', 'trail running shoes']);
    for (const summary of list.data.list) {
      const detail = await client.get<Article>('/api/v1/article/detail', { id: summary.id });
      const a = detail.data;
      expect(a.status).toBe('draft');
      expect(a.writer).toBe('offline');
      expect(a.kind).toBe('brief');
      expect(a.body).toContain('Article brief: not an article');
      expect(a.title.toLowerCase()).toContain(a.keyword);
      // The embedded renderer draws the cover; a title on a gradient illustrates no section.
      expect(a.images).toHaveLength(1);
      expect(a.cover_url).toBe(a.images[0].url);
      expect(a.body).not.toContain('<img ');
      expect(a.faq.length).toBeGreaterThan(0);
      expect(a.seo_score).toBe(0);
      const image = await fetch(t.url + a.cover_url);
      expect(image.status).toBe(200);
      expect(
        Buffer.from(await image.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }

    const points = await client.get<{ balance: number; list: { delta: number; reason: string }[] }>('/api/v1/account/points/list', {
      page_size: 100,
    });
    expect(points.data.balance).toBe(500 - 3 * 12);
    expect(points.data.list.filter((e) => e.reason === 'article_generation').map((e) => e.delta)).toEqual([-10, -10, -10]);
    expect(points.data.list.filter((e) => e.reason === 'image_generation').map((e) => e.delta)).toEqual([-2, -2, -2]);
  });

  it('writes Chinese briefs with Chinese slugs, unique within the site, and refuses a language it cannot plan in (refunded)', async () => {
    const client = await newClient(t, 500);
    const siteId = await siteWithKeywords(client, ['如何选择跑步鞋']);
    const run = async (language: string) => {
      const add = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
        body: { site_id: siteId, keywords: '如何选择跑步鞋', language, images: false, include_written: true },
      });
      expect(add.code).toBe(200);
      return waitForTask(client, add.data.id).then(async (task) => ({
        task,
        list: (await client.get<{ list: { id: number; title: string; slug: string }[] }>('/api/v1/article/list', { task_id: add.data.id }))
          .data.list,
      }));
    };
    const first = await run('zh');
    const second = await run('zh-CN');
    expect(first.list[0].slug).toBe('%e5%a6%82%e4%bd%95%e9%80%89%e6%8b%a9%e8%b7%91%e6%ad%a5%e9%9e%8b');
    expect(second.list[0].slug).toBe(`${first.list[0].slug}-2`);
    expect(first.list[0].title).toMatch(/^如何选择跑步鞋：/);
    expect(second.list[0].title).not.toBe(first.list[0].title);
    const detail = await client.get<Article>('/api/v1/article/detail', { id: first.list[0].id });
    expect(detail.data.body).toContain('文章简报，不是文章');

    const before = (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;
    const french = await run('fr');
    expect(french.task).toMatchObject({ failed: 1, done: 0 });
    const items = await client.get<{ items: { list: { status: string; error: string }[] } }>('/api/v1/article_task/detail', {
      id: french.task.id,
    });
    expect(items.data.items.list[0].error).toMatch(/English \(en\) and Chinese \(zh\) only, not in "fr"/);
    expect((await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance).toBe(before);
  });
});

interface Providers {
  llm_base_url: string;
  llm_api_key_hint: string;
  effective: { writer: string; writer_source: string; images: string; images_source: string };
}

describe("the account's own model service", () => {
  it('is used for its articles instead of the offline writer, with its key kept write-only', async () => {
    const client = await newClient(t, 100);
    const before = await client.get<Providers>('/api/v1/account/provider');
    expect(before.data.effective).toEqual({
      writer: 'offline',
      writer_source: 'embedded',
      images: 'cover-renderer',
      images_source: 'embedded',
    });
    const bad = await client.call('POST', '/api/v1/account/provider/set', { body: { llm_base_url: 'ftp://models.example' } });
    expect(bad.status).toBe(400);
    const set = await client.call<Providers>('POST', '/api/v1/account/provider/set', {
      body: { llm_base_url: double.url, llm_model: 'account-model', llm_api_key: 'sk-account-1234567890' },
    });
    expect(set.data).toMatchObject({
      llm_base_url: double.url,
      llm_api_key_hint: '••••7890',
      effective: { writer: 'account-model', writer_source: 'account' },
    });
    expect(JSON.stringify(set.data)).not.toContain('sk-account');

    const siteId = await siteWithKeywords(client, ['espresso grinder']);
    const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
      body: { site_id: siteId, count: 1, images: false },
    });
    expect(await waitForTask(client, task.data.id)).toMatchObject({ done: 1 });
    const list = await client.get<{ list: { writer: string }[] }>('/api/v1/article/list', { task_id: task.data.id });
    expect(list.data.list[0].writer).toBe('account-model');
    expect(double.chats.some((c) => c.model === 'account-model')).toBe(true);

    const cleared = await client.call<Providers>('POST', '/api/v1/account/provider/set', { body: { llm_base_url: '', llm_api_key: null } });
    expect(cleared.data).toMatchObject({ llm_api_key_hint: '', effective: { writer: 'offline', writer_source: 'embedded' } });
  });

  it('fails an answer in another language than the task asks for, with the reason, and refunds it', async () => {
    const client = await newClient(t, 100);
    await client.call('POST', '/api/v1/account/provider/set', { body: { llm_base_url: double.url, llm_model: 'english-only' } });
    // Asked for Chinese, this model answers in English.
    double.fallback = (req) => ({ kind: 'json', body: completion(englishAnswer(req)) });
    try {
      const siteId = await siteWithKeywords(client, []);
      const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
        body: { site_id: siteId, keywords: '如何选择跑步鞋', language: 'zh', images: false },
      });
      expect(await waitForTask(client, task.data.id)).toMatchObject({ done: 0, failed: 1 });
      const detail = await client.get<{ items: { list: { error: string }[] } }>('/api/v1/article_task/detail', { id: task.data.id });
      expect(detail.data.items.list[0].error).toMatch(
        /The article is not in the language asked for \("zh"\): \d+ % of it is in Chinese characters/,
      );
      expect((await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance).toBe(100);
    } finally {
      double.fallback = (req) => ({ kind: 'json', body: completion(goodAnswer(req)) });
    }
  });

  it('tests a connection with one tiny call, without saving, and says why one fails', async () => {
    const client = await newClient(t, 10);
    double.chats.length = 0;
    const good = await client.call<{ model: string; reply: string; latency_ms: number }>('POST', '/api/v1/account/provider/test', {
      body: { llm_base_url: double.url, llm_model: 'tiny-model', llm_api_key: 'sk-test' },
    });
    expect(good.code).toBe(200);
    expect(good.data).toMatchObject({ model: 'tiny-model', reply: 'ok' });
    expect(double.chats).toHaveLength(1);
    expect(double.chats[0]).toMatchObject({ model: 'tiny-model', max_tokens: 16 });
    expect((await client.get<Providers>('/api/v1/account/provider')).data.llm_base_url).toBe('');

    double.script.push(() => ({ kind: 'json', status: 401, body: { error: { message: 'Incorrect API key provided' } } }));
    const bad = await client.call('POST', '/api/v1/account/provider/test', {
      body: { llm_base_url: double.url, llm_model: 'tiny-model', llm_api_key: 'sk-wrong' },
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/did not answer as expected: .*401: Incorrect API key provided/);
    double.script.push(() => ({ kind: 'json', status: 401, body: { error: { message: 'Incorrect API key provided' } } }));
    const badZh = await client.call('POST', '/api/v1/account/provider/test', {
      body: { llm_base_url: double.url, llm_model: 'tiny-model', llm_api_key: 'sk-wrong' },
      headers: { 'accept-language': 'zh-CN' },
    });
    // The service's own words stay as it sent them; everything around them is the reader's language.
    expect(badZh.msg).toMatch(/^模型服务的应答不符合预期：.* 返回 401：Incorrect API key provided$/);
    const none = await client.call('POST', '/api/v1/account/provider/test', { body: {} });
    expect(none.msg).toMatch(/no model service is configured/);
  });
});
