import type { PaymentConfig } from '../../paymentConfig';
import { manualPayments } from './manual';
import { stripePayments } from './stripe';
import type { PaymentProvider } from './types';

/** The configured provider. */
export function paymentProviderFor(config: PaymentConfig): PaymentProvider {
  if (config.provider === 'manual') return manualPayments;
  if (config.provider === 'stripe') return stripePayments(config.stripe);
  throw new Error(`No payment provider "${config.provider}"`);
}
