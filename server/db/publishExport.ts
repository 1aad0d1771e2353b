import { and, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import type { ArticleStatus } from '../../contract/statuses';
import { articles, publishItems, siteCategories, sites } from './schema';
import { likePattern } from './likePattern';

/** The articles a publishing task holds (the account's), in the task's order. */
export async function articleIdsOfTask(db: DbOrTx, accountId: number, taskId: number, limit: number) {
  const rows = await db
    .select({ id: publishItems.articleId })
    .from(publishItems)
    .innerJoin(articles, eq(articles.id, publishItems.articleId))
    .where(and(eq(publishItems.taskId, taskId), eq(articles.accountId, accountId)))
    .orderBy(publishItems.id)
    .limit(limit);
  return [...new Set(rows.map((r) => r.id as number))];
}

/** The account's articles matching the filter, newest first. */
export async function filteredArticleIds(
  db: DbOrTx,
  accountId: number,
  filter: { siteId?: number; status?: ArticleStatus; title?: string },
  limit: number,
) {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.accountId, accountId),
        filter.siteId ? eq(articles.siteId, filter.siteId) : undefined,
        filter.status ? eq(articles.status, filter.status) : undefined,
        filter.title ? ilike(articles.title, likePattern(filter.title)) : undefined,
      ),
    )
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Of each article, its category, its site's default category, and its site's name and address. */
export async function exportHeads(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: articles.id,
      categoryId: articles.categoryId,
      siteId: articles.siteId,
      defaultCategoryId: sites.defaultCategoryId,
      siteName: sites.name,
      siteUrl: sites.url,
    })
    .from(articles)
    .leftJoin(sites, eq(sites.id, articles.siteId))
    .where(inArray(articles.id, ids));
}

export async function categoriesByIds(db: DbOrTx, ids: number[]) {
  return ids.length ? db.select().from(siteCategories).where(inArray(siteCategories.id, ids)) : [];
}

/** Of these articles, the account's, whole. */
export async function wholeArticles(db: DbOrTx, accountId: number, ids: number[]) {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.accountId, accountId), inArray(articles.id, ids)));
}
