import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import { chargingStreams } from '@evc/contracts';
import { appIdTag } from '@evc/command-service';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { must, superAdminToken } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { aCustomerReadyToCharge, bootAvailable } from '../support/charging-story';
import { command } from '../support/identity';

type Call = { method: string; params: Record<string, unknown> };

describe('charging with a real OCPP 1.6 charger on the gateway', () => {
  let app: TestApp;
  let client: RPCClient | null = null;
  let stationId: string;

  beforeAll(async () => {
    app = await startTestApp();
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
    await must(
      app,
      'pricing.set',
      {
        acPricePerKwh: 200,
        dcPricePerKwh: 375,
        minimumCharge: 1000,
        bookingFeePerMinute: 50,
        effectiveFrom: '2026-01-01T00:00:00.000Z',
        reason: 'Tariff',
      },
      await superAdminToken(app),
    );
    await app.embedded.gateway!.ready;
  });
  afterAll(async () => {
    await client?.close({ force: true }).catch(() => undefined);
    await app?.close();
  });

  it('remote start, StartTransaction authorized by that remote start (no question to the command side), meter values, remote stop, StopTransaction: billed once', async () => {
    const store = app.embedded.infra.eventStore;
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    const calls: Call[] = [];
    const options = {
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity: chargerId,
      password: secret,
      protocols: ['ocpp1.6'],
      reconnect: false,
      strictMode: true,
    };
    client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    client.handle(({ method, params }) => {
      calls.push({ method: String(method), params: params as Record<string, unknown> });
      return { status: 'Accepted' } as unknown as Promise<Record<string, unknown>>;
    });
    await bootAvailable(app, client, chargerId);

    const { customer, carId } = await aCustomerReadyToCharge(app);

    const sessionId = randomUUID();
    const started = await command(app, 'sessions.start', { sessionId, chargerId, connectorId: 1, carId }, customer.token);
    expect(started.status).toBe(200);
    const idTag = ((await store.readStream(chargingStreams.session(sessionId)))[0]!.data as { idTag: string }).idTag;
    expect(idTag).not.toBe(appIdTag(customer.customerId)); // the session's own token, not the customer's for good
    await expect.poll(() => calls.find((c) => c.method === 'RemoteStartTransaction')?.params).toEqual({ connectorId: 1, idTag });
    const types = async () => (await store.readStream(chargingStreams.session(sessionId))).map((e) => e.type);
    await expect.poll(types).toContain('SessionStartAccepted');

    const t0 = Date.now();
    const iso = (s: number) => new Date(t0 + s * 1000).toISOString();
    const answer = (await client.call('StartTransaction', { connectorId: 1, idTag, meterStart: 1000, timestamp: iso(0) })) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(answer.idTagInfo.status).toBe('Accepted');
    await expect.poll(types).toContain('SessionCharging');
    const mv = (s: number, wh: number) => ({
      timestamp: iso(s),
      sampledValue: [
        { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
        { value: '50', measurand: 'SoC', unit: 'Percent' },
      ],
    });
    await client.call('MeterValues', { connectorId: 1, transactionId: answer.transactionId, meterValue: [mv(60, 3000)] });
    await client.call('MeterValues', { connectorId: 1, transactionId: answer.transactionId, meterValue: [mv(60, 3000)] });

    expect((await command(app, 'sessions.stop', { sessionId }, customer.token)).status).toBe(200);
    await expect
      .poll(() => calls.find((c) => c.method === 'RemoteStopTransaction')?.params)
      .toEqual({ transactionId: answer.transactionId });
    const stop = { transactionId: answer.transactionId, meterStop: 11_000, timestamp: iso(120), reason: 'Remote' };
    await client.call('StopTransaction', stop);
    await client.call('StopTransaction', stop);
    await expect.poll(types).toContain('SessionBilled');
    await new Promise((r) => setTimeout(r, 300));
    const debits = (await store.readStream(chargingStreams.wallet(customer.customerId))).filter((e) => e.type === 'WalletDebited');
    expect(debits.map((e) => (e.data as { amount: number }).amount)).toEqual([2000]); // 10 kWh × 2 EGP, above the 10 EGP minimum
    expect((await store.readStream(chargingStreams.session(sessionId))).filter((e) => e.type === 'MeterReadingRecorded')).toHaveLength(1);
  });
});
