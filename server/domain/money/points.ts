import type { Config } from '../../config';
import type { DbOrTx } from '../../db/types';
import { addPoints } from '../../db/accounts';
import { committedPoints, lockedBalance } from '../../db/points';
import { ResultCode } from '../../../contract/codes';
import { type Message } from '../../i18n/messages';
import { refused } from '../errors';

/**
 * Prices and the balance checks around them. The debit itself is part of the claim's statement
 * (domain/generation/taskItems.ts claimItem), in the transaction that records the claim.
 */

/** Pictures an article gets: the embedded renderer draws the cover only (a title on a gradient illustrates no section). */
export const imagesPerItem = (config: Pick<Config, 'generation'>, embeddedImages: boolean) =>
  embeddedImages ? 1 : config.generation.imagesPerArticle;

/** Pictures an item may draw: what the provider gives, never more than its price paid for (at `imagePrice` each). */
export function imagesCharged(
  config: Pick<Config, 'generation'>,
  itemCost: number,
  embeddedImages: boolean,
  articlePrice: number,
  imagePrice = config.generation.priceImage,
) {
  const provider = imagesPerItem(config, embeddedImages);
  return imagePrice > 0 ? Math.min(provider, Math.floor(Math.max(0, itemCost - articlePrice) / imagePrice)) : provider;
}

/** Read with the account row locked, so what follows in the transaction sees no other debit. */
export { lockedBalance };

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
