import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiPath } from '../../../contract/paths';
import { Empty, IdBody, ListOf } from '../../../contract/schemas/common';
import {
  AdminNotice,
  AdminNoticeAddBody,
  AdminNoticeEditBody,
  AdminNoticeListQuery,
  Notice,
  NoticeDetail,
  NoticeDetailQuery,
  NoticeListQuery,
  NoticeRead,
  NoticeReadAllBody,
  NoticeReadBody,
  NoticeSettings,
  NoticeSettingsBody,
  NoticeUnread,
} from '../../../contract/schemas/notice';
import {
  listAnnouncements,
  listNotices,
  noticeDetail,
  noticeSettings,
  toAdminNotice,
  unreadNotices,
} from '../../domain/support/noticeViews';
import {
  editAnnouncement,
  markNoticesRead,
  publishAnnouncement,
  setLowBalanceThreshold,
  withdrawAnnouncement,
} from '../../domain/support/notices';
import { requireAdmin } from '../../domain/access/permissions';
import { authOf } from '../authPlugin';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';
import { NoticeStreams } from '../noticeStream';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['notice'];
const signedIn = { permission: 'signedIn' } as const;
const admin = { permission: 'admin' } as const;

/** Notices (spec §2 /notice): the reader's list, details, read state and live unread count; the operator's announcements. */
const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const streams = new NoticeStreams(ctx);
  app.addHook('preClose', async () => streams.close());

  app.get(
    ApiPath.noticeList,
    { config: signedIn, schema: { tags, querystring: NoticeListQuery, response: { 200: Reply(ListOf(Notice)), ...replies } } },
    async (request) => {
      return ok(await listNotices(ctx, request.accountId, request.query, request.language));
    },
  );

  app.get(
    ApiPath.noticeDetail,
    { config: signedIn, schema: { tags, querystring: NoticeDetailQuery, response: { 200: Reply(NoticeDetail), ...replies } } },
    async (request) => {
      return ok(await noticeDetail(ctx, request.accountId, request.query, request.language));
    },
  );

  app.post(
    ApiPath.noticeRead,
    { config: signedIn, schema: { tags, body: NoticeReadBody, response: { 200: Reply(NoticeRead), ...replies } } },
    async (request) => ok(await markNoticesRead(ctx, request.accountId, { ids: request.body.ids })),
  );

  app.post(
    ApiPath.noticeReadAll,
    { config: signedIn, schema: { tags, body: NoticeReadAllBody, response: { 200: Reply(NoticeRead), ...replies } } },
    async (request) => ok(await markNoticesRead(ctx, request.accountId, { kind: request.body.kind })),
  );

  // The bell's polling fallback: answers 304 while nothing changed (If-None-Match).
  app.get(
    ApiPath.noticeUnread,
    { config: signedIn, schema: { tags, response: { 200: Reply(NoticeUnread), 304: Type.Null(), ...replies } } },
    async (request, reply) => {
      const body = ok(await unreadNotices(ctx, request.accountId, request.language));
      const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return body;
    },
  );

  // Server-sent events: `event: unread` with `{ unread }` on every change, `event: end` when the session ends.
  // Authenticated like every call (Authorization header: the console reads it with fetch, not EventSource).
  app.get(ApiPath.noticeStream, { config: signedIn, schema: { tags, produces: ['text/event-stream'] } }, async (request, reply) => {
    const auth = authOf(request);
    reply.hijack();
    streams.open(reply.raw, request.accountId, auth.token);
  });

  app.get(
    ApiPath.noticeSettings,
    { config: signedIn, schema: { tags, response: { 200: Reply(NoticeSettings), ...replies } } },
    async (request) => {
      return ok(await noticeSettings(ctx, request.accountId));
    },
  );

  app.put(
    ApiPath.noticeSettingsSet,
    { config: signedIn, schema: { tags, body: NoticeSettingsBody, response: { 200: Reply(NoticeSettings), ...replies } } },
    async (request) => {
      await setLowBalanceThreshold(ctx, request.accountId, request.body.low_balance_threshold);
      return ok({ low_balance_threshold: request.body.low_balance_threshold });
    },
  );

  /* The operator's announcements. */

  app.get(
    ApiPath.adminNoticeList,
    { config: admin, schema: { tags, querystring: AdminNoticeListQuery, response: { 200: Reply(ListOf(AdminNotice)), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.manageNotices');
      return ok(await listAnnouncements(ctx, request.query));
    },
  );

  app.post(
    ApiPath.adminNoticeAdd,
    { config: admin, schema: { tags, body: AdminNoticeAddBody, response: { 200: Reply(AdminNotice), ...replies } } },
    async (request) => {
      const auth = authOf(request);
      requireAdmin(auth, 'adminOnly.publishNotices');
      return ok(toAdminNotice(ctx, await publishAnnouncement(ctx, request.accountId, request.body), 0, 0));
    },
  );

  app.put(
    ApiPath.adminNoticeEdit,
    { config: admin, schema: { tags, body: AdminNoticeEditBody, response: { 200: Reply(AdminNotice), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.editNotices');
      return ok(toAdminNotice(ctx, await editAnnouncement(ctx, request.body), 0, 0));
    },
  );

  app.post(
    ApiPath.adminNoticeWithdraw,
    { config: admin, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } },
    async (request) => {
      requireAdmin(authOf(request), 'adminOnly.withdrawNotices');
      await withdrawAnnouncement(ctx, request.body.id);
      return ok(null);
    },
  );
};

export default noticeRoutes;
