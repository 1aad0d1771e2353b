import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import type { TaskItemStatus } from '../../contract/statuses';
import { articleItemProgress, articleTaskItems, articleTasks, articles, siteKeywords } from './schema';

export type TaskRow = typeof articleTasks.$inferSelect;
export type ItemRow = typeof articleTaskItems.$inferSelect;

export async function findTask(db: DbOrTx, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(articleTasks)
    .where(and(eq(articleTasks.id, id), eq(articleTasks.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function countUnfinishedTasksOfSite(db: DbOrTx, siteId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(articleTasks)
    .where(and(eq(articleTasks.siteId, siteId), inArray(articleTasks.status, ['running', 'paused'])));
  return row.n;
}

export async function insertItems(db: DbOrTx, values: (typeof articleTaskItems.$inferInsert)[]) {
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await db
      .insert(articleTaskItems)
      .values(values.slice(i, i + 1000))
      .returning({ id: articleTaskItems.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function itemsOfTask(db: DbOrTx, taskId: number, opts: { limit: number; offset: number; status?: TaskItemStatus }) {
  const where = and(eq(articleTaskItems.taskId, taskId), opts.status ? eq(articleTaskItems.status, opts.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        item: articleTaskItems,
        articleId: articles.id,
        waitUntil: articleItemProgress.waitUntil,
        waitReason: articleItemProgress.waitReason,
      })
      .from(articleTaskItems)
      .leftJoin(articles, eq(articles.taskItemId, articleTaskItems.id))
      .leftJoin(articleItemProgress, eq(articleItemProgress.itemId, articleTaskItems.id))
      .where(where)
      .orderBy(articleTaskItems.id)
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(articleTaskItems)
      .where(where),
  ]);
  return { rows, total };
}

export async function queuedItemIds(db: DbOrTx, taskId: number) {
  const rows = await db
    .select({ id: articleTaskItems.id })
    .from(articleTaskItems)
    .where(and(eq(articleTaskItems.taskId, taskId), eq(articleTaskItems.status, 'queued')));
  return rows.map((r) => r.id);
}

/**
 * Queued items of a task, and those waiting for a provider's limit, become cancelled;
 * returns them with what each was charged (a waiting item keeps its charge until then).
 */
export async function cancelQueuedItems(db: DbOrTx, taskId: number, at: Date) {
  const where = and(eq(articleTaskItems.taskId, taskId), inArray(articleTaskItems.status, ['queued', 'waiting']));
  const items = await db
    .select({ id: articleTaskItems.id, accountId: articleTaskItems.accountId, charged: articleTaskItems.charged })
    .from(articleTaskItems)
    .where(where)
    .for('update');
  if (items.length) await db.update(articleTaskItems).set({ status: 'cancelled', finishedAt: at, charged: 0 }).where(where);
  return items;
}

/** The item with its task, if the account owns it, locked for a change of state. */
export async function lockItemOfAccount(db: DbOrTx, accountId: number, itemId: number) {
  const [row] = await db
    .select({ item: articleTaskItems, task: articleTasks })
    .from(articleTaskItems)
    .innerJoin(articleTasks, eq(articleTasks.id, articleTaskItems.taskId))
    .where(and(eq(articleTaskItems.id, itemId), eq(articleTaskItems.accountId, accountId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateItem(db: DbOrTx, id: number, values: Partial<typeof articleTaskItems.$inferInsert>) {
  await db.update(articleTaskItems).set(values).where(eq(articleTaskItems.id, id));
}

/** Per task, its items waiting for a provider's limit and when the first runs again. */
export async function waitingOfTasks(db: DbOrTx, taskIds: number[]) {
  if (taskIds.length === 0) return new Map<number, { n: number; until: Date }>();
  const rows = await db
    .select({
      taskId: articleItemProgress.taskId,
      n: sql<number>`count(*)::int`,
      until: sql<string>`min(${articleItemProgress.waitUntil})`,
    })
    .from(articleItemProgress)
    .innerJoin(articleTaskItems, eq(articleTaskItems.id, articleItemProgress.itemId))
    .where(
      and(
        inArray(articleItemProgress.taskId, taskIds),
        sql`${articleItemProgress.waitUntil} is not null`,
        eq(articleTaskItems.status, 'waiting'),
      ),
    )
    .groupBy(articleItemProgress.taskId);
  return new Map(rows.map((r) => [r.taskId, { n: r.n, until: new Date(r.until) }]));
}

/** Of these keywords, the ones already written (an article came of them) or on their way (an open item of a task). */
export async function writtenOrUnderway(db: DbOrTx, keywordIds: number[]): Promise<Set<number>> {
  if (keywordIds.length === 0) return new Set();
  const written = await db
    .select({ id: siteKeywords.id })
    .from(siteKeywords)
    .where(and(inArray(siteKeywords.id, keywordIds), isNotNull(siteKeywords.usedAt)));
  const underway = await db
    .selectDistinct({ id: articleTaskItems.keywordId })
    .from(articleTaskItems)
    .where(and(inArray(articleTaskItems.keywordId, keywordIds), inArray(articleTaskItems.status, ['queued', 'running', 'waiting'])));
  return new Set([...written, ...underway].map((r) => r.id).filter((id): id is number => id !== null));
}
