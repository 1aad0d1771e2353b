import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { articles, publications, publishItems, publishTasks } from './schema';

const leaseEnd = (leaseSeconds: number) => sql`now() + make_interval(secs => ${leaseSeconds})`;

/** A queued item of a running task, with its task, locked (null when another holds the lock, or it is not there to run). */
export async function lockQueuedItem(tx: DbOrTx, itemId: number) {
  const [row] = await tx
    .select({ item: publishItems, task: publishTasks })
    .from(publishItems)
    .innerJoin(publishTasks, eq(publishTasks.id, publishItems.taskId))
    .where(and(eq(publishItems.id, itemId), eq(publishItems.status, 'queued'), eq(publishTasks.status, 'running')))
    .for('update', { of: publishItems, skipLocked: true })
    .limit(1);
  return row ?? null;
}

/** The item runs: one attempt more, leased, charged its price. */
export async function startItem(tx: DbOrTx, itemId: number, opts: { leaseSeconds: number; at: Date; charged: number }) {
  const [item] = await tx
    .update(publishItems)
    .set({
      status: 'running',
      attempt: sql`${publishItems.attempt} + 1`,
      leaseUntil: leaseEnd(opts.leaseSeconds),
      startedAt: opts.at,
      charged: opts.charged,
    })
    .where(eq(publishItems.id, itemId))
    .returning();
  return item;
}

/** The publication failed with this reason; a post already made keeps its status. */
export async function failPublication(db: DbOrTx, id: number, error: string, at: Date) {
  await db
    .update(publications)
    .set({
      error,
      status: sql`case when ${publications.remoteId} is null then 'failed' else ${publications.status} end`,
      lastSyncAt: at,
      updatedAt: at,
    })
    .where(eq(publications.id, id));
}

/** The article reads as failed, unless it is published elsewhere. */
export async function failArticleUnlessPublished(db: DbOrTx, articleId: number, at: Date) {
  await db
    .update(articles)
    .set({ status: 'failed', updatedAt: at })
    .where(and(eq(articles.id, articleId), ne(articles.status, 'published')));
}

/** The queued items of running tasks, and when each is due. */
export async function queuedItemsOfRunningTasks(db: DbOrTx) {
  return db
    .select({ itemId: publishItems.id, runAt: publishItems.runAt })
    .from(publishItems)
    .innerJoin(publishTasks, eq(publishTasks.id, publishItems.taskId))
    .where(and(eq(publishItems.status, 'queued'), eq(publishTasks.status, 'running')));
}
