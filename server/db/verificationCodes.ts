import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { verificationCodes } from './schema';

export type CodeRow = typeof verificationCodes.$inferSelect;
export interface CodeTarget {
  channel: 'mail' | 'sms';
  target: string;
  purpose: string;
}

const sameTarget = (t: CodeTarget) =>
  and(eq(verificationCodes.channel, t.channel), eq(verificationCodes.target, t.target), eq(verificationCodes.purpose, t.purpose));

export async function insertCode(
  db: DbOrTx,
  values: CodeTarget & { codeHash: string; expiresAt: Date; requestIp: string | null; at: Date },
) {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(verificationCodes)
    .values({ ...rest, createdAt: at })
    .returning();
  return row;
}

/** The newest code for this target and purpose: only it counts, earlier ones are replaced. */
export async function latestCode(db: DbOrTx, t: CodeTarget) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(sameTarget(t))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row ?? null;
}

export async function countCodesRequestedFrom(db: DbOrTx, ip: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.requestIp, ip), gt(verificationCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** Uses up one try, if any are left and the code is still open: false when none was left. */
export async function spendAttempt(db: DbOrTx, id: number, maxAttempts: number, now: Date) {
  const rows = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        lt(verificationCodes.attempts, maxAttempts),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

/** Marks the code used; false when it was used (or expired) meanwhile. */
export async function consumeCode(db: DbOrTx, id: number, now: Date) {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, now)))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

export async function deleteCodesCreatedBefore(db: DbOrTx, before: Date) {
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, before));
}

export async function deleteCode(db: DbOrTx, id: number) {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}
