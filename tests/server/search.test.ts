import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { newClient, startServer, type Client } from './pipelineHelpers';
import { likePattern } from '../../server/db/likePattern';

/**
 * The list searches (article title and keyword, site name, site keyword) go through
 * trigram indexes. An index may only make them faster: what they find is what a LIKE search over
 * every row finds, with the pattern characters `%`, `_`, `\` taken literally, Chinese text, and
 * queries of one or two characters (which have no trigram to look up).
 */

let t: TestServer;
let client: Client;
beforeAll(async () => {
  t = await startServer({ WORKERS: '0' });
  client = await newClient(t);
}, 180_000);
afterAll(async () => t?.close());

const ARTICLES: { title: string; keyword: string }[] = [
  { title: '100% cotton shirts', keyword: 'cotton 100%' },
  { title: 'Cotton_candy recipes', keyword: 'cotton_candy' },
  { title: 'snake_case or camelCase?', keyword: 'snake case' },
  { title: 'C:\\Users\\docs: a backslash guide', keyword: 'windows\\path' },
  { title: 'Price \\% escaped', keyword: '\\%' },
  { title: '50%_off\\sale today', keyword: '50% off' },
  { title: 'How to choose a coffee grinder', keyword: 'coffee grinder' },
  { title: 'COFFEE GRINDER review 2026', keyword: 'Coffee Grinder review' },
  { title: 'Best coffee for beginners', keyword: 'coffee beginners' },
  { title: 'Coffeehouse playlists', keyword: 'coffeehouse' },
  { title: '如何选择咖啡研磨机', keyword: '咖啡研磨机' },
  { title: '咖啡研磨机价格对比', keyword: '咖啡研磨机 价格' },
  { title: '研磨', keyword: '研磨' },
  { title: 'Tab and cab', keyword: 'ab' },
  { title: 'ab', keyword: 'a' },
  { title: 'x', keyword: 'x' },
];

const QUERIES = [
  // the pattern characters, alone and in words
  '%',
  '_',
  '\\',
  '%_',
  '0%',
  '0% c',
  'e_c',
  'n_c',
  '\\U',
  ':\\Users',
  '\\%',
  '%_o',
  'f\\s',
  '_candy',
  // ASCII words, case, parts of words, nothing found
  'coffee',
  'COFFEE GR',
  'offe',
  'grinder',
  'Coffee Grinder review',
  'no match here',
  'eginner',
  // one and two characters
  'a',
  'ab',
  'b',
  'ca',
  'x',
  'ee',
  ' c',
  '%%',
  '__',
  // Chinese
  '咖',
  '咖啡',
  '咖啡研磨',
  '研磨机价',
  '机',
  '研磨',
  '选择咖啡研磨机',
];

/** What a case-insensitive substring search finds (the texts are ASCII or Chinese: no other case). */
const expected = (texts: string[], q: string) => texts.filter((text) => text.toLowerCase().includes(q.toLowerCase())).sort();

