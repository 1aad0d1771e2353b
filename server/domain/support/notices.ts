import dayjs from 'dayjs';
import type { NoticeKindName } from '../../../contract/schemas/notice';
import type { Ctx } from '../context';
import * as q from '../../db/notices';
import { existingRoleCodes } from '../../db/roles';
import { inTextThread } from '../../textThread/client';
import { label } from '../../i18n/messages';
import { invalid, notFound } from '../errors';
import { noticeChanged } from './noticeEvents';

type NoticeCtx = Pick<Ctx, 'db' | 'now'>;

/** The latest notices the header bell shows. */
export const BELL_LATEST = 5;
/** A publish time this far in the past still counts as "now" (clocks and typing differ a little). */
const PAST_GRACE_MS = 60_000;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Plain text as the HTML of a notice: paragraphs and line breaks, nothing else active. */
export const textToHtml = (text: string) =>
  text
    .trim()
    .split(/\n{2,}/)
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

export interface SystemNotice {
  title: string;
  /** Plain text. */
  body: string;
  /** The console page it is about, e.g. `/article_task`. */
  link?: string;
  /** What happened (`task_completed`, …) and its values: the console words it in the reader's language when it knows the event. */
  event?: string;
  params?: Record<string, string | number>;
  /** One notice per key, however often the event is reported. */
  dedupeKey?: string;
}

/**
 * Tells one account something, as a notice of its own `kind` (see NOTICE_KINDS). The one entry
 * point for system notices: publishing and top-ups call it too. Returns the notice's id, or null
 * when a notice with the same `dedupeKey` exists already.
 */
export async function notify(ctx: NoticeCtx, accountId: number, kind: NoticeKindName, notice: SystemNotice): Promise<number | null> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await q.insertNotice(tx, {
      kind,
      title: notice.title.slice(0, 200),
      content: textToHtml(notice.body),
      link: notice.link ?? '',
      event: notice.event ?? '',
      params: notice.params ?? {},
      audience: 'accounts',
      audienceAccounts: [accountId],
      publishAt: now,
      dedupeKey: notice.dedupeKey ?? null,
    });
    if (inserted) await q.deliver(tx, inserted);
    return inserted;
  });
  if (row) noticeChanged(ctx.db, [accountId]);
  return row?.id ?? null;
}

/* ---- The operator's announcements ---- */

export interface AnnouncementInput {
  title: string;
  content: string;
  link?: string;
  audience: 'all' | 'role' | 'accounts';
  audience_role?: string;
  audience_accounts?: number[];
  pinned?: boolean;
  publish_at?: string;
  expires_at?: string | null;
}

function parseTime(value: string, field: string): Date {
  const parsed = dayjs(value);
  if (!parsed.isValid()) throw invalid('notice.dateTime', { field: label(field) });
  return parsed.toDate();
}

async function checkedFields(ctx: NoticeCtx, input: AnnouncementInput, current: q.NoticeRow | null) {
  const now = ctx.now();
  const title = input.title.trim();
  if (!title) throw invalid('notice.titleBlank');
  const publishAt = input.publish_at ? parseTime(input.publish_at, 'publish_at') : (current?.publishAt ?? now);
  const moved = !current || publishAt.getTime() !== current.publishAt.getTime();
  if (moved && publishAt.getTime() < now.getTime() - PAST_GRACE_MS) throw invalid('notice.publishPast');
  const expiresAt = input.expires_at ? parseTime(input.expires_at, 'expires_at') : null;
  if (expiresAt && expiresAt <= publishAt) throw invalid('notice.expiresBeforePublish');
  let audienceRole: string | null = null;
  let audienceAccounts: number[] = [];
  if (input.audience === 'role') {
    if (!input.audience_role) throw invalid('notice.roleNeeded');
    const roleKnown = (await existingRoleCodes(ctx.db, [input.audience_role])).has(input.audience_role);
    if (!roleKnown) throw invalid('notice.noRole', { role: input.audience_role });
    audienceRole = input.audience_role;
  } else if (input.audience === 'accounts') {
    audienceAccounts = [...new Set(input.audience_accounts ?? [])];
    if (!audienceAccounts.length) throw invalid('notice.accountsNeeded');
    const known = await q.existingAccountIds(ctx.db, audienceAccounts);
    const missing = audienceAccounts.filter((id) => !known.has(id));
    if (missing.length) throw invalid('notice.noAccounts', { ids: missing.join(', ') });
  }
  return {
    title: title.slice(0, 200),
    content: await inTextThread('sanitizeArticleHtml', input.content),
    link: input.link ?? '',
    audience: input.audience,
    audienceRole,
    audienceAccounts,
    pinned: input.pinned ?? false,
    publishAt,
    expiresAt,
  };
}

