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
import { listAnnouncements, listDeliveries, noticeSettingsOf, type NoticeRow } from '../../db/notices';
import {
  announcementState,
  editAnnouncement,
  markNoticesRead,
  openNotice,
  publishAnnouncement,
  setLowBalanceThreshold,
  unreadOf,
  withdrawAnnouncement,
} from '../../domain/notices';
import { requireAdmin } from '../../domain/permissions';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';
import { NoticeStreams } from '../noticeStream';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['notice'];
const signedIn = { permission: 'signedIn' };
const admin = { permission: 'admin' };

const toNotice = (row: { notice: NoticeRow; readAt: Date | null; pinned: boolean; publishAt: Date }): Notice => ({
  id: row.notice.id,
  kind: row.notice.kind as Notice['kind'],
  title: row.notice.title,
  content: row.notice.content,
  link: row.notice.link,
  event: row.notice.event,
  params: row.notice.params,
  pinned: row.pinned,
  read: !!row.readAt,
  publish_at: dateTime(row.publishAt),
  expires_at: row.notice.expiresAt ? dateTime(row.notice.expiresAt) : null,
});

/** Notices (spec §2 /notice): the reader's list, details, read state and live unread count; the operator's announcements. */
const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const streams = new NoticeStreams(ctx);
  app.addHook('preClose', async () => streams.close());

  app.get(ApiPath.noticeList, { config: signedIn, schema: { tags, querystring: NoticeListQuery, response: { 200: Reply(ListOf(Notice)), ...replies } } }, async (request) => {
    const { page = 1, page_size = 20, filter = 'all', kind } = request.query;
    const { rows, total } = await listDeliveries(ctx.db, authOf(request).account.id, { now: ctx.now(), filter, kind, limit: page_size, offset: (page - 1) * page_size });
    return ok({ list: rows.map(toNotice), total });
  });

  app.get(ApiPath.noticeDetail, { config: signedIn, schema: { tags, querystring: NoticeDetailQuery, response: { 200: Reply(NoticeDetail), ...replies } } }, async (request) => {
    const { id, filter = 'all', kind } = request.query;
    const { row, prev, next } = await openNotice(ctx, authOf(request).account.id, id, { filter, kind });
    return ok({ notice: toNotice(row), prev_id: prev, next_id: next });
  });

  app.post(ApiPath.noticeRead, { config: signedIn, schema: { tags, body: NoticeReadBody, response: { 200: Reply(NoticeRead), ...replies } } }, async (request) =>
    ok(await markNoticesRead(ctx, authOf(request).account.id, { ids: request.body.ids })),
  );

  app.post(ApiPath.noticeReadAll, { config: signedIn, schema: { tags, body: NoticeReadAllBody, response: { 200: Reply(NoticeRead), ...replies } } }, async (request) =>
    ok(await markNoticesRead(ctx, authOf(request).account.id, { kind: request.body.kind })),
  );

  // The bell's polling fallback: answers 304 while nothing changed (If-None-Match).
  app.get(ApiPath.noticeUnread, { config: signedIn, schema: { tags, response: { 200: Reply(NoticeUnread), 304: Type.Null(), ...replies } } }, async (request, reply) => {
    const { unread, latest } = await unreadOf(ctx, authOf(request).account.id);
    const body = ok({ unread, latest: latest.map(toNotice) });
    const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
    return body;
  });

  // Server-sent events: `event: unread` with `{ unread }` on every change, `event: end` when the session ends.
  // Authenticated like every call (Authorization header: the console reads it with fetch, not EventSource).
  app.get(ApiPath.noticeStream, { config: signedIn, schema: { tags, produces: ['text/event-stream'] } }, async (request, reply) => {
    const auth = authOf(request);
    reply.hijack();
    streams.open(reply.raw, auth.account.id, auth.token);
  });

  app.get(ApiPath.noticeSettings, { config: signedIn, schema: { tags, response: { 200: Reply(NoticeSettings), ...replies } } }, async (request) => {
    const row = await noticeSettingsOf(ctx.db, authOf(request).account.id);
    return ok({ low_balance_threshold: row?.lowBalanceThreshold ?? 0 });
  });

  app.put(ApiPath.noticeSettingsSet, { config: signedIn, schema: { tags, body: NoticeSettingsBody, response: { 200: Reply(NoticeSettings), ...replies } } }, async (request) => {
    await setLowBalanceThreshold(ctx, authOf(request).account.id, request.body.low_balance_threshold);
    return ok({ low_balance_threshold: request.body.low_balance_threshold });
  });

  /* The operator's announcements. */

  const toAdminNotice = (row: NoticeRow, recipients: number, readCount: number): AdminNotice => ({
    id: row.id,
    kind: row.kind as AdminNotice['kind'],
    title: row.title,
    content: row.content,
    link: row.link,
    audience: row.audience as AdminNotice['audience'],
    audience_role: row.audienceRole,
    audience_accounts: row.audienceAccounts,
    pinned: row.pinned,
    publish_at: dateTime(row.publishAt),
    expires_at: row.expiresAt ? dateTime(row.expiresAt) : null,
    withdrawn: !!row.withdrawnAt,
    state: announcementState(row, ctx.now()),
    recipients,
    read_count: readCount,
    created_at: dateTime(row.createdAt),
    updated_at: dateTime(row.updatedAt),
  });

  app.get(ApiPath.adminNoticeList, { config: admin, schema: { tags, querystring: AdminNoticeListQuery, response: { 200: Reply(ListOf(AdminNotice)), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'manage notices');
    const { page = 1, page_size = 20 } = request.query;
    const { rows, total } = await listAnnouncements(ctx.db, { limit: page_size, offset: (page - 1) * page_size });
    return ok({ list: rows.map((r) => toAdminNotice(r.notice, r.recipients, r.readCount)), total });
  });

  app.post(ApiPath.adminNoticeAdd, { config: admin, schema: { tags, body: AdminNoticeAddBody, response: { 200: Reply(AdminNotice), ...replies } } }, async (request) => {
    const auth = authOf(request);
    requireAdmin(auth, 'publish notices');
    return ok(toAdminNotice(await publishAnnouncement(ctx, auth.account.id, request.body), 0, 0));
  });

  app.put(ApiPath.adminNoticeEdit, { config: admin, schema: { tags, body: AdminNoticeEditBody, response: { 200: Reply(AdminNotice), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'edit notices');
    return ok(toAdminNotice(await editAnnouncement(ctx, request.body), 0, 0));
  });

  app.post(ApiPath.adminNoticeWithdraw, { config: admin, schema: { tags, body: IdBody, response: { 200: Reply(Empty), ...replies } } }, async (request) => {
    requireAdmin(authOf(request), 'withdraw notices');
    await withdrawAnnouncement(ctx, request.body.id);
    return ok(null);
  });
};

export default noticeRoutes;
