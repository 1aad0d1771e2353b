import type { Ctx } from '../context';
import * as q from '../../db/publishingTasks';
import * as tasks from '../../db/tasks';
import { dueTimes, type Schedule } from './publishSchedule';
import { noticePublishOutcome } from '../support/notices';
import { message } from '../../i18n/messages';
import { storeReason } from '../../i18n/storedText';

/*
 * Publishing the articles of a generation task as they are written. A publishing task
 * with a source generation task "awaits" it: each article of that task becomes an item (due on the
 * task's schedule) as soon as it is written, and the task cannot complete while more may come.
 * Feeding is idempotent (an article is an item of a task once: a unique index), so it runs after
 * each article, when the task is added, and from the publishing workers' sweep and start: a crash
 * between "article written" and "item added" loses nothing and duplicates nothing.
 */

type FeedCtx = Pick<Ctx, 'db' | 'jobs' | 'now'>;

/** Why an article is not published: its SEO score is below the task's minimum. */
export const belowMinimum = (score: number, min: number) => storeReason(message('failure.belowMinimum', { score, min }));

/** The schedule a task row was added with. */
export function scheduleOfTask(task: q.PublishingTaskRow): Schedule {
  if (task.scheduleKind === 'at' && task.scheduleAt) return { kind: 'at', at: task.scheduleAt };
  if (task.scheduleKind === 'drip' && task.dripPerDay && task.dripStart && task.dripEnd && task.timezone) {
    return { kind: 'drip', perDay: task.dripPerDay, start: task.dripStart, end: task.dripEnd, timezone: task.timezone };
  }
  return { kind: 'now' };
}

/**
 * Adds the source's articles not yet in the task, in one transaction with the task row locked:
 * those reaching the minimum SEO score (or all, without one) as queued items with their jobs, due at
 * the schedule's next times (a drip task's next slots after its last item's); the others as skipped
 * items saying why. When the source writes no more, the total is final (and the task completes if
 * every item is finished). Returns how many items were added.
 */
export async function feedPublishingTask(ctx: FeedCtx, publishingTaskId: number): Promise<number> {
  let completed = false;
  const added = await ctx.db.transaction(async (tx) => {
    const task = await q.lockTaskById(tx, publishingTaskId);
    if (!task || !task.awaitingSource) return 0;
    // Read first: once the source is seen ended, every article it wrote is committed and found below.
    const ended = await q.sourceEnded(tx, task.sourceTaskId);
    const fresh = task.sourceTaskId ? await q.articlesNotInTask(tx, task.id, task.sourceTaskId, task.accountId) : [];
    const now = ctx.now();
    const min = task.minSeoScore;
    const sendable = fresh.filter((a) => min === null || a.seoScore >= min);
    const schedule = scheduleOfTask(task);
    const last = schedule.kind === 'drip' ? await q.lastDueAt(tx, task.id) : null;
    const from = last && last.getTime() >= now.getTime() ? new Date(last.getTime() + 1) : now;
    const due = dueTimes(schedule, sendable.length, from);
    let next = 0;
    const added = await q.insertNewItems(
      tx,
      fresh.map((a) => {
        const base = {
          taskId: task.id,
          accountId: task.accountId,
          articleId: a.id,
          title: a.title,
          seoScore: min === null ? null : a.seoScore,
        };
        if (min !== null && a.seoScore < min)
          return { ...base, status: 'skipped', runAt: now, finishedAt: now, error: belowMinimum(a.seoScore, min) };
        return { ...base, runAt: due[next++] };
      }),
    );
    const skipped = added.filter((i) => i.status === 'skipped').length;
    const total = task.total + added.length;
    const final = ended && fresh.length < 1000;
    const finished = task.done + task.failed + task.cancelled + task.skipped + skipped >= total;
    const completes = final && task.status === 'running' && finished;
    if (added.length || final) {
      await tasks.updateTask(tx, 'publishing', task.id, {
        total,
        skipped: task.skipped + skipped,
        awaitingSource: !final,
        ...(completes ? { status: 'completed', finishedAt: now } : {}),
      });
    }
    const queued = added.filter((i) => i.status === 'queued').map((i) => ({ itemId: i.id, runAt: i.runAt }));
    // A paused task's items get their jobs when it resumes.
    if (queued.length && task.status === 'running') await ctx.jobs.enqueuePublish(tx, queued);
    completed = completes;
    return added.length;
  });
  // The last item finished while the task awaited its source: the account hears of it now.
  if (completed) await noticePublishOutcome(ctx, publishingTaskId);
  return added;
}

/** Feeds the publishing tasks awaiting this generation task (after each of its articles, and when it ends). */
export async function feedPublishing(ctx: FeedCtx, generationTaskId: number): Promise<number> {
  let added = 0;
  for (const { id } of await q.awaitingTasks(ctx.db, generationTaskId)) added += await feedPublishingTask(ctx, id);
  return added;
}

/** Feeds every awaiting publishing task: at start and on the workers' sweep, catching up whatever a crash left. */
export async function feedAllPublishing(ctx: FeedCtx): Promise<number> {
  let added = 0;
  for (const { id } of await q.awaitingTasks(ctx.db)) added += await feedPublishingTask(ctx, id);
  return added;
}
