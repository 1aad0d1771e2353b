import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { accounts, articleVersions } from './schema';
import type { ArticleVersionSource } from '../../contract/statuses';

export type ArticleVersionRow = typeof articleVersions.$inferSelect;

/** The text of an article that a change replaces. */
export interface KeptText {
  title: string;
  body: string;
  metaTitle: string;
  metaDescription: string;
}

/**
 * Keeps `text` as the article's next version. The number is the article's next one; two changes at
 * once cannot take the same (the unique index refuses the second, which the caller's transaction then ends).
 */
export async function insertVersion(db: DbOrTx, articleId: number, text: KeptText, source: ArticleVersionSource, createdBy: number | null) {
  const [row] = await db
    .insert(articleVersions)
    .values({
      articleId,
      number: sql`(select coalesce(max(${articleVersions.number}), 0) + 1 from ${articleVersions} where ${articleVersions.articleId} = ${articleId})`,
      title: text.title,
      body: text.body,
      metaTitle: text.metaTitle,
      metaDescription: text.metaDescription,
      source,
      createdBy,
    })
    .returning();
  return row;
}

/** An article's versions, newest first, each with the name of who made its change; never the body. */
export async function listVersions(db: DbOrTx, articleId: number, page: { limit: number; offset: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: articleVersions.id,
        number: articleVersions.number,
        title: articleVersions.title,
        source: articleVersions.source,
        createdAt: articleVersions.createdAt,
        createdBy: accounts.username,
      })
      .from(articleVersions)
      .leftJoin(accounts, eq(accounts.id, articleVersions.createdBy))
      .where(eq(articleVersions.articleId, articleId))
      .orderBy(desc(articleVersions.number))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(articleVersions)
      .where(eq(articleVersions.articleId, articleId)),
  ]);
  return { rows, total };
}

export async function findVersion(db: DbOrTx, articleId: number, number: number) {
  const [row] = await db
    .select({ version: articleVersions, createdBy: accounts.username })
    .from(articleVersions)
    .leftJoin(accounts, eq(accounts.id, articleVersions.createdBy))
    .where(and(eq(articleVersions.articleId, articleId), eq(articleVersions.number, number)))
    .limit(1);
  return row ?? null;
}
