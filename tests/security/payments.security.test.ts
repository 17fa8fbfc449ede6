import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopUpResult } from '@evc/contracts';
import { startTestApp, type TestApp } from '../support/app';
import { command, customerToken } from '../support/identity';

/** Through the sandbox: declined then paid is credited once; only the payer's URL completes it. */
describe('sandbox payments', () => {
  let app: TestApp;
  let customer: { customerId: string; token: string };
  beforeAll(async () => {
    app = await startTestApp();
    customer = await customerToken(app);
  });
  afterAll(() => app?.close());

  const types = async (streamId: string) => (await app.embedded.infra.eventStore.readStream(streamId)).map((e) => e.type);
  const post = (url: string, choice: string) => {
    const form = new FormData();
    form.set('choice', choice);
    return fetch(app.baseUrl + url, { method: 'POST', body: form, redirect: 'manual' });
  };
  const topUp = async (amountEgp: number) => {
    const paymentId = randomUUID();
    const res = await command<TopUpResult>(app, 'wallet.top-up', { paymentId, amountEgp }, customer.token);
    expect(res.status).toBe(200);
    return { paymentId, checkoutUrl: res.body.checkoutUrl };
  };

  it('a payer declined and then paying on the same payment is credited once', async () => {
    const { paymentId, checkoutUrl } = await topUp(30);
    expect((await post(checkoutUrl, 'fail')).status).toBe(303);
    expect(await (await fetch(app.baseUrl + checkoutUrl)).text()).toContain('<button');
    expect((await post(checkoutUrl, 'pay')).status).toBe(303);
    expect((await post(checkoutUrl, 'pay')).status).toBe(303);
    expect(await types(`payment-${paymentId}`)).toEqual(['PaymentInitiated', 'PaymentFailed', 'PaymentCompleted']);
    const credits = (await app.embedded.infra.eventStore.readStream(`wallet-${customer.customerId}`)).filter(
      (e) => (e.data as { transactionId: string }).transactionId === `payment:${paymentId}`,
    );
    expect(credits.map((e) => [e.type, (e.data as { amount: number }).amount])).toEqual([['WalletCredited', 3000]]);
  });

  it('only the holder of the checkout URL answered to the payer can see or complete the checkout', async () => {
    const { paymentId, checkoutUrl } = await topUp(40);
    const bare = `/api/payments/sandbox/${paymentId}`;
    expect((await fetch(app.baseUrl + bare)).status).toBe(404);
    expect((await post(bare, 'cancel')).status).toBe(404);
    expect((await post(`${bare}?t=${'A'.repeat(43)}`, 'fail')).status).toBe(404);
    expect(await types(`payment-${paymentId}`)).toEqual(['PaymentInitiated']);
    expect((await fetch(app.baseUrl + checkoutUrl)).status).toBe(200);
    expect((await post(checkoutUrl, 'pay')).status).toBe(303);
    expect(await types(`payment-${paymentId}`)).toEqual(['PaymentInitiated', 'PaymentCompleted']);
  });
});
