import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { qrLogins } from './schema';

export type QrLoginRow = typeof qrLogins.$inferSelect;

export async function insertQrLogin(db: DbOrTx, values: { id: string; expiresAt: Date; at: Date }) {
  await db.insert(qrLogins).values({ id: values.id, expiresAt: values.expiresAt, createdAt: values.at });
}

export async function findQrLogin(db: DbOrTx, id: string) {
  const [row] = await db.select().from(qrLogins).where(eq(qrLogins.id, id)).limit(1);
  return row ?? null;
}

const open = (id: string, now: Date) => and(eq(qrLogins.id, id), gt(qrLogins.expiresAt, now));

/** pending → scanned by `accountId`; a second scan by the same account changes nothing. */
export async function markQrScanned(db: DbOrTx, id: string, accountId: number, now: Date) {
  const rows = await db
    .update(qrLogins)
    .set({ status: 'scanned', accountId })
    .where(and(open(id, now), or(eq(qrLogins.status, 'pending'), and(eq(qrLogins.status, 'scanned'), eq(qrLogins.accountId, accountId)))))
    .returning({ id: qrLogins.id });
  return rows.length > 0;
}

/** pending or scanned (by the same account) → confirmed for `accountId`. */
export async function markQrConfirmed(db: DbOrTx, id: string, accountId: number, now: Date) {
  const rows = await db
    .update(qrLogins)
    .set({ status: 'confirmed', accountId })
    .where(
      and(
        open(id, now),
        inArray(qrLogins.status, ['pending', 'scanned']),
        or(isNull(qrLogins.accountId), eq(qrLogins.accountId, accountId)),
      ),
    )
    .returning({ id: qrLogins.id });
  return rows.length > 0;
}

/** confirmed → claimed, once: returns the approving account, or null when not (or no longer) claimable. */
export async function claimQrLogin(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .update(qrLogins)
    .set({ status: 'claimed' })
    .where(and(open(id, now), eq(qrLogins.status, 'confirmed')))
    .returning({ accountId: qrLogins.accountId });
  return row?.accountId ?? null;
}

export async function deleteQrLoginsExpiredBefore(db: DbOrTx, before: Date) {
  await db.delete(qrLogins).where(lt(qrLogins.expiresAt, before));
}
