import type { Ctx } from '../context';
import type { DbOrTx } from '../../db/connection';
import { addPoints } from '../../db/accounts';
import * as q from '../../db/publishingTasks';
import * as items from '../../db/publishItems';
import * as tasks from '../../db/tasks';
import { refund } from '../money/points';
import { message, type Message } from '../../i18n/messages';
import { storeReason, type Reason } from '../../i18n/storedText';

type ItemCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'now'>;

/** A worker's hold on a publishing item: valid while the item is running with this attempt number. */
export interface PublishClaim {
  item: q.PublishItemRow;
  task: q.PublishingTaskRow;
}

export class LostPublishClaim extends Error {}

const reference = (itemId: number) => `publish_item:${itemId}`;

/**
 * Claims a due, queued item of a running task and debits its price, in one transaction. Null when
 * there is nothing to do now (claimed, finished, not yet due, its task paused or cancelled). With
 * too few points the item fails with that reason.
 */
export async function claimPublishItem(ctx: ItemCtx, itemId: number): Promise<PublishClaim | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const found = await items.lockQueuedItem(tx, itemId);
    // Not yet due: this job came early (its own job, at the due time, is in the queue).
    if (!found || found.item.runAt.getTime() > now.getTime() + 1000) return null;
    // One worker at a time per article and site, whatever the number of tasks: the other waits and
    // then finds the post the first made (the publication's id and key are shared).
    if (found.item.articleId && found.task.siteId) {
      await q.lockArticleOnSite(tx, found.item.articleId, found.task.siteId);
      if (await q.heldUntil(tx, itemId, found.item.articleId, found.task.siteId)) {
        const runAt = new Date(now.getTime() + Math.max(1000, ctx.config.generation.publishRetrySeconds * 1000));
        await q.updateItems(tx, [itemId], { runAt, error: storeReason(message('failure.waitingForOtherTask')) });
        await ctx.jobs.enqueuePublish(tx, [{ itemId, runAt }]);
        return null;
      }
    }
    const cost = found.task.itemCost;
    const item = await items.startItem(tx, itemId, { leaseSeconds: ctx.config.generation.leaseSeconds, at: now, charged: cost });
    if (cost > 0 && (await addPoints(tx, item.accountId, -cost, 'publish', reference(item.id))) === null) {
      await tasks.endHold(tx, 'publishing', item, {
        status: 'failed',
        charged: 0,
        error: storeReason(message('failure.publishingCost', { cost })),
        finishedAt: now,
      });
      await tasks.countFinished(tx, 'publishing', found.task.id, { failed: 1 }, now);
      return null;
    }
    return { item, task: found.task };
  });
}

export async function renewPublishClaim(ctx: ItemCtx, claim: PublishClaim): Promise<boolean> {
  return tasks.renewLease(ctx.db, 'publishing', claim.item, ctx.config.generation.leaseSeconds);
}

async function finishClaim(tx: DbOrTx, claim: PublishClaim, values: Partial<q.PublishItemRow>) {
  if (!(await tasks.endHold(tx, 'publishing', claim.item, values)))
    throw new LostPublishClaim(`Publishing item ${claim.item.id} is no longer held by attempt ${claim.item.attempt}`);
}

/** The remote post's id, stored on the item too the moment it is known. */
export async function noteRemotePost(ctx: ItemCtx, claim: PublishClaim, remoteId: string | null, remoteUrl: string) {
  await q.updateItems(ctx.db, [claim.item.id], { remoteId, remoteUrl });
}

export interface Published {
  publicationId: number;
  remoteId: string | null;
  remoteUrl: string;
  status: string;
  notes: Message[];
  /** What the site held differently from what was sent, read back after the publish; null when it cannot be read back (a webhook). */
  differences: q.PublicationVerification['differences'] | null;
  /** Fields sent that the site has no place for. */
  unsupported?: string[];
  /** The site's pages the post links to, as read back. */
  links?: string[];
}

/** Done: the item, its publication and its article say where the post is; the task counts it. */
export async function completePublishItem(ctx: ItemCtx, claim: PublishClaim, result: Published) {
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await finishClaim(tx, claim, {
      status: 'done',
      finishedAt: at,
      error: '',
      note: result.notes.length ? storeReason(result.notes.reduceRight((rest, first) => message('validation.and', { first, rest }))) : '',
      remoteId: result.remoteId,
      remoteUrl: result.remoteUrl,
    });
    await q.updatePublication(tx, result.publicationId, {
      remoteId: result.remoteId,
      remoteUrl: result.remoteUrl,
      status: result.status,
      error: '',
      lastSyncAt: at,
      verification: result.differences
        ? {
            checkedAt: at.toISOString(),
            differences: result.differences,
            unsupported: result.unsupported ?? [],
            ...(result.links ? { links: result.links } : {}),
          }
        : null,
    });
    // After a publish, an unpublish or a delete alike, the article reads as what its posts now are.
    if (claim.item.articleId) await q.settleArticleStatus(tx, claim.item.articleId, at);
    await tasks.countFinished(tx, 'publishing', claim.task.id, { done: 1 }, at);
  });
}

/** Failed for good: the reason on the item and the publication, the charge refunded, the task counts it. */
export async function failPublishItem(ctx: ItemCtx, claim: PublishClaim, reason: Reason, publicationId: number | null) {
  const at = ctx.now();
  const error = storeReason(reason);
  await ctx.db.transaction(async (tx) => {
    await finishClaim(tx, claim, { status: 'failed', error, finishedAt: at, charged: 0 });
    await refund(tx, claim.item.accountId, claim.item.charged, reference(claim.item.id));
    if (publicationId) await items.failPublication(tx, publicationId, error, at);
    // An article published elsewhere stays published; the reason is on this item and publication.
    if (claim.item.articleId) await items.failArticleUnlessPublished(tx, claim.item.articleId, at);
    await tasks.countFinished(tx, 'publishing', claim.task.id, { failed: 1 }, at);
  });
}

/** A transient fault: the item waits `delayMs` and runs again (a new job at that time); the charge is refunded meanwhile. */
export async function retryPublishItemLater(ctx: ItemCtx, claim: PublishClaim, reason: Reason, delayMs: number) {
  const runAt = new Date(ctx.now().getTime() + delayMs);
  await ctx.db.transaction(async (tx) => {
    await finishClaim(tx, claim, {
      status: 'queued',
      runAt,
      charged: 0,
      error: storeReason(message('failure.retryAt', { at: runAt.toISOString(), reason })),
    });
    await refund(tx, claim.item.accountId, claim.item.charged, reference(claim.item.id));
    await ctx.jobs.enqueuePublish(tx, [{ itemId: claim.item.id, runAt }]);
  });
}

/**
 * Items whose worker died go back to the queue (charge refunded) with a new job; on the embedded
 * database, at start, every running item (only this process could hold them) and every waiting
 * item of a running task (its job may sit in a retry delay) get one.
 */
export async function requeuePublishOrphans(ctx: ItemCtx, scope: 'all' | 'expired'): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const orphans = await tasks.lockRunningItems(tx, 'publishing', scope);
    for (const item of orphans) {
      await q.updateItems(tx, [item.id], { status: 'queued', charged: 0, leaseUntil: null });
      await refund(tx, item.accountId, item.charged, reference(item.id));
    }
    const waiting = scope === 'all' ? await items.queuedItemsOfRunningTasks(tx) : [];
    const jobs = [...orphans.map((o) => ({ itemId: o.id, runAt: o.runAt })), ...waiting];
    if (jobs.length) await ctx.jobs.enqueuePublish(tx, jobs);
    return orphans.length;
  });
}
