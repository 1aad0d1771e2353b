import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { articleCounts } from './schema';

/** How many articles an account has, of a site and/or a status, from the counters. */
export async function countedArticles(db: DbOrTx, accountId: number, siteId?: number, status?: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${articleCounts.n}), 0)::int` })
    .from(articleCounts)
    .where(
      and(
        eq(articleCounts.accountId, accountId),
        siteId ? eq(articleCounts.siteId, siteId) : undefined,
        status ? eq(articleCounts.status, status) : undefined,
      ),
    );
  return row.n;
}
