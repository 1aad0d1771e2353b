import type { Ctx } from '../context';
import * as q from '../../db/topup';
import type { Tx } from '../../db/connection';
import { sessionOfPaymentIntent, verifyStripeEvent, type Stripe } from '../../providers/payment/stripe';
import { invalid, notFound } from '../errors';
import { creditOrderIn, reclaimIn, tellCredited } from './topup';
import { message } from '../../i18n/messages';
import { storeReason } from '../../i18n/storedText';

/**
 * Stripe's webhook. Each event is verified against the endpoint's signing secret, then
 * recorded (payment_events) in the transaction that acts on it: a replayed or repeated event
 * finds itself recorded and changes nothing, and an event whose handling fails is not recorded,
 * so Stripe's retry is handled in full. Events may come in any order:
 * - checkout.session.completed (paid) / async_payment_succeeded: the order is credited, even
 *   when it expired or was given up meanwhile; if a refund came first, a full refund left the
 *   order refunded (nothing is credited), a partial one is taken back at once;
 * - checkout.session.async_payment_failed / expired: a pending order fails / expires;
 * - charge.refunded: the refunded share of a credited order's points is taken back (never below
 *   zero, the rest owed); an order not credited yet keeps the refunded amount for later.
 */

type WebhookCtx = Pick<Ctx, 'db' | 'now' | 'log' | 'config'>;

export interface WebhookResult {
  /** The event was handled before: nothing was done. */
  replayed: boolean;
}

/** The verified event, or 400 (nothing done) for a missing or forged signature or a stale one. */
export function verifiedEvent(ctx: WebhookCtx, rawBody: unknown, signature: string | undefined): Stripe.Event {
  const settings = ctx.config.payment.stripe;
  if (!settings.webhookSecret) throw notFound('stripe.notConfigured');
  if (typeof rawBody !== 'string' || !rawBody) throw invalid('stripe.noEvent');
  if (!signature) throw invalid('stripe.noSignature');
  try {
    return verifyStripeEvent(settings, rawBody, signature);
  } catch (error) {
    ctx.log.warn({ err: error }, 'Stripe webhook refused: bad signature');
    throw invalid('stripe.badSignature');
  }
}

const orderIdOf = (metadata: Stripe.Metadata | null | undefined, fallback?: string | null) => {
  const id = Number(metadata?.order_id ?? fallback ?? NaN);
  return Number.isInteger(id) && id > 0 && id <= 2147483647 ? id : null;
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The order an event is about, found before the transaction (it may ask Stripe). */
async function orderOfEvent(ctx: WebhookCtx, event: Stripe.Event): Promise<number | null> {
  if (event.type.startsWith('checkout.session.')) {
    const session = event.data.object as Stripe.Checkout.Session;
    return orderIdOf(session.metadata, session.client_reference_id);
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    const fromCharge = orderIdOf(charge.metadata);
    if (fromCharge) return fromCharge;
    const paymentIntent = idOf(charge.payment_intent);
    if (!paymentIntent) return null;
    const session = await sessionOfPaymentIntent(ctx.config.payment.stripe, paymentIntent);
    return session ? orderIdOf(session.metadata, session.client_reference_id) : null;
  }
  return null;
}

/** Handles one verified event, once. */
export async function handleStripeEvent(ctx: WebhookCtx, event: Stripe.Event): Promise<WebhookResult> {
  const orderId = await orderOfEvent(ctx, event);
  const now = ctx.now();
  let credited: Credited | null = null;
  const result = await ctx.db.transaction(async (tx): Promise<WebhookResult> => {
    if (!(await q.recordPaymentEvent(tx, 'stripe', event.id, event.type))) return { replayed: true };
    if (orderId === null) {
      if (event.type.startsWith('checkout.session.') || event.type === 'charge.refunded')
        ctx.log.warn({ eventId: event.id, type: event.type }, 'Stripe event names no order of ours');
      return { replayed: false };
    }
    const order = await q.lockOrder(tx, orderId);
    if (!order || order.channel !== 'stripe') {
      ctx.log.warn({ eventId: event.id, type: event.type, orderId }, 'Stripe event for an order that is not a Stripe order here');
      return { replayed: false };
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        credited = await sessionPaid(ctx, tx, now, event, order);
        break;
      case 'checkout.session.async_payment_failed':
        await q.moveOrder(tx, order.id, ['pending', 'expired'], 'failed', { note: storeReason(message('orderNote.paymentFailed')) });
        break;
      case 'checkout.session.expired':
        await q.moveOrder(tx, order.id, ['pending'], 'expired');
        break;
      case 'charge.refunded':
        await chargeRefunded(tx, now, event.data.object as Stripe.Charge, order);
        break;
      default:
        break;
    }
    return { replayed: false };
  });
  if (credited) await tellCredited(ctx, credited);
  return result;
}

type Credited = NonNullable<Awaited<ReturnType<typeof creditOrderIn>>>;

async function sessionPaid(ctx: WebhookCtx, tx: Tx, now: Date, event: Stripe.Event, order: q.OrderRow): Promise<Credited | null> {
  const session = event.data.object as Stripe.Checkout.Session;
  // A delayed payment method: checkout.session.async_payment_succeeded follows.
  if (session.payment_status === 'unpaid') return null;
  if (order.providerRef && order.providerRef !== session.id) {
    ctx.log.error({ eventId: event.id, orderId: order.id, session: session.id }, 'Stripe paid a Checkout Session that is not the order’s');
    return null;
  }
  if (session.amount_total !== order.amountCents || session.currency !== order.currency) {
    ctx.log.error(
      { eventId: event.id, orderId: order.id, amount: session.amount_total, currency: session.currency },
      'Stripe paid another amount than the order’s',
    );
    await q.updateOrder(tx, order.id, {
      note: storeReason(
        message('orderNote.paidOtherAmount', {
          paid: session.amount_total ?? 0,
          paidCurrency: session.currency ?? '',
          expected: order.amountCents,
          currency: order.currency,
        }),
      ),
    });
    return null;
  }
  // Money arrived: an order that expired or was given up meanwhile is credited too.
  const credited = await creditOrderIn(tx, { ...ctx, now: () => now }, order.id, new Date(event.created * 1000), [
    'pending',
    'expired',
    'failed',
  ]);
  // A partial refund told before the payment: taken back now.
  if (credited && credited.order.refundedCents > 0) {
    const reclaimed = await reclaimIn(tx, now, credited.order, {
      cents: credited.order.refundedCents,
      full: credited.order.refundedCents >= credited.order.amountCents,
    });
    return { order: credited.order, balance: credited.balance - reclaimed.taken };
  }
  return credited;
}

async function chargeRefunded(tx: Tx, now: Date, charge: Stripe.Charge, order: q.OrderRow) {
  const cents = Math.max(order.refundedCents, charge.amount_refunded);
  const full = charge.refunded || cents >= order.amountCents;
  // Credited once (refunded since or not): its points are what there is to take back.
  if ((order.status === 'credited' || order.status === 'refunded') && order.creditedAt) {
    await reclaimIn(tx, now, order, { cents, full, ...(full ? { note: storeReason(message('orderNote.refundedByStripe')) } : {}) });
    return;
  }
  // Not credited yet (the refund came first): nothing to take back; a full refund ends the order.
  await q.updateOrder(tx, order.id, {
    refundedCents: cents,
    ...(full ? { status: 'refunded', refundedAt: now, note: storeReason(message('orderNote.refundedBeforeConfirmed')) } : {}),
  });
}
