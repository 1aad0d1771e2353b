import type { PublishGenerateBody, PublishRetryBody, PublishingTaskAddBody } from '../../../contract/schemas/publishingTask';
import { defaultTaskName } from '../tasks/taskName';
import { NOBODY, type Starter } from '../tasks/starter';
import type { Ctx } from '../context';
import * as q from '../../db/publishingTasks';
import * as tasks from '../../db/tasks';
import { findCategory } from '../../db/sites';
import { label, message } from '../../i18n/messages';
import { invalid, notFound } from '../errors';
import { lockForAction, resumeTask } from '../tasks/taskTransitions';
import { siteOf } from '../sites/sites';
import { ensureAffordable } from '../money/points';
import { priceOf, publishLines } from '../money/quote';
import { dueTimes, isTimeZone, type Schedule } from './publishSchedule';
import { belowMinimum, feedPublishingTask } from './publishSource';
import { findTask as findGenerationTask } from '../../db/generationTasks';
import { addTask as addGenerationTask } from '../generation/tasks';

type TaskCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'now'>;

const NOT_FOUND = (id: number) => notFound('publishing.notFound', { id });

export async function taskViewOf(ctx: Pick<Ctx, 'db'>, accountId: number, id: number) {
  const view = await q.findTaskView(ctx.db, accountId, id);
  if (!view) throw NOT_FOUND(id);
  return view;
}

function instant(raw: string, field: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(raw.trim())) {
    throw invalid('publishing.instantFormat', { field: label(field), value: raw });
  }
  const at = new Date(raw.trim().replace(' ', 'T'));
  if (Number.isNaN(at.getTime())) throw invalid('publishing.notInstant', { field: label(field), value: raw });
  return at;
}

/** The schedule a request asks for; one in the past is refused. */
function scheduleOf(body: PublishingTaskAddBody, now: Date): Schedule {
  const kind = body.schedule ?? 'now';
  if (kind === 'now') return { kind };
  if (kind === 'at') {
    if (!body.run_at) throw invalid('publishing.runAtNeeded');
    const at = instant(body.run_at, 'run_at');
    if (at.getTime() < now.getTime() - 1000) throw invalid('publishing.inPast', { field: label('run_at'), at: at.toISOString() });
    return { kind, at };
  }
  if (!body.per_day || !body.drip_start || !body.drip_end || !body.timezone) throw invalid('publishing.dripNeeded');
  if (!isTimeZone(body.timezone)) throw invalid('publishing.badTimezone', { value: body.timezone });
  if (body.per_day > 1 && body.drip_end <= body.drip_start) throw invalid('publishing.dripOrder');
  return { kind, perDay: body.per_day, start: body.drip_start, end: body.drip_end, timezone: body.timezone };
}

/** The articles a task publishes: any of the account's (written for any of its sites, or none); or the site's ready ones. */
async function articlesFor(ctx: Pick<Ctx, 'db'>, accountId: number, siteId: number, body: PublishingTaskAddBody) {
  if ([body.article_ids, body.ready_of_site, body.article_task_id].filter(Boolean).length > 1) throw invalid('publishing.whatToPublish');
  if (body.ready_of_site) {
    const rows = await q.readyArticlesOfSite(ctx.db, accountId, siteId);
    if (rows.length === 0) throw invalid('publishing.nothingReady');
    return rows;
  }
  if (!body.article_ids) throw invalid('publishing.articlesNeeded');
  const ids = [...new Set(body.article_ids)];
  const rows = await q.articlesOfAccount(ctx.db, accountId, ids);
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw invalid('publishing.noArticles', { ids: missing.slice(0, 10).join(', ') });
  return ids.map((id) => found.get(id) as (typeof rows)[number]);
}

/**
 * Adds a task: an item per article with its due time, and a job per item (not before that time),
 * in one transaction. The balance must cover every item now (code 100146); each is debited when a
 * worker claims it and refunded if it fails.
 */
