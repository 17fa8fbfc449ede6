import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUS_TOPICS,
  CHARGING_TIMING,
  chargingStreams,
  type ChargerMessage,
  type SessionAdminDetailView,
  type InboundChargerMessage,
  type OutboundOcppResult,
} from '@evc/contracts';
import { CHARGING_SESSIONS, envelope, newContext, startCommandId, type ChargingSessions } from '@evc/command-service';
import { WALLET_LEDGER, type WalletLedger } from '@evc/command-service/wallet/wallet-ledger';
import { INBOUND_CALLS } from '@evc/ocpp-gateway/normalize/index';
import type { RecordedEvent } from '@evc/platform';
import { adminGet, must, superAdminToken } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { command, customerToken } from '../support/identity';

const MIN = 2000;
const AC = 189;
const STARTS = 20;
/** Connectors per charger (a charger has at most 16): two chargers give the twenty connectors. */
const CONNECTORS = 10;
const ROUNDS = 5;

/**
 * One open session per customer, however the starts interleave, and a wallet that starts cannot take below zero: a
 * customer holding exactly the minimum charge fires twenty starts at once on twenty connectors, round after round.
 */
describe('one open session per customer under concurrent starts', () => {
  let app: TestApp;
  let ledger: WalletLedger;
  let admin: string;
  let stationId: string;
  const store = () => app.embedded.infra.eventStore;
  const bus = () => app.embedded.infra.bus;
  const events = (streamId: string): Promise<RecordedEvent[]> => store().readStream(streamId);
  const types = async (sessionId: string) => (await events(chargingStreams.session(sessionId))).map((e) => e.type);
  const connectionId = randomUUID();

  const publish = (chargerId: string, action: string, payload: unknown, transactionId?: string) => {
    const message = INBOUND_CALLS['ocpp1.6']![action]!.read(payload as never, {
      transactionIdFor: () => Number(transactionId),
    }) as ChargerMessage;
    const value: InboundChargerMessage = {
      chargerId,
      protocol: 'ocpp1.6',
      connectionId,
      messageId: randomUUID(),
      receivedAt: new Date().toISOString(),
      message,
      ...(transactionId ? { authorization: { status: 'Accepted' as const, source: 'command-side' as const } } : {}),
    };
    return bus().publish(BUS_TOPICS.ocppInbound, [{ key: chargerId, value }]);
  };

  /** A charger with ten AC connectors, connected, every connector available. */
  const givenWideCharger = async () => {
    const connectors = Array.from({ length: CONNECTORS }, (_, i) => ({
      connectorId: i + 1,
      code: `W-${i + 1}`,
      type: 'Type2' as const,
      current: 'AC' as const,
      maxPowerKw: 22,
    }));
    const { chargerId } = await registerCharger(app.commandBus, stationId, { connectors, chargerId: `CP-${randomUUID().slice(0, 8)}` });
    await bus().publish(BUS_TOPICS.ocppInbound, [
      {
        key: chargerId,
        value: {
          chargerId,
          protocol: 'ocpp1.6',
          connectionId,
          messageId: randomUUID(),
          receivedAt: new Date().toISOString(),
          message: { type: 'Connected' },
        },
      },
    ]);
    for (let c = 1; c <= CONNECTORS; c++)
      await publish(chargerId, 'StatusNotification', { connectorId: c, errorCode: 'NoError', status: 'Available' });
    await expect
      .poll(async () => (await events(`charger-live-${chargerId}`)).filter((e) => e.type === 'ConnectorStatusChanged').length, {
        timeout: 10_000,
      })
      .toBe(CONNECTORS);
    return chargerId;
  };

  const credit = (customerId: string, amount: number) => {
    const id = randomUUID();
    return ledger.record(
      customerId,
      {
        transactionId: `adjustment:${id}`,
        direction: 'credit',
        amount,
        kind: 'adjustment',
        reference: { type: 'adjustment', id },
        reason: 'test credit',
      },
      newContext({ type: 'staff', id: 'test' }, 'test credit'),
    );
  };

  /** Drives an open phone session to its end: accepted, StartTransaction, a stop whose energy costs more than the balance. */
  const chargeFar = async (chargerId: string, connectorId: number, sessionId: string, idTag: string, transactionId: string) => {
    await bus().publish<OutboundOcppResult>(BUS_TOPICS.ocppOutboundResults, [
      {
        key: chargerId,
        value: {
          commandId: startCommandId(sessionId),
          chargerId,
          status: 'accepted',
          ocppAction: 'RemoteStartTransaction',
          protocol: 'ocpp1.6',
          response: { status: 'Accepted' },
          error: null,
          at: new Date().toISOString(),
          sessionId,
        },
      },
    ]);
    await expect.poll(() => types(sessionId)).toContain('SessionStartAccepted');
    const startedAt = new Date(Date.now() - 3_600_000).toISOString();
    await publish(chargerId, 'StartTransaction', { connectorId, idTag, meterStart: 0, timestamp: startedAt }, transactionId);
    await expect.poll(() => types(sessionId)).toContain('SessionCharging');
    // 30 kWh at 1.89 EGP: 56.70 EGP, far beyond the 20 EGP the wallet holds (the charger stopped late).
    await publish(
      chargerId,
      'StopTransaction',
      { transactionId: Number(transactionId), meterStop: 30_000, timestamp: new Date().toISOString(), reason: 'Local' },
      transactionId,
    );
    await expect.poll(() => types(sessionId), { timeout: 10_000 }).toContain('SessionBilled');
  };

  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    ledger = app.embedded.app.get<WalletLedger>(WALLET_LEDGER);
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
    await must(
      app,
      'pricing.set',
      {
        acPricePerKwh: AC,
        dcPricePerKwh: 375,
        minimumCharge: MIN,
        bookingFeePerMinute: 50,
        effectiveFrom: '2026-01-01T00:00:00.000Z',
        reason: 'Tariff',
      },
      admin,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A signed-in customer with a car and `balance` piastres. */
  const givenCustomer = async (balance: number) => {
    const customer = await customerToken(app);
    const carId = randomUUID();
    const car = {
      carId,
      customerId: customer.customerId,
      brandId: 'b-1',
      typeId: 't-1',
      batteryRangeId: 'r-1',
      licence: { customsCertificateFileId: 'f'.repeat(64) },
      at: new Date().toISOString(),
    };
    await store().append(
      chargingStreams.car(carId),
      [envelope({ type: 'CarRegistered', data: car }, newContext({ type: 'customer', id: customer.customerId }))],
      'no_stream',
    );
    if (balance > 0) await credit(customer.customerId, balance);
    return { ...customer, carId };
  };

  it('twenty starts at once on twenty connectors open exactly one session, round after round; the wallet never goes below zero', async () => {
    const customer = await givenCustomer(0);
    const carId = customer.carId;
    for (let round = 1; round <= ROUNDS; round++) {
      const chargers = [await givenWideCharger(), await givenWideCharger()];
      const where = (i: number) => ({ chargerId: chargers[i % 2]!, connectorId: Math.floor(i / 2) + 1 });
      await credit(customer.customerId, MIN); // exactly the minimum charge
      const sessionIds = Array.from({ length: STARTS }, () => randomUUID());
      const answers = await Promise.all(
        sessionIds.map((sessionId, i) => command(app, 'sessions.start', { sessionId, ...where(i), carId }, customer.token)),
      );
      const opened = sessionIds.filter((_id, i) => answers[i]!.status === 200);
      expect(opened, `round ${round}: ${answers.map((a) => a.body.code ?? a.status).join(', ')}`).toHaveLength(1);
      for (const [i, answer] of answers.entries()) {
        if (answer.status !== 200) expect([answer.status, answer.body.code]).toEqual([409, 'charging.active_session_exists']);
        else expect(answer.body.streamId).toBe(chargingStreams.session(sessionIds[i]!));
      }
      const requested = await Promise.all(sessionIds.map(async (id) => (await types(id)).includes('SessionRequested')));
      expect(requested.filter(Boolean)).toHaveLength(1);

      const winner = opened[0]!;
      const { chargerId, connectorId } = where(sessionIds.indexOf(winner));
      // The token the remote start carried, as the session recorded it.
      const [request] = (await events(chargingStreams.session(winner))).filter((e) => e.type === 'SessionRequested');
      await chargeFar(chargerId, connectorId, winner, (request!.data as { idTag: string }).idTag, String(9000 + round));
      const balances = (await events(chargingStreams.wallet(customer.customerId))).map(
        (e) => (e.data as { balanceAfter: number }).balanceAfter,
      );
      expect(Math.min(...balances), `round ${round}: balances ${balances.join(', ')}`).toBeGreaterThanOrEqual(0);
      expect(await ledger.balanceOf(customer.customerId)).toBe(0);
      // The wallet paid what it held; the rest of the cost is on the bill for staff.
      const [billed] = (await events(chargingStreams.session(winner))).filter((e) => e.type === 'SessionBilled');
      const cost = Math.round((30_000 * AC) / 1000);
      expect(billed!.data).toMatchObject({ amount: MIN, shortfall: cost - MIN });
      if (round === ROUNDS) {
        const detail = await adminGet<SessionAdminDetailView>(app, `sessions/${winner}`, admin, billed!.position);
        expect(detail.body).toMatchObject({ billed: true, cost, shortfall: cost - MIN });
      }
    }
  });

  it('every ending frees the claim: a refused start, an offline charger, a cable that never came, a busy connector', async () => {
    const customer = await givenCustomer(10_000);
    const [chargerId] = [await givenWideCharger()];
    const startOn = (connectorId: number) => {
      const sessionId = randomUUID();
      return command(app, 'sessions.start', { sessionId, chargerId, connectorId, carId: customer.carId }, customer.token).then((res) => ({
        res,
        sessionId,
      }));
    };
    const result = (sessionId: string, status: OutboundOcppResult['status']) =>
      bus().publish<OutboundOcppResult>(BUS_TOPICS.ocppOutboundResults, [
        {
          key: chargerId!,
          value: {
            commandId: startCommandId(sessionId),
            chargerId: chargerId!,
            status,
            ocppAction: 'RemoteStartTransaction',
            protocol: 'ocpp1.6',
            response: null,
            error: null,
            at: new Date().toISOString(),
            sessionId,
          },
        },
      ]);
    const released = async (sessionId: string) =>
      (await events(chargingStreams.customerSession(customer.customerId))).some(
        (e) => e.type === 'CustomerSessionReleased' && (e.data as { sessionId: string }).sessionId === sessionId,
      );

    const refused = await startOn(1);
    expect(refused.res.status).toBe(200);
    expect((await startOn(2)).res.body).toMatchObject({ code: 'charging.active_session_exists' });
    await result(refused.sessionId, 'rejected');
    await expect.poll(() => released(refused.sessionId)).toBe(true);

    const offline = await startOn(3);
    expect(offline.res.status).toBe(200);
    await result(offline.sessionId, 'offline');
    await expect.poll(() => released(offline.sessionId)).toBe(true);

    const unplugged = await startOn(4);
    expect(unplugged.res.status).toBe(200);
    await result(unplugged.sessionId, 'accepted');
    await expect.poll(() => types(unplugged.sessionId)).toContain('SessionStartAccepted');
    await app.embedded.app
      .get<ChargingSessions>(CHARGING_SESSIONS)
      .sweepNoCable(new Date(Date.now() + CHARGING_TIMING.plugInWithinMs + 1_000));
    expect(await released(unplugged.sessionId)).toBe(true);
    const held = await startOn(5);
    expect(held.res.status).toBe(200);

    // A start refused after its claim (the connector is another's) frees the claim at once.
    const other = await givenCustomer(10_000);
    const busy = await command(
      app,
      'sessions.start',
      { sessionId: randomUUID(), chargerId, connectorId: 5, carId: other.carId },
      other.token,
    );
    expect(busy.body).toMatchObject({ code: 'charging.connector_busy' });
    expect(
      (await command(app, 'sessions.start', { sessionId: randomUUID(), chargerId, connectorId: 6, carId: other.carId }, other.token))
        .status,
    ).toBe(200);
  });

  it('a claim a crash left before its session began frees itself after the claim lifetime, not before', async () => {
    const claim = (customerId: string, at: Date) =>
      store().append(
        chargingStreams.customerSession(customerId),
        [
          envelope(
            { type: 'CustomerSessionClaimed', data: { customerId, sessionId: randomUUID(), at: at.toISOString() } },
            newContext({ type: 'customer', id: customerId }, 'crashed start'),
          ),
        ],
        'any',
      );
    const chargerId = await givenWideCharger();
    const young = await givenCustomer(10_000);
    await claim(young.customerId, new Date());
    const refused = await command(
      app,
      'sessions.start',
      { sessionId: randomUUID(), chargerId, connectorId: 1, carId: young.carId },
      young.token,
    );
    expect([refused.status, refused.body.code]).toEqual([409, 'charging.active_session_exists']);

    const old = await givenCustomer(10_000);
    await claim(old.customerId, new Date(Date.now() - CHARGING_TIMING.connectorClaimTtlMs - 1_000));
    expect(
      (await command(app, 'sessions.start', { sessionId: randomUUID(), chargerId, connectorId: 2, carId: old.carId }, old.token)).status,
    ).toBe(200);
  });
});
