import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { FAST_JOBS, newClient, siteWithKeywords, waitForTask } from './pipelineHelpers';
import { startLlmDouble, stepOf, type ChatRequest, type LlmDouble } from './llmDouble';

/**
 * Streamed answers (LLM_STREAM=1, server-sent events): the double, past its requests a
 * minute and its tokens a minute, answers 429 to streamed calls as OpenAI does (a JSON error, not
 * a stream). No article fails on it; each is written once and charged once.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });
let t: TestServer;
let double: LlmDouble;
beforeAll(async () => {
  double = await startLlmDouble();
  double.latency = { outline: 30, article: 60, faq: 30, meta: 30 };
  t = await startTestServer({
    ...FAST_JOBS,
    WORKER_CONCURRENCY: '16',
    LLM_STREAM: '1',
    LLM_MAX_RETRY_WAIT_MS: '1000',
    PRICE_ARTICLE: '10',
    LLM_BASE_URL: double.url,
    LLM_MODEL: 'double-model',
  });
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

/** What the double counts against tokens a minute for a call (as it does when admitting it). */
const tokensOf = (chat: ChatRequest) => Math.ceil(chat.messages.reduce((n, m) => n + m.content.length, 0) / 4) + (chat.max_tokens ?? 0);

/** Adds a task of `n` keywords and waits for it: each article written once, each step asked once, each charged once. */
async function runTask(prefix: string, n: number) {
  Object.assign(double, { refused: [], refusedBy: { requests: 0, tokens: 0 } });
  double.chats.length = 0;
  const client = await newClient(t, 1000);
  const keywords = Array.from({ length: n }, (_, i) => `${prefix} ${i}`);
  const siteId = await siteWithKeywords(client, keywords);
  const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
    body: { site_id: siteId, count: n, images: false, word_count: 300 },
  });
  expect(task.code).toBe(200);
  expect(await waitForTask(client, task.data.id, 90_000)).toMatchObject({ status: 'completed', done: n, failed: 0 });
  expect(double.chats.every((c) => c.stream)).toBe(true);

  // Each step of each article answered once: nothing asked again after a wait.
  const asked = new Map<string, number>();
  for (const chat of double.chats) {
    const keyword = keywords.find((k) => chat.messages.find((m) => m.role === 'user')?.content.includes(`"${k}"`));
    const key = `${stepOf(chat)} ${keyword}`;
    asked.set(key, (asked.get(key) ?? 0) + 1);
  }
  expect(asked.size).toBe(4 * n);
  expect([...asked.values()].every((x) => x === 1)).toBe(true);

  const articles = await client.get<{ total: number; list: { keyword: string }[] }>('/api/v1/article/list', {
    task_id: task.data.id,
    page_size: 100,
  });
  expect(articles.data.list.map((a) => a.keyword).sort()).toEqual([...keywords].sort());
  // Charged once each: the ledger nets one price per item.
  const ledger = await client.get<{ balance: number; list: { delta: number; reference: string | null }[] }>('/api/v1/account/points/list', {
    page_size: 100,
  });
  expect(ledger.data.balance).toBe(1000 - n * 10);
  const net = new Map<string, number>();
  for (const e of ledger.data.list)
    if (e.reference?.startsWith('article_task_item:')) net.set(e.reference, (net.get(e.reference) ?? 0) + e.delta);
  expect([...net.values()]).toEqual(Array(n).fill(-10));
  return double.chats.reduce((sum, c) => sum + tokensOf(c), 0);
}

// Small buckets the throttle does not know in advance (it learns the published limits from the
// headers, not the buckets' size): 429s on each, over in seconds. The providers tell their limits
// only when they refuse (told what is left, the throttle would not be refused at all).
describe('streamed answers under a requests or tokens a minute limit', () => {
  it('no article fails on a 429 to a streamed call past the requests a minute', async () => {
    // Four articles start at once; the bucket holds 3 requests and refills 4 a second.
    double.limit = { rpm: 240, burst: 3, quiet: true };
    await runTask('streamed requests', 4);
    expect(double.refusedBy.requests).toBeGreaterThan(0);
  });

  it('no article fails on a 429 to a streamed call past the tokens a minute', async () => {
    // Four outlines at once ask about 6,000 tokens; the bucket holds 4,000 and refills 4,000 a second.
    double.limit = { tpm: 240_000, tokenBurst: 4000, quiet: true };
    const tokens = await runTask('streamed tokens', 4);
    expect(tokens).toBeGreaterThan(16_000);
    expect(double.refusedBy.tokens).toBeGreaterThan(0);
  });
});
