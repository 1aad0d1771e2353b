import { randomUUID } from 'node:crypto';
import type { ArticleBulkRefresh } from '../../../contract/schemas/articleRefresh';
import type { Ctx } from '../context';
import type { RefreshJob } from '../../jobs/queue';
import * as q from '../../db/articles';
import { addPoints, hasLedgerEntry } from '../../db/accounts';
import { message } from '../../i18n/messages';
import { WordedError, reasonOf } from '../../i18n/wordedError';
import { storeReason, type Reason } from '../../i18n/storedText';
import { inTextThread } from '../../textThread/client';
import { changeArticle } from './articleVersions';
import { invalid } from '../errors';
import { refreshedText } from './articleRefresh';
import { notify } from '../support/notices';
import { ensureAffordable, refund } from '../money/points';
import { providersOf } from '../system/providerSettings';
import { syncPublications } from '../publishing/tasks';
import { priceOf, refreshLines } from '../money/quote';

type RefreshCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'now' | 'log'>;

/** A refresh's charge (and refund): the article's and the refresh's key. */
const referenceOf = (job: Pick<RefreshJob, 'articleId' | 'key'>) => `refresh:${job.articleId}:${job.key}`;

/**
 * Refreshes of several published articles, in the background: each article is marked as being
 * refreshed, charged, and gets a job of its own, in one transaction (the account row locked), so
 * two bulk refreshes sent together never promise more than the balance. A job finds its charge
 * made (the charge's reference is the article's and the refresh's key: once, whatever the
 * retries), stores the refreshed text and updates the article's posts, or refunds and tells the account.
 */
export async function queueRefreshes(ctx: RefreshCtx, accountId: number, ids: number[], by: number | null): Promise<ArticleBulkRefresh> {
  const { writer } = await providersOf(ctx, accountId);
  // The offline writer makes briefs, not prose: it has nothing to bring up to date.
  if (writer.offline) throw invalid('articleRefresh.needsModel');
  const key = randomUUID();
  const marked = await ctx.db.transaction(async (tx) => {
    const found = await q.markRefreshing(tx, accountId, ids, key);
    if (found.length === 0) return found;
    const price = priceOf(refreshLines(ctx));
    const cost = price * found.length;
    await ensureAffordable(tx, accountId, cost, message('articleRefresh.forRefresh', { cost }));
    if (price > 0)
      for (const articleId of found) await addPoints(tx, accountId, -price, 'article_generation', referenceOf({ articleId, key }));
    await ctx.jobs.enqueueRefresh(
      tx,
      found.map((articleId) => ({ accountId, articleId, key, by })),
    );
    return found;
  });
  const queued = new Set(marked);
  return { queued: ids.filter((id) => queued.has(id)), skipped: ids.filter((id) => !queued.has(id)) };
}

/**
 * Runs one queued refresh. Run again after a crash it resumes: an article no longer marked with the
 * job's key was refreshed (or refunded) already, and a charge already made is not made again.
 * Faults of the database are thrown (the queue retries the job), and so is a stop (`signal`): the
 * article stays marked and its refresh runs again. The model's failures end the refresh, refunded.
 */
export async function runQueuedRefresh(ctx: RefreshCtx, job: RefreshJob, signal?: AbortSignal) {
  const reference = referenceOf(job);
  const cost = priceOf(refreshLines(ctx));
  const article = await ctx.db.transaction(async (tx) => {
    const row = await q.lockArticle(tx, job.articleId);
    // Deleted while it waited: what it was charged when accepted goes back.
    if (!row && (await hasLedgerEntry(tx, job.accountId, 'article_generation', reference)))
      if (!(await hasLedgerEntry(tx, job.accountId, 'refund', reference))) await refund(tx, job.accountId, cost, reference);
    if (!row || row.refreshKey !== job.key) return null;
    // Charged when accepted; a refresh queued before that was so is charged now.
    if (cost > 0 && !(await hasLedgerEntry(tx, job.accountId, 'article_generation', reference))) {
      if ((await addPoints(tx, job.accountId, -cost, 'article_generation', reference)) === null) return 'unaffordable' as const;
    }
    return row;
  });
  if (article === null) return;
  if (article === 'unaffordable') return endRefresh(ctx, job, message('articleRefresh.notEnough', { cost }), { charged: false });
  let changes: Partial<q.ArticleRow>;
  try {
    const { writer } = await providersOf(ctx, job.accountId);
    if (writer.offline) throw invalid('articleRefresh.needsModel');
    const text = await refreshedText(ctx, writer, article, signal);
    changes = { ...text, ...(await inTextThread('articleScores', { ...article, ...text })) };
  } catch (error) {
    if (signal?.aborted) throw error;
    return endRefresh(ctx, job, reasonOf(error as Error), { charged: true });
  }
  const stored = await ctx.db.transaction(async (tx) => {
    // The text replaced is the one stored now: an edit made while the model wrote is kept as a version.
    const current = await q.lockArticle(tx, job.articleId);
    if (!current || current.refreshKey !== job.key) return false;
    await changeArticle(tx, current, { ...changes, refreshKey: null }, 'refresh', job.by);
    return true;
  });
  // The same posts are updated (exactly once, by the idempotency key they carry): no new post, the slug unchanged.
  if (stored) await syncPublications(ctx, job.accountId, job.articleId);
}

/** A refresh that failed: its charge refunded (once), the article no longer marked, the account told why. */
async function endRefresh(ctx: RefreshCtx, job: RefreshJob, reason: Reason, { charged }: { charged: boolean }) {
  const reference = referenceOf(job);
  const cost = priceOf(refreshLines(ctx));
  const title = await ctx.db.transaction(async (tx) => {
    const row = await q.lockArticle(tx, job.articleId);
    if (charged && !(await hasLedgerEntry(tx, job.accountId, 'refund', reference))) await refund(tx, job.accountId, cost, reference);
    if (!row || row.refreshKey !== job.key) return null;
    await q.updateArticle(tx, row.id, { refreshKey: null });
    return row.title;
  });
  if (title === null) return;
  const { message: worded } = new WordedError(reason);
  await notify(ctx, job.accountId, 'task', {
    title: `"${title}" was not refreshed`.slice(0, 200),
    body: `The article was not refreshed (its points were refunded): ${worded}`,
    link: '/article',
    event: 'refresh_failed',
    // Kept as the catalog's key and values: each reader reads why in their own language.
    params: { title, reason: storeReason(reason) },
    dedupeKey: `refresh:${reference}:failed`,
  });
}

/** The refreshes marked but not finished: queued again after a restart of the only process (the embedded database). */
export async function resumeRefreshes(ctx: RefreshCtx) {
  const rows = await q.refreshingArticles(ctx.db);
  if (rows.length)
    await ctx.db.transaction((tx) =>
      ctx.jobs.enqueueRefresh(
        tx,
        rows.map((r) => ({ accountId: r.accountId, articleId: r.id, key: r.refreshKey, by: null })),
      ),
    );
  return rows.length;
}