export async function publishAnnouncement(ctx: NoticeCtx, operatorId: number, input: AnnouncementInput) {
  const fields = await checkedFields(ctx, input, null);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await q.insertNotice(tx, { ...fields, kind: 'announcement', createdBy: operatorId });
    if (!inserted) throw new Error('notice not inserted');
    await q.deliver(tx, inserted);
    return inserted;
  });
  noticeChanged(ctx.db, 'all');
  return row;
}

async function announcement(ctx: NoticeCtx, id: number) {
  const row = await q.findNotice(ctx.db, id);
  if (!row || row.kind !== 'announcement') throw notFound('notice.notFound', { id });
  return row;
}

export async function editAnnouncement(ctx: NoticeCtx, input: AnnouncementInput & { id: number }) {
  const current = await announcement(ctx, input.id);
  if (current.withdrawnAt) throw invalid('notice.withdrawn');
  const fields = await checkedFields(ctx, input, current);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await q.updateNotice(tx, current.id, fields);
    await q.deliver(tx, updated);
    return updated;
  });
  noticeChanged(ctx.db, 'all');
  return row;
}

/** Takes a notice back: it leaves every account's list and count. */
export async function withdrawAnnouncement(ctx: NoticeCtx, id: number) {
  const current = await announcement(ctx, id);
  if (current.withdrawnAt) return current;
  const row = await ctx.db.transaction(async (tx) => {
    await q.removeDeliveries(tx, current.id);
    return q.updateNotice(tx, current.id, { withdrawnAt: ctx.now() });
  });
  noticeChanged(ctx.db, 'all');
  return row;
}

export function announcementState(row: q.NoticeRow, now: Date): 'published' | 'scheduled' | 'expired' | 'withdrawn' {
  if (row.withdrawnAt) return 'withdrawn';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.publishAt > now ? 'scheduled' : 'published';
}

/* ---- A reader's side ---- */

export async function unreadOf(ctx: NoticeCtx, accountId: number) {
  const now = ctx.now();
  const [unread, latest] = await Promise.all([
    q.countUnread(ctx.db, accountId, now),
    q.listDeliveries(ctx.db, accountId, { now, filter: 'all', limit: BELL_LATEST, offset: 0 }).then((r) => r.rows),
  ]);
  return { unread, latest };
}

/** One notice of the account, marked read, with its neighbours in the list it was opened from. */
export async function openNotice(ctx: NoticeCtx, accountId: number, id: number, list: { filter: q.NoticeReadFilter; kind?: string }) {
  const now = ctx.now();
  const row = await q.findDelivery(ctx.db, accountId, id, now);
  if (!row) throw notFound('notice.notFound', { id });
  const around = await q.neighbours(ctx.db, accountId, { pinned: row.pinned, publishAt: row.publishAt, noticeId: id }, { now, ...list });
  if (!row.readAt) {
    await q.markRead(ctx.db, accountId, now, { ids: [id] });
    noticeChanged(ctx.db, [accountId]);
  }
  return { row: { ...row, readAt: row.readAt ?? now }, prev: around.before, next: around.after };
}

export async function markNoticesRead(ctx: NoticeCtx, accountId: number, which: { ids: number[] } | { kind?: string }) {
  const marked = await q.markRead(ctx.db, accountId, ctx.now(), which);
  if (marked) noticeChanged(ctx.db, [accountId]);
  return { marked, unread: await q.countUnread(ctx.db, accountId, ctx.now()) };
}

/* ---- System notices ---- */

/** Sets the balance below which the account is told; tells it at once if it is below already. */
export async function setLowBalanceThreshold(ctx: NoticeCtx, accountId: number, threshold: number) {
  await q.setLowBalanceThreshold(ctx.db, accountId, threshold);
  await checkLowBalance(ctx, accountId);
}

