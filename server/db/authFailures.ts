import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { authFailures } from './schema';

/**
 * `account`: subject is the lower-cased username typed; `ip`: the client address. A login attempt
 * whose password is being checked is kept beside the failures under a scope of its own
 * (`checking_account`, `checking_ip`) until it ends, failed or forgotten.
 */
export type FailureScope = 'account' | 'ip';
export type AttemptScope = 'checking_account' | 'checking_ip';

const ATTEMPT_SCOPES: Record<FailureScope, AttemptScope> = { account: 'checking_account', ip: 'checking_ip' };
const checking = (scope: FailureScope) => ATTEMPT_SCOPES[scope];

type FailureRow = { scope: FailureScope; subject: string; accountName: string | null; at: Date };

export async function countFailures(db: DbOrTx, scope: FailureScope, subject: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject), gt(authFailures.createdAt, since)));
  return row?.n ?? 0;
}

/** Records attempts being checked; their ids, to settle them with settleAttempts. */
export async function insertAttempts(db: DbOrTx, rows: FailureRow[]) {
  const inserted = await db
    .insert(authFailures)
    .values(rows.map((r) => ({ scope: checking(r.scope), subject: r.subject, accountName: r.accountName, createdAt: r.at })))
    .returning({ id: authFailures.id });
  return inserted.map((r) => r.id);
}

/**
 * The failures since `failuresSince` and the attempts being checked since `checkingSince` of one
 * subject, read in one statement: an attempt ending meanwhile is counted once, either way.
 */
export async function countFailuresAndAttempts(db: DbOrTx, scope: FailureScope, subject: string, failuresSince: Date, checkingSince: Date) {
  const [row] = await db
    .select({
      failures:
        sql<number>`count(*) filter (where ${authFailures.scope} = ${scope} and ${authFailures.createdAt} > ${failuresSince})`.mapWith(
          Number,
        ),
      checking:
        sql<number>`count(*) filter (where ${authFailures.scope} = ${checking(scope)} and ${authFailures.createdAt} > ${checkingSince})`.mapWith(
          Number,
        ),
    })
    .from(authFailures)
    .where(and(inArray(authFailures.scope, [scope, checking(scope)]), eq(authFailures.subject, subject)));
  return { failures: row?.failures ?? 0, checking: row?.checking ?? 0 };
}

/** The failure scope of an attempt's row (`checking_ip` becomes `ip`). */
const failureOfAttempt = sql`case ${authFailures.scope}
  when ${ATTEMPT_SCOPES.account} then ${'account' satisfies FailureScope}
  when ${ATTEMPT_SCOPES.ip} then ${'ip' satisfies FailureScope}
end`;

/**
 * Ends attempts being checked: forgotten, or (`failedAt`) made failures at that time. One
 * statement, so no count made meanwhile sees an attempt neither checking nor failed.
 */
export async function settleAttempts(db: DbOrTx, ids: number[], failedAt: Date | null) {
  if (ids.length === 0) return;
  if (!failedAt) {
    await db.delete(authFailures).where(inArray(authFailures.id, ids));
    return;
  }
  await db.update(authFailures).set({ scope: failureOfAttempt, createdAt: failedAt }).where(inArray(authFailures.id, ids));
}

/** Forgets the failures on an account name and, when an address is given, that address's failures on the same name. */
export async function clearNameFailures(db: DbOrTx, accountName: string, ip: string | null) {
  const onName = and(eq(authFailures.scope, 'account'), eq(authFailures.subject, accountName));
  const fromAddressOnName = ip
    ? and(eq(authFailures.scope, 'ip'), eq(authFailures.subject, ip), eq(authFailures.accountName, accountName))
    : undefined;
  await db.delete(authFailures).where(fromAddressOnName ? or(onName, fromAddressOnName) : onName);
}

export async function deleteFailuresBefore(db: DbOrTx, before: Date) {
  await db.delete(authFailures).where(lt(authFailures.createdAt, before));
}
