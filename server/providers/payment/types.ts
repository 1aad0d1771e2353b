/**
 * How a top-up order is paid. The domain creates the order, asks the provider for a
 * checkout, and credits the order when the provider (its webhook) or the operator says it is paid.
 */
export interface CheckoutRequest {
  orderId: number;
  accountId: number;
  amountCents: number;
  currency: string;
  /** What the customer sees they pay for. */
  description: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface Checkout {
  /** The provider's id of the payment, by which its webhook names the order; null when it has none. */
  providerRef: string | null;
  /** Where the customer goes to pay; empty when nothing is to be opened (a transfer the operator confirms). */
  payUrl: string;
}

export interface PaymentProvider {
  /** The order channel this provider records: `manual` or `stripe`. */
  readonly channel: 'manual' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
}
