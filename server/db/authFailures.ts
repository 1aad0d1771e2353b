import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { authFailures } from './schema';

/** `account`: subject is the lower-cased username typed; `ip`: the client address. */
export type FailureScope = 'account' | 'ip';

export async function insertFailures(db: DbOrTx, rows: { scope: FailureScope; subject: string; at: Date }[]) {
  if (rows.length === 0) return;
  await db.insert(authFailures).values(rows.map((r) => ({ scope: r.scope, subject: r.subject, createdAt: r.at })));
}

export async function countFailures(db: DbOrTx, scope: FailureScope, subject: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject), gt(authFailures.createdAt, since)));
  return row?.n ?? 0;
}

export async function clearFailures(db: DbOrTx, scope: FailureScope, subject: string) {
  await db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject)));
}

export async function deleteFailuresBefore(db: DbOrTx, before: Date) {
  await db.delete(authFailures).where(lt(authFailures.createdAt, before));
}
