import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
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
import { ok, withNotFound } from '../envelope';
import { NoticeStreams } from '../noticeStream';
import { noticeEndpoints } from '../../../contract/endpoints/notice';
import { routesOf } from '../serve';

const tags = ['notice'];
const signedIn = { permission: 'signedIn' } as const;
const admin = { permission: 'admin' } as const;

/** Notices (spec §2 /notice): the reader's list, details, read state and live unread count; the operator's announcements. */
const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });
  const streams = new NoticeStreams(ctx);
  app.addHook('preClose', async () => streams.close());

  route(noticeEndpoints.noticeList, { ...signedIn }, async (request) => {
    return ok(await listNotices(ctx, request.accountId, request.query, request.language));
  });

  route(noticeEndpoints.noticeDetail, { ...signedIn }, async (request) => {
    return ok(await noticeDetail(ctx, request.accountId, request.query, request.language));
  });

  route(noticeEndpoints.noticeRead, { ...signedIn }, async (request) =>
    ok(await markNoticesRead(ctx, request.accountId, { ids: request.body.ids })),
  );

  route(noticeEndpoints.noticeReadAll, { ...signedIn }, async (request) =>
    ok(await markNoticesRead(ctx, request.accountId, { kind: request.body.kind })),
  );

  // The bell's polling fallback: answers 304 while nothing changed (If-None-Match).
  route(noticeEndpoints.noticeUnread, { ...signedIn, replies: { 304: Type.Null(), ...withNotFound } }, async (request, reply) => {
    const body = ok(await unreadNotices(ctx, request.accountId, request.language));
    const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
    return body;
  });

  // Server-sent events: `event: unread` with `{ unread }` on every change, `event: end` when the session ends.
  // Authenticated like every call (Authorization header: the console reads it with fetch, not EventSource).
  route(noticeEndpoints.noticeStream, { ...signedIn, produces: ['text/event-stream'], replies: {} }, async (request, reply) => {
    const auth = authOf(request);
    reply.hijack();
    streams.open(reply.raw, request.accountId, auth.token);
  });

  route(noticeEndpoints.noticeSettings, { ...signedIn }, async (request) => {
    return ok(await noticeSettings(ctx, request.accountId));
  });

  route(noticeEndpoints.noticeSettingsSet, { ...signedIn }, async (request) => {
    await setLowBalanceThreshold(ctx, request.accountId, request.body.low_balance_threshold);
    return ok({ low_balance_threshold: request.body.low_balance_threshold });
  });

  /* The operator's announcements. */

  route(noticeEndpoints.adminNoticeList, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.manageNotices');
    return ok(await listAnnouncements(ctx, request.query));
  });

  route(noticeEndpoints.adminNoticeAdd, { ...admin }, async (request) => {
    const auth = authOf(request);
    requireAdmin(auth, 'adminOnly.publishNotices');
    return ok(toAdminNotice(ctx, await publishAnnouncement(ctx, request.accountId, request.body), 0, 0));
  });

  route(noticeEndpoints.adminNoticeEdit, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.editNotices');
    return ok(toAdminNotice(ctx, await editAnnouncement(ctx, request.body), 0, 0));
  });

  route(noticeEndpoints.adminNoticeWithdraw, { ...admin }, async (request) => {
    requireAdmin(authOf(request), 'adminOnly.withdrawNotices');
    await withdrawAnnouncement(ctx, request.body.id);
    return ok(null);
  });
};

export default noticeRoutes;
