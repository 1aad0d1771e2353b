import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { LedgerEntry, LedgerTarget } from '../../contract/schemas/points';
import { dateTime } from '../../contract/dateTime';
import type { DbOrTx } from './connection';
import { pointsLedger } from './schema';

export type LedgerRow = typeof pointsLedger.$inferSelect;

/** One account's entries, of one reason, from (inclusive) and to (exclusive) instants. */
export interface LedgerFilter {
  accountId: number;
  reason?: string;
  from: Date | null;
  to: Date | null;
}

const whereOf = (f: LedgerFilter) =>
  and(
    eq(pointsLedger.accountId, f.accountId),
    f.reason ? eq(pointsLedger.reason, f.reason) : undefined,
    f.from ? gte(pointsLedger.createdAt, f.from) : undefined,
    f.to ? lt(pointsLedger.createdAt, f.to) : undefined,
  );

/** A page of entries, newest first, and how many match. */
export async function listLedger(db: DbOrTx, f: LedgerFilter, page: { limit: number; offset: number }) {
  const where = whereOf(f);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(pointsLedger)
      .where(where)
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(where),
  ]);
  return { rows, total };
}

/** The entries after an id, oldest first (a spreadsheet's pages). */
export const ledgerAfter = (db: DbOrTx, f: LedgerFilter, afterId: number, limit: number) =>
  db
    .select()
    .from(pointsLedger)
    .where(and(whereOf(f), gt(pointsLedger.id, afterId)))
    .orderBy(asc(pointsLedger.id))
    .limit(limit);

export const toLedgerEntry = (r: LedgerRow, target: LedgerTarget | null): LedgerEntry => ({
  id: r.id,
  delta: r.delta,
  balance_after: r.balanceAfter,
  reason: r.reason,
  reference: r.reference,
  target,
  created_at: dateTime(r.createdAt),
});
