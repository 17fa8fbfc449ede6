import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Issue 18: the gateway keeps its connections alive with one sweep (no ping timer per charger). A socket that answers
 * the sweep's ping stays; one that does not is terminated at the next sweep after the wait, and shows offline.
 */
describe('OCPP keep-alive: one sweep pings quiet sockets and ends dead ones', () => {
  let app: TestApp;
  let stationId: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await app?.close();
  });

  /** A charger's raw socket; `autoPong: false` makes it a dead peer that never answers a ping. */
  const connect = async (autoPong: boolean) => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    const auth = Buffer.from(`${chargerId}:${secret}`).toString('base64');
    const ws = new WebSocket(`${app.baseUrl.replace('http', 'ws')}/ocpp/${chargerId}`, ['ocpp1.6'], { headers: { authorization: `Basic ${auth}` }, autoPong });
    sockets.push(ws);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    let pings = 0;
    ws.on('ping', () => pings++);
    return { chargerId, ws, pings: () => pings };
  };

  it('pings every quiet socket, keeps the one that answers and terminates the one that does not', async () => {
    const { gateway } = app.embedded;
    const alive = await connect(true);
    const dead = await connect(false);
    await expect.poll(() => gateway.connectedCount).toBeGreaterThanOrEqual(2);

    // Nothing is quiet for 30 s yet: no ping, nobody terminated.
    expect(gateway.keepAlive()).toEqual([]);
    expect(alive.pings() + dead.pings()).toBe(0);

    // Quiet for "0 ms or more": both are pinged; only the live one answers.
    expect(gateway.keepAlive(Date.now(), 0)).toEqual([]);
    await expect.poll(() => alive.pings() + dead.pings()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const closed = new Promise<number>((resolve) => dead.ws.once('close', (code) => resolve(code)));
    const terminated = gateway.keepAlive(Date.now(), 0);
    expect(terminated).toContain(dead.chargerId);
    expect(terminated).not.toContain(alive.chargerId);
    await closed;
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    const chargers = app.embedded.infra.documents.collection('chargers');
    await expect.poll(async () => (await chargers.findOne({ _id: dead.chargerId }))?.online, { timeout: 5000 }).toBe(false);
    expect((await chargers.findOne({ _id: alive.chargerId }))?.online).toBe(true);
  });
});
