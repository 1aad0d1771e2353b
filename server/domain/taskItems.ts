import { and, eq, lt, sql } from 'drizzle-orm';
import type { Ctx } from './context';
import type { DbOrTx } from '../db/connection';
import { articleTaskItems, articleTasks, articles } from '../db/schema';
import { countFinished, updateItem, type ItemRow, type TaskRow } from '../db/articleTasks';
import { markKeywordUsed } from '../db/sites';
import { debitItem, refund } from './points';
import type { GeneratedArticle } from './generation';

type ItemCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'now'>;

/** A worker's hold on an item: valid while the item is running with this attempt number. */
export interface Claim {
  item: ItemRow;
  task: TaskRow;
}

/** The claim was taken over (the worker was presumed dead): this worker's result is dropped. */
export class LostClaim extends Error {}

const reference = (itemId: number) => `article_task_item:${itemId}`;
const leaseEnd = (ctx: ItemCtx) => sql`now() + make_interval(secs => ${ctx.config.generation.leaseSeconds})`;

/**
 * Claims a queued item of a running task and debits its price, in one transaction. Null when
 * there is nothing to do (already claimed, finished, or its task paused or cancelled). With too few
 * points the item fails with that reason and nothing is debited.
 */
export async function claimItem(ctx: ItemCtx, itemId: number): Promise<Claim | null> {
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(articleTaskItems)
      .set({ status: 'running', attempt: sql`${articleTaskItems.attempt} + 1`, leaseUntil: leaseEnd(ctx), startedAt: ctx.now(), error: '' })
      .where(
        and(
          eq(articleTaskItems.id, itemId),
          eq(articleTaskItems.status, 'queued'),
          sql`exists (select 1 from ${articleTasks} t where t.id = ${articleTaskItems.taskId} and t.status = 'running')`,
        ),
      )
      .returning();
    if (!claimed) return null;
    const [task] = await tx.select().from(articleTasks).where(eq(articleTasks.id, claimed.taskId));
    if (!(await debitItem(tx, ctx.config, claimed.accountId, task.images, reference(claimed.id)))) {
      await updateItem(tx, claimed.id, { status: 'failed', error: `Not enough points: this article costs ${task.itemCost} points`, finishedAt: ctx.now(), leaseUntil: null });
      await countFinished(tx, task.id, { failed: 1 }, ctx.now());
      return null;
    }
    await updateItem(tx, claimed.id, { charged: task.itemCost });
    return { item: { ...claimed, charged: task.itemCost }, task };
  });
}

/** Keeps a long-running claim alive; false when it was lost. */
export async function renewClaim(ctx: ItemCtx, claim: Claim): Promise<boolean> {
  const rows = await ctx.db
    .update(articleTaskItems)
    .set({ leaseUntil: leaseEnd(ctx) })
    .where(and(eq(articleTaskItems.id, claim.item.id), eq(articleTaskItems.status, 'running'), eq(articleTaskItems.attempt, claim.item.attempt)))
    .returning({ id: articleTaskItems.id });
  return rows.length > 0;
}

/** Ends this claim's running state; throws LostClaim when another claim owns the item now. */
async function finishClaim(tx: DbOrTx, claim: Claim, values: Partial<typeof articleTaskItems.$inferInsert>) {
  const rows = await tx
    .update(articleTaskItems)
    .set({ ...values, leaseUntil: null })
    .where(and(eq(articleTaskItems.id, claim.item.id), eq(articleTaskItems.status, 'running'), eq(articleTaskItems.attempt, claim.item.attempt)))
    .returning({ id: articleTaskItems.id });
  if (rows.length === 0) throw new LostClaim(`Item ${claim.item.id} is no longer held by attempt ${claim.item.attempt}`);
}

/**
 * Saves the article as a draft and marks the item done, in one transaction. The unique
 * task_item_id makes a second article for the same item impossible, whatever happened before.
 */
export async function completeItem(ctx: ItemCtx, claim: Claim, article: GeneratedArticle, siteCategoryId: number | null) {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    await finishClaim(tx, claim, { status: 'done', finishedAt: at });
    const { task, item } = claim;
    const [inserted] = await tx
      .insert(articles)
      .values({
        accountId: item.accountId,
        siteId: task.siteId,
        taskId: task.id,
        taskItemId: item.id,
        categoryId: task.categoryId ?? siteCategoryId,
        keyword: item.keyword,
        language: task.language,
        title: article.title,
        slug: article.slug,
        metaTitle: article.metaTitle,
        metaDescription: article.metaDescription,
        body: article.body,
        outline: article.outline,
        faq: article.faq,
        coverUrl: article.coverUrl,
        images: article.images,
        status: 'draft',
        source: 'generated',
        writer: article.writer,
        wordCount: article.wordCount,
        seoScore: article.seoScore,
        seoChecks: article.seoChecks,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: articles.taskItemId })
      .returning({ id: articles.id });
    const articleId = inserted?.id ?? (await tx.select({ id: articles.id }).from(articles).where(eq(articles.taskItemId, item.id)))[0].id;
    await updateItem(tx, item.id, { articleId });
    await countFinished(tx, task.id, { done: 1 }, at);
    if (item.keywordId) await markKeywordUsed(tx, item.keywordId, at);
    return articleId;
  });
}

/** Marks the item failed with its reason and refunds what its claim was charged. */
export async function failItem(ctx: ItemCtx, claim: Claim, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    await finishClaim(tx, claim, { status: 'failed', error: reason.slice(0, 1000), finishedAt: at, charged: 0 });
    await refund(tx, claim.item.accountId, claim.item.charged, reference(claim.item.id));
    await countFinished(tx, claim.task.id, { failed: 1 }, at);
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
    return orphans.length;
  });
}
