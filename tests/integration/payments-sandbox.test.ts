import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopUpResult } from '@evc/contracts';
import { must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { command, customerToken, superAdminToken } from '../support/identity';

type Result = TopUpResult & { code?: string };

describe('payments: top-up through the embedded sandbox provider', () => {
  let app: TestApp;
  let customer: { customerId: string; token: string };
  beforeAll(async () => {
    app = await startTestApp();
    customer = await customerToken(app);
  });
  afterAll(() => app?.close());

  const stream = async (id: string) =>
    (await app.embedded.infra.eventStore.readStream(id)).map((e) => ({
      type: e.type,
      data: e.data as Record<string, unknown>,
      metadata: e.metadata,
    }));
  /** The checkout URL each payment's customer was answered (with the page's capability `t`). */
  const checkouts = new Map<string, string>();
  const topUp = async (amountEgp: number | string, paymentId = randomUUID(), token = customer.token) => {
    const res = await command<Result>(app, 'wallet.top-up', { paymentId, amountEgp }, token);
    if (res.body.checkoutUrl) checkouts.set(paymentId, res.body.checkoutUrl);
    return { paymentId, res };
  };
  const choose = (paymentId: string, choice: string) => {
    const form = new FormData();
    form.set('choice', choice);
    return fetch(`${app.baseUrl}${checkouts.get(paymentId) ?? `/api/payments/sandbox/${paymentId}`}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
  };

  it('start → checkout page → pay → 303 to the wallet → PaymentCompleted and one credit, however often the form is posted', async () => {
    const { paymentId, res } = await topUp(50.25);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      paymentId,
      checkoutUrl: expect.stringMatching(new RegExp(`^/api/payments/sandbox/${paymentId}\\?t=[\\w-]{43}$`)),
      streamId: `payment-${paymentId}`,
    });

    const page = await fetch(app.baseUrl + res.body.checkoutUrl);
    const html = await page.text();
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(html).toContain('dir="ltr"');
    expect(html).toMatch(/EGP\s?50\.25|50\.25\s?EGP/);
    expect(html.match(/<button type="submit" name="choice"/g)).toHaveLength(3);
    expect(html).not.toMatch(/<script|https?:\/\//);
    const arabic = await (await fetch(`${app.baseUrl}${res.body.checkoutUrl}&lang=ar`)).text();
    expect(arabic).toContain('lang="ar" dir="rtl"');
    expect(arabic).toContain('ادفع');

    const paid = await choose(paymentId, 'pay');
    expect([paid.status, paid.headers.get('location')]).toEqual([303, `/wallet?payment=${paymentId}`]);
    for (let i = 0; i < 3; i++) expect((await choose(paymentId, 'pay')).status).toBe(303);
    expect((await choose(paymentId, 'fail')).status).toBe(303);

    const payment = await stream(`payment-${paymentId}`);
    expect(payment.map((e) => e.type)).toEqual(['PaymentInitiated', 'PaymentCompleted']);
    expect(payment[0]).toMatchObject({
      data: { customerId: customer.customerId, amount: 5025, provider: 'sandbox' },
      metadata: { actor: { type: 'customer', id: customer.customerId }, reason: 'top_up' },
    });
    expect(payment[1]).toMatchObject({
      data: { amount: 5025 },
      metadata: { actor: { type: 'system', id: 'payments-sandbox' }, reason: expect.stringContaining('completed') },
    });
    const wallet = await stream(`wallet-${customer.customerId}`);
    expect(wallet).toEqual([
      expect.objectContaining({
        type: 'WalletCredited',
        data: expect.objectContaining({
          transactionId: `payment:${paymentId}`,
          amount: 5025,
          balanceAfter: 5025,
          kind: 'top_up',
          reference: { type: 'payment', id: paymentId },
          reason: 'top_up',
        }),
      }),
    ]);
    // The page of an ended payment offers no buttons.
    expect(await (await fetch(app.baseUrl + res.body.checkoutUrl)).text()).not.toContain('<button');
  });

  it('cancel records its outcome and credits nothing, even when "pay" follows; a failure credits nothing', async () => {
    const before = (await stream(`wallet-${customer.customerId}`)).length;
    const canceled = await topUp(10);
    expect((await choose(canceled.paymentId, 'cancel')).status).toBe(303);
    expect((await choose(canceled.paymentId, 'pay')).status).toBe(303);
    expect((await stream(`payment-${canceled.paymentId}`)).map((e) => e.type)).toEqual(['PaymentInitiated', 'PaymentCanceled']);
    const failed = await topUp(10);
    expect((await choose(failed.paymentId, 'fail')).status).toBe(303);
    const events = await stream(`payment-${failed.paymentId}`);
    expect(events.map((e) => e.type)).toEqual(['PaymentInitiated', 'PaymentFailed']);
    expect(events[1]).toMatchObject({
      data: { reason: 'sandbox_declined' },
      metadata: { actor: { type: 'system', id: 'payments-sandbox' } },
    });
    expect(await stream(`wallet-${customer.customerId}`)).toHaveLength(before);
  });

  it("refuses bad amounts, unknown payments and choices, forged Paymob callbacks, and another customer's payment id", async () => {
    expect((await topUp(0.5)).res.body).toMatchObject({
      code: 'request.invalid',
      fieldErrors: [{ path: 'amountEgp', code: 'amount_min' }],
    });
    expect((await topUp(10.123)).res.body).toMatchObject({ code: 'request.invalid' });
    expect((await topUp('١٥')).res.status).toBe(200); // Eastern Arabic digits, as typed
    expect((await command(app, 'wallet.top-up', { paymentId: randomUUID(), amountEgp: 10 })).status).toBe(401);
    expect((await command(app, 'wallet.top-up', { paymentId: randomUUID(), amountEgp: 10 }, await superAdminToken(app))).status).toBe(403);

    const unknown = randomUUID();
    expect((await fetch(`${app.baseUrl}/api/payments/sandbox/${unknown}`)).status).toBe(404);
    expect((await choose(unknown, 'pay')).status).toBe(404);
    const { paymentId } = await topUp(20);
    expect((await choose(paymentId, 'steal')).status).toBe(400);
    // The sandbox is the provider: Paymob's routes do not exist, so a forged Paymob callback reaches nothing.
    const forged = await fetch(`${app.baseUrl}/api/payments/paymob/callback?hmac=${'0'.repeat(128)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'TRANSACTION',
        obj: { success: true, amount_cents: 2000, order: { id: `sandbox-${paymentId}`, merchant_order_id: paymentId } },
      }),
    });
    expect(forged.status).toBe(404);
    expect((await stream(`payment-${paymentId}`)).map((e) => e.type)).toEqual(['PaymentInitiated']);

    const other = await customerToken(app);
    const taken = await topUp(20, paymentId, other.token);
    expect([taken.res.status, taken.res.body.code]).toEqual([409, 'request.duplicate_id']);
    expect(await stream(`payment-${paymentId}`)).toHaveLength(1);
    // The same request again (a retry) answers the same checkout without a second PaymentInitiated.
    const retry = await topUp(20, paymentId);
    expect(retry.res.body).toMatchObject({ paymentId, checkoutUrl: checkouts.get(paymentId) });
    expect(await stream(`payment-${paymentId}`)).toHaveLength(1);
  });

  it('a banned customer cannot start a top-up', async () => {
    const banned = await customerToken(app);
    await must(app, 'customers.ban', { customerId: banned.customerId, reason: 'Chargeback abuse' }, await superAdminToken(app));
    const res = await topUp(10, randomUUID(), banned.token);
    expect([res.res.status, res.res.body.code]).toEqual([403, 'identity.account_banned']);
  });
});
