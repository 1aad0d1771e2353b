import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/connection';
import { updateItem, type ItemRow, type TaskRow } from '../../db/generationTasks';
import * as q from '../../db/generationTaskItems';
import * as tasks from '../../db/tasks';
import { refund } from '../money/points';
import { articlePrice } from '../money/quote';
import type { GeneratedArticle } from './generation';
import { storeReason, type Reason } from '../../i18n/storedText';

type ItemCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'now'>;

/** A worker's hold on an item: valid while the item is running with this attempt number. */
export interface Claim {
  item: Pick<ItemRow, 'id' | 'taskId' | 'accountId' | 'keywordId' | 'keyword' | 'attempt' | 'charged'>;
  task: TaskRow;
  /** The answers of the steps an earlier run of this item wrote: not asked again. */
  steps: Record<string, unknown>;
  /** How often the item has waited for a provider's limit. */
  waits: number;
}

/** The claim was taken over (the worker was presumed dead): this worker's result is dropped. */
export class LostClaim extends Error {}

const reference = (itemId: number) => `article_task_item:${itemId}`;

/** The parts of a task that never change once it is added, read once per process and database. */
const taskCaches = new WeakMap<object, Map<number, TaskRow>>();
async function taskOfItem(ctx: ItemCtx, tx: DbOrTx, taskId: number): Promise<TaskRow> {
  let cache = taskCaches.get(ctx.db);
  if (!cache) taskCaches.set(ctx.db, (cache = new Map()));
  let task = cache.get(taskId);
  if (!task) {
    task = await q.taskById(tx, taskId);
    if (cache.size > 1000) cache.clear();
    cache.set(taskId, task);
  }
  return task;
}

/**
 * Claims a queued item of a running task and debits its price, in one transaction. Null when
 * there is nothing to do (already claimed, finished, or its task paused or cancelled). With too few
 * points nothing is debited: the item stays queued and its task pauses.
 *
 * One statement does the claim, the debit and its ledger rows (db/generationTaskItems.ts): the
 * statements are few because each costs a round trip.
 */
export async function claimItem(ctx: ItemCtx, itemId: number): Promise<Claim | null> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await q.claimItem(tx, itemId, {
      reference: reference(itemId),
      leaseSeconds: ctx.config.generation.leaseSeconds,
      at: ctx.now(),
      articlePrice: { standard: articlePrice(ctx, false), economy: articlePrice(ctx, true) },
    });
    if (!claimed) return null;
    const { item } = claimed;
    const task = await taskOfItem(ctx, tx, item.taskId);
    if (!claimed.debited) {
      // The balance ran dry (spent elsewhere since the task was added): the item waits again, as it
      // was, and its task pauses; resuming after a top-up writes the rest.
      await updateItem(tx, item.id, { status: 'queued', charged: 0, attempt: item.attempt - 1, startedAt: null, leaseUntil: null });
      await q.pauseRunningTask(tx, task.id, ctx.now());
      return null;
    }
    return { item, task, steps: claimed.steps, waits: claimed.waits };
  });
}

/**
 * Keeps what a step wrote, while this claim holds the item: a run after a wait or a
 * crash starts from there.
 */
export async function saveStep(ctx: ItemCtx, claim: Claim, step: string, value: unknown) {
  claim.steps[step] = value;
  await q.saveStep(ctx.db, claim.item, step, value);
}

/**
 * Puts the item back in the queue until `until`: the provider asked to slow down or is
 * down. It keeps its charge and the steps it wrote; its job starts after the wait (not `queued`:
 * whoever waits for the time queues it then). Only a `failed` call's wait counts towards the
 * item's next backoff: waiting for a batch or for off-peak hours is no failure.
 */
export async function waitItem(
  ctx: ItemCtx,
  claim: Claim,
  until: Date,
  reason: Reason,
  { queued = true, failed = true }: { queued?: boolean; failed?: boolean } = {},
) {
  await ctx.db.transaction(async (tx) => {
    await finishClaim(tx, claim, { status: 'waiting' });
    await q.recordWait(tx, claim.item.id, claim.task.id, until, storeReason(reason), failed);
    if (queued) await ctx.jobs.enqueueItems(tx, [claim.item.id], { startAfter: until });
  });
}

/** When a task's items stop waiting and fail: its deadline, or 24 hours after it was added. */
export const deadlineOf = (task: Pick<TaskRow, 'deadlineAt' | 'createdAt'>) =>
  task.deadlineAt ?? new Date(task.createdAt.getTime() + 24 * 3_600_000);

