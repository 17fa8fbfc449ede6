// The public demonstration never takes a charger that a simulator or a real charger holds, and gives way to one that
// connects while it runs: a charger id never changes hands back and forth (each change is a ChargerConnected).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoStatus } from '@evc/contracts';
import { Simulator, loadDemoChargers, type SimulatedChargerSpec } from '@evc/simulator';
import { getJson, postJson, startTestApp, type TestApp } from '../support/app';

describe('the demonstration and chargers others hold', () => {
  let app: TestApp;
  const outside: Simulator[] = [];
  beforeAll(async () => {
    app = await startTestApp({ seed: true });
  });
  afterAll(async () => {
    await Promise.all(outside.map((s) => s.stop()));
    await app?.embedded.demo.stop();
    await app?.close();
  });

  const demo = async () => (await getJson<DemoStatus>(app.baseUrl, '/api/demo')).body;
  const connects = async (chargerId: string) =>
    (await app.embedded.infra.eventStore.readStream(`charger-live-${chargerId}`)).filter((e) => e.type === 'ChargerConnected').length;
  const online = async (chargerId: string) =>
    (await app.embedded.infra.documents.collection('chargers').findOne({ _id: chargerId }))?.online === true;
  const hold = (spec: SimulatedChargerSpec) => {
    const sim = new Simulator({ url: app.baseUrl.replace(/^http/, 'ws'), chargers: [spec], backoffMs: { initial: 200, max: 1_000 } });
    outside.push(sim);
    sim.start();
    return sim.chargers[0]!;
  };

  it('skips the demo charger a simulator holds, and gives way to one that connects later', async () => {
    const specs = await loadDemoChargers(app.dataDir);
    const held = hold(specs[0]!);
    await expect.poll(() => online(specs[0]!.id), { timeout: 10_000 }).toBe(true);

    const started = (await postJson<DemoStatus>(app.baseUrl, '/api/demo/start', {})).body;
    expect(started.running).toBe(true);
    expect(started.chargers.map((c) => c.chargerId)).not.toContain(specs[0]!.id);
    await expect.poll(async () => (await demo()).chargers.every((c) => c.connected), { timeout: 10_000 }).toBe(true);

    // someone connects a charger the demonstration runs: the demonstration's gives way and does not come back
    const taken = started.chargers[0]!.chargerId;
    const intruder = hold(specs.find((s) => s.id === taken)!);
    await expect.poll(async () => (await demo()).chargers.find((c) => c.chargerId === taken)?.connected, { timeout: 10_000 }).toBe(false);
    // the demonstration's connection, then the intruder's; none after that
    await expect.poll(() => connects(taken), { timeout: 10_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 3_000));
    expect([held.connected, intruder.connected]).toEqual([true, true]);
    expect([await connects(specs[0]!.id), await connects(taken)]).toEqual([1, 2]);
  });

  it('a start right after a run ended takes the chargers that run gave back', async () => {
    const before = (await demo()).chargers.map((c) => c.chargerId);
    const released = before.filter((id) => id !== before[0]); // the first one gave way to the intruder above
    await app.embedded.demo.stop();
    const again = (await postJson<DemoStatus>(app.baseUrl, '/api/demo/start', {})).body;
    expect(again.running).toBe(true);
    expect(again.chargers.map((c) => c.chargerId)).toEqual(expect.arrayContaining(released));
  });
});
