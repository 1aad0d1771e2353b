import { sql } from 'drizzle-orm';
import { createAccount } from '../server/domain/access/accounts';
import { startSession } from '../server/domain/access/sessions';
import { median, onEachDatabase, p95, withInProcessServer, type BenchRow, type BenchSection } from './lib';

const LEDGER_ROWS = 1_000_000;
const ARTICLES = 100_000;
const ACCOUNTS = 100;
const RUNS = 100;

/**
 * The dashboard's aggregate route over 1,000,000 ledger rows of 100 accounts and
 * 100,000 articles, spread over the last 120 days: an account owner's figures (the busiest
 * account: a tenth of the ledger and every article) and the operator's whole installation.
 */
async function measure(label: string, databaseUrl: string | null, log: (line: string) => void): Promise<BenchRow[]> {
  return withInProcessServer({ WORKERS: '0' }, databaseUrl, async (server) => {
    const ctx = server.app.ctx;
    const ids: number[] = [];
    for (let i = 0; i < ACCOUNTS; i++)
      ids.push((await createAccount(ctx, { username: `dash${Date.now()}_${i}`, password: 'bench-password', roles: ['master'] })).id);
    const owner = ids[0];
    const { token } = await startSession(ctx, owner, { ip: null, userAgent: 'bench' });
    const admin = (await ctx.db.execute(sql`select id from accounts where username = 'admin'`)) as unknown as { rows: { id: number }[] };
    const { token: adminToken } = await startSession(ctx, admin.rows[0].id, { ip: null, userAgent: 'bench' });
    const site = (
      (await ctx.db.execute(
        sql`insert into sites (account_id, name, url, type) values (${owner}, 'Bench', 'https://bench.example', 'export') returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0].id;
    const started = performance.now();
    // A tenth of the rows belong to the owner; the rest to the other accounts in turn.
    await ctx.db.execute(sql`
      insert into points_ledger (account_id, delta, balance_after, reason, reference, created_at)
      select case when n % 10 = 0 then ${owner}::int else ${ids[1]}::int + (n % ${ACCOUNTS - 1}) end,
        case when n % 7 = 0 then 100 else -10 end, 1000, case when n % 7 = 0 then 'topup' when n % 3 = 0 then 'image_generation' else 'article_generation' end,
        'bench', now() - make_interval(secs => (n % (120 * 86400)))
      from generate_series(1, ${LEDGER_ROWS}) as n`);
    await ctx.db.execute(sql`
      insert into articles (account_id, site_id, keyword, title, slug, body, status, source, writer, word_count, seo_score, created_at, updated_at)
      select ${owner}, ${site}, 'k' || n, 'Article ' || n, 'a-' || n, '<p>b</p>', case when n % 4 = 0 then 'published' else 'draft' end, 'generated', 'offline', 800, n % 101,
        now() - make_interval(secs => (n * 97) % (120 * 86400)), now()
      from generate_series(1, ${ARTICLES}) as n`);
    // One generation item per article (a tenth failed) and as many calls with an access key.
    const task = (
      (await ctx.db.execute(
        sql`insert into article_tasks (account_id, site_id, name, language, word_count, images, prompts, item_cost, total) values (${owner}, ${site}, 'Bench', 'en', 800, false, '{}'::jsonb, 10, ${ARTICLES}) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0].id;
    await ctx.db.execute(sql`
      insert into article_task_items (task_id, account_id, keyword, status, attempt, finished_at)
      select ${task}, ${owner}, 'k' || n, case when n % 10 = 0 then 'failed' else 'done' end, 1, now() - make_interval(secs => (n * 97) % (120 * 86400))
      from generate_series(1, ${ARTICLES}) as n`);
    const key = (
      (await ctx.db.execute(
        sql`insert into access_keys (account_id, name, prefix, secret_hash, scopes) values (${owner}, 'bench', 'ink_bench', 'bench-hash', '{read}') returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0].id;
    await ctx.db.execute(sql`
      insert into access_key_log (account_id, key_id, method, path, status, ip, duration_ms, created_at)
      select ${owner}, ${key}, 'GET', '/api/v1/article/list', 200, '127.0.0.1', 5, now() - make_interval(secs => (n * 89) % (120 * 86400))
      from generate_series(1, ${ARTICLES}) as n`);
    await ctx.db.execute(sql`analyze points_ledger`);
    await ctx.db.execute(sql`analyze articles`);
    const insertMs = performance.now() - started;
    log(
      `${label}: ${LEDGER_ROWS} ledger rows, ${ARTICLES} articles, generation items and key calls inserted in ${Math.round(insertMs)} ms`,
    );

    const get = async (auth: string, query = '') => {
      const res = await fetch(`${server.url}/api/v1/dashboard/analysis${query}`, { headers: { authorization: `Bearer ${auth}` } });
      const body = (await res.json()) as {
        code: number;
        data: {
          growth: { points_spent: { last30: number }; articles_generated: { last30: number }; articles_published: { last30: number } };
          series: { api_calls: number[] };
          top_sites: unknown[];
        };
      };
      const d = body.data;
      // Every chart has its figures (the roll-ups hold the bulk-inserted rows).
      const empty =
        body.code !== 200 ||
        [
          d.growth.points_spent.last30,
          d.growth.articles_generated.last30,
          d.growth.articles_published.last30,
          d.series.api_calls.reduce((a, b) => a + b, 0),
          d.top_sites.length,
        ].some((n) => n === 0);
      if (empty) throw new Error(`dashboard: ${JSON.stringify(body).slice(0, 300)}`);
    };
    const rows: BenchRow[] = [
      {
        what: `${label}: bulk insert`,
        value: `${Math.round(insertMs)} ms`,
        note: `${LEDGER_ROWS.toLocaleString('en-US')} ledger rows; ${ARTICLES.toLocaleString('en-US')} articles, generation items and key calls`,
      },
    ];
    const cases: [string, string, string][] = [
      ['an owner (100,000 ledger rows, 100,000 articles)', token, ''],
      ['the operator, whole installation', adminToken, ''],
    ];
    for (const [what, auth, query] of cases) {
      for (let i = 0; i < 5; i++) await get(auth, query);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await get(auth, query);
        times.push(performance.now() - t0);
      }
      log(`${label}: ${what}: p95 ${p95(times).toFixed(1)} ms`);
      rows.push({
        what: `${label}: dashboard, ${what}`,
        value: `${p95(times).toFixed(1)} ms`,
        note: `p95 of ${RUNS} (median ${median(times).toFixed(1)} ms)`,
      });
    }
    return rows;
  });
}

export const dashboard: BenchSection = {
  name: 'dashboard',
  title: `Dashboard API with ${LEDGER_ROWS.toLocaleString('en-US')} ledger rows and ${ARTICLES.toLocaleString('en-US')} articles (HTTP, one request at a time)`,
  async run(log) {
    return onEachDatabase((label, databaseUrl) => measure(label, databaseUrl, log));
  },
};
