import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../server/i18n/en.json';
import { startTestServer, type TestServer } from './harness';
import { FAST_JOBS, newClient, siteWithKeywords, waitFor, waitForTask, type Client, type TaskView } from './pipelineHelpers';
import { startLlmDouble, stepOf, type LlmDouble } from './llmDouble';

/**
 * Generation at the pace the provider allows. The double answers like a hosted model:
 * a latency per step and a requests/tokens-a-minute bucket answering 429 in OpenAI's shape.
 */
// Under a busy machine a task of a few articles with waits can take tens of seconds.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });
let t: TestServer;
let double: LlmDouble;
const ENV = { ...FAST_JOBS, WORKER_CONCURRENCY: '32', LLM_MAX_RETRY_WAIT_MS: '1000', PRICE_ARTICLE: '10', ALLOW_PRIVATE_TARGETS: '1' };
beforeAll(async () => {
  double = await startLlmDouble();
  t = await startTestServer({ ...ENV, LLM_BASE_URL: double.url, LLM_MODEL: 'double-model' });
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

interface Pace extends TaskView {
  waiting: number;
  waiting_until: string | null;
  articles_per_minute: number | null;
  estimated_finish: string | null;
}
interface Detail {
  task: Pace;
  waiting: number;
  items: { list: { id: number; keyword: string; status: string; error: string; wait_until: string | null; wait_reason: string }[] };
}
const reset = (limit: LlmDouble['limit'] = null) => {
  Object.assign(double, { limit, refused: [], admitted: [], peakInFlight: 0, latency: {} });
  double.chats.length = 0;
  double.script.length = 0;
};
const addTask = (client: Client, body: Record<string, unknown>) =>
  client.call<Pace>('POST', '/api/v1/article_task/add', { body: { images: false, word_count: 300, ...body } });
const detail = async (client: Client, id: number) => (await client.get<Detail>('/api/v1/article_task/detail', { id })).data;
/** A client whose own model service is the double under a key of its own: its waits are its own. */
async function ownClient(points = 1000) {
  const client = await newClient(t, points);
  await client.call('POST', '/api/v1/account/provider/set', {
    body: { llm_base_url: double.url, llm_api_key: `key-${client.accountId}`, llm_model: 'own-model' },
  });
  return client;
}
const balance = async (client: Client) => (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;

describe('provider limits', () => {
  it('are set per account, and 0, negative or absurd limits are refused with 400', async () => {
    const client = await newClient(t);
    for (const bad of [0, -5, 10_000_000_000, 1.5]) {
      const res = await client.call('POST', '/api/v1/account/provider/set', { body: { limits: { llm_requests_per_minute: bad } } });
      expect(res.status, String(bad)).toBe(400);
    }
    const set = await client.call<{ limits: Record<string, number | null>; effective_limits: Record<string, number | null> }>(
      'POST',
      '/api/v1/account/provider/set',
      {
        body: { limits: { llm_requests_per_minute: 500, llm_tokens_per_minute: 200_000, image_max_concurrency: 2 } },
      },
    );
    expect(set.code).toBe(200);
    expect(set.data.limits).toMatchObject({
      llm_requests_per_minute: 500,
      llm_tokens_per_minute: 200_000,
      llm_max_concurrency: null,
      image_max_concurrency: 2,
    });
    expect(set.data.effective_limits.llm_requests_per_minute).toBe(500);
    const cleared = await client.call<{ limits: Record<string, number | null> }>('POST', '/api/v1/account/provider/set', {
      body: { limits: { llm_requests_per_minute: null } },
    });
    expect(cleared.data.limits).toMatchObject({ llm_requests_per_minute: null, llm_tokens_per_minute: 200_000 });
  });
});

describe('provider limits: bad input', () => {
  it('refuses 0, negative, absurd or non-numeric values of every limit with a 400 naming the field, keeping what was set', async () => {
    const client = await newClient(t);
    await client.call('POST', '/api/v1/account/provider/set', { body: { limits: { llm_requests_per_minute: 120 } } });
    const fields = {
      llm_requests_per_minute: 1_000_000,
      llm_tokens_per_minute: 1_000_000_000,
      llm_max_concurrency: 10_000,
      image_requests_per_minute: 1_000_000,
      image_max_concurrency: 10_000,
    };
    for (const [field, max] of Object.entries(fields)) {
      for (const bad of [0, -1, max + 1, Number.MAX_SAFE_INTEGER, 2.5, '60', true]) {
        const res = await client.call('POST', '/api/v1/account/provider/set', { body: { limits: { [field]: bad } } });
        expect(res.status, `${field} = ${String(bad)}`).toBe(400);
        expect(res.msg, `${field} = ${String(bad)}`).toContain(en.fields[field as keyof typeof en.fields]);
      }
      // The largest accepted is accepted.
      const ok = await client.call<{ limits: Record<string, number | null> }>('POST', '/api/v1/account/provider/set', {
        body: { limits: { [field]: max } },
      });
      expect(ok.status, field).toBe(200);
      expect(ok.data.limits[field]).toBe(max);
    }
    // An unknown limit is refused too, and nothing of a refused call was stored.
    const unknown = await client.call('POST', '/api/v1/account/provider/set', { body: { limits: { llm_requests_per_hour: 5 } } });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('llm_requests_per_hour');
    const now = await client.get<{ limits: Record<string, number | null> }>('/api/v1/account/provider');
    expect(now.data.limits).toMatchObject(fields);
  });
});

describe('a rate limit never fails an article', () => {
  it('learns an unknown limit from 429s and their headers: every article written, charged once', async () => {
    // A provider that tells its limit only when it refuses (told what is left, the throttle
    // would not be refused at all).
    reset({ rpm: 60, burst: 4, quiet: true });
    double.script.length = 0;
    double.latency = { outline: 20, article: 40, faq: 20, meta: 20 };
    const client = await newClient(t, 1000);
    const siteId = await siteWithKeywords(client, ['limit one', 'limit two', 'limit three']);
    const task = await addTask(client, { site_id: siteId, count: 3 });
    expect(await waitForTask(client, task.data.id, 60_000)).toMatchObject({ status: 'completed', done: 3, failed: 0 });
    expect(double.refused.length).toBeGreaterThan(0);
    // Each step asked once per article (nothing asked again after a wait), each article charged once.
    expect(double.chats).toHaveLength(12);
    expect(await balance(client)).toBe(1000 - 3 * 10);
    const done = await client.get<Pace[] extends never ? never : { list: Pace[] }>('/api/v1/article_task/list');
    expect(done.data.list.find((x) => x.id === task.data.id)?.articles_per_minute).toBeGreaterThan(0);
  });

  it("counts the calls made before it knew the limit: a backlog beyond a minute's worth, none refused", async () => {
    // 35 articles ask 140 calls of a 120-a-minute account; the first answers tell the limit while
    // the first calls are still in flight: those count against the minute too.
    reset({ rpm: 120 });
    double.latency = { outline: 200, article: 200, faq: 100, meta: 100 };
    const client = await ownClient();
    const keywords = Array.from({ length: 35 }, (_, i) => `learned budget ${i}`);
    const siteId = await siteWithKeywords(client, keywords);
    const task = await addTask(client, { site_id: siteId, count: keywords.length });
    expect(await waitForTask(client, task.data.id, 90_000)).toMatchObject({ status: 'completed', done: keywords.length, failed: 0 });
    expect(double.admitted).toHaveLength(4 * keywords.length);
    expect(double.refused.length).toBe(0);
  }, 120_000);

  it('uses a known limit up to what it allows: more calls at once than the old fixed 4, none refused', async () => {
    reset({ rpm: 600 });
    double.latency = { outline: 300, article: 600, faq: 300, meta: 300 };
    const client = await newClient(t, 1000);
    // The account's own service (the same double, its own key) with its published limit.
    await client.call('POST', '/api/v1/account/provider/set', {
      body: { llm_base_url: double.url, llm_api_key: 'own-key', llm_model: 'own-model', limits: { llm_requests_per_minute: 600 } },
    });
    const keywords = Array.from({ length: 12 }, (_, i) => `known limit ${i}`);
    const siteId = await siteWithKeywords(client, keywords);
    const task = await addTask(client, { site_id: siteId, count: 12 });
    expect(await waitForTask(client, task.data.id, 60_000)).toMatchObject({ status: 'completed', done: 12, failed: 0 });
    expect(double.refused.length).toBe(0);
    expect(double.peakInFlight).toBeGreaterThan(4);
  }, 120_000);

  it('waits a day when told so in seconds: the task shows the wait; cancelling refunds at once', async () => {
    reset();
    double.script.push(() => ({
      kind: 'json',
      status: 429,
      headers: { 'retry-after': '86400' },
      body: { error: { message: 'quota for today used up', type: 'requests', code: 'rate_limit_exceeded' } },
    }));
    const client = await ownClient();
    const siteId = await siteWithKeywords(client, ['a day away']);
    const task = await addTask(client, { site_id: siteId, count: 1, deadline_hours: 48 });
    const waiting = await waitFor('the item to wait', async () => {
      const d = await detail(client, task.data.id);
      return d.waiting === 1 ? d : undefined;
    });
    const item = waiting.items.list[0];
    expect(item.status).toBe('waiting');
    expect(item.wait_reason).toMatch(/429: quota for today used up/);
    const until = new Date(item.wait_until!.replace(' ', 'T')).getTime();
    expect(until - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(waiting.task).toMatchObject({ status: 'running', waiting: 1, failed: 0 });
    expect(waiting.task.waiting_until).toBe(item.wait_until);
    expect(await balance(client)).toBe(990);
    const cancelled = await client.call<Pace>('POST', '/api/v1/article_task/cancel', { body: { id: task.data.id } });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelled: 1, waiting: 0 });
    expect(await balance(client)).toBe(1000);
  });

  it("fails a wait past the task's deadline (default 24 h), refunded with the reason", async () => {
    reset();
    double.script.push(() => ({
      kind: 'json',
      status: 429,
      headers: { 'retry-after': String(25 * 3600) },
      body: { error: { message: 'come back tomorrow' } },
    }));
    const client = await ownClient();
    const siteId = await siteWithKeywords(client, ['past the deadline']);
    const task = await addTask(client, { site_id: siteId, count: 1 });
    expect(await waitForTask(client, task.data.id)).toMatchObject({ status: 'completed', done: 0, failed: 1 });
    const d = await detail(client, task.data.id);
    expect(d.items.list[0].error).toMatch(/deadline.*429: come back tomorrow/);
    expect(await balance(client)).toBe(1000);
  });

  it('waits until an HTTP-date, keeping the steps already written; and retries a 429 without Retry-After', async () => {
    reset();
    const articleAsked: number[] = [];
    let retryAfter = '';
    const answer = double.fallback;
    double.fallback = (req) => {
      if (stepOf(req) !== 'article' || articleAsked.push(Date.now()) > 1) return answer(req);
      retryAfter = new Date(Date.now() + 8000).toUTCString();
      return { kind: 'json', status: 429, headers: { 'retry-after': retryAfter }, body: { error: { message: 'slow down' } } };
    };
    const client = await ownClient();
    const siteId = await siteWithKeywords(client, ['http date wait']);
    const task = await addTask(client, { site_id: siteId, count: 1 });
    expect(await waitForTask(client, task.data.id)).toMatchObject({ done: 1, failed: 0 });
    double.fallback = answer;
    // The article was asked again no sooner than the date the provider gave.
    expect(articleAsked[1]).toBeGreaterThanOrEqual(Date.parse(retryAfter));
    expect(double.chats.map(stepOf)).toEqual(['outline', 'article', 'article', 'faq', 'meta']);

    reset();
    for (let i = 0; i < 2; i++) double.script.push(() => ({ kind: 'json', status: 429, body: { error: { message: 'busy' } } }));
    const second = await addTask(client, { site_id: await siteWithKeywords(client, ['no retry after']), count: 1 });
    expect(await waitForTask(client, second.data.id)).toMatchObject({ done: 1, failed: 0 });
    expect(await balance(client)).toBe(980);
  });

  it('takes an unreadable Retry-After for none and an HTTP-date already past for now: the article is written, charged once', async () => {
    reset();
    double.script.push(() => ({ kind: 'json', status: 429, headers: { 'retry-after': 'soon' }, body: { error: { message: 'busy' } } }));
    double.script.push(() => ({
      kind: 'json',
      status: 429,
      headers: { 'retry-after': new Date(Date.now() - 60_000).toUTCString() },
      body: { error: { message: 'busy' } },
    }));
    double.script.push(() => ({ kind: 'json', status: 429, headers: { 'retry-after': '-5' }, body: { error: { message: 'busy' } } }));
    const client = await ownClient();
    const task = await addTask(client, { site_id: await siteWithKeywords(client, ['odd retry after']), count: 1 });
    expect(await waitForTask(client, task.data.id)).toMatchObject({ done: 1, failed: 0 });
    expect(double.chats).toHaveLength(4 + 3);
    expect(await balance(client)).toBe(990);
  });

  it('still fails at once what waiting cannot mend (401)', async () => {
    reset();
    double.script.push(() => ({ kind: 'json', status: 401, body: { error: { message: 'Incorrect API key provided' } } }));
    const client = await ownClient();
    const task = await addTask(client, { site_id: await siteWithKeywords(client, ['bad key']), count: 1 });
    expect(await waitForTask(client, task.data.id)).toMatchObject({ done: 0, failed: 1 });
    expect((await detail(client, task.data.id)).items.list[0].error).toMatch(/401: Incorrect API key/);
    expect(await balance(client)).toBe(1000);
  });
});
