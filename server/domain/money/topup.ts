import { randomInt } from 'node:crypto';
import dayjs from 'dayjs';
import { ResultCode } from '../../../contract/codes';
import type { CodeBatchBody, PackageAddBody, PackageEditBody } from '../../../contract/schemas/topup';
import type { OrderStatus } from '../../../contract/statuses';
import { addPoints, findAccountById } from '../../db/accounts';
import type { DbOrTx, Tx } from '../../db/connection';
import { hasChanges } from '../changes';
import * as q from '../../db/topup';
import { paymentProviderFor } from '../../providers/payment';
import type { Ctx } from '../context';
import { message, type MessageKey } from '../../i18n/messages';
import { invalid, notFound, refused } from '../errors';
import { rewardFirstTopUp } from '../access/invites';
import { noticeTopupCredited } from '../support/notices';
import { lockedBalance } from './points';
import { storeReason } from '../../i18n/storedText';

/**
 * Top-up. Points arrive only with an order's move to `credited`, in the transaction
 * that moves it, as one ledger entry whose reference names the order (`order:<id>`); the
 * conditional move (db/topup.ts moveOrder, claimCode) is what makes it happen once.
 */

export const orderRef = (orderId: number) => `order:${orderId}`;

/* ---- Packages (operator) ---- */

export async function addPackage(ctx: Ctx, body: PackageAddBody) {
  return q.insertPackage(ctx.db, {
    name: body.name,
    priceCents: body.price_cents,
    currency: body.currency,
    points: body.points,
    bonusPoints: body.bonus_points ?? 0,
    active: body.active ?? true,
    sort: body.sort ?? 0,
  });
}

export async function editPackage(ctx: Ctx, body: PackageEditBody) {
  const changes = {
    name: body.name,
    priceCents: body.price_cents,
    currency: body.currency,
    points: body.points,
    bonusPoints: body.bonus_points,
    active: body.active,
    sort: body.sort,
  };
  const row = hasChanges(changes) ? await q.updatePackage(ctx.db, body.id, changes) : await q.findPackage(ctx.db, body.id);
  if (!row) throw notFound('topup.packageNotFound', { id: body.id });
  return row;
}

/** Deletes a package; its orders keep what they were sold (price and points are copied into each). */
export async function deletePackage(ctx: Ctx, id: number) {
  if (!(await q.deletePackage(ctx.db, id))) throw notFound('topup.packageNotFound', { id });
}

/* ---- Orders ---- */

