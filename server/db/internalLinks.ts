import { and, count, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

/** The article a link points at, for its title (gone once the article is deleted). */
const targets = alias(articles, 'link_targets');

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

/** How many links were added to an article's post after it was published (not undone). */
export async function backlinksAddedTo(db: DbOrTx, siteId: number, sourceArticleId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(internalLinks)
    .where(
      and(
        eq(internalLinks.siteId, siteId),
        eq(internalLinks.sourceArticleId, sourceArticleId),
        eq(internalLinks.kind, 'backlink'),
        isNull(internalLinks.undoneAt),
      ),
    );
  return row?.n ?? 0;
}

export async function insertLinks(db: DbOrTx, rows: (typeof internalLinks.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(internalLinks).values(rows).returning();
}

export async function deleteLink(db: DbOrTx, id: number) {
  await db.delete(internalLinks).where(eq(internalLinks.id, id));
}

export async function findLink(db: DbOrTx, accountId: number, id: number): Promise<InternalLinkRow | null> {
  const [row] = await db
    .select()
    .from(internalLinks)
    .where(and(eq(internalLinks.id, id), eq(internalLinks.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** Marks a link undone; false when it already was. */
export async function markUndone(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(internalLinks)
    .set({ undoneAt: at })
    .where(and(eq(internalLinks.id, id), isNull(internalLinks.undoneAt)))
    .returning({ id: internalLinks.id });
  return rows.length > 0;
}

/** A link undone by mistake (its post could not be updated) is active again. */
export async function restoreLink(db: DbOrTx, id: number) {
  await db.update(internalLinks).set({ undoneAt: null }).where(eq(internalLinks.id, id));
}

/** A site's links (of one source article when given), newest first, at most 500. */
/**
 * A link as the account sees it: with the titles of the article whose post carries it and of the
 * one it points at, and the site's pages that post links to as last read back (null: never read back).
 */
export type LinkWithSource = InternalLinkRow & { sourceTitle: string; targetTitle: string | null; sourceHolds: string[] | null };

const withSource = (db: DbOrTx) =>
  db
    .select({
      ...getTableColumns(internalLinks),
      sourceTitle: articles.title,
      targetTitle: targets.title,
      sourceHolds: sql<string[] | null>`${publications.verification} -> 'links'`,
    })
    .from(internalLinks)
    .innerJoin(articles, eq(articles.id, internalLinks.sourceArticleId))
    .leftJoin(targets, eq(targets.id, internalLinks.targetArticleId))
    .leftJoin(publications, and(eq(publications.siteId, internalLinks.siteId), eq(publications.articleId, internalLinks.sourceArticleId)));

export async function linksOfSite(db: DbOrTx, siteId: number, sourceArticleId?: number): Promise<LinkWithSource[]> {
  return withSource(db)
    .where(
      and(eq(internalLinks.siteId, siteId), sourceArticleId === undefined ? undefined : eq(internalLinks.sourceArticleId, sourceArticleId)),
    )
    .orderBy(desc(internalLinks.id))
    .limit(500);
}

export async function findLinkWithSource(db: DbOrTx, accountId: number, id: number): Promise<LinkWithSource | null> {
  const [row] = await withSource(db)
    .where(and(eq(internalLinks.id, id), eq(internalLinks.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** Live pages no other live page of the site links to (by a link not undone). */
export async function orphanPages(db: DbOrTx, siteId: number) {
  return db
    .select({ articleId: articles.id, title: articles.title, url: publications.remoteUrl })
    .from(publications)
    .innerJoin(articles, eq(articles.id, publications.articleId))
    .where(
      and(
        eq(publications.siteId, siteId),
        live,
        sql`not exists (
          select 1 from ${internalLinks} l
          join ${publications} s on s.article_id = l.source_article_id and s.site_id = l.site_id
          where l.site_id = ${siteId} and l.target_article_id = ${publications.articleId}
            and l.source_article_id <> ${publications.articleId} and l.undone_at is null
            and s.status = 'publish' and s.remote_url <> '')`,
      ),
    )
    .orderBy(desc(publications.id));
}

/**
 * The live pages whose posts link to `targetArticleId` on the site (by a link not undone): the
 * address the link was made to, and the site's pages the post links to as last read back (null:
 * never read back).
 */
export async function livePostsLinkingTo(db: DbOrTx, siteId: number, targetArticleId: number) {
  return db
    .selectDistinct({
      articleId: internalLinks.sourceArticleId,
      targetUrl: internalLinks.targetUrl,
      holds: sql<string[] | null>`${publications.verification} -> 'links'`,
    })
    .from(internalLinks)
    .innerJoin(publications, and(eq(publications.articleId, internalLinks.sourceArticleId), eq(publications.siteId, internalLinks.siteId)))
    .where(and(eq(internalLinks.siteId, siteId), eq(internalLinks.targetArticleId, targetArticleId), isNull(internalLinks.undoneAt), live))
    .orderBy(internalLinks.sourceArticleId);
}

/** An address as a link compares, in SQL: no fragment, trailing slash or case differences. */
const comparable = (url: unknown) => sql`lower(rtrim(split_part(${url}, '#', 1), '/'))`;

/**
 * Links (not undone) of live pages whose target is no longer a live page of the site, while the
 * page's post still holds them as last read back (a post sent again without the link — its target
 * gone — is mended; one never read back counts).
 */
export async function brokenLinks(db: DbOrTx, siteId: number) {
  return db
    .select({
      id: internalLinks.id,
      sourceArticleId: internalLinks.sourceArticleId,
      sourceTitle: articles.title,
      sourceUrl: publications.remoteUrl,
      targetArticleId: internalLinks.targetArticleId,
      targetTitle: targets.title,
      targetUrl: internalLinks.targetUrl,
      anchor: internalLinks.anchor,
    })
    .from(internalLinks)
    .innerJoin(articles, eq(articles.id, internalLinks.sourceArticleId))
    .leftJoin(targets, eq(targets.id, internalLinks.targetArticleId))
    .innerJoin(publications, and(eq(publications.articleId, internalLinks.sourceArticleId), eq(publications.siteId, internalLinks.siteId)))
    .where(
      and(
        eq(internalLinks.siteId, siteId),
        isNull(internalLinks.undoneAt),
        live,
        sql`not exists (
          select 1 from ${publications} t
          where t.site_id = ${siteId} and t.article_id = ${internalLinks.targetArticleId}
            and t.status = 'publish' and t.remote_url = ${internalLinks.targetUrl})`,
        sql`(${publications.verification} -> 'links' is null or exists (
          select 1 from jsonb_array_elements_text(${publications.verification} -> 'links') held
          where ${comparable(sql`held`)} = ${comparable(internalLinks.targetUrl)}))`,
      ),
    )
    .orderBy(internalLinks.id);
}
