import { and, eq, gte, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/connection';
import { addPoints } from '../db/accounts';
import { accounts, pointsLedger } from '../db/schema';
import { ResultCode } from '../../contract/codes';
import { refused } from './errors';

/** What one generated article costs: the article, plus its images when it has them. */
export function itemCost(config: Pick<Config, 'generation'>, images: boolean) {
  const g = config.generation;
  return g.priceArticle + (images ? g.imagesPerArticle * g.priceImage : 0);
}

/** The balance, read with the account row locked, so what follows in the transaction sees no other debit. */
export async function lockedBalance(tx: DbOrTx, accountId: number): Promise<number> {
  const [row] = await tx.select({ points: accounts.points }).from(accounts).where(eq(accounts.id, accountId)).for('update').limit(1);
  return row?.points ?? 0;
}

/** Refuses (code 100146, HTTP 200) when the balance does not cover `cost`. */
export async function ensureAffordable(tx: DbOrTx, accountId: number, cost: number, what: string) {
  const balance = await lockedBalance(tx, accountId);
  if (balance < cost) {
    throw refused(ResultCode.NOT_ENOUGH_POINTS, `Not enough points: ${what} costs ${cost} points and your balance is ${balance}. Top up in account management.`);
  }
}

/**
 * Debits an item's price at claim time, in the claim's transaction: one conditional update of the
 * balance (it never goes below zero, however many workers debit at once: the row lock serialises
 * them and each re-checks the balance), then the article and its images as separate ledger rows.
 * Returns false, with nothing written, when the balance does not cover it.
 */
export async function debitItem(tx: DbOrTx, config: Pick<Config, 'generation'>, accountId: number, images: boolean, reference: string) {
  const g = config.generation;
  const parts = [
    { reason: 'article_generation', amount: g.priceArticle },
    { reason: 'image_generation', amount: images ? g.imagesPerArticle * g.priceImage : 0 },
  ].filter((p) => p.amount > 0);
  const cost = parts.reduce((sum, p) => sum + p.amount, 0);
  if (cost === 0) return true;
  const [row] = await tx
    .update(accounts)
    .set({ points: sql`${accounts.points} - ${cost}` })
    .where(and(eq(accounts.id, accountId), gte(accounts.points, cost)))
    .returning({ points: accounts.points });
  if (!row) return false;
  let balance = row.points + cost;
  await tx.insert(pointsLedger).values(parts.map((p) => ({ accountId, delta: -p.amount, balanceAfter: (balance -= p.amount), reason: p.reason, reference })));
  return true;
}

/** Gives back what a failed or abandoned claim was charged. */
export async function refund(tx: DbOrTx, accountId: number, amount: number, reference: string) {
  if (amount > 0) await addPoints(tx, accountId, amount, 'refund', reference);
}
