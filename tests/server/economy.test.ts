import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationTaskDetail } from '../../contract/schemas/generationTask';
import type { Quote } from '../../contract/schemas/quote';
import type { TestServer } from './harness';
import { newClient, serverWithLlmDouble, siteWithKeywords, waitFor, waitForTask, type Client } from './pipelineHelpers';
import { eq } from 'drizzle-orm';
import { economyLines } from '../../server/db/schema';
import * as q from '../../server/db/economyBatches';
import { goodAnswer, shortAnswer, stepOf, type ChatRequest, type LlmDouble } from './llmDouble';

/* Economy mode: a task's model calls go through the batch API stage by stage, at the economy price. */

let t: TestServer;
let double: LlmDouble;
beforeAll(async () => {
  ({ t, double } = await serverWithLlmDouble({ BATCH_POLL_SECONDS: '0.2', JOB_LEASE_SECONDS: '2' }));
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

const START = 1000;
const balance = async (client: Client) => (await client.get<{ balance: number }>('/api/v1/account/points/list')).data.balance;
const STAGES = ['outline', 'article', 'faq', 'meta'];

async function economyTask(client: Client, keywords: string[], options: { interactive_fallback?: boolean } = {}) {
  const siteId = await siteWithKeywords(client, keywords);
  const quote = await client.call<Quote>('POST', '/api/v1/article_task/quote', {
    body: { count: keywords.length, images: false, economy: true },
  });
  expect(quote.data).toMatchObject({ per_item: 5, total: 5 * keywords.length });
  const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
    body: { site_id: siteId, count: keywords.length, images: false, economy: true, ...options },
  });
  expect(task.code).toBe(200);
  return { id: task.data.id, quote: quote.data };
}

/** The steps of the lines of each batch made since `from`, in the order they are written. */
const stagesSince = (from: number) =>
  double.batch.batches
    .slice(from)
    .map((b) => STAGES.filter((stage) => b.lines.some((l) => stepOf({ ...l.body, stream: false }) === stage)).join('+'));

