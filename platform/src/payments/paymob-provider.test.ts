import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymobHmac, fieldsOfTransaction } from './paymob-callback';
import { PaymobProvider } from './paymob-provider';
import { SandboxPaymentProvider } from './sandbox-provider';

const HMAC_SECRET = 'test_hmac_secret';
/** Computed outside this code (Python hmac/hashlib) over the documented fields of `transaction` below, in order. */
const VECTOR =
  '8299896f665fda8b2fe954970191dd896501b61d1c323f07d901975549e97a9e443750cf15f6d15a0735c02de0f54b78c3ac8f6a8ad9e00e630f319f440270f1';

const transaction = () => ({
  id: 192036465,
  pending: false,
  amount_cents: 5000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4567,
  has_parent_transaction: false,
  error_occured: false,
  currency: 'EGP',
  created_at: '2026-01-05T10:00:00.000000',
  owner: 302852,
  order: { id: 217503754, merchant_order_id: 'b1c7a1e2-3f4d-4e5f-8a9b-0c1d2e3f4a5b' },
  source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard' },
  data: { message: 'Approved' },
});

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

describe('Paymob provider', () => {
  let server: Server;
  let base: string;
  let seen: Seen[];
  let answer: (req: IncomingMessage) => { status: number; body: unknown; delayMs?: number };
  beforeEach(async () => {
    seen = [];
    answer = () => ({ status: 201, body: { id: 'pi_test_1', client_secret: 'egy_csk_test_abc', intention_order_id: 217503754 } });
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          authorization: req.headers.authorization,
          body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
        });
        const { status, body, delayMs = 0 } = answer(req);
        setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)), delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const provider = (timeoutMs = 2000) =>
    new PaymobProvider({
      baseUrl: base,
      secretKey: 'sk_test_secret',
      publicKey: 'egy_pk_test_pub',
      hmacSecret: HMAC_SECRET,
      integrationIds: [4567, 4568],
      timeoutMs,
    });
  const request = {
    paymentId: 'b1c7a1e2-3f4d-4e5f-8a9b-0c1d2e3f4a5b',
    amount: 5000,
    customer: { name: 'Mona Hassan', email: 'mona@example.com', phone: '01012345678' },
    returnUrl: 'https://ev.example.eg/api/payments/paymob/return',
    callbackUrl: 'https://ev.example.eg/api/payments/paymob/callback',
  };

  it('creates an intention with the secret key and answers the unified checkout URL with the public key and client secret', async () => {
    const checkout = await provider().createCheckout(request);
    expect(checkout).toEqual({
      providerRef: '217503754',
      checkoutUrl: `${base}/unifiedcheckout/?publicKey=egy_pk_test_pub&clientSecret=egy_csk_test_abc`,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/intention/', authorization: 'Token sk_test_secret' });
    expect(seen[0]!.body).toMatchObject({
      amount: 5000,
      currency: 'EGP',
      payment_methods: [4567, 4568],
      items: [{ amount: 5000, quantity: 1 }],
      billing_data: { first_name: 'Mona', last_name: 'Hassan', email: 'mona@example.com', phone_number: '01012345678' },
      special_reference: request.paymentId,
      notification_url: request.callbackUrl,
      redirection_url: request.returnUrl,
    });
  });

  it('maps an error answer, a reply without client secret, a timeout and a closed port to payments.provider_unavailable', async () => {
    answer = () => ({ status: 401, body: { detail: 'Invalid token' } });
    await expect(provider().createCheckout(request)).rejects.toMatchObject({ code: 'payments.provider_unavailable' });
    answer = () => ({ status: 201, body: { id: 'pi_1' } });
    await expect(provider().createCheckout(request)).rejects.toMatchObject({ code: 'payments.provider_unavailable' });
    answer = () => ({ status: 201, body: { client_secret: 'x', intention_order_id: 1 }, delayMs: 500 });
    await expect(provider(100).createCheckout(request)).rejects.toMatchObject({ code: 'payments.provider_unavailable' });
    const closed = new PaymobProvider({
      baseUrl: 'http://127.0.0.1:1',
      secretKey: 's',
      publicKey: 'p',
      hmacSecret: 'h',
      integrationIds: [1],
    });
    await expect(closed.createCheckout(request)).rejects.toMatchObject({ code: 'payments.provider_unavailable' });
  });

  it('computes the documented HMAC (test vector)', () => {
    expect(paymobHmac(fieldsOfTransaction(transaction()), HMAC_SECRET)).toBe(VECTOR);
  });

  it('verifies the transaction-processed callback; a forged HMAC or a tampered amount is refused', () => {
    const post = (obj: unknown, hmac: string) =>
      provider().verifyCallback({ query: { hmac }, body: { type: 'TRANSACTION', obj }, headers: {} });
    expect(post(transaction(), VECTOR)).toEqual({
      paymentId: request.paymentId,
      outcome: 'completed',
      providerTransactionId: '192036465',
      amountPiastres: 5000,
      providerRef: '217503754',
    });
    expect(post(transaction(), VECTOR.toUpperCase())).not.toBeNull();
    expect(
      post(
        transaction(),
        VECTOR.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      ),
    ).toBeNull();
    expect(post(transaction(), 'not-hex')).toBeNull();
    expect(post(transaction(), '')).toBeNull();
    expect(post({ ...transaction(), amount_cents: 500000 }, VECTOR)).toBeNull();
    expect(post({ ...transaction(), success: false }, VECTOR)).toBeNull();
    expect(
      new PaymobProvider({ baseUrl: base, secretKey: 's', publicKey: 'p', hmacSecret: 'other', integrationIds: [1] }).verifyCallback({
        query: { hmac: VECTOR },
        body: { obj: transaction() },
        headers: {},
      }),
    ).toBeNull();
  });

  it('verifies the redirect (GET query) the same way, and reads declined, voided and pending outcomes', () => {
    const t = transaction();
    const query: Record<string, string> = {
      amount_cents: '5000',
      created_at: t.created_at,
      currency: 'EGP',
      error_occured: 'false',
      has_parent_transaction: 'false',
      id: '192036465',
      integration_id: '4567',
      is_3d_secure: 'true',
      is_auth: 'false',
      is_capture: 'false',
      is_refunded: 'false',
      is_standalone_payment: 'true',
      is_voided: 'false',
      order: '217503754',
      owner: '302852',
      pending: 'false',
      'source_data.pan': '2346',
      'source_data.sub_type': 'MasterCard',
      'source_data.type': 'card',
      success: 'true',
      merchant_order_id: request.paymentId,
      hmac: VECTOR,
    };
    expect(provider().verifyCallback({ query, body: undefined, headers: {} })).toMatchObject({
      outcome: 'completed',
      amountPiastres: 5000,
      paymentId: request.paymentId,
    });
    expect(provider().verifyCallback({ query: { ...query, amount_cents: '1' }, body: undefined, headers: {} })).toBeNull();
    const signed = (obj: ReturnType<typeof transaction>) =>
      provider().verifyCallback({ query: { hmac: paymobHmac(fieldsOfTransaction(obj), HMAC_SECRET) }, body: { obj }, headers: {} });
    expect(signed({ ...t, success: false, data: { message: 'Insufficient funds' } })).toMatchObject({
      outcome: 'failed',
      reason: 'Insufficient funds',
    });
    expect(signed({ ...t, success: false, is_voided: true })).toMatchObject({ outcome: 'canceled' });
    expect(signed({ ...t, success: false, pending: true })).toMatchObject({ outcome: 'pending' });
    expect(signed({ ...t, currency: 'USD' })).toBeNull();
  });

  it('the sandbox signs its outcomes the same way, with its own secret', () => {
    const sandbox = new SandboxPaymentProvider('sandbox-secret-0123456789abcdef0123');
    const paid = sandbox.signedCallback(request.paymentId, 2500, 'pay');
    expect(sandbox.verifyCallback(paid)).toMatchObject({
      paymentId: request.paymentId,
      outcome: 'completed',
      amountPiastres: 2500,
      providerRef: `sandbox-${request.paymentId}`,
    });
    expect(sandbox.verifyCallback(sandbox.signedCallback(request.paymentId, 2500, 'cancel'))).toMatchObject({ outcome: 'canceled' });
    expect(sandbox.verifyCallback(sandbox.signedCallback(request.paymentId, 2500, 'fail'))).toMatchObject({ outcome: 'failed' });
    expect(provider().verifyCallback(paid)).toBeNull(); // another secret
  });
});