export async function addPublishingTask(ctx: TaskCtx, accountId: number, body: PublishingTaskAddBody, starter: Starter = NOBODY) {
  const action = body.action ?? 'publish';
  // Unpublishing and deleting act on posts already on the site: named articles, free of charge.
  if (action !== 'publish' && !body.article_ids) throw invalid('publishing.actionNeedsArticles');
  if (body.article_task_id) return addSourcedTask(ctx, accountId, body, body.article_task_id, starter);
  const now = ctx.now();
  const { site, schedule, placement } = await publishingOf(ctx, accountId, body);
  const chosen = await articlesFor(ctx, accountId, site.id, body);
  const min = action === 'publish' ? (body.min_seo_score ?? null) : null;
  const below = (a: { seoScore: number }) => min !== null && a.seoScore < min;
  const sendable = chosen.filter((a) => !below(a));
  const due = dueTimes(schedule, sendable.length, now);
  const cost = action === 'publish' ? priceOf(publishLines(ctx)) : 0;
  return ctx.db.transaction(async (tx) => {
    if (cost > 0)
      await ensureAffordable(tx, accountId, cost * sendable.length, message('points.forPublishing', { count: sendable.length, cost }));
    const skipped = chosen.length - sendable.length;
    const task = await tasks.insertTask(tx, 'publishing', {
      accountId,
      ...placement,
      action,
      startedBy: starter.userId,
      name: body.name?.trim() || defaultTaskName(starter.language, 'publishing', site.name, chosen[0].title, chosen.length),
      itemCost: cost,
      total: chosen.length,
      minSeoScore: min,
      skipped,
      ...(skipped === chosen.length ? { status: 'completed', finishedAt: now } : {}),
    });
    let next = 0;
    const items = await q.insertItems(
      tx,
      chosen.map((a) => {
        const base = { taskId: task.id, accountId, articleId: a.id, title: a.title, seoScore: min === null ? null : a.seoScore };
        if (min !== null && a.seoScore < min)
          return { ...base, status: 'skipped', runAt: now, finishedAt: now, error: belowMinimum(a.seoScore, min) };
        return { ...base, runAt: due[next++] };
      }),
    );
    const queued = items.filter((i) => i.status === 'queued');
    if (queued.length)
      await ctx.jobs.enqueuePublish(
        tx,
        queued.map((i) => ({ itemId: i.id, runAt: i.runAt })),
      );
    return task;
  });
}

