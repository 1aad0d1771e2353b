import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { createAccount } from '../server/domain/access/accounts';
import { startSession } from '../server/domain/access/sessions';
import { articleTasks } from '../server/db/schema';
import { tasksReadyToSend } from '../server/db/economyBatches';
import { MAX_MISSES } from '../server/domain/generation/economy';
import { startLlmDouble, stepOf } from '../tests/server/llmDouble';
import { median, ms, post, tempDataDir, type BenchRow, type BenchSection } from './lib';

/**
 * An economy task of ECONOMY_ARTICLES articles (default 1,000) against the loopback batch double:
 * how many batches each stage took, whether anything was lost or charged twice, and whether the
 * charge equals the quote.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function measure(n: number, log: (line: string) => void): Promise<BenchRow[]> {
  const double = await startLlmDouble();
  double.batch.stepMs = 200;
  const dataDir = tempDataDir();
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONSOLE_DIR: '',
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: 'bench-admin-password',
      WELCOME_POINTS: String(100 * n),
      JOB_POLL_SECONDS: '0.5',
      LLM_BASE_URL: double.url,
      LLM_MODEL: 'double',
      PRICE_ARTICLE: '10',
      BATCH_POLL_SECONDS: '0.5',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    }),
    { logger: false },
  );
  try {
    const ctx = server.app.ctx;
    const account = await createAccount(ctx, { username: `economy${Date.now()}`, password: 'bench-password', roles: ['master'] });
    const { token } = await startSession(ctx, account.id, { ip: null, userAgent: 'bench' });
    const site = await post<{ id: number }>(server, token, '/api/v1/site/add', {
      name: 'Economy',
      url: 'https://bench.example',
      type: 'export',
    });
    const keywords = Array.from({ length: n }, (_, i) => `economy keyword ${i}`).join('\n');
    await post(server, token, '/api/v1/site/keyword/add', { site_id: site.id, keywords });
    const quote = await post<{ total: number }>(server, token, '/api/v1/article_task/quote', { count: n, images: false, economy: true });
    const started = performance.now();
    const task = await post<{ id: number }>(server, token, '/api/v1/article_task/add', {
      site_id: site.id,
      count: n,
      images: false,
      economy: true,
    });
    let row: typeof articleTasks.$inferSelect;
    // What each poll asks (are all of a task's items at their stage?), timed as the task runs.
    const checks: number[] = [];
    for (;;) {
      [row] = await ctx.db.select().from(articleTasks).where(eq(articleTasks.id, task.id));
      if (row.done + row.failed >= n) break;
      const before = performance.now();
      await tasksReadyToSend(ctx.db, MAX_MISSES);
      checks.push(performance.now() - before);
      await new Promise((r) => setTimeout(r, 200));
    }
    const wall = performance.now() - started;
    log(`${n} economy articles in ${ms(wall)}`);
    // The charges, item by item: an item debited more than once (net of refunds) was charged twice.
    const [ledger] = rowsOf<{ charged: number; twice: number }>(
      await ctx.db.execute(sql`
        with per_item as (
          select l.reference, -sum(l.delta) as net, count(*) filter (where l.delta < 0 and l.reason = 'article_generation') as debits
          from points_ledger l join article_task_items i on l.reference = 'article_task_item:' || i.id
          where i.task_id = ${task.id} group by l.reference
        )
        select coalesce(sum(net), 0)::int as charged, count(*) filter (where debits > 1)::int as twice from per_item`),
    );
    const stages = new Map<string, number>();
    for (const b of double.batch.batches) {
      const steps = [...new Set(b.lines.map((l) => stepOf({ ...l.body, stream: false })))].join('+');
      stages.set(steps, (stages.get(steps) ?? 0) + 1);
    }
    return [
      { what: 'articles', value: String(n), note: `${row.done} done, ${row.failed} failed` },
      ...[...stages].map(([stage, count]) => ({ what: `batches: ${stage}`, value: String(count) })),
      { what: 'lost', value: String(n - row.done), note: 'items not done' },
      { what: 'charged twice', value: String(ledger.twice), note: 'items debited more than once' },
      { what: 'charge vs quote', value: `${ledger.charged} / ${quote.total}`, note: 'points charged net of refunds / quoted' },
      {
        what: "a poll's stage check",
        value: `${ms(median(checks))}`,
        note: `median of ${checks.length} while the task ran, at most ${ms(Math.max(...checks))}`,
      },
      { what: 'wall time', value: ms(wall), note: `add to last item done; batch double ${double.batch.stepMs} ms per status` },
    ];
  } finally {
    await server.close();
    await double.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const economy: BenchSection = {
  name: 'economy',
  title: `Economy mode: one task through the batch API double (ECONOMY_ARTICLES, default 1000)`,
  run: (log) => measure(Number(process.env.ECONOMY_ARTICLES ?? 1000), log),
};
