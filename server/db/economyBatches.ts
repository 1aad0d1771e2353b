import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { articleItemProgress, articleTaskItems, articleTasks, economyBatches, economyLines } from './schema';

/* The economy mode's batches and their lines (domain/economy.ts). */

export type LineRow = typeof economyLines.$inferSelect;
export type BatchRow = typeof economyBatches.$inferSelect;

/** Records an item's call for the next batch (once: the same step asked again is the same line). */
export async function recordLine(db: DbOrTx, line: { itemId: number; taskId: number; step: string; body: Record<string, unknown> }) {
  await db.insert(economyLines).values(line).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(economyLines)
    .where(and(eq(economyLines.itemId, line.itemId), eq(economyLines.step, line.step)));
  return row;
}

/**
 * Running economy tasks whose lines wait for a batch, with no unfinished item still on its way to
 * its next call (one without a line waiting) and no batch open: every item has reached its stage,
 * so the stage goes as one batch.
 */
export async function tasksReadyToSend(db: DbOrTx, maxMisses: number) {
  return db
    .selectDistinct({ taskId: economyLines.taskId, accountId: articleTasks.accountId })
    .from(economyLines)
    .innerJoin(articleTasks, eq(articleTasks.id, economyLines.taskId))
    .where(
      and(
        eq(articleTasks.status, 'running'),
        isNull(economyLines.batchId),
        eq(economyLines.answered, false),
        lt(economyLines.misses, maxMisses),
        notExists(
          db
            .select({ id: articleTaskItems.id })
            .from(articleTaskItems)
            .where(
              and(
                eq(articleTaskItems.taskId, economyLines.taskId),
                inArray(articleTaskItems.status, ['queued', 'running', 'waiting']),
                sql`not exists (select 1 from economy_lines l where l.item_id = ${articleTaskItems.id} and not l.answered and l.batch_id is null and l.misses < ${maxMisses})`,
              ),
            ),
        ),
        notExists(
          db
            .select({ id: economyBatches.id })
            .from(economyBatches)
            .where(and(eq(economyBatches.taskId, economyLines.taskId), eq(economyBatches.settled, false))),
        ),
      ),
    );
}

/** A batch row for the task, holding its waiting lines (none: no row). Made before the upload, so a line is in one batch only. */
export async function openBatch(db: DbOrTx, taskId: number, maxMisses: number) {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(economyBatches)
      .values({ taskId, step: '', providerBatchId: '', inputFileId: '', status: 'uploading' })
      .returning();
    const lines = await tx
      .update(economyLines)
      .set({ batchId: batch.id })
      .where(
        and(
          eq(economyLines.taskId, taskId),
          isNull(economyLines.batchId),
          eq(economyLines.answered, false),
          lt(economyLines.misses, maxMisses),
        ),
      )
      .returning();
    if (lines.length === 0) {
      await tx.delete(economyBatches).where(eq(economyBatches.id, batch.id));
      return null;
    }
    await tx.update(economyBatches).set({ step: lines[0].step }).where(eq(economyBatches.id, batch.id));
    return { batch, lines };
  });
}

export const updateBatch = (db: DbOrTx, id: number, values: Partial<typeof economyBatches.$inferInsert>) =>
  db
    .update(economyBatches)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(economyBatches.id, id));

/** Batches not yet settled, with their task's account; an upload older than `staleSeconds` died with its process. */
export async function unsettledBatches(db: DbOrTx, taskId?: number) {
  return db
    .select({ batch: economyBatches, accountId: articleTasks.accountId })
    .from(economyBatches)
    .innerJoin(articleTasks, eq(articleTasks.id, economyBatches.taskId))
    .where(and(eq(economyBatches.settled, false), taskId === undefined ? undefined : eq(economyBatches.taskId, taskId)));
}

/** Marks the batch settled; false when another process settled it first (its answers are taken once). */
export async function settleBatch(db: DbOrTx, id: number, status: string) {
  const rows = await db
    .update(economyBatches)
    .set({ status, settled: true, updatedAt: sql`now()` })
    .where(and(eq(economyBatches.id, id), eq(economyBatches.settled, false)))
    .returning({ id: economyBatches.id });
  return rows.length > 0;
}

export const linesOfBatch = (db: DbOrTx, batchId: number) => db.select().from(economyLines).where(eq(economyLines.batchId, batchId));

/** The line's answer, kept as the item's step (where a run of the item finds it) in one statement with the line. */
export async function answerLine(db: DbOrTx, line: LineRow, text: string) {
  await db.update(economyLines).set({ answered: true, error: '' }).where(eq(economyLines.id, line.id));
  await db.execute(sql`
    insert into article_item_progress (item_id, task_id, steps)
    values (${line.itemId}, ${line.taskId}, jsonb_build_object(${line.step}::text, ${JSON.stringify(text)}::jsonb))
    on conflict (item_id) do update set steps = ${articleItemProgress.steps} || excluded.steps`);
}

/** No answer in this batch: the line waits for the next one. */
export const missLine = (db: DbOrTx, line: LineRow, error: string) =>
  db
    .update(economyLines)
    .set({ batchId: null, misses: line.misses + 1, error: error.slice(0, 1000) })
    .where(eq(economyLines.id, line.id));

/** The task's items waiting (for its batch), to run on with what it answered. */
export async function waitingItemIds(db: DbOrTx, taskId: number) {
  const rows = await db
    .select({ id: articleTaskItems.id })
    .from(articleTaskItems)
    .where(and(eq(articleTaskItems.taskId, taskId), eq(articleTaskItems.status, 'waiting')));
  return rows.map((r) => r.id);
}

/** Uploads that never reached the provider (their process died): older than `seconds`. */
export async function staleUploads(db: DbOrTx, seconds: number) {
  return db
    .select()
    .from(economyBatches)
    .where(
      and(
        eq(economyBatches.settled, false),
        eq(economyBatches.providerBatchId, ''),
        lt(economyBatches.updatedAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    );
}
