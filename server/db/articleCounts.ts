import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { articleCounts } from './schema';

/** Serialises the install when several processes start at once on one PostgreSQL. */
const INSTALL_LOCK = 727_005;

/**
 * The trigger that keeps article_counts equal to the articles (a trigger is not part of the
 * schema the migrations are generated from, so it is installed here, at start). The first install
 * counts the articles already there.
 */
export async function ensureArticleCounts(db: DbOrTx) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    const found = (await tx.execute(sql`select 1 from pg_trigger where tgname = 'articles_count_insert'`)) as unknown as { rows: unknown[] };
    if (found.rows.length > 0) return;
    // Statement-level, on the rows each statement changed: a bulk insert updates each counter once.
    const add = `insert into article_counts (account_id, site_id, status, n)
      select account_id, coalesce(site_id, 0), status, count(*)::int from new_rows group by 1, 2, 3
      on conflict (account_id, site_id, status) do update set n = article_counts.n + excluded.n;`;
    const subtract = `update article_counts c set n = c.n - d.k
      from (select account_id, coalesce(site_id, 0) as site_id, status, count(*)::int as k from old_rows group by 1, 2, 3) d
      where c.account_id = d.account_id and c.site_id = d.site_id and c.status = d.status;`;
    const fn = (name: string, body: string) => `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`;
    await tx.execute(sql.raw(fn('articles_count_insert', add)));
    await tx.execute(sql.raw(fn('articles_count_delete', subtract)));
    await tx.execute(sql.raw(fn('articles_count_update', subtract + add)));
    await tx.execute(sql.raw('create trigger articles_count_insert after insert on articles referencing new table as new_rows for each statement execute function articles_count_insert()'));
    await tx.execute(sql.raw('create trigger articles_count_delete after delete on articles referencing old table as old_rows for each statement execute function articles_count_delete()'));
    await tx.execute(sql.raw('create trigger articles_count_update after update on articles referencing old table as old_rows new table as new_rows for each statement execute function articles_count_update()'));
    await tx.execute(sql`delete from article_counts`);
    await tx.execute(sql`
      insert into article_counts (account_id, site_id, status, n)
      select account_id, coalesce(site_id, 0), status, count(*)::int from articles group by 1, 2, 3`);
  });
}

/** How many articles an account has, of a site and/or a status, from the counters. */
export async function countedArticles(db: DbOrTx, accountId: number, siteId?: number, status?: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${articleCounts.n}), 0)::int` })
    .from(articleCounts)
    .where(and(eq(articleCounts.accountId, accountId), siteId ? eq(articleCounts.siteId, siteId) : undefined, status ? eq(articleCounts.status, status) : undefined));
  return row.n;
}
