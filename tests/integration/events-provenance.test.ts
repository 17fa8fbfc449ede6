import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargerOperationsView, ProvenanceView } from '@evc/contracts';
import { envelope, newContext } from '@evc/command-service';
import { DEMO_WELCOME_CREDIT } from '@evc/command-service/seed/seed-charging';
import { checkoutInSandbox, startTestApp, type TestApp } from '../support/app';
import { WALLET_LEDGER, type WalletLedger } from '@evc/command-service/wallet/wallet-ledger';
import {
  chargeOnce,
  connectDemoCharger,
  demoCustomer,
  until,
  type ChargedSession,
  type DemoCustomer,
  type RawCharger,
} from '../support/charging-story';
import { command, customerToken, givenStaff, query, superAdminToken } from '../support/identity';

/**
 * The customer's "how this was calculated" and the charger's operations view, on a real OCPP 1.6 charger:
 * one session stopped from the phone (2 kWh above the minimum), one the charger dropped (power loss after a fault).
 */
describe('provenance for customers and the charger operations view', () => {
  let app: TestApp;
  let customer: DemoCustomer;
  let charger: RawCharger;
  let charged: ChargedSession;
  let dropped: ChargedSession;
  let admin: string;

  const steps = (p: ProvenanceView) => p.steps.map((s) => s.code);
  const stepOf = (p: ProvenanceView, code: string) => p.steps.find((s) => s.code === code)!;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await superAdminToken(app);
    customer = await demoCustomer(app);
    charger = await connectDemoCharger(app);
    charged = await chargeOnce(app, charger, customer, { meterStart: 1000, registers: [2000, 6000, 11_000] });
    dropped = await chargeOnce(app, charger, customer, {
      meterStart: 20_000,
      registers: [20_400],
      before: async () =>
        void (await charger.status(1, 'Faulted', { errorCode: 'GroundFailure', info: 'RCD tripped', vendorErrorCode: 'E-417' })),
      stop: { chargerReason: 'PowerLoss' },
    });
    await charger.client.call('BootNotification', { chargePointVendor: 'Delta', chargePointModel: 'DC Max 50' });
  }, 60_000);

  afterAll(async () => {
    await charger?.close();
    await app?.close();
  });

  it("explains a session's cost from its meter readings and the prices in force at its start", async () => {
    const res = await query<ProvenanceView>(app, `/api/queries/me/sessions/${charged.sessionId}/provenance`, customer.token);
    expect(res.status).toBe(200);
    const p = res.body;
    expect(steps(p)).toEqual([
      'session.started',
      'session.prices',
      'session.meter_start',
      'session.readings',
      'session.meter_stop',
      'session.energy',
      'session.energy_cost',
      expect.stringMatching(/^session\.minimum_/),
      'session.stopped',
      'session.billed',
    ]);
    const prices = stepOf(p, 'session.prices').values;
    expect(stepOf(p, 'session.meter_start').values.meterStartWh).toBe(1000);
    expect(stepOf(p, 'session.meter_stop').values.meterStopWh).toBe(11_000);
    expect(stepOf(p, 'session.energy').values.energyWh).toBe(10_000);
    const energyCost = Math.round((10_000 * Number(prices.pricePerKwh)) / 1000);
    expect(stepOf(p, 'session.energy_cost').values.energyCost).toBe(energyCost);
    expect(p.amount).toBe(Math.max(Number(prices.minimumCharge), energyCost));
    expect(p.readings.map((r) => r.energyWh)).toEqual([2000, 6000, 11_000]);
    expect(prices.effectiveFrom).toEqual(expect.any(String));
    // The session's own detail agrees with the explanation.
    const detail = await query<{ cost: number }>(app, `/api/queries/me/sessions/${charged.sessionId}`, customer.token);
    expect(detail.body.cost).toBe(p.amount);
  });

  it('explains wallet lines: the session debit, the welcome credit (an adjustment, with its own words only)', async () => {
    const debit = await query<ProvenanceView>(
      app,
      `/api/queries/me/wallet/provenance?transactionId=session:${charged.sessionId}`,
      customer.token,
    );
    expect(debit.status).toBe(200);
    expect(steps(debit.body).at(-1)).toBe('wallet.debited');
    expect(steps(debit.body)).toContain('session.energy_cost');
    const moved = stepOf(debit.body, 'wallet.debited').values;
    expect(Number(moved.balanceBefore) - Number(moved.balanceAfter)).toBe(debit.body.amount);

    const welcome = await query<ProvenanceView>(
      app,
      '/api/queries/me/wallet/provenance?transactionId=adjustment:demo-welcome',
      customer.token,
    );
    expect(welcome.status).toBe(200);
    expect(welcome.body).toMatchObject({ subject: 'wallet_line', amount: DEMO_WELCOME_CREDIT });
    expect(steps(welcome.body)).toEqual(['adjustment.made', 'wallet.credited']);
    // Nothing staff-internal: no actor, no metadata reason, no ids of the log.
    const text = JSON.stringify(welcome.body);
    for (const internal of ['system', 'correlation', 'demo seed']) expect(text).not.toContain(internal);
  });

  it('explains a top-up by its payment (provider references) and a booking fee by the fee per minute in force', async () => {
    const paymentId = randomUUID();
    const started = await command<{ checkoutUrl: string }>(app, 'wallet.top-up', { paymentId, amountEgp: 25 }, customer.token);
    expect(started.status).toBe(200);
    expect(await checkoutInSandbox(app.baseUrl, started.body.checkoutUrl)).toBe(303);
    const topUp = await until(
      () => query<ProvenanceView>(app, `/api/queries/me/wallet/provenance?transactionId=payment:${paymentId}`, customer.token),
      (r) => r.status === 200,
      'the credit',
    );
    expect(steps(topUp.body)).toEqual(['payment.started', 'payment.completed', 'wallet.credited']);
    expect(stepOf(topUp.body, 'payment.started').values).toMatchObject({
      amount: 2500,
      provider: 'sandbox',
      providerRef: expect.any(String),
    });
    expect(stepOf(topUp.body, 'payment.completed').values.providerTransactionId).toEqual(expect.any(String));

    // A booking's fee as the bookings context records it on the wallet (transaction booking:<id>, reference booking).
    const fee = (await query<{ bookingFeePerMinute: number }>(app, '/api/queries/pricing')).body.bookingFeePerMinute;
    const bookingId = randomUUID();
    const ledger = app.embedded.app.get<WalletLedger>(WALLET_LEDGER);
    await ledger.record(
      customer.customerId,
      {
        transactionId: `booking:${bookingId}`,
        direction: 'debit',
        amount: fee * 15,
        kind: 'booking',
        reference: { type: 'booking', id: bookingId },
        reason: 'booking',
      },
      newContext({ type: 'system', id: 'bookings' }),
    );
    const booking = await until(
      () => query<ProvenanceView>(app, `/api/queries/me/wallet/provenance?transactionId=booking:${bookingId}`, customer.token),
      (r) => r.status === 200,
      'the booking line',
    );
    expect(stepOf(booking.body, 'booking.fee').values).toMatchObject({ feePerMinute: fee, minutes: 15, amount: fee * 15 });
  });

  it("answers another customer's session or line like a missing one", async () => {
    const other = await customerToken(app);
    const session = await query<{ code: string }>(app, `/api/queries/me/sessions/${charged.sessionId}/provenance`, other.token);
    expect(session.status).toBe(404);
    expect(session.body.code).toBe('charging.session_not_found');
    const line = await query<{ code: string }>(
      app,
      `/api/queries/me/wallet/provenance?transactionId=session:${charged.sessionId}`,
      other.token,
    );
    expect(line.status).toBe(404);
    expect(line.body.code).toBe('wallet.transaction_not_found');
    expect((await query(app, `/api/queries/me/sessions/${randomUUID()}/provenance`, customer.token)).status).toBe(404);
    expect((await query(app, `/api/queries/me/sessions/${charged.sessionId}/provenance`, admin)).status).toBe(403);
  });

  it('shows connections, boots, the fault with its vendor code, and the dropped session with what the charger did around it', async () => {
    const res = await query<ChargerOperationsView>(app, `/api/queries/admin/chargers/${charger.chargerId}/operations`, admin);
    expect(res.status).toBe(200);
    const v = res.body;
    expect(v.online).toBe(true);
    expect(v.connections[0]).toMatchObject({ protocol: 'ocpp1.6', disconnectedAt: null });
    expect(v.boots.map((b) => b.vendor)).toContain('Delta');
    expect(v.faults[0]).toMatchObject({
      connectorId: 1,
      code: 'GroundFailure',
      info: 'RCD tripped',
      vendorErrorCode: 'E-417',
      ocppStatus: 'Faulted',
    });
    expect(v.faults[0]!.clearedAt).not.toBeNull();
    const drop = v.dropped.find((d) => d.sessionId === dropped.sessionId)!;
    expect(drop).toMatchObject({ stopReason: 'charger', chargerReason: 'PowerLoss' });
    expect(drop.around.map((a) => a.type)).toContain('ConnectorStatusChanged');
    expect(drop.around.find((a) => a.type === 'ConnectorStatusChanged' && a.detail?.includes('E-417'))).toBeTruthy();
    expect(v.dropped.map((d) => d.sessionId)).not.toContain(charged.sessionId); // stopped from the phone: not dropped
    expect(v.events.length).toBeLessThanOrEqual(100);
    expect(v.events.map((e) => e.type)).toEqual(expect.arrayContaining(['ChargerBooted', 'SessionStopped', 'ChargerCommandRequested']));
    const positions = v.events.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
  });

  it('shows a fault recorded before ConnectorStatusChanged version 2 (upcast on read), in the window asked', async () => {
    const at = new Date().toISOString();
    const old = {
      chargerId: charger.chargerId,
      connectionId: 'old-conn',
      messageId: 'old-1',
      connectorId: 2,
      status: 'faulted',
      ocppStatus: 'Faulted',
      errorCode: 'OverVoltage',
      at,
    };
    const event = envelope({ type: 'ConnectorStatusChanged', data: old } as never, newContext({ type: 'charger', id: charger.chargerId }));
    await app.embedded.infra.eventStore.append(
      `charger-live-${charger.chargerId}`,
      [{ ...event, metadata: { ...event.metadata, schemaVersion: 1 } }],
      'any',
    );
    const v = (await query<ChargerOperationsView>(app, `/api/queries/admin/chargers/${charger.chargerId}/operations`, admin)).body;
    expect(v.faults[0]).toMatchObject({ connectorId: 2, code: 'OverVoltage', info: null, vendorErrorCode: null });
    const upcast = v.events.find(
      (e) => e.type === 'ConnectorStatusChanged' && e.fields.some((f) => f.path === 'error.code' && f.value === 'OverVoltage'),
    )!;
    expect(upcast.schemaVersion).toBe(2);
    expect(upcast.fields.map((f) => f.path)).not.toContain('errorCode');
    const past = await query<ChargerOperationsView>(
      app,
      `/api/queries/admin/chargers/${charger.chargerId}/operations?to=2020-01-02T00:00:00.000Z&from=2020-01-01T00:00:00.000Z`,
      admin,
    );
    expect(past.body).toMatchObject({ connections: [], boots: [], faults: [], dropped: [] });
    expect((await query(app, `/api/queries/admin/chargers/NO-SUCH-CHARGER/operations`, admin)).status).toBe(404);
  });

  it('needs events.read', async () => {
    const operator = await givenStaff(app, ['role-viewer'], admin);
    expect((await query(app, `/api/queries/admin/chargers/${charger.chargerId}/operations`, operator.token)).status).toBe(200);
    const { token } = await givenStaff(app, [await roleWithout(app, admin)], admin);
    expect((await query(app, `/api/queries/admin/chargers/${charger.chargerId}/operations`, token)).status).toBe(403);
  });
});

async function roleWithout(app: TestApp, admin: string): Promise<string> {
  const roleId = `no-events-${randomUUID().slice(0, 6)}`;
  expect(
    (await command(app, 'roles.create', { roleId, name: roleId, nameAr: roleId, privileges: ['stations.write', 'customers.read'] }, admin))
      .status,
  ).toBe(200);
  return roleId;
}
