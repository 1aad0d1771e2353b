import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './connection';
import {
  accountRoles,
  accounts,
  articleTaskItems,
  articleTasks,
  noticeDeliveries,
  noticeSettings,
  notices,
  publishTasks,
  roles,
} from './schema';

export type NoticeRow = typeof notices.$inferSelect;
export type DeliveryRow = typeof noticeDeliveries.$inferSelect;
export type NoticeReadFilter = 'all' | 'read' | 'unread';

const d = noticeDeliveries;
const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** A delivery the account sees at `now`: published, not expired (withdrawn ones have no deliveries). */
const visible = (now: Date) => and(sql`${d.publishAt} <= ${stamp(now)}`, sql`(${d.expiresAt} is null or ${d.expiresAt} > ${stamp(now)})`);

export async function insertNotice(db: DbOrTx, values: typeof notices.$inferInsert) {
  const [row] = await db.insert(notices).values(values).onConflictDoNothing({ target: notices.dedupeKey }).returning();
  return row ?? null;
}

export async function updateNotice(db: DbOrTx, id: number, values: Partial<typeof notices.$inferInsert>) {
  const [row] = await db
    .update(notices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notices.id, id))
    .returning();
  return row;
}

export async function findNotice(db: DbOrTx, id: number) {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  return row ?? null;
}

/** The accounts a notice's audience names, as a subquery of account ids. */
function audienceAccounts(notice: Pick<NoticeRow, 'audience' | 'audienceRole' | 'audienceAccounts'>): SQL {
  if (notice.audience === 'role') {
    return sql`select ar.account_id from ${accountRoles} ar join ${roles} r on r.id = ar.role_id join ${accounts} a on a.id = ar.account_id
      where r.code = ${notice.audienceRole ?? ''} and not a.disabled`;
  }
  if (notice.audience === 'accounts') {
    return sql`select a.id from ${accounts} a where a.id = any(${sql`${`{${notice.audienceAccounts.join(',')}}`}::int[]`})`;
  }
  return sql`select a.id from ${accounts} a where not a.disabled`;
}

/**
 * Resolves the notice's audience into deliveries: accounts no longer in it lose theirs, the rest
 * get the notice's current pinning and times (their read state kept), newcomers get one.
 */
export async function deliver(db: DbOrTx, notice: NoticeRow): Promise<void> {
  const audience = audienceAccounts(notice);
  await db.execute(sql`delete from ${d} where notice_id = ${notice.id} and account_id not in (${audience})`);
  await db.execute(sql`update ${d} set kind = ${notice.kind}, pinned = ${notice.pinned}, publish_at = ${stamp(notice.publishAt)},
    expires_at = ${notice.expiresAt ? stamp(notice.expiresAt) : null} where notice_id = ${notice.id}`);
  await db.execute(sql`insert into ${d} (notice_id, account_id, kind, pinned, publish_at, expires_at)
    select ${notice.id}, id, ${notice.kind}, ${notice.pinned}, ${stamp(notice.publishAt)}, ${notice.expiresAt ? stamp(notice.expiresAt) : null}
    from (${audience}) as audience (id) on conflict do nothing`);
}

export async function removeDeliveries(db: DbOrTx, noticeId: number): Promise<void> {
  await db.delete(d).where(eq(d.noticeId, noticeId));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function listWhere(accountId: number, now: Date, filter: NoticeReadFilter, kind?: string) {
  return and(
    eq(d.accountId, accountId),
    visible(now),
    filter === 'unread' ? isNull(d.readAt) : filter === 'read' ? sql`${d.readAt} is not null` : undefined,
    kind ? eq(d.kind, kind) : undefined,
  );
}

const ORDER = [desc(d.pinned), desc(d.publishAt), desc(d.noticeId)];

/** One page of the account's notices, pinned first, then newest first. */
export async function listDeliveries(
  db: DbOrTx,
  accountId: number,
  opts: { now: Date; filter: NoticeReadFilter; kind?: string; limit: number; offset: number },
) {
  const where = listWhere(accountId, opts.now, opts.filter, opts.kind);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ notice: notices, readAt: d.readAt, pinned: d.pinned, publishAt: d.publishAt })
      .from(d)
      .innerJoin(notices, eq(notices.id, d.noticeId))
      .where(where)
      .orderBy(...ORDER)
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(d)
      .where(where),
  ]);
  return { rows, total };
}

/** The unread count, from the partial index of unread deliveries. */
export async function countUnread(db: DbOrTx, accountId: number, now: Date): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(d)
    .where(and(eq(d.accountId, accountId), isNull(d.readAt), visible(now)));
  return n;
}

/** Unread counts of several accounts at once (the live stream's sweep). */
export async function countUnreadOf(db: DbOrTx, accountIds: number[], now: Date): Promise<Map<number, number>> {
  if (!accountIds.length) return new Map();
  const rows = await db
    .select({ accountId: d.accountId, n: sql<number>`count(*)::int` })
    .from(d)
    .where(and(inArray(d.accountId, accountIds), isNull(d.readAt), visible(now)))
    .groupBy(d.accountId);
  return new Map(rows.map((r) => [r.accountId, r.n]));
}

export async function findDelivery(db: DbOrTx, accountId: number, noticeId: number, now: Date) {
  const [row] = await db
    .select({ notice: notices, readAt: d.readAt, pinned: d.pinned, publishAt: d.publishAt })
    .from(d)
    .innerJoin(notices, eq(notices.id, d.noticeId))
    .where(and(eq(d.accountId, accountId), eq(d.noticeId, noticeId), visible(now)))
    .limit(1);
  return row ?? null;
}

/**
 * The neighbours of a delivery in the list order (pinned first, newest first): `before` is the
 * one shown above it, `after` the one below.
 */
