import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/connection';
import { addPoints } from '../db/accounts';
import { accounts, articleTaskItems, articleTasks } from '../db/schema';
import { ResultCode } from '../../contract/codes';
import { type Message } from '../i18n/messages';
import { refused } from './errors';

/**
 * Prices and the balance checks around them. The debit itself is part of the claim's statement
 * (domain/taskItems.ts claimItem), in the transaction that records the claim.
 */

/** Pictures an article gets: the embedded renderer draws the cover only (a title on a gradient illustrates no section). */
export const imagesPerItem = (config: Pick<Config, 'generation'>, embeddedImages: boolean) =>
  embeddedImages ? 1 : config.generation.imagesPerArticle;

/** Pictures an item may draw: what the provider gives, never more than its price paid for. */
export function imagesCharged(config: Pick<Config, 'generation'>, itemCost: number, embeddedImages: boolean, articlePrice: number) {
  const g = config.generation;
  const provider = imagesPerItem(config, embeddedImages);
  return g.priceImage > 0 ? Math.min(provider, Math.floor(Math.max(0, itemCost - articlePrice) / g.priceImage)) : provider;
}

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

/**
 * Refuses (code 100146, HTTP 200) when the balance, less what the account's unfinished tasks will
 * still debit, does not cover `cost`: so tasks added one after another (or at once: the account
 * row is locked) never promise more than the balance.
 */
export async function ensureAffordable(tx: DbOrTx, accountId: number, cost: number, what: Message) {
  const balance = await lockedBalance(tx, accountId);
  const committed = await committedPoints(tx, accountId);
  if (balance - committed < cost) {
    throw committed
      ? refused(ResultCode.NOT_ENOUGH_POINTS, 'points.notEnoughHeld', { what, cost, balance, held: committed })
      : refused(ResultCode.NOT_ENOUGH_POINTS, 'points.notEnough', { what, cost, balance });
  }
}

/** Gives back what a failed or abandoned claim was charged. */
export async function refund(tx: DbOrTx, accountId: number, amount: number, reference: string) {
  if (amount > 0) await addPoints(tx, accountId, amount, 'refund', reference);
}
