import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { articles, internalLinks, publications } from './schema';

export type InternalLinkRow = typeof internalLinks.$inferSelect;

/** An article live on a site: published there, with the URL its page has. */
export interface LivePage {
  accountId: number;
  articleId: number;
  url: string;
  keyword: string;
  title: string;
  body: string;
  language: string;
}

const live = and(eq(publications.status, 'publish'), ne(publications.remoteUrl, ''));

/** The site's live pages, most recently published first. */
export async function livePages(db: DbOrTx, siteId: number): Promise<LivePage[]> {
  return db
    .select({
      accountId: publications.accountId,
      articleId: articles.id,
      url: publications.remoteUrl,
      keyword: articles.keyword,
      title: articles.title,
      body: articles.body,
      language: articles.language,
    })
    .from(publications)
    .innerJoin(articles, eq(articles.id, publications.articleId))
    .where(and(eq(publications.siteId, siteId), live))
    .orderBy(desc(publications.id));
}

/** The links of an article's post on a site, undone ones included, in the order they were made. */
export async function linksFrom(db: DbOrTx, siteId: number, sourceArticleId: number) {
  return db
    .select()
    .from(internalLinks)
    .where(and(eq(internalLinks.siteId, siteId), eq(internalLinks.sourceArticleId, sourceArticleId)))
    .orderBy(internalLinks.id);
}

export async function insertLinks(db: DbOrTx, rows: (typeof internalLinks.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(internalLinks).values(rows).returning();
}
