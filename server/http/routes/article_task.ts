import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { IdBody, ListOf } from '../../../contract/schemas/common';
import {
  ArticleTask,
  ArticleTaskAddBody,
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

const toTask = (row: q.TaskRow): ArticleTask => {
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
  };
};

const toItem = ({ item: row, articleId }: { item: q.ItemRow; articleId: number | null }): TaskItem => ({
  id: row.id,
  keyword: row.keyword,
  status: row.status as TaskItem['status'],
  error: row.error,
  article_id: articleId,
  attempt: row.attempt,
  started_at: row.startedAt ? dateTime(row.startedAt) : null,
  finished_at: row.finishedAt ? dateTime(row.finishedAt) : null,
});

/** Generation tasks: add (checked against the balance), progress, pause, resume, cancel, retry an item. */
const articleTaskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(ApiPath.articleTaskList, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: ArticleTaskListQuery, response: { 200: Reply(ListOf(ArticleTask)), ...replies } } }, async (request) => {
    const { page = 1, page_size = 20, status, site_id } = request.query;
    const { rows, total } = await q.listTasks(ctx.db, authOf(request).account.id, { limit: page_size, offset: (page - 1) * page_size, status, siteId: site_id });
    return ok({ list: rows.map(toTask), total });
  });

  app.post(
    ApiPath.articleTaskAdd,
    { config: { keyScope: 'generate', permission: 'article_task:add' }, bodyLimit: 4 * 1024 * 1024, schema: { tags, body: ArticleTaskAddBody, response: { 200: Reply(ArticleTask), ...replies, 413: ErrorReply } } },
    async (request) => {
      const task = await addTask(ctx, authOf(request).account.id, request.body);
      request.keyPoints = task.itemCost * task.total; // the key log's points (issue 15)
      return ok(toTask(task));
    },
  );

  app.get(ApiPath.articleTaskDetail, { config: { keyScope: 'read', permission: 'signedIn' }, schema: { tags, querystring: ArticleTaskDetailQuery, response: { 200: Reply(ArticleTaskDetail), ...replies } } }, async (request) => {
    const { id, page = 1, page_size = 20, status } = request.query;
    const task = await taskOf(ctx, authOf(request).account.id, id);
    const [items, counts] = await Promise.all([
      q.itemsOfTask(ctx.db, task.id, { limit: page_size, offset: (page - 1) * page_size, status }),
      q.itemCounts(ctx.db, task.id),
    ]);
    return ok({ task: toTask(task), queued: counts.queued ?? 0, running: counts.running ?? 0, items: { list: items.rows.map(toItem), total: items.total } });
  });

  const action = (url: string, run: typeof pauseTask) =>
    app.post(url, { config: { keyScope: 'generate', permission: 'article_task:edit' }, schema: { tags, body: IdBody, response: { 200: Reply(ArticleTask), ...replies } } }, async (request) =>
      ok(toTask(await run(ctx, authOf(request).account.id, request.body.id))),
    );
  action(ApiPath.articleTaskPause, pauseTask);
  action(ApiPath.articleTaskResume, resumeTask);
  action(ApiPath.articleTaskCancel, cancelTask);

  app.post(ApiPath.articleTaskRetryItem, { config: { keyScope: 'generate', permission: 'article_task:edit' }, schema: { tags, body: RetryItemBody, response: { 200: Reply(ArticleTask), ...replies } } }, async (request) =>
    ok(toTask(await retryItem(ctx, authOf(request).account.id, request.body.id))),
  );
};

export default articleTaskRoutes;
