import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { accountRoles, accounts, pointsLedger, roles } from './schema';

export type AccountRow = typeof accounts.$inferSelect;

export async function insertAccount(db: DbOrTx, values: typeof accounts.$inferInsert) {
  const [row] = await db.insert(accounts).values(values).returning();
  return row;
}

export async function findAccountByUsername(db: DbOrTx, username: string) {
  const [row] = await db.select().from(accounts).where(sql`lower(${accounts.username}) = lower(${username})`).limit(1);
  return row ?? null;
}

export async function findAccountById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

export async function updateAccount(db: DbOrTx, id: number, values: Partial<typeof accounts.$inferInsert>) {
  await db.update(accounts).set({ ...values, updatedAt: new Date() }).where(eq(accounts.id, id));
}

export async function grantRoles(db: DbOrTx, accountId: number, roleCodes: readonly string[]) {
  if (roleCodes.length === 0) return;
  const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.code, [...roleCodes]));
  if (found.length !== roleCodes.length) throw new Error(`Unknown role among ${roleCodes.join(', ')}`);
  await db.insert(accountRoles).values(found.map((r) => ({ accountId, roleId: r.id }))).onConflictDoNothing();
}

export async function roleCodesOf(db: DbOrTx, accountId: number): Promise<{ code: string; name: string }[]> {
  return db
    .select({ code: roles.code, name: roles.name })
    .from(accountRoles)
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(eq(accountRoles.accountId, accountId))
    .orderBy(roles.id);
}

/**
 * Moves an account's balance by `delta` and appends the ledger row, in the caller's transaction.
 * Returns the new balance, or null when it would go below zero (nothing is written then).
 */
export async function addPoints(db: DbOrTx, accountId: number, delta: number, reason: string, reference: string | null = null) {
  const [row] = await db
    .update(accounts)
    .set({ points: sql`${accounts.points} + ${delta}` })
    .where(sql`${accounts.id} = ${accountId} and ${accounts.points} + ${delta} >= 0`)
    .returning({ points: accounts.points });
  if (!row) return null;
  await db.insert(pointsLedger).values({ accountId, delta, balanceAfter: row.points, reason, reference });
  return row.points;
}
