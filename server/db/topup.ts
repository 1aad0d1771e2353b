import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import type { OrderStatus } from '../../contract/statuses';
import { accounts, paymentEvents, pointsLedger, rechargeCodeBatches, rechargeCodes, topupOrders, topupPackages } from './schema';

/** Top-up's SQL: packages, orders, recharge codes. The rules are in domain/money/topup.ts. */

export type PackageRow = typeof topupPackages.$inferSelect;
export type OrderRow = typeof topupOrders.$inferSelect;
export type BatchRow = typeof rechargeCodeBatches.$inferSelect;

export async function listPackages(db: DbOrTx, includeInactive: boolean) {
  return db
    .select()
    .from(topupPackages)
    .where(includeInactive ? undefined : eq(topupPackages.active, true))
    .orderBy(asc(topupPackages.sort), asc(topupPackages.priceCents), asc(topupPackages.id));
}

export async function findPackage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(topupPackages).where(eq(topupPackages.id, id)).limit(1);
  return row ?? null;
}

export async function insertPackage(db: DbOrTx, values: typeof topupPackages.$inferInsert) {
  const [row] = await db.insert(topupPackages).values(values).returning();
  return row;
}

export async function updatePackage(db: DbOrTx, id: number, values: Partial<typeof topupPackages.$inferInsert>) {
  const [row] = await db
    .update(topupPackages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(topupPackages.id, id))
    .returning();
  return row ?? null;
}

export async function deletePackage(db: DbOrTx, id: number) {
  const rows = await db.delete(topupPackages).where(eq(topupPackages.id, id)).returning({ id: topupPackages.id });
  return rows.length > 0;
}

export async function insertOrder(db: DbOrTx, values: typeof topupOrders.$inferInsert) {
  const [row] = await db.insert(topupOrders).values(values).returning();
  return row;
}

export async function findOrder(db: DbOrTx, id: number) {
  const [row] = await db.select().from(topupOrders).where(eq(topupOrders.id, id)).limit(1);
  return row ?? null;
}

