import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from './connection';
import { operatorSessions, sessions } from './schema';

/** Sessions the operator started as a user ("sign in as"), and a user's own session list. */

export async function insertOperatorSession(db: DbOrTx, values: { sessionId: number; operatorId: number; operatorName: string; at: Date }) {
  await db
    .insert(operatorSessions)
    .values({ sessionId: values.sessionId, operatorId: values.operatorId, operatorName: values.operatorName, createdAt: values.at });
}

/** The account's latest sessions, newest first, each with the operator who started it (or null). */
export async function latestSessionsOfAccount(db: DbOrTx, accountId: number, limit: number) {
  return db
    .select({ ...getTableColumns(sessions), operatorName: operatorSessions.operatorName })
    .from(sessions)
    .leftJoin(operatorSessions, eq(operatorSessions.sessionId, sessions.id))
    .where(eq(sessions.accountId, accountId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit);
}
export type AccountSessionRow = Awaited<ReturnType<typeof latestSessionsOfAccount>>[number];

/** The operator who started session `sessionId`, if one did. */
export async function findOperatorOfSession(db: DbOrTx, sessionId: number) {
  const [row] = await db
    .select({ operatorId: operatorSessions.operatorId, operatorName: operatorSessions.operatorName })
    .from(operatorSessions)
    .where(eq(operatorSessions.sessionId, sessionId))
    .limit(1);
  return row ?? null;
}
