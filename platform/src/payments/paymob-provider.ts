import { verifyPaymobCallback } from './paymob-callback';
import {
  PaymentProviderUnavailableError,
  type CallbackInput,
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type VerifiedCallback,
} from './port';

export interface PaymobSettings {
  /** e.g. https://accept.paymob.com (no trailing slash). */
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  integrationIds: number[];
  timeoutMs?: number;
}

interface IntentionReply {
  client_secret?: unknown;
  intention_order_id?: unknown;
}

const splitName = (name: string) => {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { first_name: firstName || 'NA', last_name: rest.join(' ') || 'NA' };
};

/**
 * Paymob's Intention API and Unified Checkout. The secret key goes only in the Authorization header to Paymob; the
 * browser gets the public key and the intention's client secret, as Paymob's checkout requires.
 */
export class PaymobProvider implements PaymentProvider {
  readonly name = 'paymob' as const;

  constructor(private readonly settings: PaymobSettings) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const { baseUrl, secretKey, publicKey, integrationIds } = this.settings;
    const body = {
      amount: request.amount,
      currency: 'EGP',
      payment_methods: integrationIds,
      items: [{ name: 'Wallet top-up', amount: request.amount, description: 'EV charging wallet top-up', quantity: 1 }],
      billing_data: {
        ...splitName(request.customer.name),
        email: request.customer.email,
        phone_number: request.customer.phone || 'NA',
        apartment: 'NA',
        floor: 'NA',
        street: 'NA',
        building: 'NA',
        city: 'NA',
        country: 'EG',
      },
      special_reference: request.paymentId,
      notification_url: request.callbackUrl,
      redirection_url: request.returnUrl,
    };
    let reply: IntentionReply;
    try {
      const res = await fetch(`${baseUrl}/v1/intention/`, {
        method: 'POST',
        headers: { authorization: `Token ${secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 15_000),
      });
      if (!res.ok) throw new PaymentProviderUnavailableError(`Paymob answered ${res.status} to the intention`);
      reply = (await res.json()) as IntentionReply;
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) throw error;
      throw new PaymentProviderUnavailableError(`Paymob could not be reached (${error instanceof Error ? error.name : 'error'})`);
    }
    const clientSecret = typeof reply.client_secret === 'string' ? reply.client_secret : '';
    const orderId =
      typeof reply.intention_order_id === 'number' || typeof reply.intention_order_id === 'string' ? String(reply.intention_order_id) : '';
    if (!clientSecret || !orderId)
      throw new PaymentProviderUnavailableError('Paymob answered an intention without client secret or order id');
    const query = new URLSearchParams({ publicKey, clientSecret });
    return { providerRef: orderId, checkoutUrl: `${baseUrl}/unifiedcheckout/?${query.toString()}` };
  }

  verifyCallback(input: CallbackInput): VerifiedCallback | null {
    return verifyPaymobCallback(input, this.settings.hmacSecret);
  }
}
