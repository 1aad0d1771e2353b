import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { likePattern } from './likePattern';
import { accounts, errorLogs } from './schema';

export type ErrorLogRow = typeof errorLogs.$inferSelect;
export type ErrorLogValues = Omit<typeof errorLogs.$inferInsert, 'id' | 'createdAt'>;

export async function insertErrorLogs(db: DbOrTx, values: ErrorLogValues[]): Promise<number> {
  if (values.length === 0) return 0;
  const rows = await db.insert(errorLogs).values(values).returning({ id: errorLogs.id });
  return rows.length;
}

/** Keeps an account's newest `keep` entries and deletes the older ones. */
export async function pruneErrorLogs(db: DbOrTx, accountId: number, keep: number): Promise<void> {
  const [boundary] = await db
    .select({ id: errorLogs.id })
    .from(errorLogs)
    .where(eq(errorLogs.accountId, accountId))
    .orderBy(desc(errorLogs.id))
    .limit(1)
    .offset(keep);
  if (boundary) await db.delete(errorLogs).where(and(eq(errorLogs.accountId, accountId), sql`${errorLogs.id} <= ${boundary.id}`));
}

export interface ErrorLogFilter {
  /** One account's entries; null: every account's. */
  accountId: number | null;
  type?: string;
  /** Part of the message, url, name or file. */
  keyword?: string;
}

function conditions(f: ErrorLogFilter) {
  const pattern = f.keyword ? likePattern(f.keyword) : null;
  return and(
    f.accountId === null ? undefined : eq(errorLogs.accountId, f.accountId),
    f.type ? eq(errorLogs.type, f.type) : undefined,
    pattern
      ? or(ilike(errorLogs.message, pattern), ilike(errorLogs.url, pattern), ilike(errorLogs.name, pattern), ilike(errorLogs.file, pattern))
      : undefined,
  );
}

/** One page of entries, newest first, with their reporters' usernames. */
export async function listErrorLogs(db: DbOrTx, filter: ErrorLogFilter, page: { limit: number; offset: number }) {
  const where = conditions(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: errorLogs, username: accounts.username })
      .from(errorLogs)
      .innerJoin(accounts, eq(accounts.id, errorLogs.accountId))
      .where(where)
      .orderBy(desc(errorLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(errorLogs).where(where),
  ]);
  return { rows, total };
}
