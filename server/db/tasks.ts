import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './types';
import type { TaskStatus } from '../../contract/statuses';
import { articleTaskItems, articleTasks, publishItems, publishTasks, sites } from './schema';
import { taskView, type PublishingTaskView } from './publishingTasks';

/**
 * Generating articles and publishing them share one task lifecycle (contract/statuses): a task of
 * items, each run by a worker under a lease, counted when it ends. What differs is data: the
 * tables, what a list shows of a task, what else keeps a task open, and which ends an item may
 * come to besides done, failed and cancelled.
 */
const kinds = {
  generation: { tasks: articleTasks, items: articleTaskItems, listed: { task: articleTasks }, keepsOpen: sql`false`, otherEnds: sql`0` },
  /** A publishing task fed by a generation task stays open for its articles; an item below the task's minimum score is skipped. */
  publishing: { tasks: publishTasks, items: publishItems, listed: taskView, keepsOpen: sql`awaiting_source`, otherEnds: sql`skipped` },
};

export type TaskKind = keyof typeof kinds;
type Tables<K extends TaskKind> = (typeof kinds)[K];
export type TaskRowOf<K extends TaskKind> = Tables<K>['tasks']['$inferSelect'];
export type ItemRowOf<K extends TaskKind> = Tables<K>['items']['$inferSelect'];
/** A task as a list shows it: a publishing task with its site and its next due item. */
export type ListedOf<K extends TaskKind> = K extends 'publishing' ? PublishingTaskView : { task: TaskRowOf<K> };

/** What every kind's task has of the lifecycle: what a change common to both kinds may set. */
type LifecycleValues = Partial<Pick<TaskRowOf<TaskKind>, 'status' | 'finishedAt'>>;

/** Which attempt of an item holds it: a statement on the item applies only while it still does. */
export interface Hold {
  id: number;
  attempt: number;
}

const leaseEnd = (leaseSeconds: number) => sql`now() + make_interval(secs => ${leaseSeconds})`;

/** The account's task, locked for a change of state (same transaction). */
export async function lockTask<K extends TaskKind>(db: DbOrTx, kind: K, accountId: number, id: number): Promise<TaskRowOf<K> | null> {
  const { tasks } = kinds[kind];
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.accountId, accountId)))
    .for('update')
    .limit(1);
  return (row as TaskRowOf<K>) ?? null;
}

/** The account's tasks, newest first, a page of them and how many there are. */
export async function listTasks<K extends TaskKind>(
  db: DbOrTx,
  kind: K,
  accountId: number,
  opts: { limit: number; offset: number; status?: TaskStatus; siteId?: number },
): Promise<{ rows: ListedOf<K>[]; total: number }> {
  const { tasks, listed } = kinds[kind];
  const where = and(
    eq(tasks.accountId, accountId),
    opts.status ? eq(tasks.status, opts.status) : undefined,
    opts.siteId ? eq(tasks.siteId, opts.siteId) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listed)
      .from(tasks)
      .leftJoin(sites, eq(sites.id, tasks.siteId))
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tasks)
      .where(where),
  ]);
  return { rows: rows as ListedOf<K>[], total };
}

export async function insertTask<K extends TaskKind>(
  db: DbOrTx,
  kind: K,
  values: Tables<K>['tasks']['$inferInsert'],
): Promise<TaskRowOf<K>> {
  const [row] = await db
    .insert(kinds[kind].tasks)
    .values(values as never)
    .returning();
  return row as TaskRowOf<K>;
}

export async function updateTask<K extends TaskKind>(
  db: DbOrTx,
  kind: K,
  id: number,
  values: Partial<Tables<K>['tasks']['$inferInsert']> | LifecycleValues,
): Promise<TaskRowOf<K>> {
  const { tasks } = kinds[kind];
  const [row] = await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(eq(tasks.id, id))
    .returning();
  return row as TaskRowOf<K>;
}

/** How many of the task's items are in each status. */
export async function itemCounts(db: DbOrTx, kind: TaskKind, taskId: number) {
  const { items } = kinds[kind];
  const rows = await db
    .select({ status: items.status, n: sql<number>`count(*)::int` })
    .from(items)
    .where(eq(items.taskId, taskId))
    .groupBy(items.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

/**
 * Moves a task's counters after items finished, and completes a running task whose every item
 * is finished (and that nothing else keeps open). One statement, so concurrent workers never lose
 * an increment.
 */
export async function countFinished(
  db: DbOrTx,
  kind: TaskKind,
  taskId: number,
  delta: { done?: number; failed?: number; cancelled?: number },
  at: Date,
) {
  const { tasks, keepsOpen, otherEnds } = kinds[kind];
  const d = delta.done ?? 0;
  const f = delta.failed ?? 0;
  const c = delta.cancelled ?? 0;
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const ends: SQL = sql`status = 'running' and not ${keepsOpen} and done + ${d} + failed + ${f} + cancelled + ${c} + ${otherEnds} >= total`;
  await db.execute(sql`
    update ${tasks} set
      done = done + ${d}, failed = failed + ${f}, cancelled = cancelled + ${c}, updated_at = ${stamp},
      status = case when ${ends} then 'completed' else status end,
      finished_at = case when ${ends} then ${stamp} else finished_at end
    where id = ${taskId}`);
}

/** Moves the lease of a running item on, while this hold is its; false when it was lost. */
export async function renewLease(db: DbOrTx, kind: TaskKind, hold: Hold, leaseSeconds: number): Promise<boolean> {
  const { items } = kinds[kind];
  const rows = await db
    .update(items)
    .set({ leaseUntil: leaseEnd(leaseSeconds) })
    .where(and(eq(items.id, hold.id), eq(items.status, 'running'), eq(items.attempt, hold.attempt)))
    .returning({ id: items.id });
  return rows.length > 0;
}

/** Ends a running item's lease with these values, while this hold is its; false when it was lost. */
export async function endHold<K extends TaskKind>(
  db: DbOrTx,
  kind: K,
  hold: Hold,
  values: Partial<Tables<K>['items']['$inferInsert']>,
): Promise<boolean> {
  const { items } = kinds[kind];
  const rows = await db
    .update(items)
    .set({ ...values, leaseUntil: null } as never)
    .where(and(eq(items.id, hold.id), eq(items.status, 'running'), eq(items.attempt, hold.attempt)))
    .returning({ id: items.id });
  return rows.length > 0;
}

/** Running items, all or those whose lease lapsed, locked (skipping those locked elsewhere). */
export async function lockRunningItems<K extends TaskKind>(db: DbOrTx, kind: K, scope: 'all' | 'expired'): Promise<ItemRowOf<K>[]> {
  const { items } = kinds[kind];
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.status, 'running'), scope === 'expired' ? lt(items.leaseUntil, sql`now()`) : undefined))
    .for('update', { skipLocked: true })
    .limit(1000);
  return rows as ItemRowOf<K>[];
}
