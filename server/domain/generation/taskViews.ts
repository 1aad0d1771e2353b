import type {
  GenerationTask,
  GenerationTaskDetail,
  GenerationTaskDetailQuery,
  GenerationTaskListQuery,
  TaskItem,
} from '../../../contract/schemas/generationTask';
import type { List } from '../../../contract/schemas/common';
import { dateTime } from '../../../contract/dateTime';
import type { Ctx } from '../context';
import * as q from '../../db/generationTasks';
import { taskOf } from './tasks';
import { itemPage, taskPage } from '../tasks/taskList';
import type { Language } from '../../../contract/languages';
import { readReason } from '../../i18n/storedText';
import { batchesOfTask } from '../../db/economyBatches';
import { articlePrice } from '../money/quote';

/** Generation tasks as the API shows them: counts, progress, pace and waits. */

/**
 * The pace (articles a minute since the task was added), the estimated finish at that
 * pace (not before the waiting items may run again), and the wait for the model service's limit.
 */
function pace(row: q.TaskRow, wait: { n: number; until: Date } | undefined, now: Date) {
  const finished = row.done + row.failed + row.cancelled;
  const end = row.finishedAt ?? now;
  const minutes = (end.getTime() - row.createdAt.getTime()) / 60_000;
  const perMinute = row.done > 0 && minutes > 0 ? row.done / minutes : null;
  let eta: Date | null = null;
  if (row.status === 'running' && finished < row.total) {
    if (perMinute) eta = new Date(now.getTime() + ((row.total - finished) / perMinute) * 60_000);
    if (wait && (!eta || eta < wait.until))
      eta = new Date(wait.until.getTime() + (perMinute ? ((row.total - finished) / perMinute) * 60_000 : 0));
  }
  return {
    articles_per_minute: perMinute === null ? null : Math.round(perMinute * 10) / 10,
    estimated_finish: eta ? dateTime(eta) : null,
    waiting: wait?.n ?? 0,
    waiting_until: wait ? dateTime(wait.until) : null,
    deadline_at: row.deadlineAt ? dateTime(row.deadlineAt) : null,
  };
}

export const toTask = (row: q.TaskRow, wait?: { n: number; until: Date }): GenerationTask => {
  const finished = row.done + row.failed + row.cancelled;
  return {
    id: row.id,
    name: row.name,
    site_id: row.siteId,
    language: row.language,
    word_count: row.wordCount,
    images: row.images,
    category_id: row.categoryId,
    prompt_ids: {
      article: row.prompts.article?.id ?? 0,
      outline: row.prompts.outline?.id ?? 0,
      meta: row.prompts.meta?.id ?? 0,
      faq: row.prompts.faq?.id ?? 0,
    },
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    cancelled: row.cancelled,
    progress: row.total ? Math.floor((100 * finished) / row.total) : 100,
    item_cost: row.itemCost,
    created_at: dateTime(row.createdAt),
    updated_at: dateTime(row.updatedAt),
    finished_at: row.finishedAt ? dateTime(row.finishedAt) : null,
    ...pace(row, wait, new Date()),
  };
};

/** Tasks with their waits (one query for the page). */
export async function taskViews(ctx: Pick<Ctx, 'db'>, rows: q.TaskRow[]): Promise<GenerationTask[]> {
  const waits = await q.waitingOfTasks(
    ctx.db,
    rows.filter((r) => r.status === 'running' || r.status === 'paused').map((r) => r.id),
  );
  return rows.map((r) => toTask(r, waits.get(r.id)));
}

/** An item as `language` reads it: its failure and its wait worded for the reader. */
const toItem =
  (language: Language) =>
  ({
    item: row,
    articleId,
    waitUntil,
    waitReason,
  }: {
    item: q.ItemRow;
    articleId: number | null;
    waitUntil: Date | null;
    waitReason: string | null;
  }): TaskItem => ({
    id: row.id,
    keyword: row.keyword,
    status: row.status,
    error: readReason(language, row.error),
    article_id: articleId,
    attempt: row.attempt,
    started_at: row.startedAt ? dateTime(row.startedAt) : null,
    finished_at: row.finishedAt ? dateTime(row.finishedAt) : null,
    wait_until: row.status === 'waiting' && waitUntil ? dateTime(waitUntil) : null,
    wait_reason: row.status === 'waiting' ? readReason(language, waitReason ?? '') : '',
  });

/** The account's generation tasks, newest first. */
export async function listTasks(ctx: Pick<Ctx, 'db'>, accountId: number, query: GenerationTaskListQuery): Promise<List<GenerationTask>> {
  const { rows, total } = await taskPage(ctx, 'generation', accountId, query);
  return {
    list: await taskViews(
      ctx,
      rows.map((r) => r.task),
    ),
    total,
  };
}

/** A task with a page of its items and how many are queued, running and waiting. */
export async function taskDetail(
  ctx: Pick<Ctx, 'db' | 'config'>,
  accountId: number,
  query: GenerationTaskDetailQuery,
  language: Language,
): Promise<GenerationTaskDetail> {
  const task = await taskOf(ctx, accountId, query.id);
  const [{ items, queued, running, counts }, [view], batches] = await Promise.all([
    itemPage(ctx, 'generation', task.id, query, q.itemsOfTask, toItem(language)),
    taskViews(ctx, [task]),
    task.economy ? batchesOfTask(ctx.db, task.id) : [],
  ]);
  // Items charged (claimed and not refunded) saved the difference between the two prices each.
  const charged = running + (counts.waiting ?? 0) + (counts.done ?? 0);
  return {
    task: view,
    economy: task.economy
      ? {
          batches: batches.map((b) => ({
            step: b.step,
            status: b.status,
            done: b.answered,
            failed: b.failed,
            total: b.lines,
            created_at: dateTime(b.createdAt),
            expected_by: dateTime(new Date(b.createdAt.getTime() + 24 * 3_600_000)),
          })),
          saved: (articlePrice(ctx, false) - articlePrice(ctx, true)) * charged,
        }
      : null,
    queued,
    running,
    waiting: counts.waiting ?? 0,
    items,
  };
}
