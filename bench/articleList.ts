import { sql } from 'drizzle-orm';
import { median, onEachDatabase, p95, signedInMaster, withInProcessServer, type BenchRow, type BenchSection } from './lib';

const ARTICLES = 100_000;
const RUNS = 200;

/**
 * 100,000 articles of one account (two sites of 50,000, a fifth of them ready), inserted with
 * generate_series; then the list API over HTTP, one request at a time.
 */
async function measure(label: string, databaseUrl: string | null, log: (line: string) => void): Promise<BenchRow[]> {
  return withInProcessServer({ WORKERS: '0' }, databaseUrl, async (server) => {
    const ctx = server.app.ctx;
    const { id: accountId, token } = await signedInMaster(server, 'list');
    const site = async (name: string) =>
      (
        (await ctx.db.execute(
          sql`insert into sites (account_id, name, url, type) values (${accountId}, ${name}, 'https://bench.example', 'export') returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows[0].id;
    const [siteA, siteB] = [await site('A'), await site('B')];
    const started = performance.now();
    await ctx.db.execute(sql`
      insert into articles (account_id, site_id, keyword, title, slug, body, status, source, writer, word_count, seo_score, created_at, updated_at)
      select ${accountId}, case when n % 2 = 0 then ${siteA}::int else ${siteB}::int end, 'keyword ' || n, 'Article number ' || n, 'article-' || n,
        '<p>Body of article ' || n || '</p>', case when n % 5 = 0 then 'ready' else 'draft' end, 'generated', 'offline', 800, 80,
        now() - make_interval(secs => ${ARTICLES} - n), now()
      from generate_series(1, ${ARTICLES}) as n`);
    await ctx.db.execute(sql`analyze articles`);
    const insertMs = performance.now() - started;
    log(`${label}: ${ARTICLES} articles inserted in ${Math.round(insertMs)} ms`);

    const get = async (query: string) => {
      const res = await fetch(`${server.url}/api/v1/article/list?${query}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { code: number; data: { list: unknown[]; next_cursor: string | null } };
      if (body.code !== 200 || body.data.list.length === 0) throw new Error(`list ${query}: ${JSON.stringify(body).slice(0, 200)}`);
      return body.data;
    };
    // The cursor of page 1,999 with the site filter: what a client paging through holds.
    const cursorAt = (
      (await ctx.db.execute(sql`
      select id from articles where account_id = ${accountId} and site_id = ${siteA}
      order by created_at desc, id desc offset ${1999 * 20 - 1} limit 1`)) as unknown as { rows: { id: number }[] }
    ).rows[0].id;
    const cases: [string, string][] = [
      ['page 1, no filter', 'page=1&page_size=20'],
      ['page 1, site filter', `page=1&page_size=20&site_id=${siteA}`],
      ['page 2,000, site filter (page number)', `page=2000&page_size=20&site_id=${siteA}`],
      ['page 2,000, site filter (cursor)', `page_size=20&site_id=${siteA}&cursor=${cursorAt}`],
      ['page 1, site + status filter', `page=1&page_size=20&site_id=${siteA}&status=ready`],
      ['page 1, title search', 'page=1&page_size=20&title=number%2099'],
    ];
    const rows: BenchRow[] = [
      {
        what: `${label}: bulk insert of ${ARTICLES.toLocaleString('en-US')} articles`,
        value: `${Math.round(insertMs)} ms`,
        note: 'generate_series',
      },
    ];
    for (const [what, query] of cases) {
      for (let i = 0; i < 10; i++) await get(query);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await get(query);
        times.push(performance.now() - t0);
      }
      log(`${label}: ${what}: p95 ${p95(times).toFixed(1)} ms`);
      rows.push({
        what: `${label}: list ${what}`,
        value: `${p95(times).toFixed(1)} ms`,
        note: `p95 of ${RUNS} (median ${median(times).toFixed(1)} ms), with total`,
      });
    }
    return rows;
  });
}

export const articleList: BenchSection = {
  name: 'articleList',
  title: `Article list API with ${ARTICLES.toLocaleString('en-US')} articles (HTTP, one request at a time)`,
  async run(log) {
    return onEachDatabase((label, databaseUrl) => measure(label, databaseUrl, log));
  },
};
