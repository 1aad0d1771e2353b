import { sql } from 'drizzle-orm';
import { median, onEachDatabase, p95, signedInMaster, withInProcessServer, type BenchRow, type BenchSection } from './lib';

const ARTICLES = 100_000;
const RUNS = 200;
const GOAL_MS = 20;

/**
 * What a user types into the article list's title and keyword boxes: whole words, parts of words,
 * a phrase, an article's number, Chinese text; a few hundred to a few thousand matches each, or
 * one. Every fifth query matches nothing.
 */
const TITLE_QUERIES = [
  'coffee grinder',
  'grinder for students',
  'apartm',
  '#4242',
  'Worth it for seniors',
  '咖啡研磨机',
  'yoga mat',
  'no such thing',
];
const KEYWORD_QUERIES = ['grinder review', 'hose', 'price', 'tent cheap', '空气净化器', 'standing desk', 'rrent', 'nothing like it'];
/** One and two characters: no trigram to look up, answered by reading the rows (shown, no goal). */
const SHORT_QUERIES = ['a', 'zz', '#', '咖'];

const TOPICS = [
  'garden hose',
  'coffee grinder',
  'running shoes',
  'standing desk',
  'electric bike',
  'air purifier',
  'yoga mat',
  'water filter',
  'mechanical keyboard',
  'camping tent',
  'rice cooker',
  'office chair',
  'baby monitor',
  'robot vacuum',
  'hiking boots',
  'desk lamp',
  'phone case',
  'smart watch',
  'noise cancelling headphones',
  'espresso machine',
  'dog bed',
  'cat tree',
  'road bike',
  'kayak paddle',
  'snow shovel',
  'power bank',
  'travel backpack',
  'electric toothbrush',
  'hair dryer',
  'blender',
  'air fryer',
  'sleeping bag',
  'fishing rod',
  'golf balls',
  'tennis racket',
  'drone',
  'projector',
  'monitor arm',
  'webcam',
  'microphone',
];
const TOPICS_ZH = ['花园水管', '咖啡研磨机', '跑鞋', '升降桌', '电动自行车', '空气净化器', '瑜伽垫', '净水器'];
const AUDIENCES = [
  'beginners',
  'small apartments',
  'families',
  'students',
  'travellers',
  'seniors',
  'remote workers',
  'runners',
  'cooks',
  'gamers',
  'parents',
  'photographers',
  'teachers',
  'nurses',
  'musicians',
  'renters',
  'campers',
  'cyclists',
  'designers',
  'writers',
];
const MODIFIERS = [
  'review',
  'price',
  'cheap',
  'best',
  'vs',
  'guide',
  'rental',
  'repair',
  'for sale',
  'near me',
  'discount',
  'comparison',
  'alternatives',
  'reddit',
  'warranty',
];

const arr = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/**
 * 100,000 articles of one account with varied titles and keywords (a tenth in Chinese), inserted
 * with generate_series; then the article list's title and keyword search over HTTP, one request at
 * a time, each query of the set in turn.
 */
