import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { customerToken, query, superAdminToken } from '../support/identity';

/** An admin query about a customer who does not exist is a 404, not an empty answer. */
describe('admin queries for an unknown customer', () => {
  let app: TestApp;
  let admin: string;
  let customerId: string;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    customerId = (await customerToken(app)).customerId;
  });
  afterAll(() => app?.close());

  it("answers 404 customer_not_found for an unknown customer's wallet, and the wallet of a known one", async () => {
    const unknown = await query(app, `/api/queries/admin/customers/${randomUUID()}/wallet`, admin);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'identity.customer_not_found']);
    const known = await query<{ balance: number }>(app, `/api/queries/admin/customers/${customerId}/wallet`, admin);
    expect(known.status).toBe(200);
    expect(known.body.balance).toBe(0);
  });

  it('answers 404 for the sessions list filtered by an unknown customer', async () => {
    const unknown = await query(app, `/api/queries/admin/sessions?customerId=${randomUUID()}`, admin);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'identity.customer_not_found']);
    const known = await query(app, `/api/queries/admin/sessions?customerId=${customerId}`, admin);
    expect(known.status).toBe(200);
  });
});
