import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { command, customerToken, givenStaff, superAdminToken } from '../support/identity';

describe('wallet: staff adjustments', () => {
  let app: TestApp;
  let admin: string;
  let customer: { customerId: string; token: string };
  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    customer = await customerToken(app);
  });
  afterAll(() => app?.close());

  const wallet = async (customerId: string) =>
    (await app.embedded.infra.eventStore.readStream(`wallet-${customerId}`)).map((e) => ({
      type: e.type,
      data: e.data as Record<string, unknown>,
      metadata: e.metadata,
    }));
  const adjust = (body: Record<string, unknown>, token = admin) =>
    command(
      app,
      'wallet.adjust',
      {
        adjustmentId: randomUUID(),
        customerId: customer.customerId,
        direction: 'credit',
        amountEgp: 25,
        reason: 'Goodwill credit',
        ...body,
      },
      token,
    );

  it('credits and deducts with the reason in the event and its metadata; the same adjustment resent counts once', async () => {
    const adjustmentId = randomUUID();
    expect((await adjust({ adjustmentId, amountEgp: '٢٥٫٥٠' })).status).toBe(200);
    expect((await adjust({ adjustmentId, amountEgp: 25.5 })).status).toBe(200);
    expect((await adjust({ direction: 'debit', amountEgp: 5, reason: '  Duplicate session refund  ' })).status).toBe(200);
    const events = await wallet(customer.customerId);
    expect(events.map((e) => [e.type, e.data.amount, e.data.balanceAfter, e.data.reason])).toEqual([
      ['WalletCredited', 2550, 2550, 'Goodwill credit'],
      ['WalletDebited', 500, 2050, 'Duplicate session refund'],
    ]);
    expect(events[0]).toMatchObject({
      data: { transactionId: `adjustment:${adjustmentId}`, kind: 'adjustment', reference: { type: 'adjustment', id: adjustmentId } },
      metadata: { reason: 'Goodwill credit', actor: { type: 'staff' } },
    });
  });

  it('refuses an amount under 1 EGP, a whitespace reason, a deduction below zero and an unknown customer', async () => {
    expect((await adjust({ amountEgp: 0.99 })).body).toMatchObject({
      code: 'request.invalid',
      fieldErrors: [{ path: 'amountEgp', code: 'amount_min' }],
    });
    expect((await adjust({ reason: '   ' })).body).toMatchObject({
      code: 'request.invalid',
      fieldErrors: [{ path: 'reason', code: 'required' }],
    });
    const before = await wallet(customer.customerId);
    const balance = Number(before.at(-1)?.data.balanceAfter ?? 0);
    const tooMuch = await adjust({ direction: 'debit', amountEgp: balance / 100 + 0.01 });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([422, 'wallet.insufficient_balance']);
    expect((await adjust({ direction: 'debit', amountEgp: balance / 100 })).status).toBe(200); // exactly to zero is fine
    expect((await wallet(customer.customerId)).at(-1)?.data.balanceAfter).toBe(0);
    const nobody = await adjust({ customerId: 'no-such-customer' });
    expect([nobody.status, nobody.body.code]).toEqual([404, 'identity.customer_not_found']);
  });

  it('needs wallet.adjust: staff without it get 403, customers 403, visitors 401', async () => {
    await must(
      app,
      'roles.create',
      { roleId: 'role-support-read', name: 'Support read', nameAr: 'دعم قراءة', privileges: ['customers.read'] },
      admin,
    );
    const staff = await givenStaff(app, ['role-support-read'], admin);
    const before = (await wallet(customer.customerId)).length;
    expect((await adjust({}, staff.token)).status).toBe(403);
    expect((await adjust({}, customer.token)).status).toBe(403);
    expect(
      (
        await command(app, 'wallet.adjust', {
          adjustmentId: randomUUID(),
          customerId: customer.customerId,
          direction: 'credit',
          amountEgp: 5,
          reason: 'x',
        })
      ).status,
    ).toBe(401);
    expect(await wallet(customer.customerId)).toHaveLength(before);
  });
});
