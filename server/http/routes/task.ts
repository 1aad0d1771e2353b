import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ApiPath } from '../../../contract/paths';
import { IdBody, ListOf } from '../../../contract/schemas/common';
import {
  Publication,
  PublicationQuery,
  PublishGenerateBody,
  PublishGenerated,
  PublishRetryBody,
  PublishTask,
  PublishTaskAddBody,
  PublishTaskDetail,
  PublishTaskDetailQuery,
  PublishTaskListQuery,
  type PublishItem,
} from '../../../contract/schemas/publishTask';
import { ExportQuery } from '../../../contract/schemas/publishExport';
import * as q from '../../db/publishTasks';
import { exportSelection, localImages } from '../../domain/publishExport';
import { exportEntries, zipStream } from '../../providers/publish/exportZip';
import { wxrStream } from '../../providers/publish/exportWxr';
import { articleOf } from '../../domain/articles';
import { addGeneratePublishTask, addPublishTask, cancelPublishTask, pausePublishTask, resumePublishTask, retryPublishTask, taskViewOf } from '../../domain/publishTasks';
import { requireCode } from '../../domain/users';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['task'];
const stamp = (at: Date | null) => (at ? dateTime(at) : null);

const toTask = ({ task: row, siteName, siteType, nextRunAt }: q.PublishTaskView): PublishTask => {
  const finished = row.done + row.failed + row.cancelled + row.skipped;
  return {
    id: row.id,
    name: row.name,
    site_id: row.siteId,
    site_name: siteName,
    site_type: siteType,
    post_status: row.postStatus as PublishTask['post_status'],
    post_date: stamp(row.postDate),
    category_id: row.categoryId,
    tags: row.tags,
    schedule: {
      kind: row.scheduleKind as PublishTask['schedule']['kind'],
      at: stamp(row.scheduleAt),
      per_day: row.dripPerDay,
      start: row.dripStart,
      end: row.dripEnd,
      timezone: row.timezone,
    },
    status: row.status as PublishTask['status'],
    total: row.total,
    done: row.done,
    failed: row.failed,
    cancelled: row.cancelled,
    progress: row.total ? Math.floor((100 * finished) / row.total) : row.awaitingSource ? 0 : 100,
    next_run_at: row.status === 'running' || row.status === 'paused' ? stamp(nextRunAt) : null,
    item_cost: row.itemCost,
    created_at: dateTime(row.createdAt),
    updated_at: dateTime(row.updatedAt),
    finished_at: stamp(row.finishedAt),
    skipped: row.skipped,
    source_task_id: row.sourceTaskId,
    awaiting_source: row.awaitingSource,
    min_seo_score: row.minSeoScore,
  };
};

const toItem = (row: q.PublishItemRow): PublishItem => ({
  id: row.id,
  article_id: row.articleId,
  title: row.title,
  status: row.status as PublishItem['status'],
  run_at: dateTime(row.runAt),
  attempt: row.attempt,
  error: row.error,
  note: row.note,
  remote_id: row.remoteId,
  remote_url: row.remoteUrl,
  started_at: stamp(row.startedAt),
  finished_at: stamp(row.finishedAt),
  seo_score: row.seoScore,
});

