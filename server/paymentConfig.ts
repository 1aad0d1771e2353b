/**
 * Configuration of top-up payments: which provider takes a package's payment, how long
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

const PROVIDERS = ['manual', 'stripe'] as const;

export function loadPaymentConfig(env: NodeJS.ProcessEnv): PaymentConfig {
  const provider = env.PAYMENT_PROVIDER || 'manual';
  if (!PROVIDERS.includes(provider as PaymentConfig['provider']))
    throw new Error(`PAYMENT_PROVIDER must be manual or stripe, got "${provider}"`);
  const ttl = Number(env.ORDER_TTL_MINUTES || 60);
  if (!Number.isInteger(ttl) || ttl < 1)
    throw new Error(`ORDER_TTL_MINUTES must be a whole number of minutes, got "${env.ORDER_TTL_MINUTES}"`);
  const stripe = {
    secretKey: env.STRIPE_SECRET_KEY || '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || '',
    apiBase: (env.STRIPE_API_BASE || '').replace(/\/$/, ''),
  };
  if (provider === 'stripe') {
    if (!stripe.secretKey) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY (sk_live_… or sk_test_…)');
    if (!stripe.webhookSecret)
      throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET (the webhook endpoint's whsec_… signing secret)");
  }
  if (stripe.apiBase) {
    let url: URL | null = null;
    try {
      url = new URL(stripe.apiBase);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '')) {
      throw new Error(`STRIPE_API_BASE must be an http(s) address without a path (https://host:port), got "${stripe.apiBase}"`);
    }
  }
  return { provider: provider as PaymentConfig['provider'], orderTtlMinutes: ttl, stripe };
}
