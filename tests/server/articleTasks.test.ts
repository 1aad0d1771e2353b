import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer as startRawServer } from '../../server/server';
import type { TestServer } from './harness';
import { newClient, serverWithLlmDouble, siteWithKeywords, waitFor, waitForTask, type Client, type TaskView } from './pipelineHelpers';
import { completion, stepOf, type LlmDouble } from './llmDouble';

let t: TestServer;
let double: LlmDouble;
beforeAll(async () => {
  ({ t, double } = await serverWithLlmDouble({ JOB_LEASE_SECONDS: '2' }));
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

interface Detail {
  task: TaskView;
  queued: number;
  running: number;
  items: { list: { id: number; keyword: string; status: string; error: string; article_id: number | null }[]; total: number };
}

const addTask = (client: Client, body: Record<string, unknown>) =>
  client.call<TaskView & { item_cost: number }>('POST', '/api/v1/article_task/add', { body: { images: false, ...body } });
const detail = (client: Client, id: number) => client.get<Detail>('/api/v1/article_task/detail', { id });
const balance = async (client: Client) => (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;
const articlesOf = async (client: Client, taskId: number) =>
  (
    await client.get<{ list: { id: number; keyword: string; writer: string }[]; total: number }>('/api/v1/article/list', {
      task_id: taskId,
      page_size: 100,
    })
  ).data;

describe('generation tasks', () => {
  it('writes with the configured model, and a failed item is refunded and can be retried', async () => {
    const client = await newClient(t, 100);
    const siteId = await siteWithKeywords(client, ['alpha keyword', 'beta keyword']);
    // The first outline request gets garbage: that item fails with the reason.
    double.script.push((req) => (stepOf(req) === 'outline' ? { kind: 'json', body: completion('I cannot help with that.') } : undefined));
    const task = await addTask(client, { site_id: siteId, count: 2 });
    expect(task.code).toBe(200);
    const finished = await waitForTask(client, task.data.id);
    const items = (await detail(client, task.data.id)).data.items.list;
    // A failure says why each item failed.
    const errors = JSON.stringify(items.map((i) => i.error).filter(Boolean));
    expect(finished, `the items' errors: ${errors}`).toMatchObject({ status: 'completed', done: 1, failed: 1 });
    const failedItem = items.find((i) => i.status === 'failed');
    expect(failedItem?.error).toMatch(/outline answer is not \{"title", "sections"/);
    expect(await balance(client)).toBe(90);

    const retry = await client.call<TaskView>('POST', '/api/v1/article_task/retry_item', { body: { id: failedItem?.id } });
    expect(retry.data).toMatchObject({ status: 'running', failed: 0 });
    expect(await waitForTask(client, task.data.id)).toMatchObject({ status: 'completed', done: 2, failed: 0 });
    const articles = await articlesOf(client, task.data.id);
    expect(articles.total).toBe(2);
    expect(articles.list.every((a) => a.writer === 'double-model')).toBe(true);
    expect(await balance(client)).toBe(80);

    const again = await client.call('POST', '/api/v1/article_task/retry_item', { body: { id: failedItem?.id } });
    expect([again.status, again.msg]).toEqual([400, 'Only a failed item can be retried; this one is done']);
  });

  it('pauses, resumes and cancels', async () => {
    const client = await newClient(t, 1000);
    const siteId = await siteWithKeywords(client, ['k one', 'k two', 'k three', 'k four', 'k five', 'k six']);
    double.gate.closed = true;
    const task = await addTask(client, { site_id: siteId, count: 4 });
    await waitFor('two items running', async () => ((await detail(client, task.data.id)).data.running === 2 ? true : undefined));
    const paused = await client.call<TaskView>('POST', '/api/v1/article_task/pause', { body: { id: task.data.id } });
    expect(paused.data.status).toBe('paused');
    double.gate.open();
    // The two items being written finish; the waiting two stay waiting while the task is paused.
    const whilePaused = await waitFor('running items to finish', async () => {
      const d = (await detail(client, task.data.id)).data;
      return d.running === 0 && d.task.done === 2 ? d : undefined;
    });
    expect(whilePaused).toMatchObject({ queued: 2, task: { status: 'paused' } });
    const resumed = await client.call<TaskView>('POST', '/api/v1/article_task/resume', { body: { id: task.data.id } });
    expect(resumed.data.status).toBe('running');
    expect(await waitForTask(client, task.data.id)).toMatchObject({ status: 'completed', done: 4 });

    double.gate.closed = true;
    const second = await addTask(client, { site_id: siteId, keyword_ids: undefined, keywords: 'c one\nc two\nc three\nc four' });
    await waitFor('two items running', async () => ((await detail(client, second.data.id)).data.running === 2 ? true : undefined));
    const cancelled = await client.call<TaskView>('POST', '/api/v1/article_task/cancel', { body: { id: second.data.id } });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelled: 2 });
    double.gate.open();
    expect(await waitForTask(client, second.data.id)).toMatchObject({ status: 'cancelled', done: 2, cancelled: 2 });
    expect(await balance(client)).toBe(1000 - 6 * 10);

    const resumeCancelled = await client.call('POST', '/api/v1/article_task/resume', { body: { id: second.data.id } });
    expect([resumeCancelled.status, resumeCancelled.msg]).toEqual([400, 'The task is cancelled; only a paused task can be resumed']);
    const list = await client.get<{ list: TaskView[]; total: number }>('/api/v1/article_task/list');
    expect(list.data.list.map((x) => [x.id, x.status, x.progress])).toEqual([
      [second.data.id, 'cancelled', 100],
      [task.data.id, 'completed', 100],
    ]);
  });

  it('leaves out a keyword that already has an article or one on its way, unless asked, and names it', async () => {
    const client = await newClient(t, 1000);
    const siteId = await siteWithKeywords(client, ['tea one', 'tea two', 'tea three']);
    const first = await addTask(client, { site_id: siteId, keywords: 'tea one' });
    expect(first.data).toMatchObject({ total: 1, skipped: [] });
    await waitForTask(client, first.data.id);

    double.gate.closed = true;
    const second = await addTask(client, { site_id: siteId, keywords: 'tea one\ntea two' });
    expect(second.data).toMatchObject({ total: 1, skipped: ['tea one'] });
    // `tea two` is on its way: neither a pasted list nor the site's unused keywords take it again.
    const third = await addTask(client, { site_id: siteId, keywords: 'TEA ONE\ntea two' });
    expect([third.status, third.msg]).toEqual([
      400,
      'Every keyword already has an article on this site, or one on its way: tea one, tea two. Ask to write them again (include written keywords) for new articles.',
    ]);
    const unused = await addTask(client, { site_id: siteId, count: 1 });
    expect(unused.data).toMatchObject({ total: 1, skipped: [] });
    expect((await detail(client, unused.data.id)).data.items.list.map((item) => item.keyword)).toEqual(['tea three']);
    double.gate.open();
    await waitForTask(client, second.data.id);
    await waitForTask(client, unused.data.id);

    const again = await addTask(client, { site_id: siteId, keywords: 'tea one', include_written: true });
    expect(again.data).toMatchObject({ total: 1, skipped: [] });
    await waitForTask(client, again.data.id);
    expect((await client.get<{ total: number }>('/api/v1/article/list', { site_id: siteId })).data.total).toBe(4);
    expect(await balance(client)).toBe(1000 - 4 * 10);
  });

  it("names a task given no name in its starter's language", async () => {
    const client = await newClient(t, 100);
    const siteId = await siteWithKeywords(client, ['oolong tea', 'green tea', 'white tea']);
    const started = async (language: string, keywords: string) =>
      (
        await client.call<{ name: string }>('POST', '/api/v1/article_task/add', {
          body: { site_id: siteId, keywords, images: false, include_written: true },
          headers: { 'accept-language': language },
        })
      ).data.name;
    expect(await started('zh-CN', 'oolong tea\ngreen tea\nwhite tea')).toBe('Test site：oolong tea 及另外 2 个关键词');
    expect(await started('en', 'oolong tea\ngreen tea')).toBe('Test site: oolong tea and 1 more');
    expect(await started('zh-CN', 'white tea')).toBe('Test site：white tea');
  });

  it('refuses what it cannot do, with the reason', async () => {
    const client = await newClient(t, 25);
    const other = await newClient(t, 1000);
    const siteId = await siteWithKeywords(client, ['one', 'two', 'three']);
    const poor = await addTask(client, { site_id: siteId, count: 3 });
    expect([poor.status, poor.code]).toEqual([200, 100146]);
    expect(poor.msg).toMatch(/this task \(3 article\(s\) × 10 points\) costs 30 points and your balance is 25/);

    const foreign = await addTask(other, { site_id: siteId, count: 1 });
    expect([foreign.status, foreign.code]).toEqual([404, 404]);
    const tooMany = await addTask(client, { site_id: siteId, count: 4 });
    expect([tooMany.status, tooMany.msg]).toEqual([400, 'Count: the site has 3 unused keyword(s), fewer than 4; add keywords first']);
    const huge = await addTask(client, { site_id: siteId, keywords: Array.from({ length: 10_001 }, (_, i) => `kw ${i}`).join('\n') });
    expect([huge.status, huge.msg]).toEqual([400, 'Keywords: 10,001 lines; at most 10,000 per request, split the list']);
    const wrongPrompt = await addTask(client, { site_id: siteId, count: 1, prompt_ids: { article: 999999 } });
    expect([wrongPrompt.status, wrongPrompt.msg]).toEqual([404, 'No prompt with id 999999']);
    const badLength = await addTask(client, { site_id: siteId, count: 1, word_count: 50 });
    expect(badLength.status).toBe(400);
    expect(badLength.msg).toMatch(/^Word count must be at least/);
    const notMine = await other.get('/api/v1/article_task/detail', { id: 1 });
    expect(notMine.status).toBe(404);
  });

  it('survives a crash mid-task: the work resumes on restart and no article is written twice', async () => {
    const client = await newClient(t, 1000);
    const siteId = await siteWithKeywords(client, ['crash one', 'crash two', 'crash three']);
    double.gate.closed = true;
    const task = await addTask(client, { site_id: siteId, count: 3 });
    await waitFor('items running', async () => ((await detail(client, task.data.id)).data.running === 2 ? true : undefined));

    // Stop everything while two items are half written, and start again on the same data.
    await t.server.close();
    double.gate.open();
    const restarted = await startRawServer(t.config, { logger: false });
    // The harness closes whatever server it holds; it holds the new one from here.
    Object.assign(t.server, { close: restarted.close, app: restarted.app });
    const again = { ...client, call: (m: string, p: string, o = {}) => fetchCall(restarted.url, client.token, m, p, o) } as Client;
    again.get = (p, q = {}) => again.call('GET', `${p}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);

    expect(await waitForTask(again, task.data.id)).toMatchObject({ status: 'completed', done: 3, failed: 0 });
    const articles = await articlesOf(again, task.data.id);
    expect(articles.total).toBe(3);
    expect(new Set(articles.list.map((a) => a.keyword))).toEqual(new Set(['crash one', 'crash two', 'crash three']));
    // Each interrupted claim was refunded before it ran again: three articles cost three prices.
    expect(await balance(again)).toBe(1000 - 3 * 10);
  });
});

async function fetchCall(base: string, token: string, method: string, path: string, options: { body?: unknown }) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(options.body ? { 'content-type': 'application/json' } : {}) },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  return { status: res.status, code: json.code, msg: json.msg, data: json.data, headers: res.headers } as never;
}
