/**
 * Configuration of top-up payments (issue 13): which provider takes a package's payment, how long
 * an unpaid order waits, and Stripe's keys. Part of Config as `config.payment`.
 */
export interface PaymentConfig {
  /** PAYMENT_PROVIDER: `manual` (the operator confirms a transfer; the default) or `stripe`. */
  provider: 'manual' | 'stripe';
  /** ORDER_TTL_MINUTES: an order not paid by then expires. */
  orderTtlMinutes: number;
  stripe: {
    /** STRIPE_SECRET_KEY */
    secretKey: string;
    /** STRIPE_WEBHOOK_SECRET: the webhook endpoint's signing secret (`whsec_…`). */
    webhookSecret: string;
    /** STRIPE_API_BASE: another address for Stripe's API (a test double); empty: Stripe's own. */
    apiBase: string;
  };
}

export function loadPaymentConfig(env: NodeJS.ProcessEnv): PaymentConfig {
  const provider = env.PAYMENT_PROVIDER || 'manual';
  if (provider !== 'manual') throw new Error(`PAYMENT_PROVIDER must be manual, got "${provider}"`);
  const ttl = Number(env.ORDER_TTL_MINUTES || 60);
  if (!Number.isInteger(ttl) || ttl < 1) throw new Error(`ORDER_TTL_MINUTES must be a whole number of minutes, got "${env.ORDER_TTL_MINUTES}"`);
  const stripe = { secretKey: env.STRIPE_SECRET_KEY || '', webhookSecret: env.STRIPE_WEBHOOK_SECRET || '', apiBase: env.STRIPE_API_BASE || '' };
  return { provider, orderTtlMinutes: ttl, stripe };
}
