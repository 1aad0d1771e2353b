import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { likePattern } from './likePattern';
import type { DbOrTx } from './connection';
import { articles } from './schema';
import { countedArticles } from './articleCounts';
import type { ArticleDetail, ArticleSummary, ArticleWordPress } from '../../contract/schemas/article';
import { dateTime } from '../../contract/dateTime';
import type { ArticleStatus } from '../../contract/statuses';

export type ArticleRow = typeof articles.$inferSelect;

export interface ArticleFilter {
  title?: string;
  keyword?: string;
  siteId?: number;
  taskId?: number;
  status?: ArticleStatus;
  from?: Date;
  to?: Date;
}

/** The columns a list shows: never the body. */
const summary = {
  id: articles.id,
  title: articles.title,
  keyword: articles.keyword,
  slug: articles.slug,
  siteId: articles.siteId,
  taskId: articles.taskId,
  categoryId: articles.categoryId,
  status: articles.status,
  source: articles.source,
  writer: articles.writer,
  seoScore: articles.seoScore,
  wordCount: articles.wordCount,
  coverUrl: articles.coverUrl,
  refreshKey: articles.refreshKey,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};
export type ArticleSummaryRow = { [K in keyof typeof summary]: ArticleRow[K] };

function conditions(accountId: number, f: ArticleFilter): SQL | undefined {
  return and(
    eq(articles.accountId, accountId),
    f.siteId ? eq(articles.siteId, f.siteId) : undefined,
    f.taskId ? eq(articles.taskId, f.taskId) : undefined,
    f.status ? eq(articles.status, f.status) : undefined,
    f.from ? gte(articles.createdAt, f.from) : undefined,
    f.to ? lte(articles.createdAt, f.to) : undefined,
    f.title ? ilike(articles.title, likePattern(f.title)) : undefined,
    f.keyword ? ilike(articles.keyword, likePattern(f.keyword)) : undefined,
  );
}

/** Whether a list's total must be counted (no counter keeps it): a search, a task or a time range. */
const isCounted = (f: ArticleFilter) => Boolean(f.taskId || f.from || f.to || f.title || f.keyword);

/**
 * A page of articles, newest first, on the (account, [filter,] created_at, id) indexes. With
 * `afterId` the page starts after that article (keyset: no rows skipped); else `offset` rows are
 * skipped, reading only ids until the page is found.
 */
export async function listArticles(
  db: DbOrTx,
  accountId: number,
  f: ArticleFilter,
  page: { limit: number; offset: number; afterId?: number },
) {
  const where = conditions(accountId, f);
  if (!page.afterId && isCounted(f)) return searchArticles(db, where, page);
  const keyset = page.afterId
    ? sql`(${articles.createdAt}, ${articles.id}) < (select a.created_at, a.id from ${articles} a where a.id = ${page.afterId} and a.account_id = ${accountId})`
    : undefined;
  const pageIds = db
    .select({ id: articles.id })
    .from(articles)
    .where(and(where, keyset))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(page.limit)
    .offset(page.afterId ? 0 : page.offset);
  const [rows, total] = await Promise.all([
    db
      .select(summary)
      .from(articles)
      .where(sql`${articles.id} in (${pageIds})`)
      .orderBy(desc(articles.createdAt), desc(articles.id)),
    isCounted(f) ? countMatching(db, where) : countedArticles(db, accountId, f.siteId, f.status),
  ]);
  return { rows: rows as ArticleSummaryRow[], total };
}

/**
 * A counted list's page by number (title and keyword search): one scan finds the matches
 * and gives both their number and the page's ids (sorted by an ordered aggregate), instead of one
 * scan for the page and a second for the total; the same statement reads the page's rows by id.
 */
async function searchArticles(db: DbOrTx, where: SQL | undefined, page: { limit: number; offset: number }) {
  const first = page.offset + 1;
  const last = page.offset + page.limit;
  const matched = db.$with('matched').as(
    db
      .select({
        total: sql<number>`count(*)::int`.as('total'),
        ids: sql<
          number[]
        >`(array_agg(${articles.id} order by ${articles.createdAt} desc, ${articles.id} desc))[${first}::int:${last}::int]`.as('ids'),
      })
      .from(articles)
      .where(where),
  );
  // A left join: with no match on the page, one row of nulls still carries the total.
  const found = await db
    .with(matched)
    .select({ ...summary, total: matched.total })
    .from(matched)
    .leftJoin(articles, sql`${articles.id} = any(${matched.ids})`)
    .orderBy(desc(articles.createdAt), desc(articles.id));
  const rows = found.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row);
  return { rows: rows as ArticleSummaryRow[], total: found[0].total };
}

/**
 * What an article is: the offline writer's output (writer `offline`) is a brief, a plan
 * and not prose, and must never be published to a live site (a draft on the target at most, and
 * only when the user asks).
 */
const articleKind = (writer: string): 'article' | 'brief' => (writer === 'offline' ? 'brief' : 'article');

export const toArticleSummary = (row: ArticleSummaryRow): ArticleSummary => ({
  id: row.id,
  title: row.title,
  keyword: row.keyword,
  slug: row.slug,
  site_id: row.siteId,
  task_id: row.taskId,
  category_id: row.categoryId,
  status: row.status,
  source: row.source,
  writer: row.writer,
  kind: articleKind(row.writer),
  seo_score: row.seoScore,
  word_count: row.wordCount,
  cover_url: row.coverUrl,
  refreshing: row.refreshKey !== null,
  created_at: dateTime(row.createdAt),
  updated_at: dateTime(row.updatedAt),
});

