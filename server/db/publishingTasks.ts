import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import type { PublishItemStatus } from '../../contract/statuses';
import { articleTaskItems, articleTasks, articles, publications, publishItems, publishTasks, sites } from './schema';

export type PublishingTaskRow = typeof publishTasks.$inferSelect;
export type PublishItemRow = typeof publishItems.$inferSelect;
export type PublicationRow = typeof publications.$inferSelect;
export type { PublicationVerification } from './schema';

/** A task with its site's name and type, and when its next waiting item is due. */
export const taskView = {
  task: publishTasks,
  siteName: sql<string>`coalesce(${sites.name}, '')`,
  siteType: sql<string>`coalesce(${sites.type}, '')`,
  nextRunAt:
    sql<Date | null>`(select min(run_at) from publish_items i where i.task_id = ${publishTasks.id} and i.status = 'queued')`.mapWith(
      (v: unknown) => (v === null || v === undefined ? null : new Date(v as string)),
    ),
};
export interface PublishingTaskView {
  task: PublishingTaskRow;
  siteName: string;
  siteType: string;
  nextRunAt: Date | null;
}

export async function findTaskView(db: DbOrTx, accountId: number, id: number): Promise<PublishingTaskView | null> {
  const [row] = await db
    .select(taskView)
    .from(publishTasks)
    .leftJoin(sites, eq(sites.id, publishTasks.siteId))
    .where(and(eq(publishTasks.id, id), eq(publishTasks.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function insertItems(db: DbOrTx, values: (typeof publishItems.$inferInsert)[]) {
  const out: { id: number; runAt: Date; status: string }[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    out.push(
      ...(await db
        .insert(publishItems)
        .values(values.slice(i, i + 1000))
        .returning({ id: publishItems.id, runAt: publishItems.runAt, status: publishItems.status })),
    );
  }
  return out;
}

export async function itemsOfTask(db: DbOrTx, taskId: number, opts: { limit: number; offset: number; status?: PublishItemStatus }) {
  const where = and(eq(publishItems.taskId, taskId), opts.status ? eq(publishItems.status, opts.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    // Each item with what its article's post on the task's site held when last read back.
    db
      .select({ item: publishItems, verification: publications.verification })
      .from(publishItems)
      .innerJoin(publishTasks, eq(publishTasks.id, publishItems.taskId))
      .leftJoin(publications, and(eq(publications.articleId, publishItems.articleId), eq(publications.siteId, publishTasks.siteId)))
      .where(where)
      .orderBy(publishItems.id)
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(publishItems)
      .where(where),
  ]);
  return { rows, total };
}

export async function queuedItems(db: DbOrTx, taskId: number) {
  return db
    .select({ itemId: publishItems.id, runAt: publishItems.runAt })
    .from(publishItems)
    .where(and(eq(publishItems.taskId, taskId), eq(publishItems.status, 'queued')));
}

export async function cancelQueuedItems(db: DbOrTx, taskId: number, at: Date) {
  const rows = await db
    .update(publishItems)
    .set({ status: 'cancelled', finishedAt: at })
    .where(and(eq(publishItems.taskId, taskId), eq(publishItems.status, 'queued')))
    .returning({ id: publishItems.id });
  return rows.length;
}

export async function failedItems(db: DbOrTx, taskId: number, itemId?: number) {
  return db
    .select()
    .from(publishItems)
    .where(and(eq(publishItems.taskId, taskId), eq(publishItems.status, 'failed'), itemId ? eq(publishItems.id, itemId) : undefined))
    .for('update');
}

export async function updateItems(db: DbOrTx, ids: number[], values: Partial<typeof publishItems.$inferInsert>) {
  if (ids.length) await db.update(publishItems).set(values).where(inArray(publishItems.id, ids));
}

/** The article's publication on the site, made (with its idempotency key) when there is none. */
export async function ensurePublication(
  db: DbOrTx,
  values: { accountId: number; articleId: number; siteId: number; idempotencyKey: string },
) {
  await db
    .insert(publications)
    .values(values)
    .onConflictDoNothing({ target: [publications.articleId, publications.siteId] });
  const [row] = await db
    .select()
    .from(publications)
    .where(and(eq(publications.articleId, values.articleId), eq(publications.siteId, values.siteId)))
    .limit(1);
  return row;
}

/** Where an article was published on a site (its key and post), or null when it never was. */
export async function findPublication(db: DbOrTx, articleId: number, siteId: number) {
  const [row] = await db
    .select()
    .from(publications)
    .where(and(eq(publications.articleId, articleId), eq(publications.siteId, siteId)))
    .limit(1);
  return row ?? null;
}

export async function updatePublication(db: DbOrTx, id: number, values: Partial<typeof publications.$inferInsert>) {
  await db
    .update(publications)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(publications.id, id));
}

/**
 * An article sent to a site reads as published while one of its posts is live or scheduled there,
 * else as a draft: a post sent as a draft does not make the article published.
 */
export async function settleArticleStatus(db: DbOrTx, articleId: number, at: Date) {
  await db
    .update(articles)
    .set({
      status: sql`case when exists (select 1 from ${publications} where ${publications.articleId} = ${articleId} and ${publications.status} in ('publish', 'future')) then 'published' else 'draft' end`,
      updatedAt: at,
    })
    .where(eq(articles.id, articleId));
}

/** Stores one uploaded image in the publication's media map, without losing another's. */
export async function rememberMedia(db: DbOrTx, id: number, localUrl: string, media: { id: number; url: string }) {
  await db.execute(
    sql`update publications set media = media || ${JSON.stringify({ [localUrl]: media })}::jsonb, updated_at = now() where id = ${id}`,
  );
}

export async function publicationsOfArticle(db: DbOrTx, accountId: number, articleId: number) {
  return db
    .select({ publication: publications, siteName: sites.name, siteType: sites.type })
    .from(publications)
    .innerJoin(sites, eq(sites.id, publications.siteId))
    .where(and(eq(publications.articleId, articleId), eq(publications.accountId, accountId)))
    .orderBy(publications.id);
}

/* ---- Publishing a generation task's articles as they are written ---- */

/** The publishing tasks still taking a generation task's articles (all of them without `generationTaskId`). */
export async function awaitingTasks(db: DbOrTx, generationTaskId?: number) {
  return db
    .select({ id: publishTasks.id })
    .from(publishTasks)
    .where(
      and(
        eq(publishTasks.awaitingSource, true),
        generationTaskId === undefined ? undefined : eq(publishTasks.sourceTaskId, generationTaskId),
      ),
    )
    .orderBy(publishTasks.id);
}

/** Whether a generation task writes no more articles: ended, with no item left to run (a cancelled task's running item still may). */
export async function sourceEnded(db: DbOrTx, generationTaskId: number | null): Promise<boolean> {
  if (generationTaskId === null) return true;
  const [row] = await db
    .select({
      status: articleTasks.status,
      open: sql<number>`(select count(*)::int from ${articleTaskItems} i where i.task_id = ${articleTasks.id} and i.status in ('queued', 'running', 'waiting'))`,
    })
    .from(articleTasks)
    .where(eq(articleTasks.id, generationTaskId))
    .limit(1);
  if (!row) return true;
  return (row.status === 'completed' || row.status === 'cancelled') && Number(row.open) === 0;
}

/** A generation task's articles that are not yet items of this publishing task, oldest first. */
export async function articlesNotInTask(db: DbOrTx, publishingTaskId: number, generationTaskId: number, accountId: number) {
  return db
    .select({ id: articles.id, title: articles.title, seoScore: articles.seoScore })
    .from(articles)
    .where(
      and(
        eq(articles.taskId, generationTaskId),
        eq(articles.accountId, accountId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(publishItems)
            .where(and(eq(publishItems.taskId, publishingTaskId), eq(publishItems.articleId, articles.id))),
        ),
      ),
    )
    .orderBy(articles.id)
    .limit(1000);
}

/** When the task's latest item that will be sent is due (a drip task's next slot comes after it). */
export async function lastDueAt(db: DbOrTx, taskId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${publishItems.runAt})` })
    .from(publishItems)
    .where(and(eq(publishItems.taskId, taskId), ne(publishItems.status, 'skipped')));
  return row?.at ? new Date(row.at) : null;
}

/** Adds items to a task that grows, ignoring an article already in it; returns those added. */
export async function insertNewItems(db: DbOrTx, values: (typeof publishItems.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db
    .insert(publishItems)
    .values(values)
    .onConflictDoNothing({ target: [publishItems.taskId, publishItems.articleId] })
    .returning({ id: publishItems.id, runAt: publishItems.runAt, status: publishItems.status });
}

/** A task row locked for the change that follows (same transaction), whoever's it is. */
export async function lockTaskById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(publishTasks).where(eq(publishTasks.id, id)).for('update').limit(1);
  return row ?? null;
}

/* ---- One worker at a time per article and site ---- */

/**
 * Holds, until the transaction ends, the lock of one article on one site: claims of its items are
 * decided one after another, by every process on the database, so two never both see it free.
 */
export async function lockArticleOnSite(tx: DbOrTx, articleId: number, siteId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`publish:${articleId}:${siteId}`}, 0))`);
}

/** When another item's live claim on this article and site ends (its lease), or null when none holds it. */
export async function heldUntil(tx: DbOrTx, itemId: number, articleId: number, siteId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ leaseUntil: publishItems.leaseUntil })
    .from(publishItems)
    .innerJoin(publishTasks, eq(publishTasks.id, publishItems.taskId))
    .where(
      and(
        eq(publishItems.articleId, articleId),
        eq(publishTasks.siteId, siteId),
        eq(publishItems.status, 'running'),
        ne(publishItems.id, itemId),
        sql`${publishItems.leaseUntil} > now()`,
      ),
    )
    .limit(1);
  return row?.leaseUntil ?? null;
}

/** What a task needs of an article it publishes. */
const articleHead = { id: articles.id, title: articles.title, siteId: articles.siteId, seoScore: articles.seoScore };

/** The site's ready articles, oldest first (at most 1000). */
export async function readyArticlesOfSite(db: DbOrTx, accountId: number, siteId: number) {
  return db
    .select(articleHead)
    .from(articles)
    .where(and(eq(articles.accountId, accountId), eq(articles.siteId, siteId), eq(articles.status, 'ready')))
    .orderBy(articles.id)
    .limit(1000);
}

/** Of these articles, the account's. */
export async function articlesOfAccount(db: DbOrTx, accountId: number, ids: number[]) {
  return db
    .select(articleHead)
    .from(articles)
    .where(and(eq(articles.accountId, accountId), inArray(articles.id, ids)));
}

export async function articleTitle(db: DbOrTx, articleId: number) {
  const [row] = await db.select({ title: articles.title }).from(articles).where(eq(articles.id, articleId)).limit(1);
  return row ?? null;
}
