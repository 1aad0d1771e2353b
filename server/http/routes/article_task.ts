import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { IdBody, ListOf } from '../../../contract/schemas/common';
import {
  GenerationTask,
  GenerationTaskAddBody,
  GenerationTaskAdded,
  GenerationTaskDetail,
  GenerationTaskDetailQuery,
  GenerationTaskListQuery,
  RetryItemBody,
} from '../../../contract/schemas/generationTask';
import { addTask, cancelTask, resumeGenerationTask, retryItem } from '../../domain/generation/tasks';
import { pauseTask } from '../../domain/tasks/taskTransitions';
import { listTasks, taskDetail, taskViews, toTask } from '../../domain/generation/taskViews';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';
import { authOf } from '../authPlugin';
import { GenerationTaskQuoteBody, Quote } from '../../../contract/schemas/quote';
import { generationTaskQuote } from '../../domain/money/quote';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['article_task'];

/** Generation tasks: add (checked against the balance), progress, pause, resume, cancel, retry an item. */
const articleTaskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.articleTaskList,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: GenerationTaskListQuery, response: { 200: Reply(ListOf(GenerationTask)), ...replies } },
    },
    async (request) => {
      return ok(await listTasks(ctx, request.accountId, request.query));
    },
  );

  app.post(
    ApiPath.articleTaskAdd,
    {
      config: { keyScope: 'generate', permission: 'article_task:add' },
      bodyLimit: 4 * 1024 * 1024,
      schema: { tags, body: GenerationTaskAddBody, response: { 200: Reply(GenerationTaskAdded), ...replies, 413: ErrorReply } },
    },
    async (request) => {
      const { task, skipped } = await addTask(ctx, request.accountId, request.body, {
        userId: authOf(request).user.id,
        language: request.language,
      });
      request.keyPoints = task.itemCost * task.total; // the key log's points
      return ok({ ...toTask(task), skipped });
    },
  );

  /* What a generation task will charge: the numbers its items are debited. */
  app.post(
    ApiPath.articleTaskQuote,
    {
      config: { keyScope: 'read', permission: 'article_task:add' },
      schema: { tags, body: GenerationTaskQuoteBody, response: { 200: Reply(Quote), ...replies } },
    },
    async (request) => ok(await generationTaskQuote(ctx, request.accountId, request.body)),
  );

  app.get(
    ApiPath.articleTaskDetail,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: GenerationTaskDetailQuery, response: { 200: Reply(GenerationTaskDetail), ...replies } },
    },
    async (request) => {
      return ok(await taskDetail(ctx, request.accountId, request.query, request.language));
    },
  );

  const action = (url: string, run: typeof resumeGenerationTask) =>
    app.post(
      url,
      {
        config: { keyScope: 'generate', permission: 'article_task:edit' },
        schema: { tags, body: IdBody, response: { 200: Reply(GenerationTask), ...replies } },
      },
      async (request) => ok((await taskViews(ctx, [await run(ctx, request.accountId, request.body.id)]))[0]),
    );
  action(ApiPath.articleTaskPause, (c, accountId, id) => pauseTask(c, 'generation', accountId, id));
  action(ApiPath.articleTaskResume, resumeGenerationTask);
  action(ApiPath.articleTaskCancel, cancelTask);

  app.post(
    ApiPath.articleTaskRetryItem,
    {
      config: { keyScope: 'generate', permission: 'article_task:edit' },
      schema: { tags, body: RetryItemBody, response: { 200: Reply(GenerationTask), ...replies } },
    },
    async (request) => ok(toTask(await retryItem(ctx, request.accountId, request.body.id))),
  );
};

export default articleTaskRoutes;
