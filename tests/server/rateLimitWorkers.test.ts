import { describe, expect, it } from 'vitest';
import { stepOf } from './llmDouble';
import { newClient, siteWithKeywords, waitForTask } from './pipelineHelpers';
import { apiWithThreeWorkers, onPostgres } from './workerProcesses';

/**
 * Three `npm run worker` processes on one PostgreSQL database share one budget of the
 * model service (rate-limiter-flexible's PostgreSQL store): together they stay within its requests
 * a minute. The API runs in this process with WORKERS=0. PostgreSQL only (TEST_DATABASE_URL): the
 * embedded database serves a single process, so there is nothing to share there.
 */
const RPM = 60;
const N = 20;

// The limit is not configured: each worker learns it from the double's x-ratelimit-* headers.
const running = apiWithThreeWorkers('rateLimitWorkers.test.ts', {
  env: { LLM_MAX_RETRY_WAIT_MS: '1000' },
  concurrency: 16,
  prepare: (double) => (double.latency = { outline: 200, article: 400, faq: 200, meta: 200 }),
});

describe.skipIf(!onPostgres)(
  `three worker processes on one PostgreSQL database${onPostgres ? '' : ' (skipped: TEST_DATABASE_URL is not set; the embedded database serves one process)'}`,
  () => {
    it(`stay together within the provider's ${RPM} requests a minute: every article once, charged once`, { timeout: 180_000 }, async () => {
      const { t, double } = running;
      // A minute's worth at once, then one a second: 20 articles ask 80 calls.
      double.limit = { rpm: RPM };
      const client = await newClient(t, 1000);
      const keywords = Array.from({ length: N }, (_, i) => `worker keyword ${String.fromCharCode(97 + i)}`);
      const siteId = await siteWithKeywords(client, keywords);
      const task = await client.call<{ id: number }>('POST', '/api/v1/article_task/add', {
        body: { site_id: siteId, count: N, images: false, word_count: 300 },
      });
      expect(task.code).toBe(200);
      expect(await waitForTask(client, task.data.id, 150_000)).toMatchObject({ status: 'completed', done: N, failed: 0 });

      // Combined, the three processes kept to the bucket: at most 1 % of the calls refused. Each
      // learns the limit from its first answers; the calls it made before then count against it …
      const calls = double.admitted.length + double.refused.length;
      const at = [...double.admitted].sort((a, b) => a - b);
      const t0 = Math.min(at[0], ...double.refused);
      const timeline = (times: number[]) => times.map((x) => ((x - t0) / 1000).toFixed(2)).join(' ');
      expect(double.refused.length, `429s at ${timeline(double.refused)} s; calls admitted at ${timeline(at)} s`).toBeLessThanOrEqual(
        Math.ceil(calls / 100),
      );
      // … and the calls admitted conform to it: in any span, a minute's worth plus the span's refill.
      for (let i = 0; i < at.length; i++) {
        for (let j = i + RPM; j < at.length; j++)
          expect(j - i + 1, `calls ${i}..${j}`).toBeLessThanOrEqual(RPM + 1 + ((at[j] - at[i]) * RPM) / 60_000);
      }
      // Every call admitted once (a refused one is asked again, then admitted).
      expect(at.length).toBe(4 * N);

      // Each step of each article asked once; each article once; each charged once.
      const asked = new Map<string, number>();
      for (const chat of double.chats) {
        const keyword = keywords.find((k) => chat.messages.some((m) => m.role === 'user' && m.content.includes(`"${k}"`)));
        asked.set(`${stepOf(chat)} ${keyword}`, (asked.get(`${stepOf(chat)} ${keyword}`) ?? 0) + 1);
      }
      expect(asked.size).toBe(4 * N);
      const articles = await client.get<{ total: number; list: { keyword: string }[] }>('/api/v1/article/list', {
        task_id: task.data.id,
        page_size: 100,
      });
      expect(articles.data.list.map((a) => a.keyword).sort()).toEqual([...keywords].sort());
      const ledger = await client.get<{ balance: number; list: { delta: number; reference: string | null }[] }>(
        '/api/v1/account/points/list',
        { page_size: 100 },
      );
      expect(ledger.data.balance).toBe(1000 - N * 10);
      const byItem = new Map<string, number>();
      for (const e of ledger.data.list)
        if (e.reference?.startsWith('article_task_item:')) byItem.set(e.reference, (byItem.get(e.reference) ?? 0) + e.delta);
      expect([...byItem.values()]).toEqual(Array(N).fill(-10));
    });
  },
);
