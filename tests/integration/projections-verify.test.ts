import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, verifyReadModels } from '@evc/projections';
import { checkoutInSandbox, startTestApp, type TestApp } from '../support/app';
import { chargeOnce, connectDemoCharger, demoCustomer, until, type DemoCustomer, type RawCharger } from '../support/charging-story';
import { command, superAdminToken } from '../support/identity';
import { ROOT } from '../support/process';
import { book } from '../support/bookings';
import { DEMO_CAR } from '@evc/command-service/seed/seed-charging';

/**
 * The read models are a view of the log. After a realistic workload (the demo network, two sessions on a real
 * OCPP charger — one stopped from the phone, one dropped — payments that succeed and fail, staff edits of wallets,
 * prices, the catalog, roles and bans, a charger command, a visitor's contact request), a rebuild from the log into a
 * scratch store equals the live read models document by document. Bookings (one cancelled with its fee), a card
 * request taken up by staff and a manager's reply to the contact request are part of it.
 */
describe('projections:verify after a realistic workload', () => {
  let app: TestApp;
  let admin: string;
  let customer: DemoCustomer;
  let charger: RawCharger;

  const pay = async (choice: 'pay' | 'fail', amountEgp: number) => {
    const paymentId = randomUUID();
    const started = await command<{ checkoutUrl: string }>(app, 'wallet.top-up', { paymentId, amountEgp }, customer.token);
    expect(started.status).toBe(200);
    expect(await checkoutInSandbox(app.baseUrl, started.body.checkoutUrl, choice)).toBe(303);
  };
  const must = async (name: string, body: unknown, token: string | null = admin) => {
    const res = await command(app, name, body, token);
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await superAdminToken(app);
    customer = await demoCustomer(app);
    charger = await connectDemoCharger(app);
    await chargeOnce(app, charger, customer, { registers: [4000, 9000, 15_000] });
    await chargeOnce(app, charger, customer, { meterStart: 20_000, registers: [20_500], stop: { chargerReason: 'EVDisconnected' } });
    await pay('pay', 120);
    await pay('fail', 30);
    await must('wallet.adjust', {
      adjustmentId: randomUUID(),
      customerId: customer.customerId,
      direction: 'credit',
      amountEgp: 15,
      reason: 'Goodwill after a faulty charger',
    });
    await must('wallet.adjust', {
      adjustmentId: randomUUID(),
      customerId: customer.customerId,
      direction: 'debit',
      amountEgp: 5,
      reason: 'Correction',
    });
    await must('pricing.set', {
      acPricePerKwh: 210,
      dcPricePerKwh: 390,
      minimumCharge: 1200,
      bookingFeePerMinute: 60,
      effectiveFrom: new Date(Date.now() + 86_400_000).toISOString(),
      reason: 'New tariff',
    });
    await must('masterdata.create', {
      itemId: `brand-${randomUUID().slice(0, 8)}`,
      kind: 'carBrand',
      name: 'Verify Motors',
      nameTranslation: 'فيريفاي موتورز',
    });
    await must('roles.create', { roleId: 'verify-role', name: 'Verify role', nameAr: 'دور', privileges: ['events.read'] });
    await must('chargers.send-command', {
      commandId: randomUUID(),
      chargerId: charger.chargerId,
      action: 'TriggerMessage',
      requestedMessage: 'Heartbeat',
    });
    const contactId = randomUUID();
    await must(
      'contact-requests.submit',
      {
        requestId: contactId,
        fullName: 'Salma Nabil',
        email: 'salma@example.com',
        title: 'A question about the charging card delivery time',
        type: 'inquiry',
        details: 'When will it arrive?',
      },
      null,
    );
    await must('contact-requests.reply', { requestId: contactId, replyId: randomUUID(), message: 'Within a week of the request.' });
    const booked = await book(app, customer.token, {
      carId: DEMO_CAR.carId,
      stationId: 'cai-tahrir',
      connectorType: 'Type2',
      offsetMinutes: 24 * 60 + 120,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    await must('bookings.cancel', { bookingId: booked.bookingId }, customer.token);
    await book(app, customer.token, {
      carId: DEMO_CAR.carId,
      stationId: 'cai-tahrir',
      connectorType: 'Type2',
      offsetMinutes: 24 * 60 + 240,
    });
    const cardRequestId = randomUUID();
    await must(
      'card-requests.submit',
      {
        requestId: cardRequestId,
        referenceName: 'Verify card',
        phone: '01000000000',
        governorateId: 'eg-c',
        homeAddress: '1 Demo Street, Cairo',
        sameAsHome: true,
      },
      customer.token,
    );
    await must('card-requests.start', { requestId: cardRequestId, expectedRevision: 0 });
    await must('notifications.mark-seen', {}, customer.token);
    await must('customers.ban', { customerId: customer.customerId, reason: 'Verification test' });
    await must('customers.unban', { customerId: customer.customerId, reason: 'Verification test done' });
    const head = await app.embedded.infra.eventStore.headPosition();
    await until(
      () => app.embedded.runner.current(),
      (p) => p >= head,
      'the read models to catch up',
      10_000,
    );
  }, 90_000);

  afterAll(async () => {
    await charger?.close();
    await app?.close();
  });

  it('finds no difference between the live read models and a rebuild from the log', async () => {
    const report = await verifyReadModels({
      eventStore: app.embedded.infra.eventStore,
      live: app.embedded.infra.documents,
      position: app.embedded.runner.current(),
    });
    expect(report.differences, formatReport(report)).toEqual([]);
    const count = (name: string) => report.collections.find((c) => c.name === name)?.live ?? 0;
    // The comparison covered the workload, not empty collections.
    for (const name of [
      'stations',
      'chargers',
      'sessions',
      'wallet_transactions',
      'wallets',
      'payments',
      'notifications',
      'ocpp_commands',
      'contact_requests',
      'pricing_history',
      'roles',
      'customer_accounts',
      'master_data',
      'bookings',
      'card_requests',
    ]) {
      expect(count(name), name).toBeGreaterThan(0);
    }
    expect(count('sessions')).toBe(2);
    expect(count('payments')).toBe(2);
    expect(count('bookings')).toBe(2);
  });

  it('finds a live document that drifted from the log', async () => {
    const wallets = app.embedded.infra.documents.collection('wallets');
    const before = await wallets.findOne({ _id: customer.customerId });
    await wallets.updateOne({ _id: customer.customerId }, { $set: { balance: -1 } });
    try {
      const report = await verifyReadModels({
        eventStore: app.embedded.infra.eventStore,
        live: app.embedded.infra.documents,
        position: app.embedded.runner.current(),
      });
      expect(report.differences).toEqual([
        {
          collection: 'wallets',
          id: customer.customerId,
          kind: 'changed',
          fields: [{ field: 'balance', live: -1, rebuilt: before!.balance }],
        },
      ]);
    } finally {
      await wallets.replaceOne({ _id: customer.customerId }, before!);
    }
  });

  it('`npm run projections:verify` on the stopped data dir prints no difference and exits 0', async () => {
    await charger.close();
    await app.close({ keepData: true });
    const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'projections/src/verify-main.ts')], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: app.dataDir, LOG_LEVEL: 'warn' },
      });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.on('exit', (code) => resolve({ code, text }));
    });
    expect(output.code, output.text).toBe(0);
    expect(output.text).toMatch(/Compared \d+ read models with a rebuild from the log at position \d+/);
    expect(output.text).toContain('No differences');
    expect(output.text).toMatch(/sessions\s+live\s+2\s+rebuilt\s+2\s+same/);
  }, 60_000);
});
