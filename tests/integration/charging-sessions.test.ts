import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUS_TOPICS,
  CHARGING_TIMING,
  chargingStreams,
  type AuthorizationOutcome,
  type ChargerMessage,
  type InboundChargerMessage,
  type OcppAuthorizeReply,
  type OcppAuthorizeRequest,
  type OutboundOcppCommand,
  type OutboundOcppResult,
} from '@evc/contracts';
import { CHARGING_SESSIONS, ChargingSessions, envelope, newContext, startCommandId } from '@evc/command-service';
import { startNoCableSweep } from '@evc/command-service/charging/no-cable-sweep';
import { WALLET_LEDGER, type WalletLedger } from '@evc/command-service/wallet/wallet-ledger';
import { INBOUND_CALLS } from '@evc/ocpp-gateway/normalize/index';
import type { RecordedEvent } from '@evc/platform';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { must, superAdminToken } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { command, customerToken } from '../support/identity';

const MIN = 2000;
const AC = 189;

describe('charging sessions: phone start, charger transactions, billing, authorize', () => {
  let app: TestApp;
  let admin: string;
  let stationId: string;
  let ledger: WalletLedger;
  const outbound: OutboundOcppCommand[] = [];
  const replies: OcppAuthorizeReply[] = [];
  const connections = new Map<string, { connectionId: string; protocol: string }>();

  const store = () => app.embedded.infra.eventStore;
  const bus = () => app.embedded.infra.bus;
  const events = (streamId: string): Promise<RecordedEvent[]> => store().readStream(streamId);
  const types = async (sessionId: string) => (await events(chargingStreams.session(sessionId))).map((e) => e.type);
  const ofType = async (streamId: string, type: string) => (await events(streamId)).filter((e) => e.type === type);
  const T0 = Date.parse('2026-11-01T08:00:00.000Z');
  const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

  /**
   * What the gateway publishes for a charger's call (the test plays the gateway): the frame read by the gateway's own
   * translation; a 1.6 start gets `transactionId` as the gateway's id for it, and `authorization` as asked.
   */
  const message = (
    chargerId: string,
    action: string,
    payload: unknown,
    extra: { transactionId?: string; authorization?: AuthorizationOutcome } = {},
  ): InboundChargerMessage => {
    const c = connections.get(chargerId)!;
    const translated = INBOUND_CALLS[c.protocol]![action]!.read(payload as never, { transactionIdFor: () => Number(extra.transactionId) });
    return note(chargerId, translated, randomUUID(), extra.authorization);
  };
  const note = (chargerId: string, m: ChargerMessage, messageId: string, authorization?: AuthorizationOutcome): InboundChargerMessage => {
    const c = connections.get(chargerId)!;
    return {
      chargerId,
      protocol: c.protocol,
      connectionId: c.connectionId,
      messageId,
      receivedAt: new Date().toISOString(),
      ...(authorization ? { authorization } : {}),
      message: m,
    };
  };
  const inbound = (...messages: InboundChargerMessage[]) =>
    bus().publish(
      BUS_TOPICS.ocppInbound,
      messages.map((value) => ({ key: value.chargerId, value })),
    );

  /** A registered charger, connected (as the gateway reports it) with connector 1 available. */
  const givenOnlineCharger = async (version: '1.6' | '2.0.1' = '1.6') => {
    const { chargerId } = await registerCharger(app.commandBus, stationId, { ocppVersion: version });
    const connectionId = randomUUID();
    connections.set(chargerId, { connectionId, protocol: `ocpp${version}` });
    const status =
      version === '1.6'
        ? { connectorId: 1, errorCode: 'NoError', status: 'Available' }
        : { timestamp: new Date().toISOString(), connectorStatus: 'Available', evseId: 1, connectorId: 1 };
    await inbound(note(chargerId, { type: 'Connected' }, connectionId), message(chargerId, 'StatusNotification', status));
    await expect.poll(async () => (await ofType(`charger-live-${chargerId}`, 'ConnectorStatusChanged')).length).toBe(1);
    return chargerId;
  };

  /** A charging card staff issued to the customer: its id tag. */
  const givenCard = async (customerId: string) => {
    const card = `CARD-${randomUUID().slice(0, 8).toUpperCase()}`;
    await store().append(
      chargingStreams.idToken(card),
      [
        envelope(
          { type: 'IdTokenIssued', data: { idTag: card, customerId, kind: 'card', expiresAt: null, at: new Date().toISOString() } },
          newContext({ type: 'staff', id: 'test' }),
        ),
      ],
      'no_stream',
    );
    return card;
  };

  /** A verified, signed-in customer with a car and `balance` piastres in the wallet. */
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
    if (balance > 0) {
      const id = randomUUID();
      await ledger.record(
        customer.customerId,
        {
          transactionId: `adjustment:${id}`,
          direction: 'credit',
          amount: balance,
          kind: 'adjustment',
          reference: { type: 'adjustment', id },
          reason: 'test credit',
        },
        newContext({ type: 'staff', id: 'test' }, 'test credit'),
      );
    }
    // The app token is the last started session's (one per session): `start` sets it.
    return { ...customer, carId, idTag: '' };
  };

  const start = async (
    customer: { token: string; carId: string; idTag?: string },
    chargerId: string,
    extra: Record<string, unknown> = {},
  ) => {
    const res = await command(
      app,
      'sessions.start',
      { sessionId: randomUUID(), chargerId, connectorId: 1, carId: customer.carId, ...extra },
      customer.token,
    );
    const [requested] = res.status === 200 ? await ofType(res.body.streamId, 'SessionRequested') : [];
    if (requested) customer.idTag = (requested.data as { idTag: string }).idTag;
    return res;
  };

  /** What the gateway publishes once the charger answered the remote start. */
  const startResult = (sessionId: string, chargerId: string, status: OutboundOcppResult['status']) =>
    bus().publish<OutboundOcppResult>(BUS_TOPICS.ocppOutboundResults, [
      {
        key: chargerId,
        value: {
          commandId: startCommandId(sessionId),
          chargerId,
          status,
          ocppAction: 'RemoteStartTransaction',
          protocol: 'ocpp1.6',
          response: { status: status === 'accepted' ? 'Accepted' : 'Rejected' },
          error: null,
          at: new Date().toISOString(),
          sessionId,
        },
      },
    ]);

  /** A phone session through the remote start until the charger's StartTransaction is recorded. */
  const givenCharging = async (
    customer: { token: string; carId: string; idTag: string },
    chargerId: string,
    transactionId: string,
    meterStart = 10_000,
  ) => {
    const res = await start(customer, chargerId);
    expect(res.status).toBe(200);
    const sessionId = res.body.streamId.replace('session-', '');
    await startResult(sessionId, chargerId, 'accepted');
    await expect.poll(() => types(sessionId)).toContain('SessionStartAccepted');
    await inbound(
      message(
        chargerId,
        'StartTransaction',
        { connectorId: 1, idTag: customer.idTag, meterStart, timestamp: at(0) },
        { transactionId, authorization: { status: 'Accepted', source: 'command-side' } },
      ),
    );
    await expect.poll(() => types(sessionId)).toContain('SessionCharging');
    return sessionId;
  };
  const meterValues = (chargerId: string, transactionId: string, readings: Array<[minutes: number, wh: number]>) =>
    message(chargerId, 'MeterValues', {
      connectorId: 1,
      transactionId: Number(transactionId),
      meterValue: readings.map(([m, wh]) => ({ timestamp: at(m), sampledValue: [{ value: String(wh), unit: 'Wh' }] })),
    });
  const stopTransaction = (chargerId: string, transactionId: string, meterStop: number, extra: Record<string, unknown> = {}) =>
    message(chargerId, 'StopTransaction', {
      transactionId: Number(transactionId),
      meterStop,
      timestamp: at(60),
      reason: 'Local',
      ...extra,
    });
  const debits = async (customerId: string) => ofType(chargingStreams.wallet(customerId), 'WalletDebited');

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
    const watchers = [
      bus().subscribe<OutboundOcppCommand>(
        { groupId: 'test-outbound', topics: [BUS_TOPICS.ocppOutbound] },
        ({ value }) => void outbound.push(value),
      ),
      bus().subscribe<OcppAuthorizeReply>(
        { groupId: 'test-replies', topics: [BUS_TOPICS.ocppAuthorizeReplies] },
        ({ value }) => void replies.push(value),
      ),
    ];
    await Promise.all(watchers.map((w) => w.ready));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('start → accepted → StartTransaction → meter values out of order and repeated → stop: one debit equal to the cost', async () => {
    const chargerId = await givenOnlineCharger();
    const customer = await givenCustomer(50_000);
    const res = await start(customer, chargerId);
    expect(res.status).toBe(200);
    const sessionId = res.body.streamId.replace('session-', '');
    const [requested] = await ofType(chargingStreams.session(sessionId), 'SessionRequested');
    expect(requested!.data).toMatchObject({
      customerId: customer.customerId,
      origin: 'app',
      idTag: customer.idTag,
      chargerId,
      connectorId: 1,
      prices: { pricePerKwh: AC, minimumCharge: MIN, current: 'AC' },
      balanceAtStart: 50_000,
    });
    expect(requested!.metadata.actor).toEqual({ type: 'customer', id: customer.customerId });
    expect(await ofType(chargingStreams.idToken(customer.idTag), 'IdTokenIssued')).toHaveLength(1);
    await expect
      .poll(() => outbound.find((c) => c.sessionId === sessionId))
      .toMatchObject({ chargerId, request: { action: 'RemoteStartTransaction', connectorId: 1, idTag: customer.idTag } });
    // the same request again starts nothing new
    const again = await command(app, 'sessions.start', { sessionId, chargerId, connectorId: 1, carId: customer.carId }, customer.token);
    expect(again.status).toBe(200);
    expect(await ofType(chargingStreams.session(sessionId), 'SessionRequested')).toHaveLength(1);

    await startResult(sessionId, chargerId, 'accepted');
    await expect.poll(() => types(sessionId)).toContain('SessionStartAccepted');
    const tx = '7001';
    await inbound(
      message(
        chargerId,
        'StartTransaction',
        { connectorId: 1, idTag: customer.idTag, meterStart: 10_000, timestamp: at(0) },
        { transactionId: tx, authorization: { status: 'Accepted', source: 'command-side' } },
      ),
    );
    await expect.poll(() => types(sessionId)).toContain('SessionCharging');
    await inbound(
      meterValues(chargerId, tx, [[2, 13_000]]),
      meterValues(chargerId, tx, [[1, 11_000]]),
      meterValues(chargerId, tx, [
        [2, 13_000],
        [1, 11_000],
      ]),
    );
    await inbound(stopTransaction(chargerId, tx, 25_000));
    await expect.poll(() => types(sessionId)).toContain('SessionBilled');
    await inbound(stopTransaction(chargerId, tx, 25_000));

    const readings = await ofType(chargingStreams.session(sessionId), 'MeterReadingRecorded');
    expect(readings.map((e) => (e.data as { energyWh: number }).energyWh).sort()).toEqual([11_000, 13_000]);
    const [stopped] = await ofType(chargingStreams.session(sessionId), 'SessionStopped');
    const cost = Math.round((15_000 * AC) / 1000); // 15 kWh × 1.89 EGP = 2,835 piastres
    expect(stopped!.data).toMatchObject({ energyWh: 15_000, cost, reason: 'charger', chargerReason: 'Local' });
    expect(stopped!.metadata.actor).toEqual({ type: 'charger', id: chargerId });
    await new Promise((r) => setTimeout(r, 300)); // the repeated stop has been handled
    const debited = await debits(customer.customerId);
    expect(debited.map((e) => e.data)).toEqual([
      expect.objectContaining({
        transactionId: `session:${sessionId}`,
        amount: cost,
        kind: 'session',
        reference: { type: 'session', id: sessionId },
      }),
    ]);
    expect(await ledger.balanceOf(customer.customerId)).toBe(50_000 - cost);
    expect(await types(sessionId)).toEqual([
      'SessionRequested',
      'SessionStartAccepted',
      'SessionCharging',
      'MeterReadingRecorded',
      'MeterReadingRecorded',
      'SessionStopped',
      'SessionBilled',
    ]);
    // the connector and the customer are free again
    expect((await events(chargingStreams.connector(chargerId, 1))).map((e) => e.type)).toEqual(['ConnectorClaimed', 'ConnectorReleased']);
    expect((await start(customer, chargerId)).status).toBe(200);
  });

  it('an offline charger sends its queue late, in one burst, with repeats: energy and debit counted once', async () => {
    const chargerId = await givenOnlineCharger();
    const customer = await givenCustomer(50_000);
    const tx = '7002';
    const sessionId = await givenCharging(customer, chargerId, tx, 1_000);
    const stop = stopTransaction(chargerId, tx, 6_000, {
      transactionData: [{ timestamp: at(3), sampledValue: [{ value: '4.5', unit: 'kWh' }] }],
    });
    await inbound(
      meterValues(chargerId, tx, [
        [1, 2_000],
        [2, 3_000],
      ]),
      meterValues(chargerId, tx, [[2, 3_000]]),
      stop,
      meterValues(chargerId, tx, [[1, 2_000]]),
      { ...stop, messageId: randomUUID() },
    );
    await expect.poll(() => types(sessionId)).toContain('SessionBilled');
    await new Promise((r) => setTimeout(r, 300));
    expect(
      (await ofType(chargingStreams.session(sessionId), 'MeterReadingRecorded')).map((e) => (e.data as { energyWh: number }).energyWh),
    ).toEqual([2_000, 3_000, 4_500]);
    expect((await debits(customer.customerId)).map((e) => (e.data as { amount: number }).amount)).toEqual([
      Math.max(MIN, Math.round((5_000 * AC) / 1000)),
    ]);
  });

  it('refuses a start below the minimum charge, on a busy connector, for a banned customer, and a second open session', async () => {
    const chargerId = await givenOnlineCharger();
    const unplugged = (await registerCharger(app.commandBus, stationId)).chargerId;
    const poor = await givenCustomer(MIN - 1);
    expect((await start(poor, unplugged)).body).toMatchObject({ code: 'charging.charger_offline' });
    expect((await start(poor, chargerId)).body).toMatchObject({ code: 'charging.insufficient_balance' });

    const first = await givenCustomer(10_000);
    const second = await givenCustomer(10_000);
    expect((await start(first, chargerId)).status).toBe(200);
    const busy = await start(second, chargerId);
    expect(busy.body).toMatchObject({ code: 'charging.connector_busy' });
    expect(busy.status).toBe(422);
    const other = await givenOnlineCharger();
    expect((await start(first, other)).body).toMatchObject({ code: 'charging.active_session_exists' });
    expect((await start(second, chargerId, { carId: first.carId })).body).toMatchObject({ code: 'charging.car_not_found' });

    const banned = await givenCustomer(10_000);
    await must(app, 'customers.ban', { customerId: banned.customerId, reason: 'Fraud' }, admin);
    const refused = await start(banned, other);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'identity.account_banned' });
  });

  it('a rejected remote start fails the session and frees the connector', async () => {
    const chargerId = await givenOnlineCharger();
    const customer = await givenCustomer(10_000);
    const res = await start(customer, chargerId);
    const sessionId = res.body.streamId.replace('session-', '');
    await startResult(sessionId, chargerId, 'rejected');
    await expect
      .poll(async () => (await events(chargingStreams.connector(chargerId, 1))).map((e) => e.type))
      .toEqual(['ConnectorClaimed', 'ConnectorReleased']);
    expect((await ofType(chargingStreams.session(sessionId), 'SessionStartFailed'))[0]!.data).toMatchObject({ reason: 'rejected' });
    expect((await start(customer, chargerId)).status).toBe(200);
  });

  it('the no-cable sweep finds accepted sessions in the log after a restart and runs on its own', async () => {
    const chargerId = await givenOnlineCharger();
    const customer = await givenCustomer(10_000);
    const sessionId = (await start(customer, chargerId)).body.streamId.replace('session-', '');
    await startResult(sessionId, chargerId, 'accepted');
    await expect.poll(() => types(sessionId)).toContain('SessionStartAccepted');
    const restarted = new ChargingSessions(store(), ledger, app.commandBus); // a fresh process: an empty waiting set
    const sweep = startNoCableSweep(store(), restarted, { everyMs: 20, plugInWithinMs: 0 });
    try {
      await expect
        .poll(async () => (await ofType(chargingStreams.session(sessionId), 'SessionStartFailed')).map((e) => e.data))
        .toEqual([expect.objectContaining({ reason: 'no_cable' })]);
    } finally {
      await sweep.stop();
    }
  });

  it('a session records the time of the clock it is given, not the machine’s', async () => {
    const chargerId = await givenOnlineCharger();
    const customer = await givenCustomer(10_000);
    const sessionId = (await start(customer, chargerId)).body.streamId.replace('session-', '');
    await expect.poll(() => types(sessionId)).toContain('SessionRequested');
    const then = new Date('2031-03-04T05:06:07.000Z');
    const sessions = new ChargingSessions(store(), ledger, app.commandBus, null, { now: () => then });
    await sessions.fail(sessionId, 'no_cable', null, newContext({ type: 'system', id: 'test' }, 'clock check'));
    const [failed] = await ofType(chargingStreams.session(sessionId), 'SessionStartFailed');
    expect(failed!.data).toMatchObject({ at: then.toISOString() });
    expect(failed!.metadata.occurredAt).toBe(then.toISOString());
    const [released] = await ofType(chargingStreams.connector(chargerId, 1), 'ConnectorReleased');
    expect(released!.data).toMatchObject({ at: then.toISOString() });
  });

  it('an offline outcome from the command sweep (which does not echo the session) fails the session', async () => {
    const chargerId = await givenOnlineCharger();
    const customer = await givenCustomer(10_000);
    const sessionId = (await start(customer, chargerId)).body.streamId.replace('session-', '');
    const offline: OutboundOcppResult = {
      commandId: startCommandId(sessionId),
      chargerId,
      status: 'offline',
      ocppAction: null,
      protocol: null,
      response: null,
      error: 'no gateway node',
      at: new Date().toISOString(),
    };
    await bus().publish(BUS_TOPICS.ocppOutboundResults, [{ key: chargerId, value: offline }]);
    await expect
      .poll(async () => (await ofType(chargingStreams.session(sessionId), 'SessionStartFailed')).map((e) => e.data))
      .toEqual([expect.objectContaining({ reason: 'offline' })]);
    expect((await ofType(chargingStreams.session(sessionId), 'SessionStartFailed'))[0]!.metadata.actor).toEqual({
      type: 'system',
      id: 'ocpp-gateway',
    });
  });

  it('an accepted start whose cable never comes fails no_cable (the sweep) and frees the connector', async () => {
    const chargerId = await givenOnlineCharger();
    const customer = await givenCustomer(10_000);
    const sessionId = (await start(customer, chargerId)).body.streamId.replace('session-', '');
    await startResult(sessionId, chargerId, 'accepted');
    await expect.poll(() => types(sessionId)).toContain('SessionStartAccepted');
    const sessions = app.embedded.app.get<ChargingSessions>(CHARGING_SESSIONS);
    await sessions.sweepNoCable(new Date(Date.now() + CHARGING_TIMING.plugInWithinMs - 5_000));
    expect(await types(sessionId)).toEqual(['SessionRequested', 'SessionStartAccepted']);
    await sessions.sweepNoCable(new Date(Date.now() + CHARGING_TIMING.plugInWithinMs + 1_000));
    expect((await ofType(chargingStreams.session(sessionId), 'SessionStartFailed')).map((e) => e.data)).toEqual([
      expect.objectContaining({ reason: 'no_cable' }),
    ]);
    expect((await events(chargingStreams.connector(chargerId, 1))).map((e) => e.type)).toEqual(['ConnectorClaimed', 'ConnectorReleased']);
  });

  it('stop: only your own session (404 for anyone else); staff stop any; both send a remote stop once', async () => {
    const chargerId = await givenOnlineCharger();
    const owner = await givenCustomer(10_000);
    const stranger = await givenCustomer(10_000);
    const tx = '7003';
    const sessionId = await givenCharging(owner, chargerId, tx);
    const foreign = await command(app, 'sessions.stop', { sessionId }, stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'charging.session_not_found' });
    expect((await command(app, 'sessions.stop', { sessionId: randomUUID() }, owner.token)).status).toBe(404);

    expect((await command(app, 'sessions.stop', { sessionId }, owner.token)).status).toBe(200);
    expect((await command(app, 'sessions.stop', { sessionId }, owner.token)).status).toBe(200);
    expect((await command(app, 'sessions.staff-stop', { sessionId }, admin)).status).toBe(200);
    const [requested, ...more] = await ofType(chargingStreams.session(sessionId), 'SessionStopRequested');
    expect(more).toEqual([]);
    expect(requested!.data).toMatchObject({ reason: 'customer' });
    await expect
      .poll(() => outbound.filter((c) => c.sessionId === sessionId && c.request.action === 'RemoteStopTransaction'))
      .toEqual([expect.objectContaining({ chargerId, request: { action: 'RemoteStopTransaction', transactionId: tx } })]);
    await inbound(stopTransaction(chargerId, tx, 12_000, { reason: 'Remote' }));
    await expect.poll(() => types(sessionId)).toContain('SessionBilled');
    expect((await ofType(chargingStreams.session(sessionId), 'SessionStopped'))[0]!.data).toMatchObject({
      reason: 'customer',
      chargerReason: 'Remote',
      cost: MIN,
    });

    const staffCase = await givenCharging(stranger, await givenOnlineCharger(), '7004');
    expect((await command(app, 'sessions.staff-stop', { sessionId: staffCase }, admin)).status).toBe(200);
    expect((await ofType(chargingStreams.session(staffCase), 'SessionStopRequested'))[0]!.data).toMatchObject({ reason: 'staff' });
    expect((await command(app, 'sessions.staff-stop', { sessionId: staffCase }, stranger.token)).status).toBe(403);
  });

  it('stops automatically when the running cost reaches the balance at start', async () => {
    const chargerId = await givenOnlineCharger();
    const customer = await givenCustomer(MIN); // 20 EGP: about 10.58 kWh at 1.89 EGP
    const tx = '7005';
    const sessionId = await givenCharging(customer, chargerId, tx, 0);
    await inbound(meterValues(chargerId, tx, [[10, 5_000]]));
    await inbound(meterValues(chargerId, tx, [[20, 10_600]]));
    await expect
      .poll(async () => (await ofType(chargingStreams.session(sessionId), 'SessionStopRequested')).map((e) => e.data))
      .toEqual([expect.objectContaining({ reason: 'low_balance' })]);
    await expect.poll(() => outbound.some((c) => c.sessionId === sessionId && c.request.action === 'RemoteStopTransaction')).toBe(true);
    expect((await ofType(chargingStreams.session(sessionId), 'SessionStopRequested'))[0]!.metadata.actor).toMatchObject({ type: 'system' });
  });

  it('a card at the charger: a session billed to the card owner, the same session when the start is replayed', async () => {
    const chargerId = await givenOnlineCharger();
    const owner = await givenCustomer(30_000);
    const card = `CARD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const issued = { idTag: card, customerId: owner.customerId, kind: 'card' as const, expiresAt: null, at: new Date().toISOString() };
    await store().append(
      chargingStreams.idToken(card),
      [envelope({ type: 'IdTokenIssued', data: issued }, newContext({ type: 'staff', id: 'test' }, 'card'))],
      'no_stream',
    );
    const startTx = (transactionId: string) =>
      message(
        chargerId,
        'StartTransaction',
        { connectorId: 1, idTag: card, meterStart: 500, timestamp: at(0) },
        { transactionId, authorization: { status: 'Accepted', source: 'command-side' } },
      );
    await inbound(startTx('8001'), startTx('8002'));
    await expect.poll(async () => (await ofType(chargingStreams.chargerTransaction(chargerId, '8002'), 'TransactionBound')).length).toBe(1);
    const [b1] = await ofType(chargingStreams.chargerTransaction(chargerId, '8001'), 'TransactionBound');
    const [b2] = await ofType(chargingStreams.chargerTransaction(chargerId, '8002'), 'TransactionBound');
    const sessionId = (b1!.data as { sessionId: string }).sessionId;
    expect((b2!.data as { sessionId: string }).sessionId).toBe(sessionId);
    expect(await types(sessionId)).toEqual(['SessionRequested', 'SessionCharging', 'SessionTransactionAliased']);
    expect((await ofType(chargingStreams.session(sessionId), 'SessionRequested'))[0]!.data).toMatchObject({
      origin: 'card',
      customerId: owner.customerId,
      carId: null,
      balanceAtStart: 30_000,
    });
    await inbound(stopTransaction(chargerId, '8002', 15_500));
    await expect.poll(() => types(sessionId)).toContain('SessionBilled');
    expect((await debits(owner.customerId)).map((e) => (e.data as { amount: number }).amount)).toEqual([Math.round((15_000 * AC) / 1000)]);
  });

  it('a card without credit that the gateway let through on its fallback is stopped remotely (token_invalid)', async () => {
    const chargerId = await givenOnlineCharger();
    const owner = await givenCustomer(0);
    const card = await givenCard(owner.customerId);
    await inbound(
      message(
        chargerId,
        'StartTransaction',
        { connectorId: 1, idTag: card, meterStart: 0, timestamp: at(0) },
        { transactionId: '8101', authorization: { status: 'Accepted', source: 'fallback' } },
      ),
    );
    await expect.poll(async () => (await ofType(chargingStreams.chargerTransaction(chargerId, '8101'), 'TransactionBound')).length).toBe(1);
    const sessionId = (
      (await ofType(chargingStreams.chargerTransaction(chargerId, '8101'), 'TransactionBound'))[0]!.data as { sessionId: string }
    ).sessionId;
    await expect
      .poll(async () => (await ofType(chargingStreams.session(sessionId), 'SessionStopRequested')).map((e) => e.data))
      .toEqual([expect.objectContaining({ reason: 'token_invalid' })]);
    await expect.poll(() => outbound.some((c) => c.sessionId === sessionId && c.request.action === 'RemoteStopTransaction')).toBe(true);
  });

  it('OCPP 2.0.1 TransactionEvent: Started, Updated (repeated), Ended → billed once', async () => {
    const chargerId = await givenOnlineCharger('2.0.1');
    const customer = await givenCustomer(50_000);
    const sessionId = (await start(customer, chargerId)).body.streamId.replace('session-', '');
    await startResult(sessionId, chargerId, 'accepted');
    await expect.poll(() => types(sessionId)).toContain('SessionStartAccepted');
    const tx = `tx-${randomUUID()}`;
    const mv = (minutes: number, wh: number) => [
      {
        timestamp: at(minutes),
        sampledValue: [
          { value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
          { value: 11, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'kW' } },
        ],
      },
    ];
    const event = (eventType: string, minutes: number, wh: number, seqNo: number, info: Record<string, unknown> = {}) =>
      message(chargerId, 'TransactionEvent', {
        eventType,
        timestamp: at(minutes),
        triggerReason: 'MeterValuePeriodic',
        seqNo,
        transactionInfo: { transactionId: tx, ...info },
        evse: { id: 1, connectorId: 1 },
        idToken: { idToken: customer.idTag, type: 'Central' },
        meterValue: mv(minutes, wh),
      });
    const updated = event('Updated', 5, 4_000, 1);
    await inbound(
      event('Started', 0, 2_000, 0),
      updated,
      { ...updated, messageId: randomUUID() },
      event('Ended', 10, 17_000, 2, { stoppedReason: 'EVDisconnected' }),
    );
    await expect.poll(() => types(sessionId)).toContain('SessionBilled');
    const readings = await ofType(chargingStreams.session(sessionId), 'MeterReadingRecorded');
    expect(readings.map((e) => e.data)).toEqual([
      expect.objectContaining({ energyWh: 2_000, powerW: 11_000 }),
      expect.objectContaining({ energyWh: 4_000 }),
      expect.objectContaining({ energyWh: 17_000 }),
    ]);
    expect((await ofType(chargingStreams.session(sessionId), 'SessionStopped'))[0]!.data).toMatchObject({
      energyWh: 15_000,
      cost: 2835,
      chargerReason: 'EVDisconnected',
    });
    expect((await debits(customer.customerId)).map((e) => (e.data as { amount: number }).amount)).toEqual([2835]);
  });

  it('a card already charging elsewhere (ConcurrentTx) is stopped when it starts a second transaction', async () => {
    const [one, two] = [await givenOnlineCharger(), await givenOnlineCharger()];
    const owner = await givenCustomer(30_000);
    const card = await givenCard(owner.customerId);
    const startAt = (chargerId: string, transactionId: string) =>
      message(
        chargerId,
        'StartTransaction',
        { connectorId: 1, idTag: card, meterStart: 0, timestamp: at(0) },
        { transactionId, authorization: { status: 'Accepted', source: 'fallback' } },
      );
    await inbound(startAt(one, '8201'));
    await expect.poll(async () => (await ofType(chargingStreams.chargerTransaction(one, '8201'), 'TransactionBound')).length).toBe(1);
    await inbound(startAt(two, '8202'));
    await expect.poll(async () => (await ofType(chargingStreams.chargerTransaction(two, '8202'), 'TransactionBound')).length).toBe(1);
    const sessionOf = async (chargerId: string, tx: string) =>
      ((await ofType(chargingStreams.chargerTransaction(chargerId, tx), 'TransactionBound'))[0]!.data as { sessionId: string }).sessionId;
    const second = await sessionOf(two, '8202');
    await expect
      .poll(async () => (await ofType(chargingStreams.session(second), 'SessionStopRequested')).map((e) => e.data))
      .toEqual([expect.objectContaining({ reason: 'token_invalid' })]);
    expect(await ofType(chargingStreams.session(await sessionOf(one, '8201')), 'SessionStopRequested')).toEqual([]);
  });

  it('two chargers at once (one customer, two cards): every reading recorded, exactly two debits, balance = start − both costs', async () => {
    const [one, two] = [await givenOnlineCharger(), await givenOnlineCharger()];
    const owner = await givenCustomer(30_000);
    const cards = [`CARD-${randomUUID().slice(0, 8).toUpperCase()}`, `CARD-${randomUUID().slice(0, 8).toUpperCase()}`];
    for (const card of cards) {
      const issued = { idTag: card, customerId: owner.customerId, kind: 'card' as const, expiresAt: null, at: new Date().toISOString() };
      await store().append(
        chargingStreams.idToken(card),
        [envelope({ type: 'IdTokenIssued', data: issued }, newContext({ type: 'staff', id: 'test' }, 'card'))],
        'no_stream',
      );
    }
    const runs = [
      { chargerId: one, card: cards[0]!, tx: '8401', meterStart: 0, meterStop: 20_000 },
      { chargerId: two, card: cards[1]!, tx: '8402', meterStart: 1_000, meterStop: 16_000 },
    ];
    const startOf = (r: (typeof runs)[number]) =>
      message(
        r.chargerId,
        'StartTransaction',
        { connectorId: 1, idTag: r.card, meterStart: r.meterStart, timestamp: at(0) },
        { transactionId: r.tx, authorization: { status: 'Accepted', source: 'command-side' } },
      );
    // One batch, the two chargers interleaved (per-key concurrency handles them side by side), stops redelivered.
    const batch: InboundChargerMessage[] = runs.map(startOf);
    for (let m = 1; m <= 6; m++) for (const r of runs) batch.push(meterValues(r.chargerId, r.tx, [[m, r.meterStart + m * 2_000]]));
    for (const r of runs) batch.push(stopTransaction(r.chargerId, r.tx, r.meterStop));
    for (const r of runs) batch.push(stopTransaction(r.chargerId, r.tx, r.meterStop));
    await inbound(...batch);
    const sessionOf = async (chargerId: string, tx: string) =>
      ((await ofType(chargingStreams.chargerTransaction(chargerId, tx), 'TransactionBound'))[0]?.data as { sessionId: string } | undefined)
        ?.sessionId;
    await expect.poll(async () => (await Promise.all(runs.map((r) => sessionOf(r.chargerId, r.tx)))).every(Boolean)).toBe(true);
    const sessionIds = (await Promise.all(runs.map((r) => sessionOf(r.chargerId, r.tx)))) as string[];
    expect(new Set(sessionIds).size).toBe(2);
    for (const sessionId of sessionIds) await expect.poll(() => types(sessionId)).toContain('SessionBilled');
    const costs: number[] = [];
    for (const [i, r] of runs.entries()) {
      const sessionId = sessionIds[i]!;
      expect(
        (await ofType(chargingStreams.session(sessionId), 'MeterReadingRecorded')).map((e) => (e.data as { energyWh: number }).energyWh),
      ).toEqual([1, 2, 3, 4, 5, 6].map((m) => r.meterStart + m * 2_000));
      const cost = Math.round(((r.meterStop - r.meterStart) * AC) / 1000);
      expect((await ofType(chargingStreams.session(sessionId), 'SessionStopped')).map((e) => e.data)).toEqual([
        expect.objectContaining({ energyWh: r.meterStop - r.meterStart, cost }),
      ]);
      expect(await ofType(chargingStreams.session(sessionId), 'SessionBilled')).toHaveLength(1);
      costs.push(cost);
    }
    expect((await debits(owner.customerId)).map((e) => (e.data as { amount: number }).amount).sort((a, b) => a - b)).toEqual(
      [...costs].sort((a, b) => a - b),
    );
    expect(await ledger.balanceOf(owner.customerId)).toBe(30_000 - costs[0]! - costs[1]!);
    // The token is released after the bill: wait for it rather than race it.
    for (const card of cards)
      await expect.poll(async () => (await ofType(chargingStreams.idToken(card), 'IdTokenSessionClosed')).length).toBe(1);
  });

  it('unknown transaction ids record nothing', async () => {
    const chargerId = await givenOnlineCharger();
    await inbound(meterValues(chargerId, '99999', [[1, 100]]), stopTransaction(chargerId, '99999', 200));
    await new Promise((r) => setTimeout(r, 300));
    expect(await events(chargingStreams.chargerTransaction(chargerId, '99999'))).toEqual([]);
  });

  it('answers the gateway’s authorize questions', async () => {
    const v16 = await givenOnlineCharger('1.6');
    const v201 = await givenOnlineCharger('2.0.1');
    const rich = await givenCustomer(10_000);
    const poor = await givenCustomer(100);
    const banned = await givenCustomer(10_000);
    // Cards: an app token stands only for its own remote start (charging.deciders.test.ts, app-token.security.test.ts).
    for (const c of [rich, poor, banned]) {
      c.idTag = `CARD-${randomUUID().slice(0, 8).toUpperCase()}`;
      await store().append(
        chargingStreams.idToken(c.idTag),
        [
          envelope(
            {
              type: 'IdTokenIssued',
              data: { idTag: c.idTag, customerId: c.customerId, kind: 'card', expiresAt: null, at: new Date().toISOString() },
            },
            newContext({ type: 'system', id: 'test' }),
          ),
        ],
        'any',
      );
    }
    await must(app, 'customers.ban', { customerId: banned.customerId, reason: 'Fraud' }, admin);
    const ask = async (chargerId: string, idTag: string) => {
      const q: OcppAuthorizeRequest = {
        requestId: randomUUID(),
        nodeId: 'test-node',
        chargerId,
        idTag,
        connectorId: 1,
        purpose: 'authorize',
        at: new Date().toISOString(),
      };
      await bus().publish(BUS_TOPICS.ocppAuthorize, [{ key: chargerId, value: q }]);
      await expect.poll(() => replies.find((r) => r.requestId === q.requestId), { timeout: 3000 }).toBeTruthy();
      return replies.find((r) => r.requestId === q.requestId)!.status;
    };
    expect(await ask(v16, rich.idTag)).toBe('Accepted');
    expect(await ask(v16, 'NOBODY-KNOWS')).toBe('Invalid');
    expect(await ask(v16, banned.idTag)).toBe('Blocked');
    // The network's status whatever the charger speaks: the gateway tells a 1.6 charger Blocked.
    expect(await ask(v16, poor.idTag)).toBe('NoCredit');
    expect(await ask(v201, poor.idTag)).toBe('NoCredit');
    await inbound(
      message(
        v16,
        'StartTransaction',
        { connectorId: 1, idTag: rich.idTag, meterStart: 0, timestamp: at(0) },
        { transactionId: '7101', authorization: { status: 'Accepted', source: 'command-side' } },
      ),
    );
    await expect.poll(async () => (await ofType(chargingStreams.idToken(rich.idTag), 'IdTokenSessionOpened')).length).toBe(1);
    expect(await ask(v201, rich.idTag)).toBe('ConcurrentTx');
    expect(await ask(v16, rich.idTag)).toBe('Accepted');
  });
});