describe('economy mode', () => {
  it('writes through one batch per stage, nothing interactive, charged at the economy price', async () => {
    const client = await newClient(t, START);
    const chats = double.chats.length;
    const batches = double.batch.batches.length;
    const { id, quote } = await economyTask(client, ['oolong', 'sencha', 'matcha']);
    expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 3, failed: 0 });
    expect(stagesSince(batches)).toEqual(STAGES);
    expect(double.batch.batches.slice(batches).map((b) => b.lines.length)).toEqual([3, 3, 3, 3]);
    expect(double.chats.length).toBe(chats);
    expect(double.batch.refusedUploads).toEqual([]);
    expect(START - (await balance(client))).toBe(quote.total);
    const articles = await client.get<{ list: { writer: string }[]; total: number }>('/api/v1/article/list', { task_id: id });
    expect(articles.data.total).toBe(3);
    expect(articles.data.list.every((a) => a.writer === 'double-model')).toBe(true);
    // The task's page shows each batch's progress and what the economy price saved: (10 − 5) × 3 articles.
    const detail = await client.get<GenerationTaskDetail>('/api/v1/article_task/detail', { id });
    expect(detail.data.economy?.batches.map(({ step, status, done, failed, total }) => ({ step, status, done, failed, total }))).toEqual(
      STAGES.map((step) => ({ step, status: 'completed', done: 3, failed: 0, total: 3 })),
    );
    expect(detail.data.economy?.saved).toBe(15);
  }, 90_000);

  it('sends a body that came out short back once, as one more line of a batch, and stores the lengthened one', async () => {
    const client = await newClient(t, START);
    const chats = double.chats.length;
    const batches = double.batch.batches.length;
    // The article about genmaicha comes back with 40 % of the asked words; the lengthened one is whole.
    double.batchAnswer = (req) =>
      stepOf(req) === 'article' && req.messages.some((m) => m.content.includes('genmaicha')) ? shortAnswer(req, 0.4) : goodAnswer(req);
    try {
      const { id } = await economyTask(client, ['genmaicha', 'hojicha']);
      expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 2, failed: 0 });
      const steps = double.batch.batches.slice(batches).flatMap((b) => b.lines.map((l) => stepOf({ ...l.body, stream: false })));
      expect(steps.filter((s) => s === 'lengthen')).toHaveLength(1);
      expect(double.chats.length).toBe(chats);
      const articles = await client.get<{ list: { keyword: string; word_count: number }[] }>('/api/v1/article/list', { task_id: id });
      expect(articles.data.list.find((a) => a.keyword === 'genmaicha')?.word_count).toBeGreaterThanOrEqual(700);
    } finally {
      double.batchAnswer = goodAnswer;
    }
  }, 90_000);

  it("shows a batch's answered lines on the task's page while the batch is still in progress", async () => {
    const client = await newClient(t, START);
    double.batch.stepMs = 500;
    double.batch.holdInProgress = true;
    try {
      const { id } = await economyTask(client, ['lapsang', 'keemun', 'yunnan']);
      const running = await waitFor('a batch in progress with lines answered', async () => {
        const detail = await client.get<GenerationTaskDetail>('/api/v1/article_task/detail', { id });
        return detail.data.economy?.batches.find((b) => b.status === 'in_progress' && b.done > 0);
      });
      expect(running).toMatchObject({ step: 'outline', total: 3 });
      expect(running.done).toBeLessThan(3);
      double.batch.holdInProgress = false;
      double.batch.stepMs = 50;
      expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 3 });
    } finally {
      double.batch.holdInProgress = false;
      double.batch.stepMs = 50;
    }
  }, 90_000);

  it("shows a batch's failed lines while it runs, and sends exactly those again in the next batch", async () => {
    const client = await newClient(t, START);
    const batches = double.batch.batches.length;
    const failedIds: string[] = [];
    double.batch.failLine = (line) => {
      if (failedIds.length > 0 || stepOf({ ...line.body, stream: false }) !== 'outline') return false;
      failedIds.push(line.custom_id);
      return true;
    };
    double.batch.stepMs = 500;
    double.batch.holdInProgress = true;
    try {
      const { id } = await economyTask(client, ['bancha', 'gyokuro', 'kabusecha']);
      const running = await waitFor('a batch in progress with a failed line', async () => {
        const detail = await client.get<GenerationTaskDetail>('/api/v1/article_task/detail', { id });
        return detail.data.economy?.batches.find((b) => b.status === 'in_progress' && b.failed > 0);
      });
      expect(running).toMatchObject({ step: 'outline', failed: 1, total: 3 });
      double.batch.holdInProgress = false;
      double.batch.stepMs = 50;
      expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 3, failed: 0 });
      // The line the provider failed, and only it, is the next batch's outline.
      const next = double.batch.batches[batches + 1];
      expect(next.lines.filter((l) => stepOf({ ...l.body, stream: false }) === 'outline').map((l) => l.custom_id)).toEqual(failedIds);
      const detail = await client.get<GenerationTaskDetail>('/api/v1/article_task/detail', { id });
      expect(detail.data.economy?.batches[0]).toMatchObject({ step: 'outline', status: 'completed', done: 2, failed: 1, total: 3 });
    } finally {
      double.batch.failLine = () => false;
      double.batch.holdInProgress = false;
      double.batch.stepMs = 50;
    }
  }, 90_000);

  it('sends a line that errored, and a batch that expired, again in the next batch', async () => {
    const client = await newClient(t, START);
    const batches = double.batch.batches.length;
    let failed = false;
    double.batch.failLine = (line) => !failed && stepOf({ ...line.body, stream: false }) === 'article' && (failed = true);
    double.batch.expireNext = 1;
    try {
      const { id, quote } = await economyTask(client, ['puerh', 'rooibos']);
      expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 2, failed: 0 });
      // The expired outline batch goes again whole; the article line that errored goes in the next batch, with the
      // other article's FAQ: two batches more than the four stages, one for each retry.
      expect(stagesSince(batches)).toEqual(['outline', 'outline', 'article', 'article+faq', 'faq+meta', 'meta']);
      expect(double.batch.batches.slice(batches).map((b) => b.lines.length)).toEqual([2, 2, 2, 2, 2, 1]);
      expect(START - (await balance(client))).toBe(quote.total);
    } finally {
      double.batch.failLine = () => false;
      double.batch.expireNext = 0;
    }
  }, 90_000);

  it('makes the calls a batch left unanswered through the interactive API when the task allows it', async () => {
    const client = await newClient(t, START);
    const chats = double.chats.length;
    const batches = double.batch.batches.length;
    let failed = false;
    double.batch.failLine = (line) => !failed && stepOf({ ...line.body, stream: false }) === 'article' && (failed = true);
    double.batch.expireNext = 1;
    try {
      const { id, quote } = await economyTask(client, ['assam', 'darjeeling'], { interactive_fallback: true });
      expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 2, failed: 0 });
      // The expired outline batch's two outlines and the article line that errored are asked interactively;
      // no stage goes in a second batch.
      expect(stagesSince(batches)).toEqual(STAGES);
      expect(double.batch.batches.slice(batches).map((b) => b.lines.length)).toEqual([2, 2, 2, 2]);
      expect(double.chats.slice(chats).map(stepOf).sort()).toEqual(['article', 'outline', 'outline']);
      // Still at the economy price.
      expect(START - (await balance(client))).toBe(quote.total);
    } finally {
      double.batch.failLine = () => false;
      double.batch.expireNext = 0;
    }
  }, 90_000);

  it('follows its batch again after a restart, and a cancelled task cancels its batch', async () => {
    const client = await newClient(t, START);
    const batches = double.batch.batches.length;
    double.batch.stepMs = 1500;
    try {
      const { id, quote } = await economyTask(client, ['genmaicha', 'hojicha']);
      await waitFor('the outline batch', async () => (double.batch.batches.length > batches ? true : undefined));
      await t.restart();
      double.batch.stepMs = 50;
      expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 2 });
      expect(stagesSince(batches)).toEqual(STAGES);
      expect(START - (await balance(client))).toBe(quote.total);

      double.batch.stepMs = 60_000;
      const before = double.batch.batches.length;
      const second = await economyTask(client, ['kukicha']);
      await waitFor("the second task's batch", async () => (double.batch.batches.length > before ? true : undefined));
      const cancelled = await client.call('POST', '/api/v1/article_task/cancel', { body: { id: second.id } });
      expect(cancelled.code).toBe(200);
      expect(double.batch.batches.at(-1)?.status).toBe('cancelling');
      expect(await balance(client)).toBe(START - quote.total);
    } finally {
      double.batch.stepMs = 50;
    }
  }, 120_000);

  it('queues an item its batch answered while it was still running, instead of leaving it waiting', async () => {
    const client = await newClient(t, START);
    double.batch.stepMs = 60_000;
    try {
      const before = double.batch.batches.length;
      const { id, quote } = await economyTask(client, ['white peony']);
      await waitFor('the outline batch', async () => (double.batch.batches.length > before ? true : undefined));
      // What a run that overlapped the settling leaves: the outline answered and its batch settled, the
      // item back waiting for it after the settle queued the task's waiting items (so not queued).
      const db = t.server.app.ctx.db;
      const [line] = await db.select().from(economyLines).where(eq(economyLines.taskId, id));
      await q.settleBatch(db, line.batchId as number, 'completed');
      await q.settleLines(
        db,
        line.batchId as number,
        { [line.id]: goodAnswer({ ...(line.body as unknown as ChatRequest), stream: false }) },
        {},
        '',
      );
      double.batch.stepMs = 50;
      expect(await waitForTask(client, id, 60_000)).toMatchObject({ status: 'completed', done: 1 });
      expect(START - (await balance(client))).toBe(quote.total);
    } finally {
      double.batch.stepMs = 50;
    }
  }, 120_000);
});
