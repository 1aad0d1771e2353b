import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './connection';
import type { WorkorderStatus } from '../../contract/statuses';
import { likePattern } from './likePattern';
import { accounts, articleTasks, articles, sites, uploads, workOrderMessages, workOrders } from './schema';

export type WorkOrderRow = typeof workOrders.$inferSelect;
export type WorkOrderMessageRow = typeof workOrderMessages.$inferSelect;

const w = workOrders;
const assignees = alias(accounts, 'assignees');
const authors = alias(accounts, 'authors');

/** The name of what the work order is about, read where it is (a deleted one: ''). */
const subjectName = sql<string>`coalesce(case ${w.subjectType}
  when 'site' then (select ${sites.name} from ${sites} where ${sites.id} = ${w.subjectId} and ${sites.accountId} = ${w.accountId})
  when 'article_task' then (select ${articleTasks.name} from ${articleTasks} where ${articleTasks.id} = ${w.subjectId} and ${articleTasks.accountId} = ${w.accountId})
  when 'article' then (select ${articles.title} from ${articles} where ${articles.id} = ${w.subjectId} and ${articles.accountId} = ${w.accountId})
  end, '')`;

const listColumns = {
  order: w,
  username: accounts.username,
  author: sql<string>`coalesce(${authors.username}, '')`,
  assignee: sql<string>`coalesce(${assignees.username}, '')`,
  subjectName,
};
export type WorkOrderListRow = { order: WorkOrderRow; username: string; author: string; assignee: string; subjectName: string };

export interface WorkOrderFilter {
  accountId?: number;
  status?: WorkorderStatus;
  category?: string;
  keyword?: string;
  account?: string;
  /** Last reply before this time. */
  quietSince?: Date;
  assigneeId?: number;
}

function whereOf(f: WorkOrderFilter) {
  const keyword = f.keyword?.trim();
  const id = keyword && /^#?\d{1,9}$/.test(keyword) ? Number(keyword.replace('#', '')) : null;
  return and(
    f.accountId !== undefined ? eq(w.accountId, f.accountId) : undefined,
    f.status ? eq(w.status, f.status) : undefined,
    f.category ? eq(w.category, f.category) : undefined,
    keyword ? or(ilike(w.title, likePattern(keyword)), id ? eq(w.id, id) : undefined) : undefined,
    // The account's name or the name of whoever opened it in the account.
    f.account?.trim()
      ? or(ilike(accounts.username, likePattern(f.account.trim())), ilike(authors.username, likePattern(f.account.trim())))
      : undefined,
    f.quietSince ? sql`${w.lastReplyAt} < ${f.quietSince.toISOString()}::timestamptz` : undefined,
    f.assigneeId ? eq(w.assigneeId, f.assigneeId) : undefined,
  );
}

/** A page of work orders: the user's by last activity; the operator's queue oldest waiting first. */
export async function listWorkOrders(db: DbOrTx, f: WorkOrderFilter, opts: { limit: number; offset: number; queue: boolean }) {
  const where = whereOf(f);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(w)
      .innerJoin(accounts, eq(accounts.id, w.accountId))
      .leftJoin(assignees, eq(assignees.id, w.assigneeId))
      .leftJoin(authors, eq(authors.id, w.authorId))
      .where(where)
      .orderBy(...(opts.queue ? [sql`(${w.status} = 'closed')`, asc(w.lastReplyAt), asc(w.id)] : [desc(w.lastReplyAt), desc(w.id)]))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(w)
      .innerJoin(accounts, eq(accounts.id, w.accountId))
      .leftJoin(authors, eq(authors.id, w.authorId))
      .where(where),
  ]);
  return { rows: rows as WorkOrderListRow[], total };
}

/** One work order (of `accountId` when given), with its names. */
export async function findWorkOrder(db: DbOrTx, id: number, accountId?: number): Promise<WorkOrderListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(w)
    .innerJoin(accounts, eq(accounts.id, w.accountId))
    .leftJoin(assignees, eq(assignees.id, w.assigneeId))
    .leftJoin(authors, eq(authors.id, w.authorId))
    .where(and(eq(w.id, id), accountId !== undefined ? eq(w.accountId, accountId) : undefined))
    .limit(1);
  return (row as WorkOrderListRow | undefined) ?? null;
}

export async function messagesOf(db: DbOrTx, workOrderId: number) {
  return db
    .select({ message: workOrderMessages, author: sql<string>`coalesce(${accounts.username}, '')` })
    .from(workOrderMessages)
    .leftJoin(accounts, eq(accounts.id, workOrderMessages.authorId))
    .where(eq(workOrderMessages.workOrderId, workOrderId))
    .orderBy(asc(workOrderMessages.id));
}

export async function insertWorkOrder(db: DbOrTx, values: typeof workOrders.$inferInsert) {
  const [row] = await db.insert(w).values(values).returning();
  return row;
}

export async function insertMessage(db: DbOrTx, values: typeof workOrderMessages.$inferInsert) {
  const [row] = await db.insert(workOrderMessages).values(values).returning();
  return row;
}

export async function updateWorkOrder(db: DbOrTx, id: number, values: Partial<typeof workOrders.$inferInsert> & { messageCount?: number }) {
  const [row] = await db
    .update(w)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(w.id, id))
    .returning();
  return row;
}

export async function countMessage(db: DbOrTx, id: number, values: Partial<typeof workOrders.$inferInsert>) {
  const [row] = await db
    .update(w)
    .set({ ...values, messageCount: sql`${w.messageCount} + 1`, updatedAt: new Date() })
    .where(eq(w.id, id))
    .returning();
  return row;
}

/** The uploads of `accountId` stored under these names. */
export async function uploadsNamed(db: DbOrTx, accountId: number, storedNames: string[]) {
  if (!storedNames.length) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.accountId, accountId), inArray(uploads.storedName, storedNames)));
}

/** Whether the account owns the site, generation task or article. */
export async function ownsSubject(db: DbOrTx, accountId: number, type: string, id: number): Promise<boolean> {
  const table = type === 'site' ? sites : type === 'article_task' ? articleTasks : articles;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.accountId, accountId)))
    .limit(1);
  return !!row;
}

/** The account's latest sites, generation tasks or articles (matching `keyword`), to pick what a work order concerns. */
export async function subjectsOf(db: DbOrTx, accountId: number, type: string, keyword: string | undefined) {
  const k = keyword?.trim();
  if (type === 'site') {
    return db
      .select({ id: sites.id, name: sites.name })
      .from(sites)
      .where(and(eq(sites.accountId, accountId), k ? ilike(sites.name, likePattern(k)) : undefined))
      .orderBy(desc(sites.id))
      .limit(50);
  }
  if (type === 'article_task') {
    return db
      .select({ id: articleTasks.id, name: articleTasks.name })
      .from(articleTasks)
      .where(and(eq(articleTasks.accountId, accountId), k ? ilike(articleTasks.name, likePattern(k)) : undefined))
      .orderBy(desc(articleTasks.id))
      .limit(50);
  }
  return db
    .select({ id: articles.id, name: articles.title })
    .from(articles)
    .where(and(eq(articles.accountId, accountId), k ? ilike(articles.title, likePattern(k)) : undefined))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(50);
}
