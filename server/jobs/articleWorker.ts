import path from 'node:path';
import type { PromptKind } from '../../contract/schemas/prompt';
import type { Ctx } from '../domain/context';
import { findSite } from '../db/sites';
import { writeArticle } from '../domain/generation/generation';
import { feedPublishing } from '../domain/publishing/publishSource';
import {
  claimItem,
  completeItem,
  deadlineOf,
  failItem,
  LostClaim,
  renewClaim,
  requeueOrphans,
  saveStep,
  waitItem,
  type Claim,
} from '../domain/generation/taskItems';
import { batchServiceOf, economyWayOf, imageBatchOf, providersOf } from '../domain/system/providerSettings';
import { siteContextOf } from '../domain/generation/siteContext';
import { imagesCharged } from '../domain/money/points';
import { articlePrice, imagePrice } from '../domain/money/quote';
import {
  BatchPending,
  economyImages,
  economyWriter,
  followBatches,
  OffPeakWait,
  offPeakWriter,
  releaseDueWaits,
  sendBatches,
} from '../domain/generation/economy';
import { ProviderError, ProviderWait } from '../providers/httpRetry';
import { SecretUnreadableError } from '../domain/secrets';
import { checkLowBalance, noticeTaskOutcome } from '../domain/support/notices';
import { rootMessage } from '../db/errors';
import { message } from '../i18n/messages';
import { reasonOf } from '../i18n/wordedError';

type WorkerCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'now' | 'log'>;

export interface ArticleWorkers {
  stop(): Promise<void>;
}

/**
 * Writes the articles of generation items: claims an item (and debits it), writes it, saves the
 * draft with the item's completion, or fails the item with its reason (and refunds). Runs in
 * `npm start` and in `npm run worker`. On start it puts the items of crashed workers back in the
 * queue, and keeps sweeping for claims whose lease lapsed.
 */
