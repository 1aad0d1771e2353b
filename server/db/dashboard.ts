import dayjs from 'dayjs';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './connection';

/**
 * The dashboard's aggregates: each query reads one range of days through an index on
 * its time column (with the account first when one account is asked for) and answers per day, as
 * the day's number counted from `start` (a local midnight). `accountId` null: every account.
 */

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dayOf = (column: SQL, start: Date) => sql`floor(extract(epoch from (${column} - ${start.toISOString()}::timestamptz)) / 86400)::int`;
const accountIs = (column: SQL, accountId: number | null) => (accountId === null ? sql`true` : sql`${column} = ${accountId}`);
const between = (column: SQL, start: Date, end: Date) =>
  sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz`;

export interface DayRow {
  day: number;
  [figure: string]: number;
}

/*
 * The ledger, articles, generation and key calls are read from their daily roll-ups (schema.ts,
 * kept by triggers): a row per account, day and kind, dated in the session's time zone, which is
 * the server's (db/connection.ts) — so `start` and `end`, local midnights, are whole days there.
 */
const dateOf = (at: Date) => dayjs(at).format('YYYY-MM-DD');
const dayNumber = (start: Date) => sql`(day - ${dateOf(start)}::date)`;
const daysBetween = (start: Date, end: Date) => sql`day >= ${dateOf(start)}::date and day < ${dateOf(end)}::date`;

/** Points in (positive entries) and out (spent: negative entries) per day. */
export const ledgerPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; points_in: string | number; points_out: string | number }>(
    db,
    sql`select ${dayNumber(start)} as day, sum(points_in) as points_in, sum(points_out) as points_out
        from ledger_days where ${accountIs(sql`account_id`, accountId)} and ${daysBetween(start, end)}
        group by 1`,
  );

/** Points spent per reason. */
export const spendByReason = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ reason: string; points: string | number }>(
    db,
    sql`select reason, sum(points_out) as points from ledger_days
        where ${accountIs(sql`account_id`, accountId)} and ${daysBetween(start, end)}
        group by reason having sum(points_out) > 0 order by 2 desc, 1`,
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
    sql`select ${dayNumber(start)} as day, sum(done) as done, sum(failed) as failed
        from generation_days where ${accountIs(sql`account_id`, accountId)} and ${daysBetween(start, end)}
        group by 1`,
  );

/** Articles per day: created (any source), and of them those now published. */
export const articlesPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; created: string | number; published: string | number }>(
    db,
    sql`select ${dayNumber(start)} as day, sum(n) as created, coalesce(sum(n) filter (where status = 'published'), 0) as published
        from article_days where ${accountIs(sql`account_id`, accountId)} and ${daysBetween(start, end)}
        group by 1`,
  );

/** SEO scores of the period's articles in five bands of 20 (the last 80–100). */
export const seoBands = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ band: number; n: string | number }>(
    db,
    sql`select band, sum(n) as n from article_days
        where ${accountIs(sql`account_id`, accountId)} and ${daysBetween(start, end)}
        group by 1`,
  );

/** The sites with most articles in the period. */
export const topSites = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ site_id: number; name: string; url: string; n: string | number }>(
    db,
    sql`select d.site_id, s.name, s.url, d.n from (
          select site_id, sum(n) as n from article_days
          where ${accountIs(sql`account_id`, accountId)} and ${daysBetween(start, end)} and site_id <> 0
          group by site_id having sum(n) > 0) d
        join sites s on s.id = d.site_id
        order by d.n desc, d.site_id limit 5`,
  );

/** Console sign-ins (sessions started) per day; the operator signing in as the user is not one. */
export const signInsPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; n: string | number }>(
    db,
    sql`select ${dayOf(sql`created_at`, start)} as day, count(*) as n from sessions
        where ${accountIs(sql`account_id`, accountId)} and ${between(sql`created_at`, start, end)}
          and not exists (select 1 from operator_sessions o where o.session_id = sessions.id)
        group by 1`,
  );

/** API calls made with the account's access keys per day (the key log). */
export const apiCallsPerDay = (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
  rows<{ day: number; n: string | number }>(
    db,
    sql`select ${dayNumber(start)} as day, sum(n) as n from key_call_days
        where ${accountIs(sql`account_id`, accountId)} and ${daysBetween(start, end)}
        group by 1`,
  );

/** The balance of one account, or of every account together. */
export async function balanceOf(db: DbOrTx, accountId: number | null): Promise<number> {
  const [row] = await rows<{ points: string | number }>(
    db,
    sql`select coalesce(sum(points), 0) as points from accounts where ${accountIs(sql`id`, accountId)}`,
  );
  return Number(row?.points ?? 0);
}

/** The account's sites (its domains) with articles published and the last publish (the account page). */
export const domainsOf = (db: DbOrTx, accountId: number) =>
  rows<{
    id: number;
    name: string;
    url: string;
    type: string;
    status: string;
    last_check_ok: boolean | null;
    last_check_at: Date | string | null;
    published: string | number;
    articles: string | number;
    last_publish: Date | string | null;
  }>(
    db,
    sql`select s.id, s.name, s.url, s.type, s.status, s.last_check_ok, s.last_check_at,
          coalesce((select sum(n) from article_counts c where c.account_id = s.account_id and c.site_id = s.id and c.status = 'published'), 0) as published,
          coalesce((select sum(n) from article_counts c where c.account_id = s.account_id and c.site_id = s.id), 0) as articles,
          (select max(a.updated_at) from articles a where a.account_id = s.account_id and a.site_id = s.id and a.status = 'published') as last_publish
        from sites s where s.account_id = ${accountId} order by s.created_at, s.id limit 200`,
  );
