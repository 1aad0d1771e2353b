import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { IdBody, ListOf } from '../../../contract/schemas/common';
import {
  ArticleTask,
  ArticleTaskAddBody,
  ArticleTaskAdded,
  ArticleTaskDetail,
  ArticleTaskDetailQuery,
  ArticleTaskListQuery,
  RetryItemBody,
  type TaskItem,
} from '../../../contract/schemas/articleTask';
import * as q from '../../db/articleTasks';
import { addTask, cancelTask, pauseTask, resumeTask, retryItem, taskOf } from '../../domain/articleTasks';
import { authOf } from '../authPlugin';
import { dateTime } from '../dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['article_task'];

/**
 * Issue 19: the pace (articles a minute since the task was added), the estimated finish at that
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
    if (wait && (!eta || eta < wait.until)) eta = new Date(wait.until.getTime() + (perMinute ? ((row.total - finished) / perMinute) * 60_000 : 0));
  }
  return {
    articles_per_minute: perMinute === null ? null : Math.round(perMinute * 10) / 10,
    estimated_finish: eta ? dateTime(eta) : null,
    waiting: wait?.n ?? 0,
    waiting_until: wait ? dateTime(wait.until) : null,
    deadline_at: row.deadlineAt ? dateTime(row.deadlineAt) : null,
  };
}

const toTask = (row: q.TaskRow, wait?: { n: number; until: Date }): ArticleTask => {
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
    status: row.status as ArticleTask['status'],
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
async function toTasks(db: Parameters<typeof q.waitingOfTasks>[0], rows: q.TaskRow[]) {
  const waits = await q.waitingOfTasks(db, rows.filter((r) => r.status === 'running' || r.status === 'paused').map((r) => r.id));
  return rows.map((r) => toTask(r, waits.get(r.id)));
}

const toItem = ({ item: row, articleId, waitUntil, waitReason }: { item: q.ItemRow; articleId: number | null; waitUntil: Date | null; waitReason: string | null }): TaskItem => ({
  id: row.id,
  keyword: row.keyword,
  status: row.status as TaskItem['status'],
  error: row.error,
  article_id: articleId,
  attempt: row.attempt,
  started_at: row.startedAt ? dateTime(row.startedAt) : null,
  finished_at: row.finishedAt ? dateTime(row.finishedAt) : null,
  wait_until: row.status === 'waiting' && waitUntil ? dateTime(waitUntil) : null,
  wait_reason: row.status === 'waiting' ? (waitReason ?? '') : '',
});

/** Generation tasks: add (checked against the balance), progress, pause, resume, cancel, retry an item. */
const articleTaskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(ApiPath.articleTaskList, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: ArticleTaskListQuery, response: { 200: Reply(ListOf(ArticleTask)), ...replies } } }, async (request) => {
    const { page = 1, page_size = 20, status, site_id } = request.query;
    const { rows, total } = await q.listTasks(ctx.db, authOf(request).account.id, { limit: page_size, offset: (page - 1) * page_size, status, siteId: site_id });
    return ok({ list: await toTasks(ctx.db, rows), total });
  });

  app.post(
    ApiPath.articleTaskAdd,
    { config: { keyScope: 'generate', permission: 'article_task:add' }, bodyLimit: 4 * 1024 * 1024, schema: { tags, body: ArticleTaskAddBody, response: { 200: Reply(ArticleTaskAdded), ...replies, 413: ErrorReply } } },
    async (request) => {
      const { task, skipped } = await addTask(ctx, authOf(request).account.id, request.body);
      request.keyPoints = task.itemCost * task.total; // the key log's points (issue 15)
      return ok({ ...toTask(task), skipped });
    },
  );

  app.get(ApiPath.articleTaskDetail, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: ArticleTaskDetailQuery, response: { 200: Reply(ArticleTaskDetail), ...replies } } }, async (request) => {
    const { id, page = 1, page_size = 20, status } = request.query;
    const task = await taskOf(ctx, authOf(request).account.id, id);
    const [items, counts] = await Promise.all([
      q.itemsOfTask(ctx.db, task.id, { limit: page_size, offset: (page - 1) * page_size, status }),
      q.itemCounts(ctx.db, task.id),
    ]);
    const [view] = await toTasks(ctx.db, [task]);
    return ok({ task: view, queued: counts.queued ?? 0, running: counts.running ?? 0, waiting: counts.waiting ?? 0, items: { list: items.rows.map(toItem), total: items.total } });
  });

  const action = (url: string, run: typeof pauseTask) =>
    app.post(url, { config: { keyScope: 'generate', permission: 'article_task:edit' }, schema: { tags, body: IdBody, response: { 200: Reply(ArticleTask), ...replies } } }, async (request) =>
      ok((await toTasks(ctx.db, [await run(ctx, authOf(request).account.id, request.body.id)]))[0]),
    );
  action(ApiPath.articleTaskPause, pauseTask);
  action(ApiPath.articleTaskResume, resumeTask);
  action(ApiPath.articleTaskCancel, cancelTask);

  app.post(ApiPath.articleTaskRetryItem, { config: { keyScope: 'generate', permission: 'article_task:edit' }, schema: { tags, body: RetryItemBody, response: { 200: Reply(ArticleTask), ...replies } } }, async (request) =>
    ok(toTask(await retryItem(ctx, authOf(request).account.id, request.body.id))),
  );
};

export default articleTaskRoutes;