export async function startArticleWorkers(ctx: WorkerCtx, kind: 'pglite' | 'postgres'): Promise<ArticleWorkers> {
  const g = ctx.config.generation;
  const stopping = new AbortController();
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');

  // The embedded database is this process's alone (DATA_DIR lock), so whatever was running died with the last one.
  const recovered = await requeueOrphans(ctx, kind === 'pglite' ? 'all' : 'expired');
  if (recovered) ctx.log.info(`generation: ${recovered} item(s) of a stopped worker queued again`);
  const sweeper = setInterval(
    () =>
      void requeueOrphans(ctx, 'expired').catch((error: Error) =>
        ctx.log.error({ err: error }, 'generation: sweeping lapsed claims failed'),
      ),
    Math.max(1000, (g.leaseSeconds * 1000) / 2),
  );
  sweeper.unref();

  async function run(claim: Claim) {
    const site = claim.task.siteId ? await findSite(ctx.db, claim.item.accountId, claim.task.siteId) : null;
    if (!site) return failItem(ctx, claim, message('failure.siteDeleted'));
    const providers = await providersOf(ctx, claim.item.accountId);
    // Economy pictures go by batch where the image service's batch API takes them (and are priced so).
    const batchedImages =
      claim.task.economy && claim.task.images && !providers.images.offline && (await imageBatchOf(ctx, claim.item.accountId));
    const imageService = batchedImages ? await batchServiceOf(ctx, claim.item.accountId, 'images') : null;
    const images = imageService ? economyImages(ctx, imageService, claim, providers.images) : providers.images;
    // Economy mode: the model's calls wait for the task's batches (the embedded writer has none to batch),
    // or, on a service without a batch API, for its off-peak hours.
    const economy = claim.task.economy && !providers.writer.offline ? await economyWayOf(ctx, claim.item.accountId) : null;
    const writer = economy?.batch
      ? economyWriter(ctx, providers.writer.name, claim, providers.writer)
      : economy?.offPeak
        ? offPeakWriter(ctx, economy.offPeak, providers.writer)
        : providers.writer;
    const model = !writer.offline || (claim.task.images && !images.offline);
    const prompts = Object.fromEntries(Object.entries(claim.task.prompts).map(([kind, p]) => [kind, p.content])) as Record<
      PromptKind,
      string
    >;
    const article = await writeArticle(writer, images, {
      itemId: claim.item.id,
      keyword: claim.item.keyword,
      language: claim.task.language,
      siteName: site.name,
      wordCount: claim.task.wordCount,
      images: claim.task.images,
      imageCount: imagesCharged(
        ctx.config,
        claim.task.itemCost,
        images.offline,
        articlePrice(ctx, claim.task.economy),
        imagePrice(ctx, imageService !== null),
      ),
      prompts,
      uploadsDir,
      signal: stopping.signal,
      // The site's other articles (links, titles, duplicates) and slugs.
      siteUrl: site.url,
      ...(await siteContextOf(ctx, claim.item.accountId, site.id)),
      // Only a model's answers are worth keeping: the offline writer answers at once.
      progress: model ? { steps: claim.steps, save: (step, value) => saveStep(ctx, claim, step, value) } : undefined,
    });
    await completeItem(ctx, claim, article, site.defaultCategoryId);
  }

  async function handle(itemId: number) {
    if (stopping.signal.aborted) throw new Error('The worker is stopping');
    const claim = await claimItem(ctx, itemId);
    if (!claim) return tellOutcome(itemId);
    await checkLowBalance(ctx, claim.item.accountId).catch((error: Error) =>
      ctx.log.error({ err: error }, 'notices: low balance check failed'),
    );
    const lease = setInterval(() => void renewClaim(ctx, claim).catch(() => {}), Math.max(500, (g.leaseSeconds * 1000) / 3));
    try {
      await run(claim);
    } catch (error) {
      // Stopping: the claim is left to lapse and the item runs again after restart.
      if (stopping.signal.aborted || error instanceof LostClaim) return;
      if (error instanceof ProviderWait) return await waitOrFail(claim, error);
      if (error instanceof BatchPending) return await waitForBatch(claim, error);
      if (error instanceof OffPeakWait) return await waitForOffPeak(claim, error);
      const explained = error instanceof ProviderError || error instanceof SecretUnreadableError;
      const reason = explained ? reasonOf(error) : message('failure.internal', { detail: rootMessage(error) });
      if (!explained) ctx.log.error({ err: error, itemId }, 'generation: item failed');
      await failItem(ctx, claim, reason).catch((e: Error) => {
        if (!(e instanceof LostClaim)) throw e;
      });
    } finally {
      clearInterval(lease);
    }
    // Publishing tasks of this generation task take the article now (the publishing sweep catches up after a crash).
    await feedPublishing(ctx, claim.task.id).catch((error: Error) =>
      ctx.log.error({ err: error, itemId }, 'publishing: adding a written article failed'),
    );
    await tellOutcome(itemId);
  }

  /**
   * The provider asked to slow down, or is down: the item goes back to the queue until
   * the wait it was told (or, told nothing, its own backoff: 5 s, doubling with each wait, at most 5 min),
   * keeping its charge and its steps; past the task's deadline it fails and is refunded.
   */
  async function waitOrFail(claim: Claim, wait: ProviderWait) {
    const backoff = Math.min(300_000, 5000 * 2 ** Math.min(claim.waits, 6));
    const until = new Date(wait.told ? wait.until : Math.max(wait.until, ctx.now().getTime() + backoff));
    const deadline = deadlineOf(claim.task);
    try {
      if (until > deadline) {
        await failItem(ctx, claim, message('failure.modelDeadline', { deadline: deadline.toISOString(), reason: reasonOf(wait) }));
      } else {
        await waitItem(ctx, claim, until, reasonOf(wait));
      }
    } catch (e) {
      if (!(e instanceof LostClaim)) throw e;
    }
  }

  /** An economy item waits for its task's batch (a job at the deadline fails it if the batch has not answered by then). */
  async function waitForBatch(claim: Claim, pending: BatchPending) {
    const deadline = deadlineOf(claim.task);
    try {
      if (ctx.now() >= deadline) await failItem(ctx, claim, message('failure.batchDeadline', { deadline: deadline.toISOString() }));
      else await waitItem(ctx, claim, deadline, pending.reason, { failed: false });
    } catch (e) {
      if (!(e instanceof LostClaim)) throw e;
    }
  }

  /** An economy item waits for its service's off-peak hours: the economy poll queues it when they come (releaseDueWaits). */
  async function waitForOffPeak(claim: Claim, wait: OffPeakWait) {
    try {
      await waitItem(ctx, claim, wait.from, wait.reason, { queued: false, failed: false });
    } catch (e) {
      if (!(e instanceof LostClaim)) throw e;
    }
  }

  /** The account hears of its task when the last item ends (a notice). */
  const tellOutcome = (itemId: number) =>
    noticeTaskOutcome(ctx, itemId).catch((error: Error) => ctx.log.error({ err: error, itemId }, 'notices: task outcome notice failed'));

  // Economy tasks' batches: the finished ones' answers taken, the stages whose items all wait sent.
  let following: Promise<void> | null = null;
  const batches = setInterval(() => {
    following ??= followBatches(ctx)
      .then(() => sendBatches(ctx))
      .then(() => releaseDueWaits(ctx))
      .catch((error: Error) => ctx.log.error({ err: error }, 'economy: following the batches failed'))
      .finally(() => (following = null));
  }, g.batchPollSeconds * 1000);
  batches.unref();

  await ctx.jobs.work(g.workerConcurrency, handle);
  return {
    async stop() {
      stopping.abort(new Error('The worker is stopping'));
      clearInterval(sweeper);
      clearInterval(batches);
      await following;
      await ctx.jobs.stopWorking();
    },
  };
}
