import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { RunningServer } from '../server/server';
import { articleTasks } from '../server/db/schema';
import { startLlmDouble, type LlmDouble } from '../tests/server/llmDouble';
import {
  post,
  root,
  signedInMaster,
  tempDataDir,
  throwawayPostgres,
  withInProcessServer,
  WORKING_ENV,
  type BenchRow,
  type BenchSection,
} from './lib';

/**
 * Bulk generation at the pace the model provider allows. The loopback double answers
 * like a hosted model (article step 8 s, outline, FAQ and meta 1.5 s each; past its requests a
 * minute, 429 with Retry-After and x-ratelimit-* headers); each run prints its wall time against
 * its floor and the articles failed. `BENCH_ONLY=ratelimit npm run bench` runs this section alone.
 */
const LATENCY = { outline: 1500, article: 8000, faq: 1500, meta: 1500 };
const CHAIN_MS = 12_500;

const withServer = <T>(
  env: Record<string, string>,
  databaseUrl: string | null,
  run: (server: RunningServer, token: string) => Promise<T>,
) =>
  withInProcessServer({ ...WORKING_ENV, SECRET_KEY: 'b'.repeat(64), ...env }, databaseUrl, async (server) =>
    run(server, (await signedInMaster(server, 'bench')).token),
  );

