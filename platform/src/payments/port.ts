import type { PaymentProviderName } from '@evc/contracts';

/** What a top-up asks the provider for: amounts are integer piastres (EGP cents). */
export interface CheckoutRequest {
  paymentId: string;
  amount: number;
  customer: { name: string; email: string; phone?: string };
  /** Where the payer's browser comes back to. */
  returnUrl: string;
  /** Where the provider posts the outcome (server to server). */
  callbackUrl: string;
}

export interface Checkout {
  /** The provider's id of the payment (Paymob: the order id), checked against every callback. */
  providerRef: string;
  checkoutUrl: string;
}

/** A callback or redirect as it arrived. */
export interface CallbackInput {
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A callback whose signature checked out. `pending` (a cash or kiosk payment still open) is a signed, non-final
 * report: nothing is recorded for it.
 */
export interface VerifiedCallback {
  paymentId: string;
  outcome: 'completed' | 'canceled' | 'failed' | 'pending';
  providerTransactionId: string;
  amountPiastres: number;
  providerRef: string;
  reason?: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The verified outcome, or null when the signature (or anything it covers) does not check out. */
  verifyCallback(input: CallbackInput): VerifiedCallback | null;
}

/** The provider could not be reached or answered nonsense; the code crosses the wire, never the provider's words. */
export class PaymentProviderUnavailableError extends Error {
  readonly code = 'payments.provider_unavailable' as const;
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderUnavailableError';
  }
}
