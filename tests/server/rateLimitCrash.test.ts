import { beforeAll, describe, expect, it } from 'vitest';
import { killedServer } from './killedServer';
import { stepOf } from './llmDouble';
import { adminSiteWithKeywords, expectWrittenAndChargedOnce, hasFinished, refuseArticleSteps, type TaskCounts } from './waitingArticles';

/**
 * Kill -9 while 20 articles wait for the model service's limit (it answers 429 with
 * Retry-After to every article step for a while), and an immediate restart on the same data: the
 * waits survive, and every article ends written once and charged once; the steps written before
 * the wait are not asked again. On the embedded database, or on PostgreSQL when TEST_DATABASE_URL
 * is set (a throwaway database; claims lapse after JOB_LEASE_SECONDS there).
 */
const N = 20;

const server = killedServer('waitcrash', {
  WORKER_CONCURRENCY: '8',
  // A Retry-After of 2 s is longer than a call may wait in place: the item goes back to the queue.
  LLM_MAX_RETRY_WAIT_MS: '500',
});
const { call, until } = server;
let limit: { lift(): void };

interface Detail extends TaskCounts {
  items: { list: { keyword: string; status: string; error: string; wait_reason: string }[]; total: number };
}

beforeAll(() => {
  limit = refuseArticleSteps(server.double);
});

describe(`kill -9 while articles wait for the provider's limit (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('loses nothing: the waits survive the restart, every article is written once and charged once', { timeout: 300_000 }, async () => {
    await server.start();
    const keywords = Array.from({ length: N }, (_, i) => `waiting keyword ${String.fromCharCode(97 + i)}`);
    const { token, balanceBefore, siteId } = await adminSiteWithKeywords(call, 'Waits', keywords);
    expect(balanceBefore).toBeGreaterThanOrEqual(N * 10);
    const task = await call<{ id: number }>('POST', '/api/v1/article_task/add', token, {
      site_id: siteId,
      count: N,
      images: false,
      word_count: 300,
    });
    const detail = async (status?: string) =>
      server.saw(
        await call<Detail>('GET', `/api/v1/article_task/detail?id=${task.id}&page_size=100${status ? `&status=${status}` : ''}`, token),
      );

    // Most of the 20 items waiting (outline written, the article step refused), then kill -9.
    const before = await until('15 items waiting', async () => {
      const d = await detail('waiting');
      return d.waiting >= 15 ? d : undefined;
    });
    expect(before.task).toMatchObject({ done: 0, failed: 0 });
    // Each waits for the 429 it was answered, or for the wait it told every caller (Retry-After).
    for (const item of before.items.list) expect(item.wait_reason).toMatch(/429: Rate limit reached|asked every caller to wait/);
    expect(before.items.list.some((i) => /429: Rate limit reached/.test(i.wait_reason))).toBe(true);
    const waitedAtKill = new Set(before.items.list.map((i) => i.keyword));
    await server.kill();

    // Started again at once on the same data, the provider still refusing: nothing failed, nothing lost.
    await server.start();
    const after = await detail();
    expect(after.task).toMatchObject({ done: 0, failed: 0, cancelled: 0 });
    expect(after.queued + after.waiting + after.running).toBe(N);
    await until('the items to wait again after the restart', async () => ((await detail()).waiting >= 10 ? true : undefined));

    // The provider's limit lifts: every article is written.
    limit.lift();
    const finished = await until('the task to finish', async () => {
      const d = await detail();
      return hasFinished(d) ? d : undefined;
    });
    expect(finished.task).toMatchObject({ status: 'completed', total: N, done: N, failed: 0 });

    // Written once and charged once each, whatever the waits and the kill did.
    await expectWrittenAndChargedOnce(call, token, { id: task.id, keywords, balanceBefore, price: 10 });

    // An item that was waiting when the process died kept its outline: it was asked for once.
    const outlines = (keyword: string) =>
      server.double.chats.filter(
        (c) => stepOf(c) === 'outline' && c.messages.some((m) => m.role === 'user' && m.content.includes(`"${keyword}"`)),
      ).length;
    for (const keyword of waitedAtKill) expect(outlines(keyword), keyword).toBe(1);
  });
});
