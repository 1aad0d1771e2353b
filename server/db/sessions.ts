import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { accounts, sessions } from './schema';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; accountId: number; ip: string | null; userAgent: string | null; at: Date },
) {
  const { at, ...rest } = values;
  const [row] = await db.insert(sessions).values({ ...rest, createdAt: at, lastUsedAt: at }).returning();
  return row;
}

/** The session with its account, by token hash; ended sessions included (the caller decides). */
export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: DbOrTx, id: number, at: Date) {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id));
}

export async function endSession(db: DbOrTx, id: number, at: Date) {
  await db.update(sessions).set({ endedAt: at }).where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
}

/** Ends every open session of an account, but the one named (password changed elsewhere). */
export async function endSessionsOfAccount(db: DbOrTx, accountId: number, at: Date, exceptId?: number) {
  const open = and(eq(sessions.accountId, accountId), isNull(sessions.endedAt));
  await db
    .update(sessions)
    .set({ endedAt: at })
    .where(exceptId === undefined ? open : and(open, ne(sessions.id, exceptId)));
}

export async function setSessionLocked(db: DbOrTx, id: number, locked: boolean) {
  await db.update(sessions).set({ locked }).where(eq(sessions.id, id));
}
