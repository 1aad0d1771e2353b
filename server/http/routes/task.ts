import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { exportSelection, localImages } from '../../domain/publishing/publishExport';
import { exportEntries, zipStream } from '../../providers/publish/exportZip';
import { wxrStream } from '../../providers/publish/exportWxr';
import {
  addGeneratePublishingTask,
  addPublishingTask,
  cancelPublishingTask,
  resumePublishingTask,
  retryPublishingTask,
} from '../../domain/publishing/tasks';
import { pauseTask } from '../../domain/tasks/taskTransitions';
import { listPublishingTasks, publicationsOf, publishingTaskDetail, publishingTaskView } from '../../domain/publishing/taskViews';
import { requireCode } from '../../domain/access/users';
import { authOf } from '../authPlugin';
import { ok, withNotFound } from '../envelope';
import { taskQuote } from '../../domain/money/quote';
import { publishingTaskEndpoints } from '../../../contract/endpoints/publishingTask';
import { routesOf } from '../serve';

const tags = ['task'];

/** Publishing tasks: add, progress and items, pause, resume, cancel, retry failed; where an article is published. */
const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });
  const view = (accountId: number, id: number) => publishingTaskView(ctx, accountId, id);

  route(publishingTaskEndpoints.taskList, { permission: 'signedIn' }, async (request) => {
    return ok(await listPublishingTasks(ctx, request.accountId, request.query));
  });

  route(publishingTaskEndpoints.taskAdd, { permission: 'task:add' }, async (request) => {
    const task = await addPublishingTask(ctx, request.accountId, request.body, {
      userId: authOf(request).user.id,
      language: request.language,
    });
    return ok(await view(request.accountId, task.id));
  });

  /* The generate dialog: a generation task for the chosen keywords and the publishing task of its articles, together. */
  route(publishingTaskEndpoints.taskGenerate, { permission: 'task:add' }, async (request) => {
    const auth = authOf(request);
    // It writes the articles too: the caller must also be allowed to generate.
    await requireCode(ctx, auth, 'article_task:add');
    const added = await addGeneratePublishingTask(ctx, request.accountId, request.body, {
      userId: auth.user.id,
      language: request.language,
    });
    return ok({ task: await view(request.accountId, added.task.id), article_task_id: added.generationTaskId, skipped: added.skipped });
  });

  /* What a publishing task (or the generate dialog's pair) will charge: the numbers its items are debited. */
  route(publishingTaskEndpoints.taskQuote, { permission: 'task:add', keyScope: 'read' }, async (request) => {
    // The generate dialog's quote is for writing too: as its call, it needs the right to generate.
    if (request.body.generate) await requireCode(ctx, authOf(request), 'article_task:add');
    return ok(await taskQuote(ctx, request.accountId, request.body));
  });

  route(publishingTaskEndpoints.taskDetail, { permission: 'signedIn' }, async (request) => {
    return ok(await publishingTaskDetail(ctx, request.accountId, request.query, request.language));
  });

  const action = (
    taskAction: (typeof publishingTaskEndpoints)['taskPause' | 'taskResume' | 'taskCancel'],
    run: typeof resumePublishingTask,
  ) =>
    route(taskAction, { permission: 'task:edit' }, async (request) => {
      const task = await run(ctx, request.accountId, request.body.id);
      return ok(await view(request.accountId, task.id));
    });
  action(publishingTaskEndpoints.taskPause, (c, accountId, id) => pauseTask(c, 'publishing', accountId, id));
  action(publishingTaskEndpoints.taskResume, resumePublishingTask);
  action(publishingTaskEndpoints.taskCancel, cancelPublishingTask);

  route(publishingTaskEndpoints.taskRetry, { permission: 'task:edit' }, async (request) => {
    const task = await retryPublishingTask(ctx, request.accountId, request.body);
    return ok(await view(request.accountId, task.id));
  });

  route(publishingTaskEndpoints.taskPublications, { permission: 'signedIn' }, async (request) => {
    return ok(await publicationsOf(ctx, request.accountId, request.query.article_id, request.language));
  });
  /* Export: the chosen articles as a ZIP of HTML and Markdown with their images, or as a WordPress WXR file; streamed. */
  route(
    publishingTaskEndpoints.taskExport,
    { permission: 'signedIn', summary: 'Articles as a ZIP (HTML, Markdown, images) or a WordPress WXR file' },
    async (request, typed) => {
      const reply: FastifyReply = typed;
      const { account } = authOf(request);
      const query = request.query;
      const selection = await exportSelection(ctx, request.accountId, query);
      const now = ctx.now();
      const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      if (query.format === 'zip') {
        const readImage = localImages(path.join(ctx.config.dataDir, 'uploads'));
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="inkpress-articles-${stamp}.zip"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(zipStream(exportEntries(selection.articles(), readImage, now), now)));
      }
      reply
        .header('content-type', 'text/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="inkpress-wordpress-${stamp}.xml"`)
        .header('cache-control', 'no-store');
      const author = { login: account.username, email: account.email ?? '', displayName: account.realName || account.username };
      return reply.send(
        Readable.from(
          wxrStream(selection, { publicUrl: ctx.config.publicUrl, author, postStatus: query.post_status ?? 'draft', exportedAt: now }),
        ),
      );
    },
  );
};

export default taskRoutes;
