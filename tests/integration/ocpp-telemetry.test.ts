import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import {
  BUS_TOPICS,
  networkStreams,
  type InboundChargerMessage,
  type OcppFrame,
  type Paged,
  type StationAdminView,
  type StationView,
} from '@evc/contracts';
import { RM, sweepSilentChargers } from '@evc/projections';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { adminGet, superAdminToken } from '../support/admin';
import { getJson, startTestApp, type TestApp } from '../support/app';

const twoConnectors = (chargerId: string) =>
  [1, 2].map((connectorId) => ({
    connectorId,
    code: `${chargerId}-${connectorId}`,
    type: 'Type2' as const,
    current: 'AC' as const,
    maxPowerKw: 22,
  }));

describe('OCPP telemetry: boot, status, connections and the message log', () => {
  let app: TestApp;
  let stationId: string;
  let token: string;
  const clients: RPCClient[] = [];
  const connect = async (identity: string, password: string, protocol: string) => {
    const options = {
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity,
      password,
      protocols: [protocol],
      reconnect: false,
      strictMode: true,
    };
    const client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    clients.push(client);
    await client.connect();
    return client;
  };
  const station = async () => (await getJson<StationView>(app.baseUrl, `/api/queries/stations/${stationId}`)).body;
  const staffCharger = async (chargerId: string) =>
    (await adminGet<StationAdminView>(app, `stations/${stationId}`, token)).body.chargers.find((c) => c.chargerId === chargerId);
  const liveEvents = async (chargerId: string) =>
    (await app.embedded.infra.eventStore.readStream(networkStreams.chargerLive(chargerId))).map((e) => e.type);

  beforeAll(async () => {
    app = await startTestApp();
    token = await superAdminToken(app);
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
    await app?.close();
  });

  for (const version of ['1.6', '2.0.1'] as const) {
    it(`OCPP ${version}: boot, Faulted on both connectors, Available, disconnect`, async () => {
      const v201 = version === '2.0.1';
      const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId, {
        ocppVersion: version,
        connectors: twoConnectors('x'),
      });
      await app.embedded.runner.waitFor(result.position, 2000);
      // registerCharger's connector codes must be unique per charger
      const client = await connect(chargerId, secret, v201 ? 'ocpp2.0.1' : 'ocpp1.6');
      await client.call(
        'BootNotification',
        v201
          ? {
              reason: 'PowerUp',
              chargingStation: {
                vendorName: 'ABB',
                model: 'Terra 54',
                firmwareVersion: 'fw-201',
                modem: { iccid: '8920100000000000001', imsi: '602010000000001' },
              },
            }
          : {
              chargePointVendor: 'Delta',
              chargePointModel: 'AC Max 22',
              firmwareVersion: 'fw-16',
              iccid: '8920100000000000002',
              imsi: '602010000000002',
            },
      );
      await expect
        .poll(() => staffCharger(chargerId))
        .toMatchObject({
          online: true,
          firmwareVersion: v201 ? 'fw-201' : 'fw-16',
          reported: { vendor: v201 ? 'ABB' : 'Delta', iccid: v201 ? '8920100000000000001' : '8920100000000000002' },
        });
      const status = (connectorId: number, s: string) =>
        client.call(
          'StatusNotification',
          v201
            ? { timestamp: new Date().toISOString(), connectorStatus: s, evseId: connectorId, connectorId: 1 }
            : { connectorId, errorCode: 'NoError', status: s },
        );
      const outBefore = (await station()).numberOutOfService;
      await status(1, 'Faulted');
      await status(2, 'Faulted');
      await expect.poll(async () => (await station()).numberOutOfService).toBe(outBefore + 1);
      const mine = (await station()).chargers.find((c) => c.chargerId === chargerId)!;
      expect(mine.connectors.map((k) => k.status)).toEqual(['faulted', 'faulted']);
      const availableBefore = (await station()).availableConnectors;
      await status(1, 'Available');
      await expect.poll(async () => (await station()).availableConnectors).toBe(availableBefore + 1);
      expect((await station()).numberOutOfService).toBe(outBefore);
      await client.call('Heartbeat', {});
      await expect.poll(async () => (await staffCharger(chargerId))?.lastHeartbeatAt).toBeTruthy();
      // A repeated status that changes nothing records nothing.
      await status(1, 'Available');
      await client.close();
      await expect.poll(async () => (await staffCharger(chargerId))?.online).toBe(false);
      await expect.poll(async () => (await station()).availableConnectors).toBe(availableBefore);
      expect(await liveEvents(chargerId)).toEqual([
        'ChargerConnected',
        'ChargerBooted',
        'ConnectorStatusChanged',
        'ConnectorStatusChanged',
        'ConnectorStatusChanged',
        'ChargerDisconnected',
      ]);
      const [first] = await app.embedded.infra.eventStore.readStream(networkStreams.chargerLive(chargerId));
      expect(first!.metadata.actor).toEqual({ type: 'charger', id: chargerId });
    });
  }

  it('records a message delivered twice through the bus once', async () => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    await connect(chargerId, secret, 'ocpp1.6');
    await expect.poll(() => liveEvents(chargerId)).toEqual(['ChargerConnected']);
    const [connected] = await app.embedded.infra.eventStore.readStream(networkStreams.chargerLive(chargerId));
    const message: InboundChargerMessage = {
      chargerId,
      protocol: 'ocpp1.6',
      connectionId: (connected!.data as { connectionId: string }).connectionId,
      messageId: 'dup-1',
      receivedAt: new Date().toISOString(),
      message: { type: 'StatusReported', connectorId: 1, status: 'faulted', reportedStatus: 'Faulted', errorCode: null },
    };
    const again: InboundChargerMessage = {
      ...message,
      message: { type: 'StatusReported', connectorId: 1, status: 'available', reportedStatus: 'Available', errorCode: null },
    };
    // The same message twice, then (same id) a different status: a redelivery, not a new fact.
    await app.embedded.infra.bus.publish(BUS_TOPICS.ocppInbound, [
      { key: chargerId, value: message },
      { key: chargerId, value: message },
      { key: chargerId, value: again },
    ]);
    await app.embedded.infra.bus.publish(BUS_TOPICS.ocppInbound, [
      { key: chargerId, value: { ...message, messageId: 'after', message: { type: 'Heartbeat' } } },
    ]);
    await expect.poll(async () => (await staffCharger(chargerId))?.lastSeenAt).toBeTruthy();
    await expect.poll(() => liveEvents(chargerId)).toEqual(['ChargerConnected', 'ConnectorStatusChanged']);
  });

  it('closes a silent charger, which then shows offline', async () => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    const client = await connect(chargerId, secret, 'ocpp1.6');
    await expect.poll(async () => (await staffCharger(chargerId))?.online).toBe(true);
    const closed = new Promise((resolve) => client.once('close', resolve));
    expect(app.embedded.gateway!.sweepSilent(Date.now() + 60_000)).not.toContain(chargerId);
    expect(app.embedded.gateway!.sweepSilent(Date.now() + 121_000)).toContain(chargerId);
    await closed;
    await expect.poll(async () => (await staffCharger(chargerId))?.online).toBe(false);
  });

  it('presumes a charger gone when nothing is heard (its gateway died), and takes it back when it speaks', async () => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    const client = await connect(chargerId, secret, 'ocpp1.6');
    await client.call('Heartbeat', {});
    // Presence (heartbeat) and the connection (an event through the command side) arrive by different paths:
    // the sweep needs both in the read model.
    await expect
      .poll(async () => {
        const charger = await app.embedded.infra.documents.collection(RM.chargers).findOne({ _id: chargerId });
        return Boolean(charger?.online && charger.lastHeartbeatAt && charger.connectionId);
      })
      .toBe(true);
    const { infra } = app.embedded;
    expect(await sweepSilentChargers(infra.bus, infra.documents, Date.now() + 60_000)).not.toContain(chargerId);
    expect(await sweepSilentChargers(infra.bus, infra.documents, Date.now() + 151_000)).toContain(chargerId);
    await expect.poll(async () => (await staffCharger(chargerId))?.online).toBe(false);
    await client.call('Heartbeat', {});
    await expect.poll(async () => (await staffCharger(chargerId))?.online).toBe(true);
    expect(await liveEvents(chargerId)).toEqual(['ChargerConnected', 'ChargerDisconnected', 'ChargerConnected']);
  });

  it('keeps every frame in and out in the message log, for staff with stations.write', async () => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    const client = await connect(chargerId, secret, 'ocpp1.6');
    await client.call('Heartbeat', {});
    // A malformed call (no vendorId), past the client's own validation: answered with a CALLERROR.
    (client as unknown as { sendRaw(m: string): void }).sendRaw(JSON.stringify([2, 'bad-1', 'DataTransfer', {}]));
    const path = `ocpp-messages?chargerId=${chargerId}&pageSize=20`;
    // The gateway may also ask the charger for its local list version on connect (bookings, cards): not these frames.
    const ours = (frames: OcppFrame[]) => frames.filter((f) => f.action !== 'GetLocalListVersion');
    await expect.poll(async () => ours((await adminGet<Paged<OcppFrame>>(app, path, token)).body.dataList).length).toBe(5);
    const body = { dataList: ours((await adminGet<Paged<OcppFrame>>(app, path, token)).body.dataList) };
    expect(body.dataList.map((f) => `${f.direction} ${f.kind} ${f.action}`)).toEqual([
      'out error DataTransfer',
      'in call DataTransfer',
      'out result Heartbeat',
      'in call Heartbeat',
      'in connection $connected',
    ]);
    expect(body.dataList[0]).toMatchObject({ error: expect.stringMatching(/Violation/), messageId: 'bad-1' });
    expect(body.dataList[1]).toMatchObject({ messageId: 'bad-1' });
    expect(body.dataList[2]).toMatchObject({ payload: { currentTime: expect.any(String) } });
    expect((await adminGet(app, path, '')).status).toBe(401);
  });
});
