import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addTask, cancelTask, resumeGenerationTask, retryItem } from '../../domain/generation/tasks';
import { pauseTask } from '../../domain/tasks/taskTransitions';
import { listTasks, taskDetail, taskViews, toTask } from '../../domain/generation/taskViews';
import { ErrorReply, ok, withNotFound } from '../envelope';
import { authOf } from '../authPlugin';
import { generationTaskQuote } from '../../domain/money/quote';
import { generationTaskEndpoints } from '../../../contract/endpoints/generationTask';
import { routesOf } from '../serve';

const tags = ['article_task'];

/** Generation tasks: add (checked against the balance), progress, pause, resume, cancel, retry an item. */
const articleTaskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });

  route(generationTaskEndpoints.articleTaskList, { keyScope: 'read', permission: 'signedIn' }, async (request) => {
    return ok(await listTasks(ctx, request.accountId, request.query));
  });

  route(
    generationTaskEndpoints.articleTaskAdd,
    { keyScope: 'generate', permission: 'article_task:add', bodyLimit: 4 * 1024 * 1024, replies: { ...withNotFound, 413: ErrorReply } },
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
  route(generationTaskEndpoints.articleTaskQuote, { keyScope: 'read', permission: 'article_task:add' }, async (request) =>
    ok(await generationTaskQuote(ctx, request.accountId, request.body)),
  );

  route(generationTaskEndpoints.articleTaskDetail, { keyScope: 'read', permission: 'signedIn' }, async (request) => {
    return ok(await taskDetail(ctx, request.accountId, request.query, request.language));
  });

  const action = (
    taskAction: (typeof generationTaskEndpoints)['articleTaskPause' | 'articleTaskResume' | 'articleTaskCancel'],
    run: typeof resumeGenerationTask,
  ) =>
    route(taskAction, { keyScope: 'generate', permission: 'article_task:edit' }, async (request) =>
      ok((await taskViews(ctx, [await run(ctx, request.accountId, request.body.id)]))[0]),
    );
  action(generationTaskEndpoints.articleTaskPause, (c, accountId, id) => pauseTask(c, 'generation', accountId, id));
  action(generationTaskEndpoints.articleTaskResume, resumeGenerationTask);
  action(generationTaskEndpoints.articleTaskCancel, cancelTask);

  route(generationTaskEndpoints.articleTaskRetryItem, { keyScope: 'generate', permission: 'article_task:edit' }, async (request) =>
    ok(toTask(await retryItem(ctx, request.accountId, request.body.id))),
  );
};

export default articleTaskRoutes;
