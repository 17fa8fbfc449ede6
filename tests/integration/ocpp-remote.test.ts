import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUS_TOPICS,
  type ChargerCommandRequest,
  type ChargerMessageOf,
  type ChargerMessageType,
  type OutboundOcppCommand,
  type OutboundOcppResult,
} from '@evc/contracts';
import { remoteStartIdOf } from '@evc/ocpp-gateway/outbound';
import { SimulatedCharger, type SimulatorOptions } from '@evc/simulator';
import { startTestApp, type TestApp } from '../support/app';
import { startOcppNode, type OcppNode } from '../support/ocpp-node';

type Reading = { timestamp: string; energyWh: number };

/** Remote start / stop and reservations through the gateway to the simulator, and its offline queue. */
describe('OCPP remote start/stop, reservations and meter values (simulator)', () => {
  let app: TestApp;
  let node: OcppNode;
  const results: OutboundOcppResult[] = [];
  const sims: SimulatedCharger[] = [];
  /** What the gateway published for a charger (version-neutral), and the calls as the charger sent them (the message log). */
  const of = <T extends ChargerMessageType>(chargerId: string, type: T) =>
    node.inbound
      .filter((m) => m.chargerId === chargerId && m.message.type === type)
      .map((m) => ({ ...m, message: m.message as ChargerMessageOf<T> }));
  const calls = (chargerId: string, action: string) =>
    node.frames
      .filter((f) => f.chargerId === chargerId && f.direction === 'in' && f.kind === 'call' && f.action === action)
      .map((f) => f.payload);
  const statuses = (chargerId: string) => of(chargerId, 'StatusReported').map((m) => m.message.reportedStatus);

  const simulate = async (version: '1.6' | '2.0.1', extra: Partial<SimulatorOptions> = {}) => {
    const { chargerId, secret } = await node.charger(version);
    const sim = new SimulatedCharger(
      { id: chargerId, secret, ocppVersion: version, connectorIds: [1], current: 'DC' },
      { url: node.url, chargers: [], backoffMs: { initial: 100, max: 1000 }, charging: { meterIntervalS: 1, plugInDelayMs: 50 }, ...extra },
    );
    sims.push(sim);
    sim.start();
    await expect.poll(() => statuses(chargerId)).toEqual(['Available']);
    return { chargerId, sim };
  };
  const send = async (chargerId: string, request: ChargerCommandRequest, sessionId?: string) => {
    const commandId = randomUUID();
    const command: OutboundOcppCommand = {
      commandId,
      chargerId,
      request,
      requestedAt: new Date().toISOString(),
      ...(sessionId ? { sessionId } : {}),
    };
    await node.bus.publish(BUS_TOPICS.ocppOutbound, [{ key: chargerId, value: command }]);
    await expect.poll(() => results.find((r) => r.commandId === commandId && r.status !== 'sent')).toBeDefined();
    return { commandId, result: results.find((r) => r.commandId === commandId && r.status !== 'sent')! };
  };
  const readings = (chargerId: string): Reading[] =>
    of(chargerId, 'MeterValuesReported').flatMap((m) =>
      m.message.samples.map((s) => ({ timestamp: s.timestamp, energyWh: Number(s.energyWh) })),
    );

  beforeAll(async () => {
    app = await startTestApp();
    node = await startOcppNode(app, { authorizeTimeoutMs: 200 });
    node.bus.subscribe<OutboundOcppResult>(
      { groupId: 'test-results', topics: [BUS_TOPICS.ocppOutboundResults] },
      ({ value }) => void results.push(value),
    );
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await node?.close();
    await app?.close();
  });

  it('OCPP 1.6: RemoteStartTransaction → Preparing, StartTransaction, Charging, MeterValues; RemoteStop → StopTransaction, Available', async () => {
    const { chargerId } = await simulate('1.6');
    const sessionId = randomUUID();
    const { result } = await send(chargerId, { action: 'RemoteStartTransaction', connectorId: 1, idTag: 'APP-0001' }, sessionId);
    expect(result).toMatchObject({ status: 'accepted', ocppAction: 'RemoteStartTransaction', sessionId });
    await expect.poll(() => of(chargerId, 'TransactionStarted').length).toBe(1);
    const start = of(chargerId, 'TransactionStarted')[0]!;
    expect(start).toMatchObject({
      message: { connectorId: 1, idTag: 'APP-0001', transactionId: expect.stringMatching(/^\d+$/) },
      authorization: { status: 'Accepted', source: 'remote-start' },
    });
    const transactionId = start.message.transactionId;
    await expect.poll(() => of(chargerId, 'MeterValuesReported').length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    const [meter] = of(chargerId, 'MeterValuesReported');
    expect(meter!.message).toMatchObject({
      transactionId,
      samples: [{ energyWh: expect.any(Number), powerW: expect.any(Number), socPercent: expect.any(Number) }],
    });
    const sent = calls(chargerId, 'MeterValues')[0] as { meterValue: { sampledValue: { measurand: string; unit: string }[] }[] };
    expect(sent.meterValue[0]!.sampledValue.map((v) => `${v.measurand} ${v.unit}`)).toEqual([
      'Energy.Active.Import.Register Wh',
      'Power.Active.Import W',
      'SoC Percent',
    ]);
    const { result: stopped } = await send(chargerId, { action: 'RemoteStopTransaction', transactionId }, sessionId);
    expect(stopped).toMatchObject({ status: 'accepted', sessionId });
    await expect.poll(() => of(chargerId, 'TransactionEnded').length).toBe(1);
    const stop = of(chargerId, 'TransactionEnded')[0]!.message;
    expect(stop).toMatchObject({ transactionId, reason: 'Remote' });
    expect(calls(chargerId, 'StopTransaction')[0]).toMatchObject({ idTag: 'APP-0001' });
    expect(stop.meterStopWh).toBeGreaterThan(start.message.meterStartWh);
    expect(Math.max(...readings(chargerId).map((r) => r.energyWh))).toBeLessThanOrEqual(stop.meterStopWh!);
    await expect.poll(() => statuses(chargerId)).toEqual(['Available', 'Preparing', 'Charging', 'Finishing', 'Available']);
    // Nothing to stop any more.
    expect((await send(chargerId, { action: 'RemoteStopTransaction', transactionId })).result.status).toBe('rejected');
  });

  it('OCPP 2.0.1: RequestStartTransaction → TransactionEvent Started with the remoteStartId, Updated; RequestStop → Ended', async () => {
    const { chargerId } = await simulate('2.0.1');
    const { commandId, result } = await send(chargerId, { action: 'RemoteStartTransaction', connectorId: 1, idTag: 'APP-0002' });
    expect(result).toMatchObject({ status: 'accepted', ocppAction: 'RequestStartTransaction' });
    expect(result.sessionId).toBeUndefined();
    await expect.poll(() => of(chargerId, 'MeterValuesReported').length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    const [started] = of(chargerId, 'TransactionStarted');
    expect(started).toMatchObject({
      message: { idTag: 'APP-0002', connectorId: 1 },
      authorization: { status: 'Accepted', source: 'remote-start' },
    });
    const transactionId = started!.message.transactionId;
    expect(of(chargerId, 'MeterValuesReported')[0]!.message).toMatchObject({ transactionId, connectorId: 1 });
    const events = () =>
      calls(chargerId, 'TransactionEvent') as {
        eventType: string;
        triggerReason: string;
        seqNo: number;
        transactionInfo: { remoteStartId?: number };
      }[];
    expect(events().slice(0, 2)).toMatchObject([
      { eventType: 'Started', triggerReason: 'RemoteStart', transactionInfo: { remoteStartId: remoteStartIdOf(commandId) } },
      { eventType: 'Updated', triggerReason: 'MeterValuePeriodic' },
    ]);
    expect((await send(chargerId, { action: 'RemoteStopTransaction', transactionId })).result.status).toBe('accepted');
    await expect.poll(() => of(chargerId, 'TransactionEnded').map((m) => m.message.transactionId)).toEqual([transactionId]);
    await expect.poll(() => statuses(chargerId)).toEqual(['Available', 'Occupied', 'Occupied', 'Occupied', 'Available']);
    const seqNos = events().map((e) => e.seqNo);
    expect(seqNos).toEqual(seqNos.map((_, i) => i));
  });

  for (const version of ['1.6', '2.0.1'] as const) {
    it(`OCPP ${version}: ReserveNow → Reserved, a second one Occupied, CancelReservation → Available; expiry frees it`, async () => {
      const { chargerId } = await simulate(version);
      const expiryDate = new Date(Date.now() + 60_000).toISOString();
      expect(
        (await send(chargerId, { action: 'ReserveNow', connectorId: 1, idTag: 'APP-0003', reservationId: 7, expiryDate })).result,
      ).toMatchObject({ status: 'accepted', ocppAction: 'ReserveNow' });
      await expect.poll(() => statuses(chargerId)).toEqual(['Available', 'Reserved']);
      expect(
        (await send(chargerId, { action: 'ReserveNow', connectorId: 1, idTag: 'APP-0004', reservationId: 8, expiryDate })).result.status,
      ).toBe('rejected');
      expect((await send(chargerId, { action: 'CancelReservation', reservationId: 8 })).result.status).toBe('rejected');
      expect((await send(chargerId, { action: 'CancelReservation', reservationId: 7 })).result.status).toBe('accepted');
      await expect.poll(() => statuses(chargerId)).toEqual(['Available', 'Reserved', 'Available']);
      const soon = new Date(Date.now() + 300).toISOString();
      await send(chargerId, { action: 'ReserveNow', connectorId: 1, idTag: 'APP-0003', reservationId: 9, expiryDate: soon });
      await expect.poll(() => statuses(chargerId)).toEqual(['Available', 'Reserved', 'Available', 'Reserved', 'Available']);
    });
  }

  it('a remote start authorizes only the transaction it asked for, and only if the charger took it', async () => {
    const { chargerId, client } = await node.connect('1.6');
    let answer = 'Rejected';
    client.handle('RemoteStartTransaction', async () => ({ status: answer }));
    const start = (idTag: string, connectorId = 1) =>
      client.call('StartTransaction', { connectorId, idTag, meterStart: 0, timestamp: new Date().toISOString() }) as Promise<{
        idTagInfo: { status: string };
      }>;
    const asked = (idTag: string) => node.questions.filter((q) => q.chargerId === chargerId && q.idTag === idTag).length;
    const sources = (idTag: string) =>
      of(chargerId, 'TransactionStarted')
        .filter((m) => m.message.idTag === idTag)
        .map((m) => m.authorization?.source);

    // Refused by the charger: the transaction it starts later with the tag is asked about.
    expect((await send(chargerId, { action: 'RemoteStartTransaction', connectorId: 1, idTag: 'APP-0101' })).result.status).toBe('rejected');
    await start('APP-0101');
    expect(asked('APP-0101')).toBe(1);
    // Taken: answered without a question, once; on another connector, or a second transaction, it is asked about.
    answer = 'Accepted';
    expect((await send(chargerId, { action: 'RemoteStartTransaction', connectorId: 1, idTag: 'APP-0102' })).result.status).toBe('accepted');
    await start('APP-0102', 2);
    expect((await start('APP-0102')).idTagInfo.status).toBe('Accepted');
    await start('APP-0102');
    expect(asked('APP-0102')).toBe(2);
    await expect.poll(() => sources('APP-0102')).toEqual(['command-side', 'remote-start', 'command-side']);
    expect(sources('APP-0101')).toEqual(['command-side']);
  });

  it('offline queue: what happens while the connection is down is sent in order on reconnect, none lost', async () => {
    const { chargerId, sim } = await simulate('1.6', { offlineQueue: true, backoffMs: { initial: 2500, max: 2500 } });
    expect(sim.charging.startLocal(1, 'CARD-0005')).toBe(true);
    await expect.poll(() => of(chargerId, 'MeterValuesReported').length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    // The gateway drops the connection (as for a silent charger); meter values keep being taken, and queued.
    node.gateway.sweepSilent(Date.now() + 3_600_000);
    await expect.poll(() => !sim.connected && sim.queued > 0, { timeout: 5000 }).toBe(true);
    await expect.poll(() => sim.connected && sim.queued === 0, { timeout: 10_000 }).toBe(true);
    const taken = sim.charging.sampled;
    await expect.poll(() => new Set(readings(chargerId).map((r) => r.timestamp)).size, { timeout: 5000 }).toBeGreaterThanOrEqual(taken);
    const all = readings(chargerId);
    // In order (a resent message may repeat the one before it), and rising energy.
    const distinct = all.filter((r, i) => i === 0 || r.timestamp !== all[i - 1]!.timestamp);
    expect(distinct.map((r) => r.timestamp)).toEqual([...distinct.map((r) => r.timestamp)].sort());
    expect(distinct.map((r) => r.energyWh)).toEqual([...distinct.map((r) => r.energyWh)].sort((a, b) => a - b));
    expect(new Set(all.map((r) => r.timestamp)).size).toBe(distinct.length);
  });
});
