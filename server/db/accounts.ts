import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { accountRoles, accounts, pointsLedger, roles } from './schema';

export type AccountRow = typeof accounts.$inferSelect;

export async function insertAccount(db: DbOrTx, values: typeof accounts.$inferInsert) {
  const [row] = await db.insert(accounts).values(values).returning();
  return row;
}

export async function findAccountByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}

export async function findAccountByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function findAccountByMobile(db: DbOrTx, mobile: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.mobile, mobile)).limit(1);
  return row ?? null;
}

export async function findAccountByInviteCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.inviteCode, code.toUpperCase())).limit(1);
  return row ?? null;
}

/** Accounts registered from `ip` since `since` (the registration captcha rule). */
export async function countAccountsCreatedFrom(db: DbOrTx, ip: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.createdIp, ip), gt(accounts.createdAt, since)));
  return row?.n ?? 0;
}

/** Binds an authenticator, unless one is already bound. True when this call bound it. */
export async function bindTotp(db: DbOrTx, id: number, secret: string, step: number) {
  const rows = await db
    .update(accounts)
    .set({ totpSecret: secret, totpLastStep: step, updatedAt: new Date() })
    .where(and(eq(accounts.id, id), isNull(accounts.totpSecret)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/**
 * Records `step` as the last TOTP step used, only if it is later than the last one: false means
 * the code was already used (a replay), also when two requests race with the same code.
 */
export async function claimTotpStep(db: DbOrTx, id: number, step: number) {
  const rows = await db
    .update(accounts)
    .set({ totpLastStep: step })
    .where(and(eq(accounts.id, id), or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, step))))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

export async function findAccountById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

export async function updateAccount(db: DbOrTx, id: number, values: Partial<typeof accounts.$inferInsert>) {
  await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id));
}

export async function grantRoles(db: DbOrTx, accountId: number, roleCodes: readonly string[]) {
  if (roleCodes.length === 0) return;
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.code, [...roleCodes]));
  if (found.length !== roleCodes.length) throw new Error(`Unknown role among ${roleCodes.join(', ')}`);
  await db
    .insert(accountRoles)
    .values(found.map((r) => ({ accountId, roleId: r.id })))
    .onConflictDoNothing();
}

export async function roleCodesOf(db: DbOrTx, accountId: number): Promise<{ code: string; name: string }[]> {
  return db
    .select({ code: roles.code, name: roles.name })
    .from(accountRoles)
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(eq(accountRoles.accountId, accountId))
    .orderBy(roles.id);
}

/** Whether the account holds the role of `roleCode`. */
export async function holdsRole(db: DbOrTx, accountId: number, roleCode: string) {
  const [held] = await db
    .select({ id: accountRoles.accountId })
    .from(accountRoles)
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(and(eq(accountRoles.accountId, accountId), eq(roles.code, roleCode)))
    .limit(1);
  return Boolean(held);
}

/** Where and in which language the account is written to: its email and chosen language. */
export async function mailContactOf(db: DbOrTx, accountId: number) {
  const [row] = await db
    .select({ email: accounts.email, language: accounts.language })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ?? null;
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

/** Whether the account's ledger holds a `reason` row for `reference` (a charge already made, a refund already given). */
export async function hasLedgerEntry(db: DbOrTx, accountId: number, reason: string, reference: string) {
  const [row] = await db
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.accountId, accountId), eq(pointsLedger.reason, reason), eq(pointsLedger.reference, reference)))
    .limit(1);
  return Boolean(row);
}
