import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import { chargingStreams, type EventSearchPage, type Paged, type SessionView } from '@evc/contracts';
import { CHARGING_SESSIONS, appIdTag, cardSessionId, startCommandId, type ChargingSessions } from '@evc/command-service';
import { registerCharger } from '../support/factories';
import { startTestApp, type TestApp } from '../support/app';
import { aChargingNetwork, aCustomerReadyToCharge, bootAvailable } from '../support/charging-story';
import { command, givenStaff, query } from '../support/identity';

type Call = { method: string; params: Record<string, unknown> };

/**
 * The app's id token is not a card: it goes to chargers in every remote start, so it is accepted only for the remote
 * start it was sent for (that charger and connector; its window is the decider's, charging.deciders.test.ts), is new
 * for every session, is never the customer's stable tag,
 * and is masked like a card id where staff read events.
 */
describe("the app's id token is not a card", () => {
  let app: TestApp;
  let admin: string;
  let stationId: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ stationId, staff: admin } = await aChargingNetwork(app));
  });
  afterAll(() => app?.close());

  /** A registered 1.6 charger on a raw OCPP client that accepts every remote command, booted and available. */
  async function charger() {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    const calls: Call[] = [];
    const client = new RPCClient({
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity: chargerId,
      password: secret,
      protocols: ['ocpp1.6'],
      reconnect: false,
      strictMode: true,
    } as ConstructorParameters<typeof RPCClient>[0]);
    client.handle(({ method, params }) => {
      calls.push({ method: String(method), params: params as Record<string, unknown> });
      return { status: 'Accepted' } as unknown as Promise<Record<string, unknown>>;
    });
    await bootAvailable(app, client, chargerId);
    return { chargerId, client, calls };
  }

  const types = async (sessionId: string) =>
    (await app.embedded.infra.eventStore.readStream(chargingStreams.session(sessionId))).map((e) => e.type);

  /** A phone start on `at`: the app token its remote start carried. */
  async function phoneStart(customer: { token: string }, carId: string, at: Awaited<ReturnType<typeof charger>>) {
    const sessionId = randomUUID();
    expect(
      (await command(app, 'sessions.start', { sessionId, chargerId: at.chargerId, connectorId: 1, carId }, customer.token)).status,
    ).toBe(200);
    await expect.poll(() => at.calls.filter((c) => c.method === 'RemoteStartTransaction').length).toBeGreaterThan(0);
    await expect.poll(() => types(sessionId)).toContain('SessionStartAccepted');
    return { sessionId, idTag: String(at.calls.filter((c) => c.method === 'RemoteStartTransaction').at(-1)!.params.idTag) };
  }

  it('is accepted only on the charger its remote start went to; a copy elsewhere is refused and billed to nobody', async () => {
    const [a, b] = [await charger(), await charger()];
    const { customer, carId } = await aCustomerReadyToCharge(app, 10_000);
    try {
      const { sessionId, idTag } = await phoneStart(customer, carId, a);
      expect(idTag).not.toBe(appIdTag(customer.customerId));

      // Someone who read the token off charger A tries it at charger B, many times at once: refused every time.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => b.client.call('Authorize', { idTag }) as Promise<{ idTagInfo: { status: string } }>),
      );
      expect(new Set(answers.map((x) => x.idTagInfo.status))).toEqual(new Set(['Invalid']));
      const timestamp = new Date().toISOString();
      const copied = (await b.client.call('StartTransaction', { connectorId: 1, idTag, meterStart: 0, timestamp })) as {
        transactionId: number;
        idTagInfo: { status: string };
      };
      expect(copied.idTagInfo.status).toBe('Invalid');
      // A charger that charges anyway: recorded for staff, never the customer's.
      await b.client.call('StopTransaction', {
        transactionId: copied.transactionId,
        meterStop: 5000,
        timestamp: new Date(Date.parse(timestamp) + 60_000).toISOString(),
        reason: 'Local',
      });
      const copy = cardSessionId(b.chargerId, 1, idTag, timestamp);
      await expect.poll(() => types(copy), { timeout: 10_000 }).toContain('SessionStopped');

      // The phone's own transaction on A is accepted with it, and billed as usual.
      const start = (await a.client.call('StartTransaction', {
        connectorId: 1,
        idTag,
        meterStart: 1000,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number; idTagInfo: { status: string } };
      expect(start.idTagInfo.status).toBe('Accepted');
      await expect.poll(() => types(sessionId)).toContain('SessionCharging');
      await a.client.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 11_000,
        timestamp: new Date(Date.now() + 60_000).toISOString(),
        reason: 'Local',
      });
      await expect.poll(() => types(sessionId), { timeout: 10_000 }).toContain('SessionBilled');

      const debits = (await app.embedded.infra.eventStore.readStream(chargingStreams.wallet(customer.customerId))).filter(
        (e) => e.type === 'WalletDebited',
      );
      expect(debits.map((e) => (e.data as { transactionId: string }).transactionId)).toEqual([`session:${sessionId}`]);
      const mine = await query<Paged<SessionView>>(app, '/api/queries/me/sessions', customer.token);
      expect(mine.body.dataList.map((s) => s.sessionId)).toEqual([sessionId]);
      // The customer's stable tag (the app token of old) is accepted nowhere.
      expect(
        ((await a.client.call('Authorize', { idTag: appIdTag(customer.customerId) })) as { idTagInfo: { status: string } }).idTagInfo
          .status,
      ).toBe('Invalid');
    } finally {
      await Promise.all([a, b].map((c) => c.client.close({ force: true }).catch(() => undefined)));
    }
  }, 60_000);

  it("is new for every session, and never the customer's stable tag", async () => {
    const a = await charger();
    const { customer, carId } = await aCustomerReadyToCharge(app, 10_000);
    const sessions = app.embedded.app.get<ChargingSessions>(CHARGING_SESSIONS);
    try {
      const tags: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { sessionId, idTag } = await phoneStart(customer, carId, a);
        tags.push(idTag);
        // The cable never comes: the sweep fails the session, which frees the customer's one open session.
        await sessions.sweepNoCable(new Date(Date.now() + 10 * 60_000));
        await expect.poll(() => types(sessionId)).toContain('SessionStartFailed');
      }
      expect(new Set([...tags, appIdTag(customer.customerId)]).size).toBe(4);
      for (const tag of tags) expect(tag).toMatch(/^A[A-Z2-7]{19}$/);
    } finally {
      await a.client.close({ force: true }).catch(() => undefined);
    }
  }, 60_000);

  it('a start fired 20 times at once with one session id has one token: its claim, its request and its remote start agree', async () => {
    const a = await charger();
    const { customer, carId } = await aCustomerReadyToCharge(app, 10_000);
    const sessions = app.embedded.app.get<ChargingSessions>(CHARGING_SESSIONS);
    const store = app.embedded.infra.eventStore;
    try {
      for (let round = 0; round < 5; round++) {
        const sessionId = randomUUID();
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            command(app, 'sessions.start', { sessionId, chargerId: a.chargerId, connectorId: 1, carId }, customer.token),
          ),
        );
        expect(
          answers.map((r) => r.status),
          JSON.stringify(answers.find((r) => r.status !== 200)?.body),
        ).toEqual(Array(20).fill(200));
        const requested = (await store.readStream(chargingStreams.session(sessionId))).filter((e) => e.type === 'SessionRequested');
        expect(requested).toHaveLength(1);
        const idTag = (requested[0]!.data as { idTag: string }).idTag;
        const claims = (await store.readStream(chargingStreams.connector(a.chargerId, 1))).filter(
          (e) => e.type === 'ConnectorClaimed' && (e.data as { sessionId: string }).sessionId === sessionId,
        );
        expect(claims.map((e) => (e.data as { idTag: string }).idTag)).toEqual([idTag]);
        expect((await store.readStream(chargingStreams.idToken(idTag))).filter((e) => e.type === 'IdTokenIssued')).toHaveLength(1);
        await expect.poll(() => types(sessionId)).toContain('SessionStartAccepted');
        expect(a.calls.filter((c) => c.method === 'RemoteStartTransaction').at(-1)!.params.idTag).toBe(idTag);
        await sessions.sweepNoCable(new Date(Date.now() + 10 * 60_000));
        await expect.poll(() => types(sessionId)).toContain('SessionStartFailed');
      }
    } finally {
      await a.client.close({ force: true }).catch(() => undefined);
    }
  }, 90_000);

  it('is masked like a card id for staff without customers.read, in every event that carries it', async () => {
    const a = await charger();
    const { customer, carId } = await aCustomerReadyToCharge(app, 10_000);
    expect(
      (
        await command(
          app,
          'roles.create',
          { roleId: 'token-reader', name: 'token-reader', nameAr: 'token-reader', privileges: ['events.read'] },
          admin,
        )
      ).status,
    ).toBe(200);
    const reader = (await givenStaff(app, ['token-reader'], admin)).token;
    try {
      const { sessionId, idTag } = await phoneStart(customer, carId, a);
      const seen = async (token: string, params: Record<string, string>) =>
        (await query<EventSearchPage>(app, `/api/queries/admin/events?${new URLSearchParams(params)}`, token)).body.dataList;
      const carrying = [
        ...(await seen(reader, { stream: `session-${sessionId}`, type: 'SessionRequested' })),
        ...(await seen(reader, { stream: `connector-${a.chargerId}-1`, type: 'ConnectorClaimed' })),
        ...(await seen(reader, { stream: `charger-command-${startCommandId(sessionId)}`, type: 'ChargerCommandRequested' })),
      ];
      expect(carrying.length).toBe(3);
      // The token's own stream is named by the token: its name is masked too, so it cannot be looked up by it.
      expect(await seen(reader, { stream: `id-token-${idTag}`, type: 'IdTokenIssued' })).toHaveLength(0);
      expect(await seen(admin, { stream: `id-token-${idTag}`, type: 'IdTokenIssued' })).toHaveLength(1);
      for (const e of carrying) {
        const tagFields = e.fields.filter((f) => /(^|\.)idTag$/.test(f.path));
        expect(tagFields.length, e.type).toBeGreaterThan(0);
        for (const f of tagFields) expect(f, e.type).toMatchObject({ value: null, masked: 'personal' });
        expect(
          e.fields.some((f) => f.value === idTag),
          e.type,
        ).toBe(false);
      }
      // Staff who may read customers see it, as they see a card id.
      const [requested] = await seen(admin, { stream: `session-${sessionId}`, type: 'SessionRequested' });
      expect(requested!.fields.find((f) => f.path === 'idTag')).toMatchObject({ value: idTag, masked: null });
    } finally {
      await a.client.close({ force: true }).catch(() => undefined);
    }
  }, 60_000);
});