async function measure(label: string, databaseUrl: string | null, log: (line: string) => void): Promise<BenchRow[]> {
  return withInProcessServer({ WORKERS: '0' }, databaseUrl, async (server) => {
    const ctx = server.app.ctx;
    const { id: accountId, token } = await signedInMaster(server, 'search');
    const [{ id: siteId }] = (
      (await ctx.db.execute(
        sql`insert into sites (account_id, name, url, type) values (${accountId}, 'Search', 'https://bench.example', 'export') returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const started = performance.now();
    await ctx.db.execute(sql`
      with t as (select ${arr(TOPICS)} as topics, ${arr(TOPICS_ZH)} as topics_zh, ${arr(AUDIENCES)} as audiences, ${arr(MODIFIERS)} as modifiers)
      insert into articles (account_id, site_id, keyword, title, slug, body, status, source, writer, word_count, seo_score, created_at, updated_at)
      select ${accountId}, ${siteId}::int,
        case when n % 10 = 0 then topics_zh[1 + (n / 10) % ${TOPICS_ZH.length}] || ' 价格'
             else topics[1 + (n / 7) % ${TOPICS.length}] || ' ' || modifiers[1 + (n / 3) % ${MODIFIERS.length}] end,
        case when n % 10 = 0 then '如何选择' || topics_zh[1 + (n / 10) % ${TOPICS_ZH.length}] || '：给新手的指南 #' || n
             else format((array['How to choose a %s for %s', 'Best %s for %s in 2026', 'The %s buying guide for %s', 'Is a %s worth it for %s?', 'Top 10 %s picks for %s'])[1 + n % 5],
                         topics[1 + (n / 7) % ${TOPICS.length}], audiences[1 + (n / 11) % ${AUDIENCES.length}]) || ' #' || n end,
        'article-' || n, '<p>Body of article ' || n || '</p>', case when n % 5 = 0 then 'ready' else 'draft' end, 'generated', 'offline', 800, 80,
        now() - make_interval(secs => ${ARTICLES} - n), now()
      from generate_series(1, ${ARTICLES}) as n, t`);
    await ctx.db.execute(sql`vacuum analyze articles`);
    const insertMs = performance.now() - started;
    log(`${label}: ${ARTICLES} articles inserted in ${Math.round(insertMs)} ms`);

    const indexes = (
      (await ctx.db.execute(
        sql`select indexname from pg_indexes where tablename = 'articles' and indexdef like '%gin_trgm_ops%' order by 1`,
      )) as unknown as { rows: { indexname: string }[] }
    ).rows.map((r) => r.indexname);
    const get = async (query: string) => {
      const res = await fetch(`${server.url}/api/v1/article/list?${query}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { code: number; data: { list: unknown[]; total: number } };
      if (body.code !== 200) throw new Error(`list ${query}: ${JSON.stringify(body).slice(0, 200)}`);
      return body.data;
    };
    const run = async (field: string, queries: string[]) => {
      const times: number[] = [];
      const each = new Map<string, number[]>(queries.map((q) => [q, []]));
      const totals = new Map<string, number>();
      for (const q of queries) totals.set(q, (await get(`page=1&page_size=20&${field}=${encodeURIComponent(q)}`)).total);
      for (let i = 0; i < RUNS; i++) {
        const q = queries[i % queries.length];
        const t0 = performance.now();
        await get(`page=1&page_size=20&${field}=${encodeURIComponent(q)}`);
        const ms = performance.now() - t0;
        times.push(ms);
        each.get(q)!.push(ms);
      }
      for (const [q, ms] of each)
        log(`${label}: ${field} "${q}" (${totals.get(q)} found): median ${median(ms).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`);
      return times;
    };
    const rows: BenchRow[] = [
      {
        what: `${label}: bulk insert of ${ARTICLES.toLocaleString('en-US')} articles`,
        value: `${Math.round(insertMs)} ms`,
        note: `generate_series; trigram indexes: ${indexes.join(', ') || 'none'}`,
      },
    ];
    // The same request without a search: what the HTTP round trip, the session and the page cost on
    // this machine now, the floor under the search figures.
    {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await get('page=1&page_size=20');
        times.push(performance.now() - t0);
      }
      rows.push({
        what: `${label}: list without search p95`,
        value: `${p95(times).toFixed(1)} ms`,
        note: `the floor: ${RUNS} requests (median ${median(times).toFixed(1)} ms), page 1 of 20 with total`,
      });
    }
    for (const [field, queries, goal] of [
      ['title', TITLE_QUERIES, true],
      ['keyword', KEYWORD_QUERIES, true],
      ['title', SHORT_QUERIES, false],
    ] as const) {
      const times = await run(field, [...queries]);
      const value = p95(times);
      const what = goal ? `${label}: ${field} search p95` : `${label}: ${field} search of 1–2 characters p95`;
      const verdict = goal ? `goal ≤ ${GOAL_MS} ms: ${value <= GOAL_MS ? 'met' : 'NOT met'}; ` : 'no goal (no trigram to look up); ';
      rows.push({
        what,
        value: `${value.toFixed(1)} ms`,
        note: `${verdict}${RUNS} requests over ${queries.length} queries (median ${median(times).toFixed(1)} ms), page 1 of 20 with total`,
      });
    }
    return rows;
  });
}

export const search: BenchSection = {
  name: 'search',
  title: `Article search with ${ARTICLES.toLocaleString('en-US')} articles (title and keyword, HTTP, one request at a time; goal p95 ≤ ${GOAL_MS} ms on both databases)`,
  async run(log) {
    return onEachDatabase((label, databaseUrl) => measure(label, databaseUrl, log));
  },
};