/** Publishing tasks (issue 11): add, progress and items, pause, resume, cancel, retry failed; where an article is published. */
const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const view = async (accountId: number, id: number) => toTask(await taskViewOf(ctx, accountId, id));

  app.get(
    ApiPath.taskList,
    { config: { permission: 'signedIn' }, schema: { tags, querystring: PublishTaskListQuery, response: { 200: Reply(ListOf(PublishTask)), ...replies } } },
    async (request) => {
      const { page = 1, page_size = 20, status, site_id } = request.query;
      const { rows, total } = await q.listTasks(ctx.db, authOf(request).account.id, { limit: page_size, offset: (page - 1) * page_size, status, siteId: site_id });
      return ok({ list: rows.map(toTask), total });
    },
  );

  app.post(
    ApiPath.taskAdd,
    { config: { permission: 'task:add' }, schema: { tags, body: PublishTaskAddBody, response: { 200: Reply(PublishTask), ...replies } } },
    async (request) => {
      const accountId = authOf(request).account.id;
      const task = await addPublishTask(ctx, accountId, request.body);
      return ok(await view(accountId, task.id));
    },
  );

  /* The generate dialog: a generation task for the chosen keywords and the publishing task of its articles, together. */
  app.post(
    ApiPath.taskGenerate,
    { config: { permission: 'task:add' }, schema: { tags, body: PublishGenerateBody, response: { 200: Reply(PublishGenerated), ...replies } } },
    async (request) => {
      const auth = authOf(request);
      // It writes the articles too: the caller must also be allowed to generate.
      await requireCode(ctx, auth, 'article_task:add');
      const accountId = auth.account.id;
      const added = await addGeneratePublishTask(ctx, accountId, request.body);
      return ok({ task: await view(accountId, added.task.id), article_task_id: added.articleTaskId, skipped: added.skipped });
    },
  );

  app.get(
    ApiPath.taskDetail,
    { config: { permission: 'signedIn' }, schema: { tags, querystring: PublishTaskDetailQuery, response: { 200: Reply(PublishTaskDetail), ...replies } } },
    async (request) => {
      const { id, page = 1, page_size = 20, status } = request.query;
      const found = await taskViewOf(ctx, authOf(request).account.id, id);
      const [items, counts] = await Promise.all([
        q.itemsOfTask(ctx.db, found.task.id, { limit: page_size, offset: (page - 1) * page_size, status }),
        q.itemCounts(ctx.db, found.task.id),
      ]);
      return ok({ task: toTask(found), queued: counts.queued ?? 0, running: counts.running ?? 0, items: { list: items.rows.map(toItem), total: items.total } });
    },
  );

  const action = (url: string, run: typeof pausePublishTask) =>
    app.post(url, { config: { permission: 'task:edit' }, schema: { tags, body: IdBody, response: { 200: Reply(PublishTask), ...replies } } }, async (request) => {
      const accountId = authOf(request).account.id;
      const task = await run(ctx, accountId, request.body.id);
      return ok(await view(accountId, task.id));
    });
  action(ApiPath.taskPause, pausePublishTask);
  action(ApiPath.taskResume, resumePublishTask);
  action(ApiPath.taskCancel, cancelPublishTask);

  app.post(
    ApiPath.taskRetry,
    { config: { permission: 'task:edit' }, schema: { tags, body: PublishRetryBody, response: { 200: Reply(PublishTask), ...replies } } },
    async (request) => {
      const accountId = authOf(request).account.id;
      const task = await retryPublishTask(ctx, accountId, request.body);
      return ok(await view(accountId, task.id));
    },
  );

  app.get(
    ApiPath.taskPublications,
    { config: { permission: 'signedIn' }, schema: { tags, querystring: PublicationQuery, response: { 200: Reply(ListOf(Publication)), ...replies } } },
    async (request) => {
      const accountId = authOf(request).account.id;
      const article = await articleOf(ctx, accountId, request.query.article_id);
      const rows = await q.publicationsOfArticle(ctx.db, accountId, article.id);
      return ok({
        list: rows.map(({ publication: p, siteName, siteType }) => ({
          site_id: p.siteId,
          site_name: siteName,
          site_type: siteType,
          remote_id: p.remoteId,
          remote_url: p.remoteUrl,
          status: p.status,
          error: p.error,
          last_sync_at: stamp(p.lastSyncAt),
        })),
        total: rows.length,
      });
    },
  );
  /* Export: the chosen articles as a ZIP of HTML and Markdown with their images, or as a WordPress WXR file; streamed. */
  app.get(
    ApiPath.taskExport,
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'Articles as a ZIP (HTML, Markdown, images) or a WordPress WXR file', querystring: ExportQuery, response: { ...replies } },
    },
    async (request, typed) => {
      const reply: FastifyReply = typed;
      const { account } = authOf(request);
      const query = request.query;
      const selection = await exportSelection(ctx, account.id, query);
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
      return reply.send(Readable.from(wxrStream(selection, { publicUrl: ctx.config.publicUrl, author, postStatus: query.post_status ?? 'draft', exportedAt: now })));
    },
  );
};

export default taskRoutes;
