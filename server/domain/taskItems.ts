import { and, eq, lt, sql } from 'drizzle-orm';
import type { Ctx } from './context';
import type { DbOrTx } from '../db/connection';
import { articleItemProgress, articleTaskItems, articleTasks } from '../db/schema';
import { countFinished, updateItem, type ItemRow, type TaskRow } from '../db/articleTasks';
import { refund } from './points';
import { articlePrice } from './quote';
import type { GeneratedArticle } from './generation';
import { storeReason, type Reason } from '../i18n/storedText';

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

/** The rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The claim was taken over (the worker was presumed dead): this worker's result is dropped. */
export class LostClaim extends Error {}

const reference = (itemId: number) => `article_task_item:${itemId}`;
const leaseEnd = (ctx: ItemCtx) => sql`now() + make_interval(secs => ${ctx.config.generation.leaseSeconds})`;

/** The parts of a task that never change once it is added, read once per process and database. */
const taskCaches = new WeakMap<object, Map<number, TaskRow>>();
async function taskOfItem(ctx: ItemCtx, tx: DbOrTx, taskId: number): Promise<TaskRow> {
  let cache = taskCaches.get(ctx.db);
  if (!cache) taskCaches.set(ctx.db, (cache = new Map()));
  let task = cache.get(taskId);
  if (!task) {
    [task] = await tx.select().from(articleTasks).where(eq(articleTasks.id, taskId));
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
 * One statement does the claim, the debit and its ledger rows: the balance update is conditional
 * (it never goes below zero, however many workers debit at once: the row lock serialises them and
 * each re-checks the balance). The statements are few because each costs a round trip.
 */
export async function claimItem(ctx: ItemCtx, itemId: number): Promise<Claim | null> {
  const ref = reference(itemId);
  return ctx.db.transaction(async (tx) => {
    // The price was fixed when the task was added (charged = item_cost); the ledger splits it into
    // the article's part (at today's article price, at most the whole) and the images' part (the rest).
    // An item back from waiting for a provider's limit was charged when it first ran: it keeps that charge.
    const result = await tx.execute(sql`
      with prev as (
        select id, status from article_task_items where id = ${itemId}
      ),
      item as (
        update article_task_items i
        set status = 'running', attempt = i.attempt + 1, lease_until = ${leaseEnd(ctx)}, started_at = ${sql`${ctx.now().toISOString()}::timestamptz`}, error = '',
          charged = case when i.status = 'waiting' then i.charged else t.item_cost end
        from article_tasks t, prev
        where i.id = ${itemId} and prev.id = i.id and i.status in ('queued', 'waiting') and t.id = i.task_id and t.status = 'running'
        returning i.id, i.task_id, i.account_id, i.keyword_id, i.keyword, i.attempt, i.charged, prev.status = 'waiting' as kept,
          case when t.images then least(t.item_cost, greatest(0, t.item_cost - case when t.economy then ${articlePrice(ctx, true)}::int else ${articlePrice(ctx, false)}::int end)) else 0 end as image_part
      ),
      debit as (
        update accounts a set points = a.points - item.charged
        from item where not item.kept and a.id = item.account_id and a.points >= item.charged
        returning a.points
      ),
      ledger as (
        insert into points_ledger (account_id, delta, balance_after, reason, reference)
        select item.account_id, -p.amount, debit.points + p.after, p.reason, ${ref}
        from item, debit,
          lateral (values ('article_generation', item.charged - item.image_part, item.image_part), ('image_generation', item.image_part, 0)) as p (reason, amount, after)
        where p.amount > 0
      ),
      progress as (
        update article_item_progress set wait_until = null where item_id = (select id from item)
        returning steps, waits
      )
      select item.id, item.task_id, item.account_id, item.keyword_id, item.keyword, item.attempt, item.charged,
        (item.charged = 0 or item.kept or exists (select 1 from debit)) as debited,
        (select steps from progress) as steps, (select waits from progress) as waits
      from item`);
    const [row] = rowsOf<{
      id: number;
      task_id: number;
      account_id: number;
      keyword_id: number | null;
      keyword: string;
      attempt: number;
      charged: number;
      debited: boolean;
      steps: Record<string, unknown> | null;
      waits: number | null;
    }>(result);
    if (!row) return null;
    const task = await taskOfItem(ctx, tx, Number(row.task_id));
    const item = {
      id: Number(row.id),
      taskId: Number(row.task_id),
      accountId: Number(row.account_id),
      keywordId: row.keyword_id === null ? null : Number(row.keyword_id),
      keyword: row.keyword,
      attempt: Number(row.attempt),
      charged: Number(row.charged),
    };
    if (!row.debited) {
      // The balance ran dry (spent elsewhere since the task was added): the item waits again, as it
      // was, and its task pauses; resuming after a top-up writes the rest.
      await updateItem(tx, item.id, { status: 'queued', charged: 0, attempt: item.attempt - 1, startedAt: null, leaseUntil: null });
      await tx
        .update(articleTasks)
        .set({ status: 'paused', updatedAt: ctx.now() })
        .where(and(eq(articleTasks.id, task.id), eq(articleTasks.status, 'running')));
      return null;
    }
    return { item, task, steps: row.steps ?? {}, waits: Number(row.waits ?? 0) };
  });
}

/**
 * Keeps what a step wrote, while this claim holds the item: a run after a wait or a
 * crash starts from there.
 */
export async function saveStep(ctx: ItemCtx, claim: Claim, step: string, value: unknown) {
  claim.steps[step] = value;
  await ctx.db.execute(sql`
    insert into article_item_progress (item_id, task_id, steps)
    select i.id, i.task_id, jsonb_build_object(${step}::text, ${JSON.stringify(value)}::jsonb)
    from article_task_items i where i.id = ${claim.item.id} and i.status = 'running' and i.attempt = ${claim.item.attempt}
    on conflict (item_id) do update set steps = article_item_progress.steps || excluded.steps`);
}

/**
 * Puts the item back in the queue until `until`: the provider asked to slow down or is
 * down. It keeps its charge and the steps it wrote; its job starts after the wait.
 */
export async function waitItem(ctx: ItemCtx, claim: Claim, until: Date, reason: Reason) {
  await ctx.db.transaction(async (tx) => {
    await finishClaim(tx, claim, { status: 'waiting' });
    await tx
      .insert(articleItemProgress)
      .values({ itemId: claim.item.id, taskId: claim.task.id, waitUntil: until, waitReason: storeReason(reason), waits: 1 })
      .onConflictDoUpdate({
        target: articleItemProgress.itemId,
        set: { waitUntil: until, waitReason: storeReason(reason), waits: sql`${articleItemProgress.waits} + 1` },
      });
    await ctx.jobs.enqueueItems(tx, [claim.item.id], { startAfter: until });
  });
}

/** When a task's items stop waiting and fail: its deadline, or 24 hours after it was added. */
export const deadlineOf = (task: Pick<TaskRow, 'deadlineAt' | 'createdAt'>) =>
  task.deadlineAt ?? new Date(task.createdAt.getTime() + 24 * 3_600_000);

/** Keeps a long-running claim alive; false when it was lost. */
export async function renewClaim(ctx: ItemCtx, claim: Claim): Promise<boolean> {
  const rows = await ctx.db
    .update(articleTaskItems)
    .set({ leaseUntil: leaseEnd(ctx) })
    .where(
      and(eq(articleTaskItems.id, claim.item.id), eq(articleTaskItems.status, 'running'), eq(articleTaskItems.attempt, claim.item.attempt)),
    )
    .returning({ id: articleTaskItems.id });
  return rows.length > 0;
}

/** Ends this claim's running state; throws LostClaim when another claim owns the item now. */
async function finishClaim(tx: DbOrTx, claim: Claim, values: Partial<typeof articleTaskItems.$inferInsert>) {
  const rows = await tx
    .update(articleTaskItems)
    .set({ ...values, leaseUntil: null })
    .where(
      and(eq(articleTaskItems.id, claim.item.id), eq(articleTaskItems.status, 'running'), eq(articleTaskItems.attempt, claim.item.attempt)),
    )
    .returning({ id: articleTaskItems.id });
  if (rows.length === 0) throw new LostClaim(`Item ${claim.item.id} is no longer held by attempt ${claim.item.attempt}`);
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Saves the article as a draft and marks the item done, atomically, in one statement: the item
 * is done only if this claim still holds it; only then is the article inserted (the unique
 * task_item_id makes a second article for an item impossible, whatever happened before), the
 * task counts it (and completes after its last item), and the keyword is marked used.
 */
export async function completeItem(ctx: ItemCtx, claim: Claim, a: GeneratedArticle, siteCategoryId: number | null): Promise<number> {
  const { task, item } = claim;
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const result = await ctx.db.execute(sql`
    with done as (
      update article_task_items set status = 'done', finished_at = ${at}, lease_until = null
      where id = ${item.id} and status = 'running' and attempt = ${item.attempt}
      returning id, keyword_id
    ),
    article as (
      insert into articles (account_id, site_id, task_id, task_item_id, category_id, keyword, language, title, slug, meta_title,
        meta_description, body, outline, faq, cover_url, images, status, source, writer, word_count, seo_score, seo_checks, created_at, updated_at)
      select ${item.accountId}, ${task.siteId}, ${task.id}, done.id, ${task.categoryId ?? siteCategoryId}, ${item.keyword}, ${task.language}, ${a.title}, ${a.slug}, ${a.metaTitle},
        ${a.metaDescription}, ${a.body}, ${json(a.outline)}, ${json(a.faq)}, ${a.coverUrl}, ${json(a.images)}, 'draft', 'generated', ${a.writer}, ${a.wordCount}, ${a.seoScore}, ${json(a.seoChecks)}, ${at}, ${at}
      from done
      on conflict (task_item_id) do nothing
      returning id
    ),
    counted as (
      update article_tasks set
        done = done + 1, updated_at = ${at},
        status = case when status = 'running' and done + 1 + failed + cancelled >= total then 'completed' else status end,
        finished_at = case when status = 'running' and done + 1 + failed + cancelled >= total then ${at} else finished_at end
      where id = ${task.id} and exists (select 1 from done)
    ),
    used as (
      update site_keywords set used_at = ${at} where id = (select keyword_id from done) and used_at is null
    ),
    cleared as (
      delete from article_item_progress where item_id = (select id from done)
    )
    select (select id from done) as item_id, coalesce((select id from article), (select id from articles where task_item_id = ${item.id})) as article_id`);
  const [row] = rowsOf<{ item_id: number | null; article_id: number | null }>(result);
  if (!row?.item_id) throw new LostClaim(`Item ${item.id} is no longer held by attempt ${item.attempt}`);
  return Number(row.article_id);
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
    await countFinished(tx, claim.task.id, { failed: 1 }, at);
    await finishClaim(tx, claim, { status: 'failed', error: storeReason(reason), finishedAt: at, charged: 0 });
    await refund(tx, claim.item.accountId, claim.item.charged, reference(claim.item.id));
    await tx.delete(articleItemProgress).where(eq(articleItemProgress.itemId, claim.item.id));
  });
}

/**
 * Items whose worker died (its claim lapsed, or on the embedded database every running item at
 * start, as only this process can have held them) go back to the queue with their charge
 * refunded, and get a new job. Returns how many.
 */
export async function requeueOrphans(ctx: ItemCtx, scope: 'all' | 'expired'): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const orphans = await tx
      .select()
      .from(articleTaskItems)
      .where(and(eq(articleTaskItems.status, 'running'), scope === 'expired' ? lt(articleTaskItems.leaseUntil, sql`now()`) : undefined))
      .for('update', { skipLocked: true })
      .limit(1000);
    for (const item of orphans) {
      await updateItem(tx, item.id, { status: 'queued', charged: 0, leaseUntil: null });
      await refund(tx, item.accountId, item.charged, reference(item.id));
    }
    // On the embedded database, waiting items get a fresh job too: a job that was in flight when the
    // last process stopped may sit in its retry delay. A job for an item already done is a no-op.
    const waiting =
      scope === 'all'
        ? await tx
            .select({ id: articleTaskItems.id })
            .from(articleTaskItems)
            .innerJoin(articleTasks, eq(articleTasks.id, articleTaskItems.taskId))
            .where(and(eq(articleTaskItems.status, 'queued'), eq(articleTasks.status, 'running')))
        : [];
    const ids = [...orphans.map((o) => o.id), ...waiting.map((w) => w.id)];
    if (ids.length) await ctx.jobs.enqueueItems(tx, ids);
    // Items waiting for a provider's limit get a job at the end of their wait.
    if (scope === 'all') await enqueueWaiting(ctx, tx, eq(articleTasks.status, 'running'));
    return orphans.length;
  });
}

/** Jobs for the waiting items matching `where` (on article_tasks), each starting when its wait ends. */
export async function enqueueWaiting(ctx: Pick<Ctx, 'jobs'>, tx: DbOrTx, where: ReturnType<typeof eq>) {
  const rows = await tx
    .select({ id: articleTaskItems.id, until: articleItemProgress.waitUntil })
    .from(articleTaskItems)
    .innerJoin(articleTasks, eq(articleTasks.id, articleTaskItems.taskId))
    .leftJoin(articleItemProgress, eq(articleItemProgress.itemId, articleTaskItems.id))
    .where(and(eq(articleTaskItems.status, 'waiting'), where));
  const byTime = new Map<number, number[]>();
  for (const r of rows) {
    const at = Math.max(Date.now(), r.until?.getTime() ?? 0);
    byTime.set(at, [...(byTime.get(at) ?? []), r.id]);
  }
  for (const [at, ids] of byTime) await ctx.jobs.enqueueItems(tx, ids, { startAfter: new Date(at) });
}