/** The site, category, post status and date, schedule and tags a request asks for, checked, as the task's columns. */
async function publishingOf(ctx: TaskCtx, accountId: number, body: PublishingTaskAddBody) {
  const now = ctx.now();
  const site = await siteOf(ctx, accountId, body.site_id);
  if (site.type === 'export') throw invalid('publishing.exportSite');
  if (site.status !== 'enabled') throw invalid('publishing.siteDisabled');
  if (!site.credentials) throw invalid(site.type === 'wordpress' ? 'publishing.noWordPressCredentials' : 'publishing.noWebhookCredentials');
  const categoryId = body.category_id ?? null;
  if (categoryId !== null && !(await findCategory(ctx.db, site.id, categoryId))) throw invalid('publishing.noCategory', { id: categoryId });
  const postStatus = body.post_status ?? 'draft';
  let postDate: Date | null = null;
  if (postStatus === 'future') {
    if (!body.post_date) throw invalid('publishing.postDateNeeded');
    postDate = instant(body.post_date, 'post_date');
    if (postDate.getTime() <= now.getTime()) throw invalid('publishing.inPast', { field: label('post_date'), at: postDate.toISOString() });
  } else if (body.post_date) throw invalid('publishing.postDateOnlyFuture');
  const schedule = scheduleOf(body, now);
  const tags = [...new Set((body.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  /** The task's columns for where and when its posts go. */
  const placement = {
    siteId: site.id,
    postStatus,
    postDate,
    categoryId,
    tags,
    scheduleKind: schedule.kind,
    scheduleAt: schedule.kind === 'at' ? schedule.at : null,
    dripPerDay: schedule.kind === 'drip' ? schedule.perDay : null,
    dripStart: schedule.kind === 'drip' ? schedule.start : null,
    dripEnd: schedule.kind === 'drip' ? schedule.end : null,
    timezone: schedule.kind === 'drip' ? schedule.timezone : null,
  };
  return { site, schedule, placement };
}

/**
 * A task publishing a generation task's articles as they are written: it starts with those written
 * already and awaits the rest (domain/publishing/publishSource.ts). The balance must cover publishing every
 * article the generation task may still write.
 */
async function addSourcedTask(ctx: TaskCtx, accountId: number, body: PublishingTaskAddBody, generationTaskId: number, starter: Starter) {
  const { site, placement } = await publishingOf(ctx, accountId, body);
  const source = await findGenerationTask(ctx.db, accountId, generationTaskId);
  if (!source) throw invalid('publishing.noTask', { id: generationTaskId });
  if (source.siteId !== site.id) throw invalid('publishing.taskOtherSite', { id: generationTaskId });
  const cost = priceOf(publishLines(ctx));
  const task = await ctx.db.transaction(async (tx) => {
    if (cost > 0)
      await ensureAffordable(tx, accountId, cost * source.total, message('points.forPublishing', { count: source.total, cost }));
    return tasks.insertTask(tx, 'publishing', {
      accountId,
      ...placement,
      name: body.name?.trim() || source.name,
      itemCost: cost,
      total: 0,
      sourceTaskId: source.id,
      awaitingSource: true,
      startedBy: starter.userId,
      minSeoScore: body.min_seo_score ?? null,
    });
  });
  // The articles written already, at once (a crash before this is caught up by the workers' sweep).
  await feedPublishingTask(ctx, task.id);
  return task;
}

/**
 * The generate dialog: a generation task for the chosen keywords and a publishing task of its
 * articles, in one transaction, the balance covering both (writing and publishing every article).
 */
export async function addGeneratePublishingTask(ctx: TaskCtx, accountId: number, body: PublishGenerateBody, starter: Starter = NOBODY) {
  const { keyword_ids, language, word_count, images, include_written, economy, interactive_fallback, ...publishing } = body;
  return ctx.db.transaction(async (tx) => {
    const inner = { ...ctx, db: tx };
    // Checked first: a site that cannot be published to gets no generation task either.
    await publishingOf(inner, accountId, publishing);
    const { task: source, skipped } = await addGenerationTask(
      inner,
      accountId,
      {
        site_id: body.site_id,
        keyword_ids,
        ...(body.name ? { name: body.name } : {}),
        ...(language ? { language } : {}),
        ...(word_count ? { word_count } : {}),
        ...(images !== undefined ? { images } : {}),
        ...(include_written !== undefined ? { include_written } : {}),
        ...(economy !== undefined ? { economy } : {}),
        ...(interactive_fallback !== undefined ? { interactive_fallback } : {}),
        ...(body.category_id !== undefined ? { category_id: body.category_id } : {}),
      },
      starter,
    );
    // The generation task's items are held now (committed points): this adds publishing them.
    const task = await addSourcedTask(inner, accountId, { ...publishing, article_task_id: source.id }, source.id, starter);
    return { task, generationTaskId: source.id, skipped };
  });
}

/** Resumes a paused publishing task: its waiting items get their jobs again, each at its own due time. */
export async function resumePublishingTask(ctx: TaskCtx, accountId: number, id: number) {
  return resumeTask(ctx, 'publishing', accountId, id, {
    // While its generation task may still write articles, its total is not final.
    finished: (task) => !task.awaitingSource && task.done + task.failed + task.cancelled + task.skipped >= task.total,
    requeue: async (tx, task) => {
      await ctx.jobs.enqueuePublish(tx, await q.queuedItems(tx, task.id));
    },
  });
}

/** Cancels a task: waiting items are cancelled; an item being sent now still finishes. */
export async function cancelPublishingTask(ctx: TaskCtx, accountId: number, id: number) {
  return ctx.db.transaction(async (tx) => {
    const { task, changes } = await lockForAction(tx, 'publishing', 'cancel', accountId, id);
    if (!changes) return task;
    const cancelled = await q.cancelQueuedItems(tx, task.id, ctx.now());
    // A cancelled task takes no more of its generation task's articles: its total is final.
    return tasks.updateTask(tx, 'publishing', task.id, {
      status: 'cancelled',
      cancelled: task.cancelled + cancelled,
      finishedAt: ctx.now(),
      awaitingSource: false,
    });
  });
}

/** Sends a task's failed items (or one of them) again, now; a completed task runs again. */
export async function retryPublishingTask(ctx: TaskCtx, accountId: number, body: PublishRetryBody) {
  return ctx.db.transaction(async (tx) => {
    const { task } = await lockForAction(tx, 'publishing', 'retry', accountId, body.id);
    const failed = await q.failedItems(tx, task.id, body.item_id);
    if (failed.length === 0)
      throw body.item_id ? invalid('publishing.itemNotFailed', { id: body.item_id }) : invalid('publishing.noFailedItem');
    if (task.itemCost > 0)
      await ensureAffordable(tx, accountId, task.itemCost * failed.length, message('points.forPublishingAgain', { count: failed.length }));
    const now = ctx.now();
    await q.updateItems(
      tx,
      failed.map((i) => i.id),
      { status: 'queued', error: '', finishedAt: null, runAt: now, attempt: 0 },
    );
    const row = await tasks.updateTask(tx, 'publishing', task.id, {
      failed: task.failed - failed.length,
      ...(task.status === 'completed' ? { status: 'running', finishedAt: null } : {}),
    });
    await ctx.jobs.enqueuePublish(
      tx,
      failed.map((i) => ({ itemId: i.id, runAt: now })),
    );
    return row;
  });
}

/**
 * An edit of an article that is on sites updates its posts there: one "update" task per site where
 * the post exists (the same post, found by its stored id), keeping the post's status. Returns the
 * tasks added.
 */
export async function syncPublications(ctx: TaskCtx, accountId: number, articleId: number) {
  const rows = await q.publicationsOfArticle(ctx.db, accountId, articleId);
  const live = rows.filter(({ publication: p }) => p.remoteId && !['failed', 'pending', 'trash'].includes(p.status));
  if (live.length === 0) return [];
  const article = await q.articleTitle(ctx.db, articleId);
  if (!article) return [];
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const added = [];
    for (const { publication: p, siteName } of live) {
      const postStatus = ['draft', 'publish', 'future'].includes(p.status) ? p.status : 'draft';
      const task = await tasks.insertTask(tx, 'publishing', {
        accountId,
        siteId: p.siteId,
        name: `${siteName}: ${article.title}`.slice(0, 100),
        postStatus,
        itemCost: 0,
        total: 1,
      });
      const items = await q.insertItems(tx, [{ taskId: task.id, accountId, articleId, title: article.title, runAt: now }]);
      await ctx.jobs.enqueuePublish(
        tx,
        items.map((i) => ({ itemId: i.id, runAt: i.runAt })),
      );
      added.push(task);
    }
    return added;
  });
}