describe('search through the trigram indexes', () => {
  it('the article list finds by part of the title or of the keyword what a substring search finds', async () => {
    for (const a of ARTICLES) {
      const res = await client.call('POST', '/api/v1/article/add', { body: { ...a, body: `<p>${a.title}</p>` } });
      expect(res.code, a.title).toBe(200);
    }
    const titles = ARTICLES.map((a) => a.title);
    const keywords = ARTICLES.map((a) => a.keyword);
    for (const q of QUERIES) {
      const byTitle = await client.get<{ list: { title: string }[]; total: number }>('/api/v1/article/list', { title: q, page_size: 100 });
      expect([q, byTitle.data.list.map((r) => r.title).sort()]).toEqual([q, expected(titles, q)]);
      expect(byTitle.data.total, q).toBe(expected(titles, q).length);
      const byKeyword = await client.get<{ list: { keyword: string }[]; total: number }>('/api/v1/article/list', {
        keyword: q,
        page_size: 100,
      });
      expect([q, byKeyword.data.list.map((r) => r.keyword).sort()]).toEqual([q, expected(keywords, q)]);
      expect(byKeyword.data.total, q).toBe(expected(keywords, q).length);
    }
    // Both at once: the two conditions together.
    const both = await client.get<{ list: { title: string }[] }>('/api/v1/article/list', { title: 'coffee', keyword: 'review' });
    expect(both.data.list.map((r) => r.title)).toEqual(['COFFEE GRINDER review 2026']);
    // By page: each page of the matches, newest first, with their total; past the last, none and the total.
    const coffee = ['Coffeehouse playlists', 'Best coffee for beginners', 'COFFEE GRINDER review 2026', 'How to choose a coffee grinder'];
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await client.get<{ list: { title: string }[]; total: number }>('/api/v1/article/list', {
        title: 'coffee',
        page,
        page_size: 3,
      });
      pages.push([res.data.total, res.data.list.map((r) => r.title)]);
    }
    expect(pages).toEqual([
      [4, coffee.slice(0, 3)],
      [4, coffee.slice(3)],
      [4, []],
    ]);
    // Another account's articles are not found.
    const stranger = await newClient(t);
    expect((await stranger.get<{ total: number }>('/api/v1/article/list', { title: 'coffee' })).data.total).toBe(0);
  }, 120_000);

  it('the site list (by name) and the keyword list find what a substring search finds', async () => {
    const names = ['Coffee 100% blog', 'snake_case site', '咖啡站', 'C:\\sites\\one', 'ab'];
    for (const name of names)
      expect((await client.call('POST', '/api/v1/site/add', { body: { name, url: 'https://example.com', type: 'export' } })).code).toBe(
        200,
      );
    const siteId = (await client.get<{ list: { id: number; name: string }[] }>('/api/v1/site/list', { name: '咖啡站' })).data.list[0].id;
    const keywords = ARTICLES.map((a) => a.keyword).filter((k, i, all) => all.findIndex((o) => o.toLowerCase() === k.toLowerCase()) === i);
    expect((await client.call('POST', '/api/v1/site/keyword/add', { body: { site_id: siteId, keywords: keywords.join('\n') } })).code).toBe(
      200,
    );
    for (const q of QUERIES) {
      const sites = await client.get<{ list: { name: string }[]; total: number }>('/api/v1/site/list', { name: q, page_size: 100 });
      expect([q, sites.data.list.map((r) => r.name).sort()]).toEqual([q, expected(names, q)]);
      const found = await client.get<{ list: { keyword: string }[]; total: number }>('/api/v1/site/keyword/list', {
        site_id: siteId,
        keyword: q,
        page_size: 100,
      });
      expect([q, found.data.list.map((r) => r.keyword).sort()]).toEqual([q, expected(keywords, q)]);
      expect(found.data.total, q).toBe(expected(keywords, q).length);
    }
  }, 120_000);

  it('the same search answered through the trigram index and by reading every row finds the same rows', async () => {
    const db = t.server.app.ctx.db;
    type Row = { id: number };
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    const targets = [
      { table: 'articles', column: 'title', index: 'articles_title_trgm_idx' },
      { table: 'articles', column: 'keyword', index: 'articles_keyword_trgm_idx' },
      { table: 'sites', column: 'name', index: 'sites_name_trgm_idx' },
      { table: 'site_keywords', column: 'keyword', index: 'site_keywords_keyword_trgm_idx' },
    ];
    let servedByIndex = 0;
    let found = 0;
    for (const { table, column, index } of targets) {
      const query = (q: string) =>
        sql`select id from ${sql.identifier(table)} where ${sql.identifier(column)} ilike ${likePattern(q)} order by id`;
      for (const q of QUERIES) {
        // Only the trigram index can serve the condition as a bitmap scan, so with sequential and
        // plain index scans priced out it is used wherever it can be (not for a query with no
        // trigram in it).
        const [plan, viaIndex] = await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_indexscan = off`);
          const explained = rowsOf(await tx.execute(sql`explain ${query(q)}`))
            .map((r) => String(Object.values(r)[0]))
            .join('\n');
          return [explained, rowsOf(await tx.execute(query(q))) as Row[]] as const;
        });
        const viaScan = await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_bitmapscan = off`);
          await tx.execute(sql`set local enable_indexscan = off`);
          return rowsOf(await tx.execute(query(q))) as Row[];
        });
        expect([table, column, q, viaIndex.map((r) => r.id)]).toEqual([table, column, q, viaScan.map((r) => r.id)]);
        found += viaScan.length;
        if (plan.includes(index)) servedByIndex++;
        // An ASCII query of three characters or more always has a trigram to look up.
        if (/^[\x20-\x7e]{3,}$/.test(q) && /[a-z0-9]{3}/i.test(q)) expect(plan, `${table}.${column} "${q}"`).toContain(index);
      }
    }
    expect(servedByIndex).toBeGreaterThan(0);
    // The rows of the tests above are there to be found.
    expect(found).toBeGreaterThan(100);
  }, 120_000);
});