/** An order for a package, paid through the configured provider. */
export async function createOrder(ctx: Ctx, accountId: number, packageId: number) {
  const pack = await q.findPackage(ctx.db, packageId);
  if (!pack || !pack.active) throw refused(ResultCode.PACKAGE_UNAVAILABLE, 'topup.packageOffSale');
  const provider = paymentProviderFor(ctx.config.payment);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.payment.orderTtlMinutes * 60_000);
  const order = await q.insertOrder(ctx.db, {
    accountId,
    packageId: pack.id,
    channel: provider.channel,
    amountCents: pack.priceCents,
    currency: pack.currency,
    points: pack.points + pack.bonusPoints,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
  try {
    const checkout = await provider.createCheckout({
      orderId: order.id,
      accountId,
      amountCents: order.amountCents,
      currency: order.currency,
      description: `${pack.name}: ${order.points} points`,
      successUrl: `${ctx.config.publicUrl}/account?order=${order.id}`,
      cancelUrl: `${ctx.config.publicUrl}/account?recharge=1`,
      expiresAt,
    });
    await q.setOrderCheckout(ctx.db, order.id, checkout.providerRef, checkout.payUrl);
  } catch (error) {
    await q.moveOrder(ctx.db, order.id, ['pending'], 'failed', { note: storeReason(message('orderNote.paymentNotStarted')) });
    ctx.log.error({ err: error, orderId: order.id }, 'payment provider refused a checkout');
    throw refused(ResultCode.ORDER_STATE, 'topup.paymentNotStarted');
  }
  return order.id;
}

/**
 * The order is paid: it moves to credited and its points arrive, in one transaction. A second
 * call (a paid order paid again, a repeated webhook) finds it credited and changes nothing:
 * `null` then. An order that expired unpaid can still be credited when its money arrives.
 */
export async function creditOrder(ctx: Pick<Ctx, 'db' | 'now' | 'config'>, orderId: number, paidAt: Date = ctx.now()) {
  return ctx.db.transaction((tx) => creditOrderIn(tx, ctx, orderId, paidAt));
}

/** Tells the account its points arrived (a notice, after the credit is committed). It never fails the credit. */
export async function tellCredited(
  ctx: Pick<Ctx, 'db' | 'now' | 'log'>,
  credited: { order: { id: number; accountId: number; points: number }; balance: number },
) {
  await noticeTopupCredited(ctx, credited.order.accountId, {
    points: credited.order.points,
    balance: credited.balance,
    reference: orderRef(credited.order.id),
  }).catch((error: Error) => ctx.log.error({ err: error, orderId: credited.order.id }, 'notices: top-up notice failed'));
}

/**
 * creditOrder inside the caller's transaction; `from`: the states the payment may find it in. An
 * invited account's first paid top-up also rewards its inviter (INVITE_FIRST_TOPUP_POINTS), once.
 */
export async function creditOrderIn(
  tx: Tx,
  ctx: Pick<Ctx, 'now' | 'config'>,
  orderId: number,
  paidAt: Date,
  from: readonly OrderStatus[] = ['pending', 'expired'],
) {
  const order = await q.moveOrder(tx, orderId, from, 'credited', { paidAt, creditedAt: ctx.now() });
  if (!order) return null;
  const balance = await addPoints(tx, order.accountId, order.points, 'topup', orderRef(order.id));
  await rewardFirstTopUp(tx, ctx, order.accountId, orderRef(order.id));
  return { order, balance: balance ?? 0 };
}

/**
 * Takes back the points of a credited order's refunded money, in the caller's transaction (the
 * order's row locked by it): all of them when the refund is `full`, else the refunded share of
 * the amount. What was taken back before (ledger entries naming the order, and what was owed)
 * counts, so a refund told twice or out of order takes nothing twice. A balance never goes below
 * zero: what it cannot give back is added to the order's owed points.
 */
export async function reclaimIn(tx: Tx, now: Date, order: q.OrderRow, refund: { cents: number; full: boolean; note?: string }) {
  const target =
    refund.full || order.amountCents <= 0
      ? order.points
      : Math.min(order.points, Math.floor((order.points * refund.cents) / order.amountCents));
  const before = order.owedPoints + (await q.reclaimedPoints(tx, order.accountId, orderRef(order.id)));
  const due = Math.max(0, target - before);
  const taken = Math.min(await lockedBalance(tx, order.accountId), due);
  const owed = order.owedPoints + (due - taken);
  const updated = await q.updateOrder(tx, order.id, {
    refundedCents: Math.max(order.refundedCents, refund.cents),
    owedPoints: owed,
    ...(refund.full ? { status: 'refunded', refundedAt: order.refundedAt ?? now } : {}),
    ...(refund.note !== undefined ? { note: refund.note } : {}),
  });
  if (taken > 0) await addPoints(tx, order.accountId, -taken, 'topup_refund', orderRef(order.id));
  return { order: updated, taken, owed };
}

async function orderOrNotFound(db: DbOrTx, id: number) {
  const order = await q.findOrder(db, id);
  if (!order) throw notFound('topup.orderNotFound', { id });
  return order;
}

const stateRefusal = (order: q.OrderRow, action: MessageKey) =>
  refused(ResultCode.ORDER_STATE, 'topup.orderState', { id: order.id, status: message(`status.${order.status}`), action: message(action) });

/** The operator confirms the payment of a manual order. */
export async function confirmOrder(ctx: Ctx, id: number) {
  const order = await orderOrNotFound(ctx.db, id);
  if (order.channel !== 'manual') throw refused(ResultCode.ORDER_STATE, 'topup.providerConfirms', { id, channel: order.channel });
  const credited = await creditOrder(ctx, id);
  if (!credited) throw stateRefusal((await q.findOrder(ctx.db, id)) ?? order, 'topup.action.paidAgain');
  await tellCredited(ctx, credited);
  return credited;
}

/** The operator gives up an unpaid order. */
export async function failOrder(ctx: Ctx, id: number, note: string) {
  const order = await orderOrNotFound(ctx.db, id);
  const moved = await q.moveOrder(ctx.db, id, ['pending', 'expired'], 'failed', { note });
  if (!moved) throw stateRefusal(order, 'topup.action.markedFailed');
}

/**
 * A credited order's money went back: its points are taken back, as far as the balance allows;
 * what it does not is recorded on the order as owed. Null when the order was not credited (a
 * repeated refund).
 */
export async function refundOrder(ctx: Pick<Ctx, 'db' | 'now'>, id: number, note: string) {
  return ctx.db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, id);
    if (!order || order.status !== 'credited') return null;
    return reclaimIn(tx, ctx.now(), order, { cents: order.amountCents, full: true, note });
  });
}