export async function neighbours(
  db: DbOrTx,
  accountId: number,
  at: { pinned: boolean; publishAt: Date; noticeId: number },
  opts: { now: Date; filter: NoticeReadFilter; kind?: string },
) {
  const where = listWhere(accountId, opts.now, opts.filter, opts.kind);
  const key = sql`(${d.pinned}::int, ${d.publishAt}, ${d.noticeId})`;
  const here = sql`(${at.pinned ? 1 : 0}, ${stamp(at.publishAt)}, ${at.noticeId})`;
  const [[before], [after]] = await Promise.all([
    db
      .select({ id: d.noticeId })
      .from(d)
      .where(and(where, sql`${key} > ${here}`))
      .orderBy(sql`${d.pinned} asc, ${d.publishAt} asc, ${d.noticeId} asc`)
      .limit(1),
    db
      .select({ id: d.noticeId })
      .from(d)
      .where(and(where, sql`${key} < ${here}`))
      .orderBy(...ORDER)
      .limit(1),
  ]);
  return { before: before?.id ?? null, after: after?.id ?? null };
}

/** Marks the given (or every, of `kind`) visible unread deliveries read; returns how many. */
export async function markRead(db: DbOrTx, accountId: number, now: Date, which: { ids: number[] } | { kind?: string }) {
  const rows = await db
    .update(d)
    .set({ readAt: now })
    .where(
      and(
        eq(d.accountId, accountId),
        isNull(d.readAt),
        visible(now),
        'ids' in which ? inArray(d.noticeId, which.ids) : which.kind ? eq(d.kind, which.kind) : undefined,
      ),
    )
    .returning({ id: d.noticeId });
  return rows.length;
}

/** The operator's announcements, newest first, with how many received and read each. */
export async function listAnnouncements(db: DbOrTx, opts: { limit: number; offset: number }) {
  const where = eq(notices.kind, 'announcement');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        notice: notices,
        recipients: sql<number>`(select count(*)::int from ${d} where ${d.noticeId} = ${notices.id})`,
        readCount: sql<number>`(select count(*)::int from ${d} where ${d.noticeId} = ${notices.id} and ${d.readAt} is not null)`,
      })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(notices)
      .where(where),
  ]);
  return { rows, total };
}

export async function noticeSettingsOf(db: DbOrTx, accountId: number) {
  const [row] = await db.select().from(noticeSettings).where(eq(noticeSettings.accountId, accountId)).limit(1);
  return row ?? null;
}

export async function setLowBalanceThreshold(db: DbOrTx, accountId: number, threshold: number) {
  await db
    .insert(noticeSettings)
    .values({ accountId, lowBalanceThreshold: threshold, lowBalanceNotified: false })
    .onConflictDoUpdate({
      target: noticeSettings.accountId,
      set: { lowBalanceThreshold: threshold, lowBalanceNotified: false, updatedAt: new Date() },
    });
}

/**
 * Flips the low-balance flag for the account's balance now: true when it fell below the threshold
 * and the account was not yet told (exactly one caller sees true per fall); false otherwise. A
 * balance back at or above the threshold arms the flag again.
 */
export async function lowBalanceCrossed(db: DbOrTx, accountId: number): Promise<{ crossed: boolean; points: number; threshold: number }> {
  const result = await db.execute(sql`
    update ${noticeSettings} s set low_balance_notified = (a.points < s.low_balance_threshold)
    from ${accounts} a
    where s.account_id = ${accountId} and a.id = s.account_id and s.low_balance_threshold > 0
      and s.low_balance_notified <> (a.points < s.low_balance_threshold)
    returning s.low_balance_notified as notified, a.points, s.low_balance_threshold as threshold`);
  const [row] = rowsOf<{ notified: boolean; points: number; threshold: number }>(result);
  return row
    ? { crossed: row.notified, points: Number(row.points), threshold: Number(row.threshold) }
    : { crossed: false, points: 0, threshold: 0 };
}

/** Which of `ids` name an existing account (a notice's chosen audience). */
export async function existingAccountIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const found = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.id} = any(${`{${ids.join(',')}}`}::int[])`);
  return new Set(found.map((a) => a.id));
}

/** The generation task an item belongs to, with its counts: what its outcome notice says. */
/** Who started a task: the owner or one of its sub-accounts. */
const starters = alias(accounts, 'starters');

export async function generationTaskOfItem(db: DbOrTx, itemId: number) {
  const [task] = await db
    .select({
      id: articleTasks.id,
      accountId: articleTasks.accountId,
      name: articleTasks.name,
      status: articleTasks.status,
      done: articleTasks.done,
      failed: articleTasks.failed,
      startedBy: articleTasks.startedBy,
      starter: starters.username,
    })
    .from(articleTaskItems)
    .innerJoin(articleTasks, eq(articleTasks.id, articleTaskItems.taskId))
    .leftJoin(starters, eq(starters.id, articleTasks.startedBy))
    .where(eq(articleTaskItems.id, itemId))
    .limit(1);
  return task ?? null;
}

/** A publishing task with its counts and when it finished: what its outcome notice says. */
export async function publishingTaskOutcome(db: DbOrTx, taskId: number) {
  const [task] = await db
    .select({
      id: publishTasks.id,
      accountId: publishTasks.accountId,
      name: publishTasks.name,
      status: publishTasks.status,
      done: publishTasks.done,
      failed: publishTasks.failed,
      finishedAt: publishTasks.finishedAt,
      startedBy: publishTasks.startedBy,
      starter: starters.username,
    })
    .from(publishTasks)
    .leftJoin(starters, eq(starters.id, publishTasks.startedBy))
    .where(eq(publishTasks.id, taskId))
    .limit(1);
  return task ?? null;
}
