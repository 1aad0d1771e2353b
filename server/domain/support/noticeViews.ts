import type {
  AdminNotice,
  AdminNoticeListQuery,
  Notice,
  NoticeDetail,
  NoticeDetailQuery,
  NoticeListQuery,
  NoticeSettings,
  NoticeUnread,
} from '../../../contract/schemas/notice';
import type { List } from '../../../contract/schemas/common';
import { dateTime } from '../../../contract/dateTime';
import type { Language } from '../../../contract/languages';
import { readReason } from '../../i18n/storedText';
import * as q from '../../db/notices';
import type { Ctx } from '../context';
import { announcementState, openNotice, unreadOf } from './notices';
import { pageWindow } from '../pageWindow';

/** Notices as the API shows them: the reader's deliveries and the operator's announcements. */

/** An event's values for `language`: a reason kept as the catalog's key and values is worded for the reader. */
const paramsIn = (language: Language, params: q.NoticeRow['params']) =>
  params && typeof params.reason === 'string' ? { ...params, reason: readReason(language, params.reason) } : params;

const toNotice =
  (language: Language) =>
  (row: { notice: q.NoticeRow; readAt: Date | null; pinned: boolean; publishAt: Date }): Notice => ({
    id: row.notice.id,
    kind: row.notice.kind as Notice['kind'],
    title: row.notice.title,
    content: row.notice.content,
    link: row.notice.link,
    event: row.notice.event,
    params: paramsIn(language, row.notice.params),
    pinned: row.pinned,
    read: !!row.readAt,
    publish_at: dateTime(row.publishAt),
    expires_at: row.notice.expiresAt ? dateTime(row.notice.expiresAt) : null,
  });

export async function listNotices(
  ctx: Pick<Ctx, 'db' | 'now'>,
  accountId: number,
  query: NoticeListQuery,
  language: Language,
): Promise<List<Notice>> {
  const { filter = 'all', kind } = query;
  const { rows, total } = await q.listDeliveries(ctx.db, accountId, {
    now: ctx.now(),
    filter,
    kind,
    ...pageWindow(query),
  });
  return { list: rows.map(toNotice(language)), total };
}

/** A notice, opened (so read), with its neighbours in the reader's list. */
export async function noticeDetail(
  ctx: Parameters<typeof openNotice>[0],
  accountId: number,
  query: NoticeDetailQuery,
  language: Language,
): Promise<NoticeDetail> {
  const { id, filter = 'all', kind } = query;
  const { row, prev, next } = await openNotice(ctx, accountId, id, { filter, kind });
  return { notice: toNotice(language)(row), prev_id: prev, next_id: next };
}

/** The bell: how many are unread, and the latest. */
export async function unreadNotices(ctx: Parameters<typeof unreadOf>[0], accountId: number, language: Language): Promise<NoticeUnread> {
  const { unread, latest } = await unreadOf(ctx, accountId);
  return { unread, latest: latest.map(toNotice(language)) };
}

export async function noticeSettings(ctx: Pick<Ctx, 'db'>, accountId: number): Promise<NoticeSettings> {
  const row = await q.noticeSettingsOf(ctx.db, accountId);
  return { low_balance_threshold: row?.lowBalanceThreshold ?? 0 };
}

export const toAdminNotice = (ctx: Pick<Ctx, 'now'>, row: q.NoticeRow, recipients: number, readCount: number): AdminNotice => ({
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

export async function listAnnouncements(ctx: Pick<Ctx, 'db' | 'now'>, query: AdminNoticeListQuery): Promise<List<AdminNotice>> {
  const { rows, total } = await q.listAnnouncements(ctx.db, { ...pageWindow(query) });
  return { list: rows.map((r) => toAdminNotice(ctx, r.notice, r.recipients, r.readCount)), total };
}
