import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient, createRPCError } from 'ocpp-rpc';
import {
  BUS_TOPICS,
  COMMAND_SENT_REPORT_AFTER_MS,
  networkStreams,
  type ChargerCommandView,
  type OcppFrame,
  type OutboundOcppResult,
  type Paged,
} from '@evc/contracts';
import { OcppGateway } from '@evc/ocpp-gateway';
import { SimulatedCharger } from '@evc/simulator';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { adminGet, superAdminToken } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { command, givenStaff } from '../support/identity';

type Call = { method: string; params: unknown };
type Answer = (call: Call) => unknown;

describe('OCPP outbound: staff commands to chargers', () => {
  let app: TestApp;
  let stationId: string;
  let token: string;
  const clients: RPCClient[] = [];
  const simulated: SimulatedCharger[] = [];

  /** A registered charger connected with a raw ocpp-rpc client that records every call it receives. */
  const givenCharger = async (version: '1.6' | '2.0.1', answer: Answer = () => ({ status: 'Accepted' })) => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId, { ocppVersion: version });
    await app.embedded.runner.waitFor(result.position, 2000);
    const options = {
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity: chargerId,
      password: secret,
      protocols: [`ocpp${version}`],
      reconnect: false,
      strictMode: true,
    };
    const client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    clients.push(client);
    const calls: Call[] = [];
    client.handle(({ method, params }) => {
      const call = { method: String(method), params };
      calls.push(call);
      return answer(call) as Promise<Record<string, unknown>>;
    });
    await client.connect();
    await expect.poll(() => app.embedded.gateway!.connectedCount).toBeGreaterThan(0);
    return { chargerId, secret, client, calls };
  };
  const send = (body: Record<string, unknown>, as = token) =>
    command(app, 'chargers.send-command', { commandId: randomUUID(), ...body }, as);
  const commandsOf = async (chargerId: string) =>
    (await adminGet<Paged<ChargerCommandView>>(app, `ocpp-commands?chargerId=${chargerId}`, token)).body.dataList;
  const statusOf = async (chargerId: string, commandId: string) =>
    (await commandsOf(chargerId)).find((c) => c.commandId === commandId)?.status;

  beforeAll(async () => {
    app = await startTestApp();
    token = await superAdminToken(app);
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
    await app.embedded.gateway!.ready;
  });
  afterAll(async () => {
    await Promise.all(simulated.map((s) => s.stop()));
    await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
    await app?.close();
  });

  for (const [version, shape] of [
    ['1.6', { type: 'Hard' }],
    ['2.0.1', { type: 'Immediate' }],
  ] as const) {
    it(`OCPP ${version}: Reset reaches the charger in its protocol's shape and shows accepted, in the frame log too`, async () => {
      const { chargerId, calls } = await givenCharger(version);
      const commandId = randomUUID();
      const res = await send({ commandId, chargerId, action: 'Reset', type: 'Hard' });
      expect(res.status).toBe(200);
      await expect.poll(() => statusOf(chargerId, commandId), { timeout: 5000 }).toBe('accepted');
      expect(calls).toEqual([{ method: 'Reset', params: shape }]);
      const [view] = await commandsOf(chargerId);
      expect(view).toMatchObject({
        commandId,
        action: 'Reset',
        request: { type: 'Hard' },
        ocppAction: 'Reset',
        protocol: `ocpp${version}`,
        response: { status: 'Accepted' },
        error: null,
      });
      expect(view!.requestedBy).toMatchObject({ type: 'staff', name: expect.any(String) });
      expect(view!.answeredAt! >= view!.requestedAt).toBe(true);
      const frames = (await adminGet<Paged<OcppFrame>>(app, `ocpp-messages?chargerId=${chargerId}`, token)).body.dataList;
      expect(frames.slice(0, 2).map((f) => `${f.direction} ${f.kind} ${f.action}`)).toEqual(['in result Reset', 'out call Reset']);
    });
  }

  it('OCPP 2.0.1: UnlockConnector, ChangeAvailability, TriggerMessage and configuration are translated', async () => {
    const { chargerId, calls } = await givenCharger('2.0.1', ({ method }) =>
      method === 'UnlockConnector'
        ? { status: 'Unlocked' }
        : method === 'SetVariables'
          ? {
              setVariableResult: [
                { attributeStatus: 'Accepted', component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
              ],
            }
          : { status: 'Accepted' },
    );
    const requests = [
      { action: 'UnlockConnector', connectorId: 2 },
      { action: 'ChangeAvailability', connectorId: 0, type: 'Inoperative' },
      { action: 'TriggerMessage', requestedMessage: 'StatusNotification', connectorId: 1 },
      { action: 'ChangeConfiguration', key: 'OCPPCommCtrlr.HeartbeatInterval', value: '30' },
    ];
    const ids: string[] = [];
    for (const r of requests) {
      const commandId = randomUUID();
      ids.push(commandId);
      expect((await send({ commandId, chargerId, ...r })).status).toBe(200);
      await expect.poll(() => statusOf(chargerId, commandId), { timeout: 5000 }).toBe('accepted');
    }
    expect(calls).toEqual([
      { method: 'UnlockConnector', params: { evseId: 2, connectorId: 1 } },
      { method: 'ChangeAvailability', params: { operationalStatus: 'Inoperative' } },
      { method: 'TriggerMessage', params: { requestedMessage: 'StatusNotification', evse: { id: 1 } } },
      {
        method: 'SetVariables',
        params: {
          setVariableData: [{ attributeValue: '30', component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }],
        },
      },
    ]);
    // GetConfiguration without keys cannot be asked of a 2.0.1 charger: not_supported, nothing sent.
    const all = randomUUID();
    await send({ commandId: all, chargerId, action: 'GetConfiguration' });
    await expect.poll(() => statusOf(chargerId, all), { timeout: 5000 }).toBe('not_supported');
    expect(calls).toHaveLength(4);
  });

  it('a charger answering Rejected: rejected, with its answer', async () => {
    const { chargerId, calls } = await givenCharger('1.6', () => ({ status: 'Rejected' }));
    const commandId = randomUUID();
    await send({ commandId, chargerId, action: 'ChangeAvailability', connectorId: 0, type: 'Inoperative' });
    await expect.poll(() => statusOf(chargerId, commandId), { timeout: 5000 }).toBe('rejected');
    expect(calls).toEqual([{ method: 'ChangeAvailability', params: { connectorId: 0, type: 'Inoperative' } }]);
    expect((await commandsOf(chargerId))[0]).toMatchObject({ response: { status: 'Rejected' } });
  });

  it('a CALLERROR: error, with the code; NotImplemented: not_supported', async () => {
    const { chargerId } = await givenCharger('1.6', ({ method }) => {
      throw createRPCError(method === 'Reset' ? 'InternalError' : 'NotImplemented', 'cannot do that now');
    });
    const failing = randomUUID();
    await send({ commandId: failing, chargerId, action: 'Reset', type: 'Soft' });
    await expect.poll(() => statusOf(chargerId, failing), { timeout: 5000 }).toBe('error');
    expect((await commandsOf(chargerId))[0]?.error).toContain('InternalError');
    const unsupported = randomUUID();
    await send({ commandId: unsupported, chargerId, action: 'UnlockConnector', connectorId: 1 });
    await expect.poll(() => statusOf(chargerId, unsupported), { timeout: 5000 }).toBe('not_supported');
  });

  it('a charger that is not connected: offline after about 5 s, nothing sent later', async () => {
    const { chargerId } = await registerCharger(app.commandBus, stationId);
    const commandId = randomUUID();
    expect((await send({ commandId, chargerId, action: 'Reset', type: 'Soft' })).status).toBe(200);
    expect(await statusOf(chargerId, commandId)).toBe('pending');
    await expect.poll(() => statusOf(chargerId, commandId), { timeout: 10_000, interval: 250 }).toBe('offline');
    const events = await app.embedded.infra.eventStore.readStream(networkStreams.chargerCommand(commandId));
    expect(events.map((e) => e.type)).toEqual(['ChargerCommandRequested', 'ChargerCommandAnswered']);
  });

  it('a prompt answer is one result that says when the call was sent; a slow one is reported sent first, then answered', async () => {
    const results: OutboundOcppResult[] = [];
    const watcher = app.embedded.infra.bus.subscribe<OutboundOcppResult>(
      { groupId: `results-${randomUUID()}`, topics: [BUS_TOPICS.ocppOutboundResults] },
      ({ value }) => {
        results.push(value);
      },
    );
    await watcher.ready;
    try {
      const slowMs = COMMAND_SENT_REPORT_AFTER_MS + 500;
      const { chargerId } = await givenCharger('1.6', ({ method }) =>
        method === 'ChangeAvailability'
          ? new Promise((resolve) => setTimeout(() => resolve({ status: 'Accepted' }), slowMs))
          : { status: 'Accepted' },
      );
      const prompt = randomUUID();
      await send({ commandId: prompt, chargerId, action: 'Reset', type: 'Soft' });
      await expect.poll(() => statusOf(chargerId, prompt), { timeout: 5000 }).toBe('accepted');
      const promptResults = results.filter((r) => r.commandId === prompt);
      expect(promptResults).toEqual([expect.objectContaining({ status: 'accepted', ocppAction: 'Reset', sentAt: expect.any(String) })]);
      expect(promptResults[0]!.sentAt! <= promptResults[0]!.at).toBe(true);

      const slow = randomUUID();
      await send({ commandId: slow, chargerId, action: 'ChangeAvailability', connectorId: 0, type: 'Inoperative' });
      await expect.poll(() => statusOf(chargerId, slow), { timeout: 10_000 }).toBe('accepted');
      const slowResults = results.filter((r) => r.commandId === slow);
      expect(slowResults.map((r) => r.status)).toEqual(['sent', 'accepted']);
      expect(slowResults[1]!.sentAt).toBeUndefined();
      // Either way the command's stream holds it sent, then answered, and the staff view shows when it was sent.
      for (const commandId of [prompt, slow]) {
        const events = await app.embedded.infra.eventStore.readStream(networkStreams.chargerCommand(commandId));
        expect(events.map((e) => e.type)).toEqual(['ChargerCommandRequested', 'ChargerCommandSent', 'ChargerCommandAnswered']);
        const view = (await commandsOf(chargerId)).find((c) => c.commandId === commandId)!;
        expect(view.sentAt! <= view.answeredAt!).toBe(true);
      }
    } finally {
      await watcher.stop();
    }
  });

  it('the same commandId again sends once; a different command under that id is a conflict', async () => {
    const { chargerId, calls } = await givenCharger('1.6');
    const commandId = randomUUID();
    const body = { commandId, chargerId, action: 'Reset', type: 'Soft' };
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    await expect.poll(() => statusOf(chargerId, commandId), { timeout: 5000 }).toBe('accepted');
    expect((await send(body)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toHaveLength(1);
    expect((await send({ ...body, type: 'Hard' })).status).toBe(409);
    const events = await app.embedded.infra.eventStore.readStream(networkStreams.chargerCommand(commandId));
    expect(events.map((e) => e.type)).toEqual(['ChargerCommandRequested', 'ChargerCommandSent', 'ChargerCommandAnswered']);
  });

  it('needs stations.write (403), a known charger (404) and a valid request (400)', async () => {
    const { chargerId } = await registerCharger(app.commandBus, stationId);
    const viewer = await givenStaff(app, ['role-viewer'], token);
    expect((await send({ chargerId, action: 'Reset', type: 'Soft' }, viewer.token)).status).toBe(403);
    expect((await adminGet(app, `ocpp-commands?chargerId=${chargerId}`, viewer.token)).status).toBe(403);
    expect((await send({ chargerId, action: 'Reset', type: 'Soft' }, '')).status).toBe(401);
    expect((await send({ chargerId: 'CP-nobody', action: 'Reset', type: 'Soft' })).status).toBe(404);
    expect((await send({ chargerId, action: 'Reset', type: 'Immediate' })).status).toBe(400);
    expect((await send({ chargerId, action: 'Explode' })).status).toBe(400);
    expect((await send({ commandId: 'not-a-uuid', chargerId, action: 'Reset', type: 'Soft' })).status).toBe(400);
  });

  it('a charger deleted after a command is sent none: the sender keeps chargers folded and catches up with the delete', async () => {
    const { chargerId } = await registerCharger(app.commandBus, stationId);
    expect((await send({ chargerId, action: 'Reset', type: 'Soft' })).status).toBe(200);
    expect((await command(app, 'chargers.delete', { chargerId }, token)).status).toBe(200);
    const refused = await send({ chargerId, action: 'Reset', type: 'Soft' });
    expect(refused.body).toMatchObject({ code: 'network.charger_deleted' });
  });

  it('a second gateway node holding the socket sends it (the first does not); no answer in time: timeout', async () => {
    const { infra } = app.embedded;
    const node = new OcppGateway({
      documents: infra.documents,
      bus: infra.bus,
      watchdogEveryMs: 0,
      commandTimeoutMs: 300,
      nodeId: 'second',
    });
    const server = createServer();
    server.on('upgrade', (request, socket, head) => node.handleUpgrade(request, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await node.ready;
      const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
      await app.embedded.runner.waitFor(result.position, 2000);
      const port = (server.address() as { port: number }).port;
      const options = {
        endpoint: `ws://127.0.0.1:${port}/ocpp`,
        identity: chargerId,
        password: secret,
        protocols: ['ocpp1.6'],
        reconnect: false,
        strictMode: true,
      };
      const client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
      clients.push(client);
      const calls: string[] = [];
      client.handle(({ method }) => {
        calls.push(String(method));
        return new Promise<Record<string, unknown>>(() => undefined); // never answers
      });
      await client.connect();
      const commandId = randomUUID();
      await send({ commandId, chargerId, action: 'Reset', type: 'Soft' });
      await expect.poll(() => statusOf(chargerId, commandId), { timeout: 5000 }).toBe('timeout');
      expect(calls).toEqual(['Reset']);
      expect((await commandsOf(chargerId))[0]).toMatchObject({
        sentAt: expect.any(String),
        error: expect.stringContaining('did not answer'),
      });
    } finally {
      await node.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('the simulator obeys: TriggerMessage is accepted and the message follows; configuration reads and writes', async () => {
    for (const version of ['1.6', '2.0.1'] as const) {
      const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId, { ocppVersion: version });
      await app.embedded.runner.waitFor(result.position, 2000);
      const sim = new SimulatedCharger(
        { id: chargerId, secret, ocppVersion: version, connectorIds: [1] },
        { url: app.baseUrl.replace('http', 'ws'), chargers: [] },
      );
      simulated.push(sim);
      sim.start();
      const frames = async () =>
        (await adminGet<Paged<OcppFrame>>(app, `ocpp-messages?chargerId=${chargerId}&pageSize=100`, token)).body.dataList;
      await expect
        .poll(async () => (await frames()).filter((f) => f.action === 'StatusNotification' && f.kind === 'call').length, { timeout: 5000 })
        .toBe(1);
      const trigger = randomUUID();
      await send({ commandId: trigger, chargerId, action: 'TriggerMessage', requestedMessage: 'StatusNotification' });
      await expect.poll(() => statusOf(chargerId, trigger), { timeout: 5000 }).toBe('accepted');
      await expect
        .poll(async () => (await frames()).filter((f) => f.action === 'StatusNotification' && f.kind === 'call').length, { timeout: 5000 })
        .toBe(2);
      const change = randomUUID();
      await send({ commandId: change, chargerId, action: 'ChangeConfiguration', key: 'HeartbeatInterval', value: '45' });
      await expect.poll(() => statusOf(chargerId, change), { timeout: 5000 }).toBe('accepted');
      const read = randomUUID();
      await send({ commandId: read, chargerId, action: 'GetConfiguration', keys: ['HeartbeatInterval', 'Nope'] });
      await expect.poll(() => statusOf(chargerId, read), { timeout: 5000 }).toBe('accepted');
      const { response } = (await commandsOf(chargerId)).find((c) => c.commandId === read)!;
      if (version === '1.6')
        expect(response).toEqual({ configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '45' }], unknownKey: ['Nope'] });
      else
        expect(response).toEqual({
          getVariableResult: [
            {
              attributeStatus: 'Accepted',
              attributeValue: '45',
              component: { name: 'ChargingStation' },
              variable: { name: 'HeartbeatInterval' },
            },
            { attributeStatus: 'UnknownVariable', component: { name: 'ChargingStation' }, variable: { name: 'Nope' } },
          ],
        });
      const reset = randomUUID();
      await send({ commandId: reset, chargerId, action: 'Reset', type: 'Soft' });
      await expect.poll(() => statusOf(chargerId, reset), { timeout: 5000 }).toBe('accepted');
    }
  });
});
