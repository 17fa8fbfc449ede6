import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import WebSocket from 'ws';
import { BUS_TOPICS, isPresenceNote } from '@evc/contracts';
import type { InboundChargerMessage } from '@evc/ocpp-gateway';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { startTestApp, type TestApp } from '../support/app';

describe('OCPP-J connections on /ocpp/<chargePointId>', () => {
  let app: TestApp;
  let stationId: string;
  const clients: RPCClient[] = [];
  const connect = (identity: string, password: string | undefined, protocol = 'ocpp1.6') => {
    // ocpp-rpc's typings want every option; these are the ones that matter here.
    const options = {
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity,
      password: password ?? null,
      protocols: [protocol],
      reconnect: false,
      strictMode: true,
    };
    const client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    app = await startTestApp();
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
    await app?.close();
  });

  it('accepts a registered charger with its secret key and publishes its calls on ocpp.inbound', async () => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    const inbound: InboundChargerMessage[] = [];
    const consumer = app.embedded.infra.bus.subscribe<InboundChargerMessage>(
      { groupId: `t-${chargerId}`, topics: [BUS_TOPICS.ocppInbound] },
      (m) => {
        if (m.key === chargerId && !isPresenceNote(m.value.message)) inbound.push(m.value);
      },
    );
    await consumer.ready;
    const client = connect(chargerId, secret);
    await client.connect();
    expect(client.protocol).toBe('ocpp1.6');
    const boot = await client.call('BootNotification', { chargePointVendor: 'Delta', chargePointModel: 'AC Max 22' });
    expect(boot).toMatchObject({ status: 'Accepted', interval: 60 });
    await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
    await expect.poll(() => inbound.map((m) => m.message.type)).toEqual(['Booted', 'StatusReported']);
    expect(inbound[0]).toMatchObject({ chargerId, protocol: 'ocpp1.6', message: { vendor: 'Delta', model: 'AC Max 22' } });
    await consumer.stop();
  });

  it('negotiates OCPP 2.0.1', async () => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId, { ocppVersion: '2.0.1' });
    await app.embedded.runner.waitFor(result.position, 2000);
    const client = connect(chargerId, secret, 'ocpp2.0.1');
    await client.connect();
    expect(client.protocol).toBe('ocpp2.0.1');
    const boot = await client.call('BootNotification', { reason: 'PowerUp', chargingStation: { model: 'Terra 54', vendorName: 'ABB' } });
    expect(boot).toMatchObject({ status: 'Accepted' });
  });

  it('refuses a wrong key, a missing key and an unknown charger with 401', async () => {
    const { chargerId, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    for (const [identity, password] of [
      [chargerId, 'wrong'],
      [chargerId, undefined],
      ['NOT-A-CHARGER', 'whatever'],
    ] as const) {
      await expect(connect(identity, password).connect()).rejects.toMatchObject({ code: 401 });
    }
  });

  it('rejects a malformed call with a CALLERROR and keeps serving', async () => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    const client = connect(chargerId, secret);
    await client.connect();
    await expect(client.call('StatusNotification', { connectorId: 'one' }, { noStrict: true } as never)).rejects.toMatchObject({
      rpcErrorCode: expect.stringMatching(/Violation|FormatViolation|TypeConstraint|OccurrenceConstraint/),
    });
    await expect(client.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });

  it('keeps one live connection per charger: a new one replaces the old', async () => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    const first = connect(chargerId, secret);
    await first.connect();
    const closed = new Promise((resolve) => first.once('close', resolve));
    const second = connect(chargerId, secret);
    await second.connect();
    await closed;
    expect(app.embedded.gateway!.connectedCount).toBeGreaterThanOrEqual(1);
    await expect(second.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });

  // One keep-alive sweep per gateway (no ping timer per charger). A socket that answers its ping stays; one
  // that never does (`autoPong: false`: a dead peer) is terminated at a later sweep and shows offline.
  it('keeps sockets alive with one sweep: pings quiet sockets, keeps the one that answers, terminates the one that does not', async () => {
    const gateway = app.embedded.gateway!;
    const raw = async (autoPong: boolean) => {
      const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
      await app.embedded.runner.waitFor(result.position, 2000);
      const auth = Buffer.from(`${chargerId}:${secret}`).toString('base64');
      const ws = new WebSocket(`${app.baseUrl.replace('http', 'ws')}/ocpp/${chargerId}`, ['ocpp1.6'], {
        headers: { authorization: `Basic ${auth}` },
        autoPong,
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      let pings = 0;
      ws.on('ping', () => pings++);
      return { chargerId, ws, pings: () => pings };
    };
    const alive = await raw(true);
    const dead = await raw(false);
    try {
      // Nothing has been quiet for 30 s yet: no ping, nobody terminated.
      expect(gateway.keepAlive()).toEqual([]);
      expect(alive.pings() + dead.pings()).toBe(0);

      // Quiet for "0 ms or more": both are pinged; only the live one answers.
      expect(gateway.keepAlive(Date.now(), 0)).toEqual([]);
      await expect.poll(() => [alive.pings(), dead.pings()]).toEqual([1, 1]);
      await new Promise((resolve) => setTimeout(resolve, 200));

      const closed = new Promise((resolve) => dead.ws.once('close', resolve));
      const terminated = gateway.keepAlive(Date.now(), 0);
      expect(terminated).toContain(dead.chargerId);
      expect(terminated).not.toContain(alive.chargerId);
      await closed;
      expect(alive.ws.readyState).toBe(WebSocket.OPEN);
      const chargers = app.embedded.infra.documents.collection('chargers');
      await expect.poll(async () => (await chargers.findOne({ _id: dead.chargerId }))?.online, { timeout: 5000 }).toBe(false);
      expect((await chargers.findOne({ _id: alive.chargerId }))?.online).toBe(true);
    } finally {
      alive.ws.terminate();
      dead.ws.terminate();
    }
  });
});