export async function findOrderByRef(db: DbOrTx, channel: string, providerRef: string) {
  const [row] = await db
    .select()
    .from(topupOrders)
    .where(and(eq(topupOrders.channel, channel), eq(topupOrders.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

/**
 * Moves an order from one of `from` to `to`, only if it is still in one of them: the guard that
 * makes crediting, expiring and refunding happen once however many callers race. Null: it was not.
 */
export async function moveOrder(
  db: DbOrTx,
  id: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  values: Partial<typeof topupOrders.$inferInsert> = {},
) {
  const [row] = await db
    .update(topupOrders)
    .set({ ...values, status: to, updatedAt: new Date() })
    .where(and(eq(topupOrders.id, id), inArray(topupOrders.status, [...from])))
    .returning();
  return row ?? null;
}

/** The order, its row locked to the end of the transaction (a payment event or refund at a time). */
export async function lockOrder(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(topupOrders).where(eq(topupOrders.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateOrder(tx: DbOrTx, id: number, values: Partial<typeof topupOrders.$inferInsert>) {
  const [row] = await tx
    .update(topupOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(topupOrders.id, id))
    .returning();
  return row;
}

/** Points refunds have taken back from the account for an order (its `topup_refund` entries). */
export async function reclaimedPoints(tx: DbOrTx, accountId: number, reference: string) {
  const [row] = await tx
    .select({ sum: sql<string | null>`sum(-${pointsLedger.delta})` })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.accountId, accountId), eq(pointsLedger.reason, 'topup_refund'), eq(pointsLedger.reference, reference)));
  return Number(row?.sum ?? 0);
}

export async function setOrderCheckout(db: DbOrTx, id: number, providerRef: string | null, payUrl: string) {
  await db.update(topupOrders).set({ providerRef, payUrl, updatedAt: new Date() }).where(eq(topupOrders.id, id));
}

/** Pending orders whose time is up become expired (checked whenever orders are read or paid). */
export async function expireOrders(db: DbOrTx, now: Date, accountId?: number) {
  await db
    .update(topupOrders)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(topupOrders.status, 'pending'),
        lt(topupOrders.expiresAt, now),
        accountId === undefined ? undefined : eq(topupOrders.accountId, accountId),
      ),
    );
}

export interface OrderFilter {
  accountId?: number;
  status?: OrderStatus;
  channel?: string;
}

const orderWhere = (f: OrderFilter): SQL | undefined =>
  and(
    f.accountId === undefined ? undefined : eq(topupOrders.accountId, f.accountId),
    f.status === undefined ? undefined : eq(topupOrders.status, f.status),
    f.channel === undefined ? undefined : eq(topupOrders.channel, f.channel),
  );

const orderColumns = {
  order: topupOrders,
  username: accounts.username,
  packageName: sql<string>`coalesce(${topupPackages.name}, '')`,
  code: sql<string>`coalesce(${rechargeCodes.code}, '')`,
};

const orderQuery = (db: DbOrTx) =>
  db
    .select(orderColumns)
    .from(topupOrders)
    .innerJoin(accounts, eq(accounts.id, topupOrders.accountId))
    .leftJoin(topupPackages, eq(topupPackages.id, topupOrders.packageId))
    .leftJoin(rechargeCodes, eq(rechargeCodes.id, topupOrders.codeId));

export type OrderView = Awaited<ReturnType<typeof listOrders>>['rows'][number];

export async function listOrders(db: DbOrTx, filter: OrderFilter, page: { limit: number; offset: number }) {
  const where = orderWhere(filter);
  const [rows, [{ total }]] = await Promise.all([
    orderQuery(db).where(where).orderBy(desc(topupOrders.createdAt), desc(topupOrders.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(topupOrders).where(where),
  ]);
  return { rows, total };
}

export async function findOrderView(db: DbOrTx, id: number) {
  const [row] = await orderQuery(db).where(eq(topupOrders.id, id)).limit(1);
  return row ?? null;
}

/** Orders by id for a streamed export: keyset pages. */
export const orderPage = (db: DbOrTx, filter: OrderFilter) => (afterId: number, limit: number) =>
  orderQuery(db)
    .where(and(orderWhere(filter), gt(topupOrders.id, afterId)))
    .orderBy(asc(topupOrders.id))
    .limit(limit)
    .then((rows) => rows.map((r) => ({ ...r, id: r.order.id })));

export async function insertBatch(db: DbOrTx, values: typeof rechargeCodeBatches.$inferInsert) {
  const [row] = await db.insert(rechargeCodeBatches).values(values).returning();
  return row;
}

export async function insertCodes(db: DbOrTx, values: (typeof rechargeCodes.$inferInsert)[]) {
  if (values.length > 0) await db.insert(rechargeCodes).values(values);
}

export async function listBatches(db: DbOrTx, page: { limit: number; offset: number }) {
  // A query builder, not raw text: in a one-table select drizzle writes a column without its table,
  // so a hand-written subquery's "id" would be the code's own id rather than the batch's.
  const redeemedOfBatch = db
    .select({ n: count() })
    .from(rechargeCodes)
    .where(and(eq(rechargeCodes.batchId, rechargeCodeBatches.id), isNotNull(rechargeCodes.redeemedAt)));
  const redeemed = sql<number>`(${redeemedOfBatch})`.mapWith(Number);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ batch: rechargeCodeBatches, redeemed })
      .from(rechargeCodeBatches)
      .orderBy(desc(rechargeCodeBatches.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(rechargeCodeBatches),
  ]);
  return { rows, total };
}

export async function findBatch(db: DbOrTx, id: number) {
  const [row] = await db.select().from(rechargeCodeBatches).where(eq(rechargeCodeBatches.id, id)).limit(1);
  return row ?? null;
}

/** A batch's codes with who redeemed them, by id, for a streamed export. */
export const codePage = (db: DbOrTx, batchId: number) => (afterId: number, limit: number) =>
  db
    .select({
      id: rechargeCodes.id,
      code: rechargeCodes.code,
      points: rechargeCodes.points,
      expiresAt: rechargeCodes.expiresAt,
      redeemedAt: rechargeCodes.redeemedAt,
      redeemedBy: accounts.username,
    })
    .from(rechargeCodes)
    .leftJoin(accounts, eq(accounts.id, rechargeCodes.redeemedBy))
    .where(and(eq(rechargeCodes.batchId, batchId), gt(rechargeCodes.id, afterId)))
    .orderBy(asc(rechargeCodes.id))
    .limit(limit);

/**
 * Marks a code redeemed by `accountId`, only if nobody has and it has not expired: one statement,
 * so of any number of simultaneous redemptions exactly one gets the row back.
 */
export async function claimCode(db: DbOrTx, code: string, accountId: number, now: Date) {
  const [row] = await db
    .update(rechargeCodes)
    .set({ redeemedBy: accountId, redeemedAt: now })
    .where(and(eq(rechargeCodes.code, code), isNull(rechargeCodes.redeemedAt), gt(rechargeCodes.expiresAt, now)))
    .returning();
  return row ?? null;
}

export async function findCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(rechargeCodes).where(eq(rechargeCodes.code, code)).limit(1);
  return row ?? null;
}

/** Records a provider's event; false when it was recorded before (a replay). */
export async function recordPaymentEvent(db: DbOrTx, provider: string, eventId: string, type: string) {
  const rows = await db
    .insert(paymentEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length > 0;
}