/** Adds a task of `n` articles and waits until every item is finished: wall ms and failed items. */
async function runTask(server: RunningServer, token: string, n: number, label: string) {
  const site = await post<{ id: number }>(server, token, '/api/v1/site/add', {
    name: 'Bench',
    url: 'https://bench.example',
    type: 'export',
  });
  const keywords = Array.from({ length: n }, (_, i) => `${label} keyword ${i}`).join('\n');
  const started = performance.now();
  const task = await post<{ id: number }>(server, token, '/api/v1/article_task/add', {
    site_id: site.id,
    keywords,
    images: false,
    word_count: 1000,
  });
  for (;;) {
    const [row] = await server.app.ctx.db.select().from(articleTasks).where(eq(articleTasks.id, task.id));
    if (row.done + row.failed >= n) return { ms: performance.now() - started, failed: row.failed };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The floor of `calls` through a bucket of a minute's worth of `rpm`: the chain, or the limit's refill and the last step. */
const floorMs = (calls: number, rpm: number) => Math.max(CHAIN_MS, calls > rpm ? ((calls - rpm) / rpm) * 60_000 + LATENCY.meta : 0);

const row = (what: string, ms: number, floor: number, failed: number, goal: number, note: string): BenchRow => ({
  what,
  value: `${(ms / 1000).toFixed(1)} s / ${(floor / 1000).toFixed(1)} s = ${(ms / floor).toFixed(2)}×`,
  note: `${failed} failed; goal ≤ ${goal}× and 0 failed: ${ms / floor <= goal && failed === 0 ? 'met' : 'NOT met'}; ${note}`,
});

async function scenarios(label: string, databaseUrl: string | null, double: LlmDouble, log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const llm = { LLM_BASE_URL: double.url, LLM_MODEL: 'double' };
  Object.assign(double, { limit: { rpm: 300 }, latency: LATENCY, refused: [], peakInFlight: 0 });
  await withServer({ ...llm, LLM_REQUESTS_PER_MINUTE: '300' }, databaseUrl, async (server, token) => {
    const r = await runTask(server, token, 24, `${label} known`);
    log(
      `${label}: 24 articles at 300 rpm in ${(r.ms / 1000).toFixed(1)} s, ${double.peakInFlight} calls at most at once, ${double.refused.length} refused`,
    );
    rows.push(
      row(
        `${label}: 24 articles, 300 rpm configured, 8 s article step`,
        r.ms,
        CHAIN_MS,
        r.failed,
        1.3,
        `${double.peakInFlight} calls at once at most, ${double.refused.length} answered 429`,
      ),
    );
  });
  Object.assign(double, { limit: { rpm: 20 }, latency: LATENCY, refused: [], peakInFlight: 0 });
  await withServer(llm, databaseUrl, async (server, token) => {
    const r = await runTask(server, token, 10, `${label} unknown`);
    log(`${label}: 10 articles at 20 rpm (not configured) in ${(r.ms / 1000).toFixed(1)} s, ${double.refused.length} refused`);
    rows.push(
      row(
        `${label}: 10 articles, 20 rpm not configured`,
        r.ms,
        floorMs(40, 20),
        r.failed,
        1.2,
        `learned from the answers; ${double.refused.length} answered 429`,
      ),
    );
    // The same server a minute later, the provider's minute whole again (it says so on every
    // answer): the batch may use it from its first second, as the first one did.
    await new Promise((resolve) => setTimeout(resolve, 61_000));
    const refusedBefore = double.refused.length;
    const again = await runTask(server, token, 10, `${label} again`);
    const refused = double.refused.length - refusedBefore;
    log(`${label}: 10 more articles a minute later in ${(again.ms / 1000).toFixed(1)} s, ${refused} refused`);
    rows.push(
      row(
        `${label}: 10 more articles a minute later, same server`,
        again.ms,
        floorMs(40, 20),
        again.failed,
        1.25,
        `the limit known, the provider's minute whole again; ${refused} answered 429`,
      ),
    );
  });
  return rows;
}

/** Three `npm run worker` processes on one PostgreSQL database, the API in this process (WORKERS=0). */
async function threeWorkers(adminUrl: string, double: LlmDouble, log: (line: string) => void): Promise<BenchRow> {
  const database = await throwawayPostgres(adminUrl);
  const children: ChildProcess[] = [];
  try {
    Object.assign(double, { limit: { rpm: 600 }, latency: LATENCY, refused: [], admitted: [], peakInFlight: 0 });
    const env = {
      LLM_BASE_URL: double.url,
      LLM_MODEL: 'double',
      LLM_REQUESTS_PER_MINUTE: '600',
      JOB_POLL_SECONDS: '0.5',
      LOG_LEVEL: 'error',
      SECRET_KEY: 'b'.repeat(64),
      DATABASE_URL: database.url,
      WORKER_CONCURRENCY: '100',
    };
    return await withServer({ ...env, WORKERS: '0' }, database.url, async (server, token) => {
      for (let i = 0; i < 3; i++) {
        children.push(
          spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/worker.ts'], {
            cwd: root,
            env: { ...process.env, ...env, DATA_DIR: tempDataDir() },
            stdio: 'ignore',
          }),
        );
      }
      await new Promise((r) => setTimeout(r, 8000)); // the workers start
      const r = await runTask(server, token, 200, 'three workers');
      log(`PostgreSQL: 200 articles through three workers at 600 rpm in ${(r.ms / 1000).toFixed(1)} s, ${double.refused.length} refused`);
      return row(
        'PostgreSQL: 200 articles, three worker processes, 600 rpm',
        r.ms,
        floorMs(800, 600),
        r.failed,
        1.2,
        `one budget in PostgreSQL; ${double.refused.length} of ${double.admitted.length + double.refused.length} calls answered 429`,
      );
    });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await database.drop();
  }
}

export const ratelimit: BenchSection = {
  name: 'ratelimit',
  title: 'Generation at the pace the provider allows (double: 8 s article step, 1.5 s others; 429 past its limit)',
  async run(log) {
    const double = await startLlmDouble();
    try {
      const rows = await scenarios('PGlite', null, double, log);
      if (process.env.DATABASE_URL) {
        const database = await throwawayPostgres(process.env.DATABASE_URL);
        try {
          rows.push(...(await scenarios('PostgreSQL', database.url, double, log)));
        } finally {
          await database.drop();
        }
        rows.push(await threeWorkers(process.env.DATABASE_URL, double, log));
      } else {
        rows.push({ what: 'PostgreSQL: 200 articles through three workers at 600 rpm', value: 'skipped', note: 'needs DATABASE_URL' });
      }
      return rows;
    } finally {
      await double.close();
    }
  },
};
