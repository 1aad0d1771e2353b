import { and, eq, isNull, like, lt, not, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { articleItemProgress, articleTaskItems, articleTasks, economyBatches, economyLines } from './schema';

/* The economy mode's batches and their lines (domain/generation/economy.ts). */

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
 * so the stage goes as one batch. One statement for all tasks, task by task (not line by line):
 * a poll costs the same whether a task has ten items or a thousand. A task with the interactive
 * fallback sends a line once only: one its batch left unanswered is made interactively by its item.
 */
export async function tasksReadyToSend(db: DbOrTx, maxMisses: number) {
  const result = await db.execute(sql`
    select t.id as "taskId", t.account_id as "accountId", t.interactive_fallback as "interactiveFallback"
    from article_tasks t
    where t.status = 'running' and t.economy
      and exists (
        select 1 from economy_lines l
        where l.task_id = t.id and not l.answered and l.batch_id is null and l.misses < ${maxMisses}
          and (l.misses = 0 or not t.interactive_fallback))
      and not exists (select 1 from economy_batches b where b.task_id = t.id and not b.settled)
      and not exists (
        select 1 from article_task_items i
        where i.task_id = t.id and i.status in ('queued', 'running', 'waiting')
          and not exists (
            select 1 from economy_lines l
            where l.item_id = i.id and not l.answered and l.batch_id is null and l.misses < ${maxMisses}
              and (l.misses = 0 or not t.interactive_fallback)))`);
  return (result as unknown as { rows: { taskId: number; accountId: number; interactiveFallback: boolean }[] }).rows;
}

/**
 * A batch row for the task, holding its waiting lines (none: no row). Made before the upload, so a line is in one batch only.
 * A batch holds lines of one endpoint: those whose step starts with `imagePrefix` (pictures) or the others, as the
 * oldest waiting line is. `firstTries`: only lines never sent (the task's interactive fallback makes the others).
 */
export async function openBatch(db: DbOrTx, taskId: number, maxMisses: number, imagePrefix: string, firstTries = false) {
  return db.transaction(async (tx) => {
    const waiting = and(
      eq(economyLines.taskId, taskId),
      isNull(economyLines.batchId),
      eq(economyLines.answered, false),
      lt(economyLines.misses, maxMisses),
      firstTries ? eq(economyLines.misses, 0) : undefined,
    );
    const [oldest] = await tx.select({ step: economyLines.step }).from(economyLines).where(waiting).orderBy(economyLines.id).limit(1);
    if (!oldest) return null;
    const pictures = like(economyLines.step, `${imagePrefix}%`);
    const [batch] = await tx
      .insert(economyBatches)
      .values({ taskId, step: '', providerBatchId: '', inputFileId: '', status: 'uploading' })
      .returning();
    const lines = await tx
      .update(economyLines)
      .set({ batchId: batch.id })
      .where(and(waiting, oldest.step.startsWith(imagePrefix) ? pictures : not(pictures)))
      .returning();
    if (lines.length === 0) {
      await tx.delete(economyBatches).where(eq(economyBatches.id, batch.id));
      return null;
    }
    await tx.update(economyBatches).set({ step: lines[0].step, lines: lines.length }).where(eq(economyBatches.id, batch.id));
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

/**
 * The batch's answers (line id → text) become their items' steps (where a run of the item finds
 * them), in one statement for the whole batch; its lines left unanswered wait for the next batch,
 * each with its own error (line id → error) or `why`.
 */
export async function settleLines(
  db: DbOrTx,
  batchId: number,
  answers: Record<string, string>,
  errors: Record<string, string>,
  why: string,
) {
  await db.execute(sql`
    with answer as (select key::int as id, value as text from jsonb_each_text(${JSON.stringify(answers)}::jsonb)),
    answered as (
      update economy_lines l set answered = true, error = ''
      from answer where l.id = answer.id and l.batch_id = ${batchId}
      returning l.item_id, l.task_id, l.step, answer.text)
    insert into article_item_progress (item_id, task_id, steps)
    select item_id, task_id, jsonb_object_agg(step, text) from answered group by item_id, task_id
    on conflict (item_id) do update set steps = ${articleItemProgress.steps} || excluded.steps`);
  await db.execute(sql`
    update economy_lines l
    set batch_id = null, misses = l.misses + 1, error = left(coalesce(${JSON.stringify(errors)}::jsonb ->> l.id::text, ${why}), 1000)
    where l.batch_id = ${batchId} and not l.answered`);
  await db.execute(sql`
    update economy_batches b set answered = c.answered, failed = b.lines - c.answered
    from (select count(*)::int as answered from economy_lines l where l.batch_id = ${batchId} and l.answered) c
    where b.id = ${batchId}`);
}

/** The task's batches, oldest first: what the console shows of their progress. */
export const batchesOfTask = (db: DbOrTx, taskId: number) =>
  db.select().from(economyBatches).where(eq(economyBatches.taskId, taskId)).orderBy(economyBatches.id);

/** The line was answered through the interactive API (its batch left it unanswered). */
export const answeredInteractively = (db: DbOrTx, lineId: number) =>
  db.update(economyLines).set({ answered: true, error: '' }).where(eq(economyLines.id, lineId));

/** The task's items waiting (for its batch), to run on with what it answered. */
export async function waitingItemIds(db: DbOrTx, taskId: number) {
  const rows = await db
    .select({ id: articleTaskItems.id })
    .from(articleTaskItems)
    .where(and(eq(articleTaskItems.taskId, taskId), eq(articleTaskItems.status, 'waiting')));
  return rows.map((r) => r.id);
}

/** Takes the waiting items of running economy tasks whose wait ends by `now` off their wait (once: several workers may ask); their ids. */
export async function releaseDueWaits(db: DbOrTx, now: Date) {
  const result = await db.execute(sql`
    update article_item_progress p set wait_until = null
    from article_task_items i, article_tasks t
    where i.id = p.item_id and t.id = i.task_id and t.economy and t.status = 'running'
      and i.status = 'waiting' and p.wait_until <= ${now.toISOString()}::timestamptz
    returning p.item_id as "itemId"`);
  return (result as unknown as { rows: { itemId: number }[] }).rows.map((r) => r.itemId);
}

/**
 * Items of running economy tasks left waiting for a batch that has already answered them: an item
 * whose run began before its batch was settled goes back to waiting after the settle queued the
 * task's waiting items, so nothing would queue it again before its deadline. Taken off their wait
 * (once: several workers may ask); their ids.
 */
export async function releaseAnsweredWaits(db: DbOrTx) {
  const result = await db.execute(sql`
    update article_item_progress p set wait_until = null
    from article_task_items i, article_tasks t
    where i.id = p.item_id and t.id = i.task_id and t.economy and t.status = 'running'
      and i.status = 'waiting' and p.wait_until is not null and p.wait_reason like '%failure.batchPending%'
      and not exists (select 1 from economy_lines l where l.item_id = i.id and not l.answered)
    returning p.item_id as "itemId"`);
  return (result as unknown as { rows: { itemId: number }[] }).rows.map((r) => r.itemId);
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
