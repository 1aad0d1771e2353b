import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { ADMIN_PASSWORD } from './harness';
import { waitFor } from './pipelineHelpers';
import { outputOf } from './serverProcess';
import { stepOf, type LlmDouble } from './llmDouble';

/**
 * For the tests that break things while articles wait for the provider's limit (kill -9,
 * a database restart): the double refuses, the wait, and what must hold at the end.
 */

/** The double answers every article step 429 with Retry-After: 2 until `lift()`. */
export function refuseArticleSteps(double: LlmDouble): { lift(): void } {
  let limited = true;
  const answer = double.fallback;
  double.fallback = (req) =>
    limited && stepOf(req) === 'article'
      ? {
          kind: 'json',
          status: 429,
          headers: { 'retry-after': '2' },
          body: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
        }
      : answer(req);
  return { lift: () => (limited = false) };
}

export interface TaskCounts {
  task: { status: string; total: number; done: number; failed: number; cancelled: number };
  queued: number;
  waiting: number;
  running: number;
}

/** Every item of the task has ended (written, failed or cancelled). */
export const hasFinished = (d: TaskCounts) =>
  d.queued === 0 && d.waiting === 0 && d.running === 0 && d.task.done + d.task.failed + d.task.cancelled === d.task.total;

/**
 * Waits minutes (a machine loaded by the other test files is slow); a timeout tells what was last
 * seen and the server process's log.
 */
export const untilOrExplain =
  (child: () => ChildProcess | null, lastSeen: () => unknown) =>
  <T>(what: string, check: () => Promise<T | undefined>) =>
    waitFor(what, check, 180_000).catch((error: Error) => {
      throw new Error(`${error.message}\nlast seen: ${JSON.stringify(lastSeen())}\nserver log: ${outputOf(child())}`);
    });

type Call = <T>(method: string, route: string, token: string | null, body?: unknown) => Promise<T>;

/** Each keyword's article written once, and each item charged `price` once, whatever happened meanwhile. */
export async function expectWrittenAndChargedOnce(
  call: Call,
  token: string,
  task: { id: number; keywords: string[]; balanceBefore: number; price: number },
) {
  const n = task.keywords.length;
  const articles = await call<{ list: { keyword: string }[]; total: number }>(
    'GET',
    `/api/v1/article/list?task_id=${task.id}&page_size=100`,
    token,
  );
  expect(articles.total).toBe(n);
  expect(articles.list.map((a) => a.keyword).sort()).toEqual([...task.keywords].sort());
  const ledger = await call<{ balance: number; list: { delta: number; reference: string | null }[] }>(
    'GET',
    '/api/v1/account/points/list?page_size=100',
    token,
  );
  expect(ledger.balance).toBe(task.balanceBefore - n * task.price);
  const byItem = new Map<string, number>();
  for (const e of ledger.list)
    if (e.reference?.startsWith('article_task_item:')) byItem.set(e.reference, (byItem.get(e.reference) ?? 0) + e.delta);
  expect([...byItem.values()]).toEqual(Array(n).fill(-task.price));
}

/**
 * The administrator signed in, with a new site holding `keywords`: the token, the balance before
 * any task, and the site's id.
 */
export async function adminSiteWithKeywords(call: Call, siteName: string, keywords: string[]) {
  const token = (await call<{ token: string }>('POST', '/api/v1/user/login', null, { username: 'admin', password: ADMIN_PASSWORD })).token;
  const balanceBefore = (await call<{ balance: number }>('GET', '/api/v1/account/points/list', token)).balance;
  const site = await call<{ id: number }>('POST', '/api/v1/site/add', token, {
    name: siteName,
    url: 'https://example.com',
    type: 'export',
  });
  await call('POST', '/api/v1/site/keyword/add', token, { site_id: site.id, keywords: keywords.join('\n') });
  return { token, balanceBefore, siteId: site.id };
}