/** The operator refunds a credited order (the money went back outside). */
export async function refundOrderByOperator(ctx: Ctx, id: number, note: string) {
  const order = await orderOrNotFound(ctx.db, id);
  if (order.channel === 'code') throw refused(ResultCode.ORDER_STATE, 'topup.codeNoRefund', { id });
  const refunded = await refundOrder(ctx, id, note);
  if (!refunded) throw stateRefusal((await q.findOrder(ctx.db, id)) ?? order, 'topup.action.refunded');
  return refunded;
}

/* ---- Recharge codes ---- */

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L, U). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** `XXXX-XXXX-XXXX-XXXX`: 16 symbols of 30, about 78 bits. */
export function newRechargeCode(): string {
  const symbols = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => symbols.slice(i, i + 4).join('')).join('-');
}

/** A code as typed: case, spaces and dashes do not matter. */
export function normaliseCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  if (!/^[A-Z0-9]{16}$/.test(plain)) return '';
  return [0, 4, 8, 12].map((i) => plain.slice(i, i + 4)).join('-');
}

/** The operator makes `count` codes worth `points` each, valid to the end of `expires_on`. */
export async function generateCodes(ctx: Ctx, adminId: number, body: CodeBatchBody) {
  const day = dayjs(body.expires_on);
  if (!day.isValid() || day.format('YYYY-MM-DD') !== body.expires_on) throw invalid('topup.notADate', { value: body.expires_on });
  const expiresAt = day.endOf('day').toDate();
  if (expiresAt <= ctx.now()) throw invalid('topup.expiresPast');
  return ctx.db.transaction(async (tx) => {
    const batch = await q.insertBatch(tx, { note: body.note ?? '', points: body.points, count: body.count, expiresAt, createdBy: adminId });
    const codes = new Set<string>();
    while (codes.size < body.count) codes.add(newRechargeCode());
    await q.insertCodes(
      tx,
      [...codes].map((code) => ({ batchId: batch.id, code, points: body.points, expiresAt })),
    );
    return batch;
  });
}

/**
 * Redeems a code for `accountId`: the code is claimed, an order of channel `code` made and the
 * points credited, in one transaction. A code works once, ever: of simultaneous redemptions one
 * claims it, the others are told it was used.
 */
export async function redeemCode(ctx: Ctx, accountId: number, typed: string) {
  const code = normaliseCode(typed);
  const unknown = () => refused(ResultCode.RECHARGE_CODE_UNKNOWN, 'topup.codeUnknown');
  if (!code) throw unknown();
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const claimed = await q.claimCode(tx, code, accountId, now);
    if (!claimed) return null;
    const order = await q.insertOrder(tx, {
      accountId,
      channel: 'code',
      status: 'credited',
      points: claimed.points,
      codeId: claimed.id,
      paidAt: now,
      creditedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const balance = await addPoints(tx, accountId, claimed.points, 'recharge_code', orderRef(order.id));
    return { order_id: order.id, points: claimed.points, balance: balance ?? 0 };
  });
  if (done) {
    await tellCredited(ctx, { order: { id: done.order_id, accountId, points: done.points }, balance: done.balance });
    return done;
  }
  const found = await q.findCode(ctx.db, code);
  if (!found) throw unknown();
  if (found.redeemedAt) throw refused(ResultCode.RECHARGE_CODE_USED, 'topup.codeUsed');
  throw refused(ResultCode.RECHARGE_CODE_EXPIRED, 'topup.codeExpired', { day: dayjs(found.expiresAt).format('YYYY-MM-DD') });
}

/* ---- Manual grant ---- */

/**
 * The operator adds (delta > 0) or takes away (delta < 0) points, with the reason, in the ledger
 * as `grant` naming the operator. A balance never goes below zero: such a grant is refused whole.
 */
export async function grantPoints(
  ctx: Ctx,
  admin: { id: number; username: string },
  body: { account_id: number; delta: number; reason: string },
) {
  const reason = body.reason.trim();
  if (!reason) throw invalid('topup.reasonNeeded');
  if (!(await findAccountById(ctx.db, body.account_id))) throw notFound('topup.noAccount', { id: body.account_id });
  const balance = await ctx.db.transaction(async (tx) => {
    const before = await lockedBalance(tx, body.account_id);
    const after = await addPoints(tx, body.account_id, body.delta, 'grant', `${admin.username}: ${reason}`.slice(0, 240));
    if (after === null) {
      throw refused(ResultCode.BALANCE_WOULD_GO_NEGATIVE, 'topup.wouldGoNegative', { balance: before, points: -body.delta });
    }
    return after;
  });
  ctx.log.info({ adminId: admin.id, accountId: body.account_id, delta: body.delta, reason }, 'points granted');
  return { balance };
}
