import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './connection';

/**
 * The dashboard's aggregates (issue 13): each query reads one range of days through an index on
 * its time column (with the account first when one account is asked for) and answers per day, as
 * the day's number counted from `start` (a local midnight). `accountId` null: every account.
 */

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dayOf = (column: SQL, start: Date) => sql`floor(extract(epoch from (${column} - ${start.toISOString()}::timestamptz)) / 86400)::int`;
const accountIs = (column: SQL, accountId: number | null) => (accountId === null ? sql`true` : sql`${column} = ${accountId}`);
const between = (column: SQL, start: Date, end: Date) => sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz`;

export interface DayRow {
  day: number;
  [figure: string]: number;
}

/** Points in (positive entries) and out (spent: negative entries) per day. */
export const ledgerPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; points_in: string | number; points_out: string | number }>(
    db,
    sql`select ${dayOf(sql`created_at`, start)} as day,
          coalesce(sum(delta) filter (where delta > 0), 0) as points_in,
          coalesce(-sum(delta) filter (where delta < 0), 0) as points_out
        from points_ledger where ${accountIs(sql`account_id`, accountId)} and ${between(sql`created_at`, start, end)}
        group by 1`,
  );

/** Points spent per reason. */
export const spendByReason = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ reason: string; points: string | number }>(
    db,
    sql`select reason, -sum(delta) as points from points_ledger
        where ${accountIs(sql`account_id`, accountId)} and ${between(sql`created_at`, start, end)} and delta < 0
        group by reason order by 2 desc`,
  );

/** Credited top-ups per day (points and count). */
export const topupsPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; points: string | number; n: string | number }>(
    db,
    sql`select ${dayOf(sql`credited_at`, start)} as day, sum(points) as points, count(*) as n from topup_orders
        where ${accountIs(sql`account_id`, accountId)} and credited_at is not null and ${between(sql`credited_at`, start, end)}
        group by 1`,
  );

/** Credited top-ups per channel (manual, stripe, code). */
export const topupsByChannel = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ channel: string; points: string | number; n: string | number }>(
    db,
    sql`select channel, sum(points) as points, count(*) as n from topup_orders
        where ${accountIs(sql`account_id`, accountId)} and credited_at is not null and ${between(sql`credited_at`, start, end)}
        group by channel order by 2 desc`,
  );

/** Generated items per day: written (done) and failed, by when they finished. */
export const generationPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; done: string | number; failed: string | number }>(
    db,
    sql`select ${dayOf(sql`finished_at`, start)} as day,
          count(*) filter (where status = 'done') as done,
          count(*) filter (where status = 'failed') as failed
        from article_task_items where ${accountIs(sql`account_id`, accountId)} and ${between(sql`finished_at`, start, end)}
        group by 1`,
  );

/** Articles per day: created (any source), and published (by their last change while published). */
export const articlesPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; created: string | number; published: string | number }>(
    db,
    sql`select ${dayOf(sql`created_at`, start)} as day, count(*) as created, count(*) filter (where status = 'published') as published
        from articles where ${accountIs(sql`account_id`, accountId)} and ${between(sql`created_at`, start, end)}
        group by 1`,
  );

/** SEO scores of the period's articles in five bands of 20 (the last 80–100). */
export const seoBands = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ band: number; n: string | number }>(
    db,
    sql`select least(seo_score / 20, 4) as band, count(*) as n from articles
        where ${accountIs(sql`account_id`, accountId)} and ${between(sql`created_at`, start, end)}
        group by 1`,
  );

/** The sites with most articles in the period. */
export const topSites = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ site_id: number; name: string; url: string; n: string | number }>(
    db,
    sql`select a.site_id, s.name, s.url, count(*) as n from articles a join sites s on s.id = a.site_id
        where ${accountIs(sql`a.account_id`, accountId)} and ${between(sql`a.created_at`, start, end)}
        group by a.site_id, s.name, s.url order by 4 desc, a.site_id limit 5`,
  );

/** Console sign-ins (sessions started) per day. */
export const signInsPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; n: string | number }>(
    db,
    sql`select ${dayOf(sql`created_at`, start)} as day, count(*) as n from sessions
        where ${accountIs(sql`account_id`, accountId)} and ${between(sql`created_at`, start, end)}
        group by 1`,
  );

/** API calls made with the account's access keys per day (the key log, issue 15). */
export const apiCallsPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; n: string | number }>(
    db,
    sql`select ${dayOf(sql`created_at`, start)} as day, count(*) as n from access_key_log
        where ${accountIs(sql`account_id`, accountId)} and ${between(sql`created_at`, start, end)}
        group by 1`,
  );

/** The balance of one account, or of every account together. */
export async function balanceOf(db: DbOrTx, accountId: number | null): Promise<number> {
  const [row] = await rows<{ points: string | number }>(db, sql`select coalesce(sum(points), 0) as points from accounts where ${accountIs(sql`id`, accountId)}`);
  return Number(row?.points ?? 0);
}

/** The account's sites (its domains) with articles published and the last publish (the account page). */
export const domainsOf = (db: DbOrTx, accountId: number) =>
  rows<{ id: number; name: string; url: string; type: string; status: string; last_check_ok: boolean | null; last_check_at: Date | string | null; published: string | number; articles: string | number; last_publish: Date | string | null }>(
    db,
    sql`select s.id, s.name, s.url, s.type, s.status, s.last_check_ok, s.last_check_at,
          coalesce((select sum(n) from article_counts c where c.account_id = s.account_id and c.site_id = s.id and c.status = 'published'), 0) as published,
          coalesce((select sum(n) from article_counts c where c.account_id = s.account_id and c.site_id = s.id), 0) as articles,
          (select max(a.updated_at) from articles a where a.account_id = s.account_id and a.site_id = s.id and a.status = 'published') as last_publish
        from sites s where s.account_id = ${accountId} order by s.created_at, s.id limit 200`,
  );
