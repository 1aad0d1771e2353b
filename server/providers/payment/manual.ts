import type { PaymentProvider } from './types';

/**
 * Payment by transfer, confirmed by the operator (the default, needing nothing outside): the
 * order waits, the customer pays quoting the order number, the operator marks it paid.
 */
export const manualPayments: PaymentProvider = {
  channel: 'manual',
  createCheckout: async () => ({ providerRef: null, payUrl: '' }),
};
