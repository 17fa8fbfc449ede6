import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopUpResult } from '@evc/contracts';
import { fieldsOfTransaction, paymobHmac } from '@evc/platform/payments/index';
import { startTestApp, type TestApp } from '../support/app';
import { command, customerToken } from '../support/identity';

const HMAC_SECRET = 'paymob_hmac_test_secret';

describe('payments: Paymob (against a fake Paymob on 127.0.0.1)', () => {
  let app: TestApp;
  let paymob: Server;
  let intentions: Record<string, unknown>[];
  let customer: { customerId: string; token: string };
  let nextOrder = 9_000_000;
  beforeAll(async () => {
    intentions = [];
    paymob = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        if (req.url !== '/v1/intention/' || req.headers.authorization !== 'Token sk_test_paymob') return res.writeHead(401).end('{}');
        intentions.push(JSON.parse(raw) as Record<string, unknown>);
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: 'pi_test', client_secret: `csk_${nextOrder}`, intention_order_id: ++nextOrder }));
      });
    });
    await new Promise<void>((resolve) => paymob.listen(0, '127.0.0.1', resolve));
    app = await startTestApp({
      env: {
        PAYMENT_PROVIDER: 'paymob',
        PAYMOB_BASE_URL: `http://127.0.0.1:${(paymob.address() as AddressInfo).port}`,
        PAYMOB_SECRET_KEY: 'sk_test_paymob',
        PAYMOB_PUBLIC_KEY: 'pk_test_paymob',
        PAYMOB_HMAC_SECRET: HMAC_SECRET,
        PAYMOB_INTEGRATION_IDS: '111,222',
        PUBLIC_BASE_URL: 'https://ev.example.eg',
      },
    });
    customer = await customerToken(app);
  });
  afterAll(async () => {
    await app?.close();
    paymob?.closeAllConnections();
    await new Promise((resolve) => paymob?.close(resolve));
  });

  const stream = async (id: string) =>
    (await app.embedded.infra.eventStore.readStream(id)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));
  const transaction = (paymentId: string, orderId: string, amount: number, success = true) => ({
    id: Math.floor(Math.random() * 1e9),
    pending: false,
    amount_cents: amount,
    success,
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_3d_secure: true,
    integration_id: 111,
    has_parent_transaction: false,
    error_occured: false,
    currency: 'EGP',
    created_at: '2026-01-05T10:00:00.000000',
    owner: 302852,
    order: { id: Number(orderId), merchant_order_id: paymentId },
    source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard' },
    data: { message: success ? 'Approved' : 'Do not honour' },
  });
  const callback = async (obj: ReturnType<typeof transaction>, hmac = paymobHmac(fieldsOfTransaction(obj), HMAC_SECRET)) => {
    const res = await fetch(`${app.baseUrl}/api/payments/paymob/callback?hmac=${hmac}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'TRANSACTION', obj }),
    });
    return { status: res.status, body: (await res.json()) as { accepted: boolean } };
  };
  const start = async (amountEgp: number) => {
    const paymentId = randomUUID();
    const res = await command<TopUpResult>(app, 'wallet.top-up', { paymentId, amountEgp }, customer.token);
    expect(res.status).toBe(200);
    const [initiated] = await stream(`payment-${paymentId}`);
    return { paymentId, orderId: String(initiated!.data.providerRef), checkoutUrl: res.body.checkoutUrl };
  };
  const credits = async () => (await stream(`wallet-${customer.customerId}`)).filter((e) => e.type === 'WalletCredited');

  it('creates the intention with the callback and return URLs and answers the unified checkout URL (no secret key in it)', async () => {
    const { paymentId, checkoutUrl } = await start(75);
    expect(checkoutUrl).toMatch(/\/unifiedcheckout\/\?publicKey=pk_test_paymob&clientSecret=csk_\d+$/);
    expect(checkoutUrl).not.toContain('sk_test_paymob&');
    expect(intentions.at(-1)).toMatchObject({
      amount: 7500,
      currency: 'EGP',
      payment_methods: [111, 222],
      special_reference: paymentId,
      notification_url: 'https://ev.example.eg/api/payments/paymob/callback',
      redirection_url: 'https://ev.example.eg/api/payments/paymob/return',
    });
    expect((await stream(`payment-${paymentId}`))[0]).toMatchObject({
      type: 'PaymentInitiated',
      data: { provider: 'paymob', amount: 7500 },
    });
  });

  it('a verified callback completes the payment and credits once, however often it comes; forged, tampered or replayed ones credit nothing', async () => {
    const { paymentId, orderId } = await start(100);
    const before = (await credits()).length;
    const forged = transaction(paymentId, orderId, 10000);
    expect((await callback(forged, 'ab'.repeat(64))).body).toEqual({ accepted: false });
    const tampered = transaction(paymentId, orderId, 10000);
    const signature = paymobHmac(fieldsOfTransaction(tampered), HMAC_SECRET);
    expect((await callback({ ...tampered, amount_cents: 1000000 }, signature)).body).toEqual({ accepted: false });
    // Signed, but for another amount than the payment's: refused.
    expect((await callback(transaction(paymentId, orderId, 100))).body).toEqual({ accepted: false });
    // A genuine callback of another order, pointed at this payment: refused (the order id is signed).
    expect((await callback(transaction(paymentId, String(Number(orderId) + 77), 10000))).body).toEqual({ accepted: false });
    expect((await stream(`payment-${paymentId}`)).map((e) => e.type)).toEqual(['PaymentInitiated']);
    expect(await credits()).toHaveLength(before);

    const genuine = transaction(paymentId, orderId, 10000);
    for (let i = 0; i < 4; i++) expect(await callback(genuine)).toEqual({ status: 200, body: { accepted: true } });
    expect((await stream(`payment-${paymentId}`)).map((e) => e.type)).toEqual(['PaymentInitiated', 'PaymentCompleted']);
    const mine = (await credits()).filter((e) => e.data.transactionId === `payment:${paymentId}`);
    expect(mine).toEqual([expect.objectContaining({ data: expect.objectContaining({ amount: 10000, kind: 'top_up' }) })]);
  });

  it("the payer's return (GET with the fields and hmac) is verified the same way, then redirects to the wallet", async () => {
    const { paymentId, orderId } = await start(30);
    const t = transaction(paymentId, orderId, 3000, false);
    const query = new URLSearchParams({
      amount_cents: '3000',
      created_at: t.created_at,
      currency: 'EGP',
      error_occured: 'false',
      has_parent_transaction: 'false',
      id: String(t.id),
      integration_id: '111',
      is_3d_secure: 'true',
      is_auth: 'false',
      is_capture: 'false',
      is_refunded: 'false',
      is_standalone_payment: 'true',
      is_voided: 'false',
      order: orderId,
      owner: '302852',
      pending: 'false',
      'source_data.pan': '2346',
      'source_data.sub_type': 'MasterCard',
      'source_data.type': 'card',
      success: 'false',
      merchant_order_id: paymentId,
      'data.message': 'Do not honour',
      hmac: paymobHmac(fieldsOfTransaction(t), HMAC_SECRET),
    });
    const forged = new URLSearchParams(query);
    forged.set('success', 'true');
    const refused = await fetch(`${app.baseUrl}/api/payments/paymob/return?${forged}`, { redirect: 'manual' });
    expect([refused.status, refused.headers.get('location')]).toEqual([303, '/wallet']);
    expect((await stream(`payment-${paymentId}`)).map((e) => e.type)).toEqual(['PaymentInitiated']);
    const back = await fetch(`${app.baseUrl}/api/payments/paymob/return?${query}`, { redirect: 'manual' });
    expect([back.status, back.headers.get('location')]).toEqual([303, `/wallet?payment=${paymentId}`]);
    expect((await stream(`payment-${paymentId}`))[1]).toMatchObject({ type: 'PaymentFailed', data: { reason: 'Do not honour' } });
    // The sandbox does not exist beside Paymob.
    expect((await fetch(`${app.baseUrl}/api/payments/sandbox/${paymentId}`)).status).toBe(404);
  });
});