/** Keeps a long-running claim alive; false when it was lost. */
export async function renewClaim(ctx: ItemCtx, claim: Claim): Promise<boolean> {
  return tasks.renewLease(ctx.db, 'generation', claim.item, ctx.config.generation.leaseSeconds);
}

/** Ends this claim's running state; throws LostClaim when another claim owns the item now. */
async function finishClaim(tx: DbOrTx, claim: Claim, values: Parameters<typeof tasks.endHold<'generation'>>[3]) {
  if (!(await tasks.endHold(tx, 'generation', claim.item, values)))
    throw new LostClaim(`Item ${claim.item.id} is no longer held by attempt ${claim.item.attempt}`);
}

/**
 * Saves the article as a draft and marks the item done, atomically, in one statement: the item
 * is done only if this claim still holds it; only then is the article inserted (the unique
 * task_item_id makes a second article for an item impossible, whatever happened before), the
 * task counts it (and completes after its last item), and the keyword is marked used.
 */
export async function completeItem(ctx: ItemCtx, claim: Claim, a: GeneratedArticle, siteCategoryId: number | null): Promise<number> {
  const { task, item } = claim;
  const articleId = await q.completeItem(
    ctx.db,
    item,
    {
      ...a,
      accountId: item.accountId,
      siteId: task.siteId,
      taskId: task.id,
      categoryId: task.categoryId ?? siteCategoryId,
      keyword: item.keyword,
      language: task.language,
    },
    ctx.now(),
  );
  if (articleId === null) throw new LostClaim(`Item ${item.id} is no longer held by attempt ${item.attempt}`);
  return articleId;
}

/**
 * Marks the item failed with its reason and refunds what its claim was charged.
 *
 * The task is counted first: finishing an item updates the account's day in the dashboard's roll-up
 * (generation_days, by a trigger), and completeItem locks the task before that day (its statement's
 * triggers run last). Counted after the item, a failing and a completing item of one task deadlocked
 * on PostgreSQL, each holding what the other waited for (articleTasks.test.ts, now and then in CI).
 * A lost claim rolls the count back with the rest.
 */
export async function failItem(ctx: ItemCtx, claim: Claim, reason: Reason) {
  await ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    await tasks.countFinished(tx, 'generation', claim.task.id, { failed: 1 }, at);
    await finishClaim(tx, claim, { status: 'failed', error: storeReason(reason), finishedAt: at, charged: 0 });
    await refund(tx, claim.item.accountId, claim.item.charged, reference(claim.item.id));
    await q.clearProgress(tx, claim.item.id);
  });
}

/**
 * Items whose worker died (its claim lapsed, or on the embedded database every running item at
 * start, as only this process can have held them) go back to the queue with their charge
 * refunded, and get a new job. Returns how many.
 */
export async function requeueOrphans(ctx: ItemCtx, scope: 'all' | 'expired'): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const orphans = await tasks.lockRunningItems(tx, 'generation', scope);
    for (const item of orphans) {
      await updateItem(tx, item.id, { status: 'queued', charged: 0, leaseUntil: null });
      await refund(tx, item.accountId, item.charged, reference(item.id));
    }
    // On the embedded database, waiting items get a fresh job too: a job that was in flight when the
    // last process stopped may sit in its retry delay. A job for an item already done is a no-op.
    const waiting = scope === 'all' ? await q.queuedItemsOfRunningTasks(tx) : [];
    const ids = [...orphans.map((o) => o.id), ...waiting];
    if (ids.length) await ctx.jobs.enqueueItems(tx, ids);
    // Items waiting for a provider's limit get a job at the end of their wait.
    if (scope === 'all') await enqueueWaiting(ctx, tx, 'running tasks');
    return orphans.length;
  });
}

/** Jobs for the waiting items of one task or of every running task, each starting when its wait ends. */
export async function enqueueWaiting(ctx: Pick<Ctx, 'jobs'>, tx: DbOrTx, of: Parameters<typeof q.waitingItems>[1]) {
  const rows = await q.waitingItems(tx, of);
  const byTime = new Map<number, number[]>();
  for (const r of rows) {
    const at = Math.max(Date.now(), r.until?.getTime() ?? 0);
    byTime.set(at, [...(byTime.get(at) ?? []), r.id]);
  }
  for (const [at, ids] of byTime) await ctx.jobs.enqueueItems(tx, ids, { startAfter: new Date(at) });
}
