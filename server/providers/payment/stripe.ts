import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { PaymentConfig } from '../../paymentConfig';
import type { Checkout, CheckoutRequest, PaymentProvider } from './types';

/**
 * Stripe Checkout through Stripe's own client (`stripe`): an order becomes a Checkout
 * Session in payment mode whose metadata (and its PaymentIntent's) name the order; the customer
 * pays on the session's page and comes back to /account; the webhook (domain/money/stripeEvents.ts)
 * says what happened. STRIPE_API_BASE points the client at another host (a loopback double).
 */
type StripeSettings = PaymentConfig['stripe'];

const clients = new WeakMap<StripeSettings, Stripe>();
/** Loaded when a client is first needed (Stripe's 200 modules are not part of every server start). */
const loadStripe = () => createRequire(import.meta.url)('stripe') as typeof Stripe;

/** One client per configuration (it keeps its connections). */
export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    const base = settings.apiBase ? new URL(settings.apiBase) : null;
    const StripeClient = loadStripe();
    client = new StripeClient(settings.secretKey || 'sk_unset', {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Inkpress' },
      ...(base
        ? {
            protocol: base.protocol === 'http:' ? 'http' : 'https',
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
          }
        : {}),
    });
    clients.set(settings, client);
  }
  return client;
}

/** Stripe keeps a Checkout Session open between 30 minutes and 24 hours. */
const MIN_OPEN_MS = 31 * 60_000;
const MAX_OPEN_MS = 23 * 60 * 60_000;

function sessionExpiry(expiresAt: Date, now = Date.now()) {
  const at = Math.min(Math.max(expiresAt.getTime(), now + MIN_OPEN_MS), now + MAX_OPEN_MS);
  return Math.floor(at / 1000);
}

export function stripePayments(settings: StripeSettings): PaymentProvider {
  return {
    channel: 'stripe',
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const metadata = { order_id: String(request.orderId), account_id: String(request.accountId) };
      const session = await stripeClient(settings).checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: { name: request.description } },
          },
        ],
        client_reference_id: String(request.orderId),
        metadata,
        // The charge and its refunds carry the order too (charge.refunded names it).
        payment_intent_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: sessionExpiry(request.expiresAt),
      });
      if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a url`);
      return { providerRef: session.id, payUrl: session.url };
    },
  };
}

/** Verifies a webhook's `Stripe-Signature` against the endpoint secret; throws when it does not match. */
export function verifyStripeEvent(settings: StripeSettings, rawBody: string, signature: string): Stripe.Event {
  return stripeClient(settings).webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
}

/** The Checkout Session of a PaymentIntent (a charge whose metadata does not name the order). */
export async function sessionOfPaymentIntent(settings: StripeSettings, paymentIntent: string): Promise<Stripe.Checkout.Session | null> {
  const page = await stripeClient(settings).checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  return page.data[0] ?? null;
}

export type { Stripe };