/** The article's WordPress choices, each field not chosen at its default (none, the site's or the task's). */
export const wordpressChoices = (row: Pick<ArticleRow, 'wordpress'>): ArticleWordPress => ({
  categories: [],
  tags: [],
  author: '',
  excerpt: '',
  canonical_url: '',
  ...row.wordpress,
});

export const toArticleDetail = (row: ArticleRow): ArticleDetail => ({
  ...toArticleSummary(row),
  language: row.language,
  meta_title: row.metaTitle,
  meta_description: row.metaDescription,
  body: row.body,
  outline: row.outline,
  faq: row.faq,
  images: row.images,
  // Worded for the reader by the route (seoCheckTexts); a score kept before outcomes has its English detail.
  seo_checks: row.seoChecks.map(({ id, passed, weight, outcome = '', values = {}, detail = '' }) => ({
    id,
    passed,
    weight,
    outcome,
    values,
    detail,
  })),
  wordpress: wordpressChoices(row),
});

/** How many articles `where` matches. */
async function countMatching(db: DbOrTx, where: SQL | undefined) {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(articles)
    .where(where);
  return total;
}

export async function findArticle(db: DbOrTx, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** The article, its row locked until the transaction ends: a change made meanwhile waits, and is not lost. */
export async function lockArticle(db: DbOrTx, id: number) {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).for('update').limit(1);
  return row ?? null;
}

/**
 * Marks the published articles of `ids` that no refresh holds as being refreshed by `key`; returns
 * the ids it marked (any other is not the account's, not published, or being refreshed already).
 */
export async function markRefreshing(db: DbOrTx, accountId: number, ids: number[], key: string) {
  const marked = await db
    .update(articles)
    .set({ refreshKey: key })
    .where(and(eq(articles.accountId, accountId), eq(articles.status, 'published'), isNull(articles.refreshKey), inArray(articles.id, ids)))
    .returning({ id: articles.id });
  return marked.map((row) => row.id);
}

export async function insertArticle(db: DbOrTx, values: typeof articles.$inferInsert) {
  const [row] = await db.insert(articles).values(values).returning();
  return row;
}

export async function updateArticle(db: DbOrTx, id: number, values: Partial<typeof articles.$inferInsert>) {
  const [row] = await db
    .update(articles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning();
  return row;
}

export async function deleteArticle(db: DbOrTx, id: number) {
  await db.delete(articles).where(eq(articles.id, id));
}

/** What a new article of a site is written against: the site's other articles, newest first. */
export async function siteArticleHeads(db: DbOrTx, accountId: number, siteId: number, limit: number) {
  return db
    .select({ id: articles.id, title: articles.title, slug: articles.slug, keyword: articles.keyword, writer: articles.writer })
    .from(articles)
    .where(and(eq(articles.accountId, accountId), eq(articles.siteId, siteId)))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
}

/** The bodies of a site's newest articles, for the duplicate-content check. */
export async function siteArticleBodies(db: DbOrTx, accountId: number, siteId: number, limit: number) {
  const rows = await db
    .select({ body: articles.body })
    .from(articles)
    .where(and(eq(articles.accountId, accountId), eq(articles.siteId, siteId), sql`${articles.writer} <> 'offline'`))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
  return rows.map((r) => r.body);
}

/** The slugs of a site equal to `base` or `base-N`. */
export async function siteSlugsLike(db: DbOrTx, siteId: number, base: string) {
  const rows = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(
      and(
        eq(articles.siteId, siteId),
        sql`(${articles.slug} = ${base} or ${articles.slug} like ${`${likePattern(base).replace(/^%|%$/g, '')}-%`})`,
      ),
    );
  return rows.map((r) => r.slug);
}

/**
 * The account's published articles a refresh may take, least recently changed first: those
 * unchanged since `changedBefore`, or scoring at most `maxSeoScore` (either, when both are given).
 */
export async function refreshableArticles(
  db: DbOrTx,
  accountId: number,
  f: { siteId?: number; changedBefore?: Date; maxSeoScore?: number; refreshing?: boolean },
  page: { limit: number; offset: number },
) {
  const chosen = [
    f.changedBefore ? lte(articles.updatedAt, f.changedBefore) : undefined,
    f.maxSeoScore !== undefined ? lte(articles.seoScore, f.maxSeoScore) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const where = and(
    eq(articles.accountId, accountId),
    eq(articles.status, 'published'),
    f.siteId ? eq(articles.siteId, f.siteId) : undefined,
    f.refreshing ? isNotNull(articles.refreshKey) : undefined,
    chosen.length ? or(...chosen) : undefined,
  );
  const [rows, total] = await Promise.all([
    db.select(summary).from(articles).where(where).orderBy(asc(articles.updatedAt), asc(articles.id)).limit(page.limit).offset(page.offset),
    countMatching(db, where),
  ]);
  return { rows: rows as ArticleSummaryRow[], total };
}

/** The articles a queued refresh holds. */
export async function refreshingArticles(db: DbOrTx) {
  const rows = await db
    .select({ id: articles.id, accountId: articles.accountId, refreshKey: articles.refreshKey })
    .from(articles)
    .where(isNotNull(articles.refreshKey));
  return rows as { id: number; accountId: number; refreshKey: string }[];
}
