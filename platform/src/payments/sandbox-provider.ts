import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { fieldsOfTransaction, paymobHmac, verifyPaymobCallback } from './paymob-callback';
import type { CallbackInput, Checkout, CheckoutRequest, PaymentProvider, VerifiedCallback } from './port';

export type SandboxChoice = 'pay' | 'cancel' | 'fail';

export const sandboxCheckoutPath = (paymentId: string) => `/api/payments/sandbox/${paymentId}`;
export const sandboxOrderId = (paymentId: string) => `sandbox-${paymentId}`;

/**
 * The embedded provider for development and demos: its own checkout page (served by the command side) posts the
 * payer's choice, which is turned into a Paymob-shaped callback signed with the sandbox secret and verified on the
 * same path as a real one. The secret never leaves the server.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly hmacSecret: string) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    return { providerRef: sandboxOrderId(request.paymentId), checkoutUrl: sandboxCheckoutPath(request.paymentId) };
  }

  verifyCallback(input: CallbackInput): VerifiedCallback | null {
    return verifyPaymobCallback(input, this.hmacSecret);
  }

  /**
   * The checkout page's capability: answered only to the customer who started the top-up, inside their
   * checkout URL, and required to see or complete it; anyone else who learns the payment id gets a 404. Derived, not
   * stored, so the event log never holds it.
   */
  checkoutToken(paymentId: string): string {
    return createHmac('sha256', this.hmacSecret).update(`sandbox-checkout:${paymentId}`).digest('base64url');
  }

  /** The checkout URL the payer is sent to (with its capability). */
  payerCheckoutUrl(paymentId: string): string {
    return `${sandboxCheckoutPath(paymentId)}?t=${this.checkoutToken(paymentId)}`;
  }

  checkoutTokenMatches(paymentId: string, token: unknown): boolean {
    const expected = Buffer.from(this.checkoutToken(paymentId));
    const given = Buffer.from(typeof token === 'string' ? token : '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The callback a provider would post for the payer's choice on the sandbox page. */
  signedCallback(paymentId: string, amountPiastres: number, choice: SandboxChoice): CallbackInput {
    const obj = {
      id: randomUUID(),
      amount_cents: amountPiastres,
      created_at: new Date().toISOString(),
      currency: 'EGP',
      error_occured: choice === 'fail',
      has_parent_transaction: false,
      integration_id: 0,
      is_3d_secure: false,
      is_auth: false,
      is_capture: false,
      is_refunded: false,
      is_standalone_payment: true,
      is_voided: choice === 'cancel',
      order: { id: sandboxOrderId(paymentId), merchant_order_id: paymentId },
      owner: 0,
      pending: false,
      source_data: { pan: '0000', sub_type: 'Sandbox', type: 'card' },
      success: choice === 'pay',
      data: { message: choice === 'fail' ? 'sandbox_declined' : choice === 'cancel' ? 'canceled' : 'approved' },
    };
    return { query: { hmac: paymobHmac(fieldsOfTransaction(obj), this.hmacSecret) }, body: { type: 'TRANSACTION', obj }, headers: {} };
  }
}