/**
 * Tells the account once when its balance has fallen below its threshold (again armed when the
 * balance is back at or above it). Call it after anything that lowers or raises a balance.
 */
export async function checkLowBalance(ctx: NoticeCtx, accountId: number) {
  const { crossed, points, threshold } = await q.lowBalanceCrossed(ctx.db, accountId);
  if (!crossed) return;
  await notify(ctx, accountId, 'balance', {
    title: `Your balance is low: ${points} points`,
    body: `Your balance of ${points} points is below the ${threshold} points you asked to be told about. Top up in account management.`,
    link: '/account',
    event: 'balance_low',
    params: { points, threshold },
  });
}

/** The name a task's notice gives its starter: a sub-account's username; none for the owner (or when not recorded). */
const authorOf = (task: { accountId: number; startedBy: number | null; starter: string | null }) =>
  task.startedBy !== null && task.startedBy !== task.accountId ? task.starter : null;

/**
 * After a generation item ends (done or failed): when it was its task's last, tells the account
 * that the task finished, or failed when no article came of it. Exactly one notice per task. A task
 * a sub-account started reaches the account under that sub-account's name.
 */
export async function noticeTaskOutcome(ctx: NoticeCtx, itemId: number) {
  const task = await q.generationTaskOfItem(ctx.db, itemId);
  if (!task || task.status !== 'completed') return;
  const failedAll = task.done === 0 && task.failed > 0;
  const author = authorOf(task);
  const named = author ? `Generation task "${task.name}" started by ${author}` : `Generation task "${task.name}"`;
  await notify(ctx, task.accountId, 'task', {
    title: failedAll ? `${named} failed` : `${named} finished`,
    body: failedAll
      ? `No article could be written: ${task.failed} item(s) failed. Open the task to see why.`
      : `${task.done} article(s) written${task.failed ? `, ${task.failed} item(s) failed` : ''}.`,
    link: '/article_task',
    event: failedAll ? 'task_failed' : 'task_completed',
    params: { task: task.name, done: task.done, failed: task.failed, ...(author ? { author } : {}) },
    dedupeKey: `article_task:${task.id}:completed`,
  });
}

/**
 * After a publishing item ends (done or failed): when it was its task's last, tells the account that
 * the task finished, or failed when nothing was published. Exactly one notice per task and run. A
 * task a sub-account started reaches the account under that sub-account's name.
 */
export async function noticePublishOutcome(ctx: NoticeCtx, taskId: number) {
  const task = await q.publishingTaskOutcome(ctx.db, taskId);
  if (!task || task.status !== 'completed') return;
  const failedAll = task.done === 0 && task.failed > 0;
  const author = authorOf(task);
  const named = author ? `Publishing task "${task.name}" started by ${author}` : `Publishing task "${task.name}"`;
  await notify(ctx, task.accountId, 'publish', {
    title: failedAll ? `${named} failed` : `${named} finished`,
    body: failedAll
      ? `Nothing could be published: ${task.failed} item(s) failed. Open the task to see why.`
      : `${task.done} article(s) published${task.failed ? `, ${task.failed} item(s) failed` : ''}.`,
    link: '/task',
    event: failedAll ? 'publish_failed' : 'publish_completed',
    params: { task: task.name, done: task.done, failed: task.failed, ...(author ? { author } : {}) },
    // A task retried after it finished finishes again: one notice per finish.
    dedupeKey: `publish_task:${task.id}:completed:${task.finishedAt?.getTime() ?? 0}`,
  });
}

/** A top-up arrived (a paid order credited, or a recharge code redeemed): the account is told. */
export async function noticeTopupCredited(
  ctx: NoticeCtx,
  accountId: number,
  credit: { points: number; balance: number; reference: string },
) {
  await notify(ctx, accountId, 'topup', {
    title: `${credit.points} points added`,
    body: `Your top-up of ${credit.points} points has arrived; your balance is ${credit.balance} points.`,
    link: '/account',
    event: 'topup_credited',
    params: { points: credit.points, balance: credit.balance },
    dedupeKey: `topup:${credit.reference}`,
  });
}

/** The unread counts of several accounts at once (the live streams' recount). */
export const unreadCounts = (ctx: Pick<Ctx, 'db' | 'now'>, accountIds: number[]) => q.countUnreadOf(ctx.db, accountIds, ctx.now());
