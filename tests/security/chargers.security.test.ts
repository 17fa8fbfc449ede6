import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RPCClient } from 'ocpp-rpc';
import { OCPP_LOG_PAYLOAD_MAX, type OcppFrame } from '@evc/contracts';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { startTestApp, type TestApp } from '../support/app';
import { command, superAdminToken } from '../support/identity';

/** Subprotocol, frame size, closing revoked chargers, throttled charger logins. */
describe('chargers tried as an attacker would', () => {
  let app: TestApp;
  let stationId: string;
  let admin: string;
  const open: { close(): unknown }[] = [];
  beforeAll(async () => {
    // TRUST_PROXY: the charger's address is the X-Forwarded-For a test sends (strangers and chargers far apart).
    app = await startTestApp({ env: { OCPP_MAX_FRAME_BYTES: String(64 * 1024), TRUST_PROXY: '1' } });
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
    admin = await superAdminToken(app);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await app?.close();
  });

  const wsUrl = (id: string) => `${app.baseUrl.replace('http', 'ws')}/ocpp/${id}`;
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const charger = async () => {
    const c = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(c.result.position, 2000);
    return c;
  };
  /** The HTTP status of an upgrade attempt (101 when the socket opened). */
  const upgrade = (id: string, secret: string, protocols: string[] = ['ocpp1.6'], from?: string) =>
    new Promise<{ status: number; ws: WebSocket }>((resolve) => {
      const ws = new WebSocket(wsUrl(id), protocols, {
        headers: { authorization: basic(id, secret), ...(from ? { 'x-forwarded-for': from } : {}) },
      });
      open.push(ws);
      ws.on('open', () => resolve({ status: 101, ws }));
      ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0, ws }));
      ws.on('error', () => undefined);
    });
  const closed = (ws: WebSocket) =>
    new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

  it('refuses a charger that offers no subprotocol or an unknown one (nothing would validate its frames)', async () => {
    const { chargerId, secret } = await charger();
    expect((await upgrade(chargerId, secret, [])).status).toBe(400);
    expect((await upgrade(chargerId, secret, ['ocpp1.5'])).status).toBe(400);
    const ok = await upgrade(chargerId, secret, ['ocpp1.5', 'ocpp1.6']);
    expect([ok.status, ok.ws.protocol]).toEqual([101, 'ocpp1.6']);
    ok.ws.close();
  });

  it('closes the connection on a frame over the limit (1009) before parsing it, and keeps the log bounded', async () => {
    const { chargerId, secret } = await charger();
    const { ws } = await upgrade(chargerId, secret);
    const answer = new Promise<unknown>((resolve) => ws.once('message', (m) => resolve(JSON.parse(m.toString()))));
    // Under the frame limit but over the log's: answered, and logged cut to its head.
    ws.send(JSON.stringify([2, 'dt-1', 'DataTransfer', { vendorId: 'acme', data: 'x'.repeat(40_000) }]));
    expect(((await answer) as unknown[]).slice(0, 2)).toEqual([3, 'dt-1']);
    const held = async () => (await app.embedded.infra.frames.page(chargerId, { skip: 0, limit: 1000 })).frames;
    const payloadOf = async (match: (f: OcppFrame) => boolean) => (await held()).find(match)?.payload;
    await expect
      .poll(() => payloadOf((f) => f.messageId === 'dt-1' && f.direction === 'in'), { timeout: 3000 })
      .toMatchObject({ truncated: true });
    for (const frame of await held()) expect(JSON.stringify(frame.payload).length).toBeLessThanOrEqual(OCPP_LOG_PAYLOAD_MAX);

    const end = closed(ws);
    ws.send(JSON.stringify([2, 'big-1', 'DataTransfer', { vendorId: 'acme', data: 'x'.repeat(70 * 1024) }]));
    expect((await end).code).toBe(1009);
    await expect
      .poll(() => payloadOf((f) => f.action === '$disconnected'), { timeout: 3000 })
      .toMatchObject({ code: 1009, reason: 'Frame larger than 65536 bytes' });
  });

  it('closes a charger at once when its key is rotated or it is deleted', async () => {
    const rotated = await charger();
    const client = new RPCClient({
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity: rotated.chargerId,
      password: rotated.secret,
      protocols: ['ocpp1.6'],
      reconnect: false,
    } as ConstructorParameters<typeof RPCClient>[0]);
    open.push({ close: () => client.close({ force: true }).catch(() => undefined) });
    await client.connect();
    const rotatedClose = new Promise<{ code: number; reason: string }>((resolve) =>
      client.once('close', (info: { code: number; reason: Buffer | string }) => resolve({ code: info.code, reason: String(info.reason) })),
    );
    expect((await command(app, 'chargers.rotate-secret', { chargerId: rotated.chargerId }, admin)).status).toBe(200);
    expect(await rotatedClose).toEqual({ code: 1008, reason: 'Charger key rotated' });

    const deleted = await charger();
    const { ws } = await upgrade(deleted.chargerId, deleted.secret);
    const deletedClose = closed(ws);
    expect((await command(app, 'chargers.delete', { chargerId: deleted.chargerId }, admin)).status).toBe(200);
    expect(await deletedClose).toEqual({ code: 1008, reason: 'Charger deleted' });
  });

  it('never locks a charger out: wrong keys for its public id are throttled per address, its right key always opens', async () => {
    const { chargerId, secret } = await charger();
    const stranger = '203.0.113.7';
    const home = '198.51.100.2';
    const statusOf = async (attempt: Promise<{ status: number; ws: WebSocket }>) => {
      const { status, ws } = await attempt;
      if (status === 101) ws.close();
      return status;
    };
    // Three races: twenty wrong keys from the stranger at once, with the charger logging in from home and from the
    // stranger's own address (a shared NAT) among them.
    for (let round = 0; round < 3; round++) {
      const guesses = Array.from({ length: 20 }, (_, i) => statusOf(upgrade(chargerId, `wrong-${round}-${i}`, ['ocpp1.6'], stranger)));
      const logins = [statusOf(upgrade(chargerId, secret, ['ocpp1.6'], home)), statusOf(upgrade(chargerId, secret, ['ocpp1.6'], stranger))];
      const answered = await Promise.all(guesses);
      expect(await Promise.all(logins)).toEqual([101, 101]);
      // Ten failures per charger and address in five minutes, counted exactly however they race; then 429.
      const refused = answered.filter((s) => s === 401).length;
      expect(refused).toBe(round === 0 ? 10 : 0);
      expect(answered.filter((s) => s === 429)).toHaveLength(20 - refused);
    }
    // Per address, whatever the charger ids: a hundred failures, then 429 for wrong keys, but not for the right one.
    let status = 0;
    for (let i = 0; i < 100 && status !== 429; i++) status = (await upgrade(`CP-unknown-${i}`, 'guess', ['ocpp1.6'], stranger)).status;
    expect(status).toBe(429);
    expect(await statusOf(upgrade(chargerId, secret, ['ocpp1.6'], stranger))).toBe(101);
  });
});
