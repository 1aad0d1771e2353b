import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from './types';
import { accounts, articleTaskItems, articleTasks } from './schema';

/** The balance, read with the account row locked, so what follows in the transaction sees no other debit. */
export async function lockedBalance(tx: DbOrTx, accountId: number): Promise<number> {
  const [row] = await tx.select({ points: accounts.points }).from(accounts).where(eq(accounts.id, accountId)).for('update').limit(1);
  return row?.points ?? 0;
}

/**
 * What the account's unfinished tasks will still debit: the price of each waiting item of a running
 * or paused task (an item is debited only when a worker claims it).
 */
export async function committedPoints(tx: DbOrTx, accountId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string | null>`sum(${articleTasks.itemCost})` })
    .from(articleTaskItems)
    .innerJoin(articleTasks, eq(articleTasks.id, articleTaskItems.taskId))
    .where(
      and(
        eq(articleTasks.accountId, accountId),
        inArray(articleTasks.status, ['running', 'paused']),
        eq(articleTaskItems.status, 'queued'),
      ),
    );
  return Number(row?.sum ?? 0);
}
