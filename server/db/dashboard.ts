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

/**
 * Figures per day of one roll-up: each figure is named by its column in the answer and computed
 * by its SQL aggregate over the roll-up's rows of that day (constants of this file, never input).
 */
function figuresPerDay<F extends string>(rollUp: string, figures: Record<F, string>) {
  const columns = sql.raw(
    Object.entries(figures)
      .map(([name, sum]) => `${sum} as ${name}`)
      .join(', '),
  );
  return (db: DbOrTx, accountId: number | null, start: Date, end: Date) =>
    rows<{ day: number } & Record<F, string | number>>(
      db,
      sql`select ${dayNumber(start)} as day, ${columns}
          from ${sql.raw(rollUp)} where ${accountIs(sql`account_id`, accountId)} and ${daysBetween(start, end)}
          group by 1`,
    );
}

/** Points in (positive entries) and out (spent: negative entries) per day. */
export const ledgerPerDay = figuresPerDay('ledger_days', { points_in: 'sum(points_in)', points_out: 'sum(points_out)' });

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
export const generationPerDay = figuresPerDay('generation_days', { done: 'sum(done)', failed: 'sum(failed)' });

/** Articles per day: created (any source), and of them those now published. */
export const articlesPerDay = figuresPerDay('article_days', {
  created: 'sum(n)',
  published: "coalesce(sum(n) filter (where status = 'published'), 0)",
});

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
export const apiCallsPerDay = figuresPerDay('key_call_days', { n: 'sum(n)' });

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
