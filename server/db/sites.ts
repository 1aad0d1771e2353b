import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { likePattern } from './likePattern';
import type { DbOrTx } from './connection';
import { articleTaskItems, siteCategories, siteKeywords, sites } from './schema';
import type { Category, Keyword, Site } from '../../contract/schemas/site';
import { dateTime } from '../../contract/dateTime';

export type SiteRow = typeof sites.$inferSelect;
export type KeywordRow = typeof siteKeywords.$inferSelect;
export type CategoryRow = typeof siteCategories.$inferSelect;

export const toSite = (row: SiteRow, counts: { total: number; unused: number }): Site => ({
  id: row.id,
  name: row.name,
  url: row.url,
  language: row.language,
  type: row.type as Site['type'],
  status: row.status,
  default_category_id: row.defaultCategoryId,
  has_credentials: row.credentials !== null,
  credentials_hint: row.credentialsHint,
  keyword_count: counts.total,
  unused_keyword_count: counts.unused,
  last_check_ok: row.lastCheckOk,
  last_check_message: row.lastCheckMessage,
  last_check_at: row.lastCheckAt ? dateTime(row.lastCheckAt) : null,
  created_at: dateTime(row.createdAt),
  updated_at: dateTime(row.updatedAt),
});

export const toKeyword = (row: KeywordRow): Keyword => ({
  id: row.id,
  site_id: row.siteId,
  keyword: row.keyword,
  used: row.usedAt !== null,
  used_at: row.usedAt ? dateTime(row.usedAt) : null,
  created_at: dateTime(row.createdAt),
});

export const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  site_id: row.siteId,
  remote_id: row.remoteId,
  name: row.name,
  slug: row.slug,
});

/** The site if the account owns it. */
export async function findSite(db: DbOrTx, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.id, id), eq(sites.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function listSites(db: DbOrTx, accountId: number, opts: { limit: number; offset: number; name?: string }) {
  const where = and(eq(sites.accountId, accountId), opts.name ? ilike(sites.name, likePattern(opts.name)) : undefined);
  // Written out: inside a subquery a bare column reference would bind to the inner table.
  const keywordCount = sql<number>`(select count(*)::int from site_keywords k where k.site_id = "sites"."id")`;
  const unusedCount = sql<number>`(select count(*)::int from site_keywords k where k.site_id = "sites"."id" and k.used_at is null)`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ site: sites, keywordCount, unusedCount })
      .from(sites)
      .where(where)
      .orderBy(desc(sites.createdAt), desc(sites.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(sites)
      .where(where),
  ]);
  return { rows, total };
}

export async function keywordCounts(db: DbOrTx, siteId: number) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, unused: sql<number>`(count(*) filter (where ${siteKeywords.usedAt} is null))::int` })
    .from(siteKeywords)
    .where(eq(siteKeywords.siteId, siteId));
  return row;
}

export async function insertSite(db: DbOrTx, values: typeof sites.$inferInsert) {
  const [row] = await db.insert(sites).values(values).returning();
  return row;
}

export async function updateSite(db: DbOrTx, id: number, values: Partial<typeof sites.$inferInsert>) {
  const [row] = await db
    .update(sites)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sites.id, id))
    .returning();
  return row;
}

export async function deleteSite(db: DbOrTx, id: number) {
  await db.delete(sites).where(eq(sites.id, id));
}

export async function listKeywords(db: DbOrTx, siteId: number, opts: { limit: number; offset: number; used?: boolean; keyword?: string }) {
  const where = and(
    eq(siteKeywords.siteId, siteId),
    opts.used === undefined ? undefined : opts.used ? isNotNull(siteKeywords.usedAt) : isNull(siteKeywords.usedAt),
    opts.keyword ? ilike(siteKeywords.keyword, likePattern(opts.keyword)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(siteKeywords)
      .where(where)
      .orderBy(desc(siteKeywords.createdAt), desc(siteKeywords.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(siteKeywords)
      .where(where),
  ]);
  return { rows, total };
}

/** Inserts the keywords that are new to the site (case-insensitive); returns how many were. */
export async function insertKeywords(db: DbOrTx, siteId: number, accountId: number, keywords: string[]) {
  let added = 0;
  for (let i = 0; i < keywords.length; i += 1000) {
    const chunk = keywords.slice(i, i + 1000);
    const rows = await db
      .insert(siteKeywords)
      .values(chunk.map((keyword) => ({ siteId, accountId, keyword })))
      .onConflictDoNothing()
      .returning({ id: siteKeywords.id });
    added += rows.length;
  }
  return added;
}

export async function deleteKeywords(db: DbOrTx, siteId: number, ids: number[]) {
  const rows = await db
    .delete(siteKeywords)
    .where(and(eq(siteKeywords.siteId, siteId), inArray(siteKeywords.id, ids)))
    .returning({ id: siteKeywords.id });
  return rows.length;
}

export async function findKeywordsByIds(db: DbOrTx, siteId: number, ids: number[]) {
  return db
    .select()
    .from(siteKeywords)
    .where(and(eq(siteKeywords.siteId, siteId), inArray(siteKeywords.id, ids)));
}

export async function findKeywordsByText(db: DbOrTx, siteId: number, keywords: string[]) {
  if (keywords.length === 0) return [];
  return db
    .select()
    .from(siteKeywords)
    .where(
      and(
        eq(siteKeywords.siteId, siteId),
        inArray(
          sql`lower(${siteKeywords.keyword})`,
          keywords.map((k) => k.toLowerCase()),
        ),
      ),
    );
}

/** The oldest unused keywords of a site: what a task without a keyword list takes. */
/** The site's oldest keywords with no article yet and none on its way (an open item of a task). */
export async function unusedKeywords(db: DbOrTx, siteId: number, limit: number) {
  const underway = db
    .select({ one: sql`1` })
    .from(articleTaskItems)
    .where(and(eq(articleTaskItems.keywordId, siteKeywords.id), inArray(articleTaskItems.status, ['queued', 'running', 'waiting'])));
  return db
    .select()
    .from(siteKeywords)
    .where(and(eq(siteKeywords.siteId, siteId), isNull(siteKeywords.usedAt), sql`not exists ${underway}`))
    .orderBy(asc(siteKeywords.createdAt), asc(siteKeywords.id))
    .limit(limit);
}

export async function markKeywordUsed(db: DbOrTx, keywordId: number, at: Date) {
  await db
    .update(siteKeywords)
    .set({ usedAt: at })
    .where(and(eq(siteKeywords.id, keywordId), isNull(siteKeywords.usedAt)));
}

export async function listCategories(db: DbOrTx, siteId: number) {
  return db
    .select()
    .from(siteCategories)
    .where(eq(siteCategories.siteId, siteId))
    .orderBy(asc(siteCategories.name), asc(siteCategories.id));
}

export async function findCategory(db: DbOrTx, siteId: number, id: number) {
  const [row] = await db
    .select()
    .from(siteCategories)
    .where(and(eq(siteCategories.siteId, siteId), eq(siteCategories.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findCategoryByName(db: DbOrTx, siteId: number, name: string) {
  const [row] = await db
    .select()
    .from(siteCategories)
    .where(and(eq(siteCategories.siteId, siteId), sql`lower(${siteCategories.name}) = lower(${name})`))
    .limit(1);
  return row ?? null;
}

export async function insertCategory(db: DbOrTx, values: typeof siteCategories.$inferInsert) {
  const [row] = await db.insert(siteCategories).values(values).returning();
  return row;
}

/** Stores fetched categories by their remote id: new ones added, known ones renamed. */
export async function upsertRemoteCategories(db: DbOrTx, siteId: number, categories: { id: number; name: string; slug: string }[]) {
  for (let i = 0; i < categories.length; i += 500) {
    const chunk = categories.slice(i, i + 500);
    await db
      .insert(siteCategories)
      .values(chunk.map((c) => ({ siteId, remoteId: c.id, name: c.name, slug: c.slug })))
      .onConflictDoUpdate({
        target: [siteCategories.siteId, siteCategories.remoteId],
        set: { name: sql`excluded.name`, slug: sql`excluded.slug` },
      });
  }
}
