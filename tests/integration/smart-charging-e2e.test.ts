import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingStreams, networkStreams, smartChargingStreams, type EventTypeMap, type PowerShared } from '@evc/contracts';
import { envelope, newContext } from '@evc/command-service';
import { Simulator, type SimulatedChargerSpec } from '@evc/simulator';
import { startTestApp, type TestApp } from '../support/app';
import { aChargingNetwork, aCustomerReadyToCharge, until } from '../support/charging-story';
import { aStation, registerCharger, registerStation } from '../support/factories';
import { command } from '../support/identity';

const LIMIT_W = 60_000;
const CARS = 6;

interface Site {
  stationId: string;
  chargers: SimulatedChargerSpec[];
  /** The most the site's connectors drew at once, as the simulated chargers changed their power. */
  peakW: number;
  powers: Map<string, number>;
}

/**
 * Done means, end to end with simulated chargers: a station with a 60 kW grid limit and six 22 kW chargers; six
 * sessions start and each is held to 10 kW, the chargers' power never sums above 60 kW, and when one stops the other
 * five rise to 12 kW within a second. Once over OCPP 1.6, once over 2.0.1; then twenty transactions recorded in the
 * same instant are shared in one go, one profile per connector. One product start.
 */
describe('smart charging end to end: a site limit shared by profiles the simulated chargers obey', () => {
  let app: TestApp;
  let staff: string;
  let simulator: Simulator;
  const sites: Record<'1.6' | '2.0.1', Site> = {} as Record<'1.6' | '2.0.1', Site>;
  let drivers: Awaited<ReturnType<typeof aCustomerReadyToCharge>>[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    const network = await aChargingNetwork(app);
    staff = network.staff;
    for (const version of ['1.6', '2.0.1'] as const) {
      const stationId = version === '1.6' ? network.stationId : aStation().stationId;
      if (version !== '1.6') await registerStation(app.commandBus, { ...aStation(), stationId });
      const set = await command(
        app,
        'smart-charging.set-grid-limit',
        { stationId, limitW: LIMIT_W, periods: [], reason: 'The mall supply is 60 kW' },
        staff,
      );
      expect(set.status).toBe(200);
      const chargers: SimulatedChargerSpec[] = [];
      for (let i = 0; i < CARS; i++) {
        const { chargerId, secret } = await registerCharger(app.commandBus, stationId, { ocppVersion: version });
        chargers.push({ id: chargerId, secret, ocppVersion: version, connectorIds: [1], current: 'AC', maxPowerKw: 22 });
      }
      sites[version] = { stationId, chargers, peakW: 0, powers: new Map() };
    }
    const siteOf = new Map(Object.values(sites).flatMap((site) => site.chargers.map((c) => [c.id, site] as const)));
    simulator = new Simulator({
      url: app.baseUrl.replace('http', 'ws'),
      chargers: Object.values(sites).flatMap((s) => s.chargers),
      backoffMs: { initial: 100, max: 1000 },
      charging: { meterIntervalS: 1, plugInDelayMs: 100, batteryWh: 400_000, startSocPct: [20, 20] },
      onPower: (chargerId, connectorId, powerW) => {
        const site = siteOf.get(chargerId)!;
        site.powers.set(`${chargerId}/${connectorId}`, powerW);
        site.peakW = Math.max(
          site.peakW,
          [...site.powers.values()].reduce((a, b) => a + b, 0),
        );
      },
    });
    simulator.start();
    drivers = await Promise.all(Array.from({ length: CARS }, () => aCustomerReadyToCharge(app)));
    await until(
      () => simulator.stats().connected,
      (n) => n === CARS * 2,
      'every simulated charger to connect',
      15_000,
    );
  }, 90_000);

  afterAll(async () => {
    await simulator?.stop();
    await app?.close();
  });

  const powerOf = (chargerId: string) => simulator.chargers.find((c) => c.spec.id === chargerId)!.charging.powerOf(1);
  const store = () => app.embedded.infra.eventStore;

  /** Every charger of the site holds new transactions at 0 W (its TxDefaultProfile was accepted). */
  async function defaultsAccepted(site: Site): Promise<boolean> {
    for (const charger of site.chargers) {
      const all = await store().readIndexBackward({ kind: 'type', type: 'ChargerCommandRequested' }, { maxCount: 1000 });
      const defaults = all.filter((e) => {
        const d = e.data as EventTypeMap['ChargerCommandRequested'];
        return d.chargerId === charger.id && d.request.action === 'SetChargingProfile' && d.request.purpose === 'TxDefaultProfile';
      });
      if (defaults.length === 0) return false;
      const answers = await store().readStream(networkStreams.chargerCommand((defaults[0]!.data as { commandId: string }).commandId));
      if (!answers.some((e) => e.type === 'ChargerCommandAnswered' && (e.data as { status: string }).status === 'accepted')) return false;
    }
    return true;
  }

  async function lastShare(stationId: string): Promise<PowerShared['data'] | null> {
    const events = await store().readStream(smartChargingStreams.sitePower(stationId));
    const shared = events.filter((e) => e.type === 'PowerShared');
    return (shared.at(-1)?.data as PowerShared['data'] | undefined) ?? null;
  }

  for (const version of ['1.6', '2.0.1'] as const) {
    it(`OCPP ${version}: each of six gets 10 kW, never above 60 kW together, and five rise to 12 kW when one stops`, async () => {
      const site = sites[version];
      await expect.poll(() => defaultsAccepted(site), { timeout: 15_000 }).toBe(true);

      const sessions = site.chargers.map(() => randomUUID());
      await Promise.all(
        site.chargers.map(async (charger, i) => {
          const body = { sessionId: sessions[i], chargerId: charger.id, connectorId: 1, carId: drivers[i]!.carId };
          const start = () => command(app, 'sessions.start', body, drivers[i]!.customer.token);
          await expect.poll(async () => (await start()).status, { timeout: 15_000 }).toBe(200);
        }),
      );

      for (const charger of site.chargers) await expect.poll(() => powerOf(charger.id), { timeout: 20_000 }).toBe(10_000);
      const shared = await lastShare(site.stationId);
      expect(shared?.effectiveLimitW).toBe(LIMIT_W);
      expect(shared?.allotments.map((a) => [a.limitW, a.sharedWith, a.waiting, a.counted])).toEqual(
        Array.from({ length: CARS }, () => [10_000, CARS - 1, false, 'profile']),
      );
      // What the chargers reported (MeterValues' Power.Active.Import) reaches each session as 10 kW.
      for (const sessionId of sessions)
        await expect
          .poll(async () => {
            const readings = (await store().readStream(chargingStreams.session(sessionId))).filter(
              (e) => e.type === 'MeterReadingRecorded',
            );
            return (readings.at(-1)?.data as EventTypeMap['MeterReadingRecorded'] | undefined)?.powerW;
          })
          .toBe(10_000);
      expect(site.peakW).toBeGreaterThan(0);
      expect(site.peakW).toBeLessThanOrEqual(LIMIT_W);

      // One driver stops: the other five rise to 12 kW within a second of the charger's stop being recorded.
      const [stopped, ...others] = sessions;
      expect((await command(app, 'sessions.stop', { sessionId: stopped }, drivers[0]!.customer.token)).status).toBe(200);
      await expect
        .poll(async () => (await store().readStream(chargingStreams.session(stopped!))).some((e) => e.type === 'SessionStopped'), {
          timeout: 10_000,
          interval: 20,
        })
        .toBe(true);
      await expect
        .poll(() => site.chargers.slice(1).map((c) => powerOf(c.id)), { timeout: 1_000, interval: 20 })
        .toEqual(others.map(() => 12_000));
      expect(site.peakW).toBeLessThanOrEqual(LIMIT_W);
      const after = await lastShare(site.stationId);
      expect(after?.cause).toBe('session-ended');
      const byId = (a: [string, ...unknown[]], b: [string, ...unknown[]]) => a[0].localeCompare(b[0]);
      expect(after?.allotments.map((a) => [a.sessionId, a.limitW, a.sharedWith] as [string, number, number]).sort(byId)).toEqual(
        others.map((s) => [s!, 12_000, CARS - 2] as [string, number, number]).sort(byId),
      );

      // Every profile is in its charger's command history with its cause.
      const requested = await store().readIndexBackward({ kind: 'type', type: 'ChargerCommandRequested' }, { maxCount: 1000 });
      const raised = requested.filter((e) => {
        const d = e.data as EventTypeMap['ChargerCommandRequested'];
        return d.chargerId === site.chargers[1]!.id && d.request.action === 'SetChargingProfile' && d.request.limitW === 12_000;
      });
      expect(raised).toHaveLength(1);
      expect(raised[0]!.metadata.reason).toBe('session-ended: 12000 W of 60000 W, shared with 4 other cars');

      // The others stop too, so the drivers are free for the next protocol.
      await Promise.all(others.map((sessionId, i) => command(app, 'sessions.stop', { sessionId }, drivers[i + 1]!.customer.token)));
      for (const sessionId of sessions)
        await expect
          .poll(async () => (await store().readStream(chargingStreams.session(sessionId))).some((e) => e.type === 'SessionBilled'), {
            timeout: 15_000,
          })
          .toBe(true);
    }, 90_000);
  }

  it('twenty cars starting in the same instant: one recomputation, one profile per connector', async () => {
    const stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
    const set = await command(app, 'smart-charging.set-grid-limit', { stationId, limitW: 200_000, periods: [], reason: 'Car park' }, staff);
    expect(set.status).toBe(200);
    const chargerIds: string[] = [];
    for (let i = 0; i < 20; i++) chargerIds.push((await registerCharger(app.commandBus, stationId)).chargerId);
    // The twenty transactions are written at once, as the charging context records them (the chargers are not
    // connected: their profiles are recorded and go out when a gateway node holds them).
    const at = new Date().toISOString();
    const prices = { pricePerKwh: 200, minimumCharge: 2000, current: 'AC' as const };
    await Promise.all(
      chargerIds.map((chargerId, i) => {
        const sessionId = randomUUID();
        const requested = {
          sessionId,
          customerId: randomUUID(),
          origin: 'card' as const,
          idTag: `CARD-${i}`,
          chargerId,
          stationId,
          connectorId: 1,
          connectorType: 'Type2' as const,
          carId: null,
          target: { kind: 'none' as const },
          prices,
          balanceAtStart: 10_000,
          at,
        };
        const charging = { sessionId, transactionId: String(1000 + i), meterStartWh: 0, startedAt: at, at };
        const context = newContext({ type: 'charger', id: chargerId });
        return store().append(
          chargingStreams.session(sessionId),
          [
            envelope({ type: 'SessionRequested', data: requested }, context),
            envelope({ type: 'SessionCharging', data: charging }, context),
          ],
          'no_stream',
        );
      }),
    );
    await expect.poll(async () => (await lastShare(stationId))?.allotments.length, { timeout: 5_000 }).toBe(20);
    const profiles = async () =>
      (await store().readIndexBackward({ kind: 'type', type: 'ChargerCommandRequested' }, { maxCount: 2000 })).filter((e) => {
        const d = e.data as EventTypeMap['ChargerCommandRequested'];
        return chargerIds.includes(d.chargerId) && d.request.action === 'SetChargingProfile' && d.request.purpose === 'TxProfile';
      });
    await expect.poll(async () => (await profiles()).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(20);
    // Coalesced: the twenty starts are shared in fewer recomputations than starts (one when they land together).
    const shares = (await store().readStream(smartChargingStreams.sitePower(stationId)))
      .filter((e) => e.type === 'PowerShared' && (e.data as PowerShared['data']).cause === 'session-started')
      .map((e) => e.data as PowerShared['data']);
    expect(shares.length).toBeLessThan(20);
    expect(shares.at(-1)!.allotments.every((a) => a.limitW === 10_000)).toBe(true);
    // One profile per change: each connector got exactly as many profiles as recomputations that changed its share.
    const sent = await profiles();
    for (const chargerId of chargerIds) {
      let changes = 0;
      let was: number | undefined;
      for (const share of shares) {
        const now = share.allotments.find((a) => a.chargerId === chargerId)?.limitW;
        if (now !== undefined && now !== was) changes++;
        was = now;
      }
      expect(sent.filter((e) => (e.data as { chargerId: string }).chargerId === chargerId)).toHaveLength(changes);
    }
  }, 60_000);

  it('the same limit sent twenty times at once is recorded once; only staff with stations.write may set it', async () => {
    const stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
    const body = { stationId, limitW: 80_000, periods: [{ from: '18:00', to: '22:00', limitW: 50_000 }], reason: 'Highway site' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => command(app, 'smart-charging.set-grid-limit', body, staff)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const events = await store().readStream(smartChargingStreams.sitePower(stationId));
    expect(events.filter((e) => e.type === 'SiteGridLimitSet')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'SiteGridLimitSet')[0]!.metadata.reason).toBe('Highway site');

    expect((await command(app, 'smart-charging.set-grid-limit', body, drivers[0]!.customer.token)).status).toBe(403);
    expect((await command(app, 'smart-charging.set-grid-limit', body)).status).toBe(401);
    const unknown = await command(app, 'smart-charging.set-grid-limit', { ...body, stationId: 'st-nowhere' }, staff);
    expect(unknown.body.code).toBe('network.station_not_found');
    const overlapping = await command(
      app,
      'smart-charging.set-grid-limit',
      { ...body, periods: [...body.periods, { from: '21:00', to: '23:00', limitW: 40_000 }] },
      staff,
    );
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.code).toBe('request.invalid');
  }, 30_000);

  it('a charger that refuses profiles is counted at its full power, with the reason, and the others share the rest', async () => {
    const stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
    await command(app, 'smart-charging.set-grid-limit', { stationId, limitW: LIMIT_W, periods: [], reason: 'Small supply' }, staff);
    const specs: SimulatedChargerSpec[] = [];
    for (let i = 0; i < 3; i++) {
      const { chargerId, secret } = await registerCharger(app.commandBus, stationId);
      specs.push({ id: chargerId, secret, ocppVersion: '1.6', connectorIds: [1], current: 'AC', maxPowerKw: 22, refuseProfiles: i === 0 });
    }
    const local = new Simulator({
      url: app.baseUrl.replace('http', 'ws'),
      chargers: specs,
      backoffMs: { initial: 100, max: 1000 },
      charging: { meterIntervalS: 1, plugInDelayMs: 100, batteryWh: 400_000, startSocPct: [20, 20] },
    });
    local.start();
    try {
      await expect.poll(() => local.stats().connected, { timeout: 15_000 }).toBe(3);
      await Promise.all(
        specs.map(async (charger, i) => {
          const body = { sessionId: randomUUID(), chargerId: charger.id, connectorId: 1, carId: drivers[i]!.carId };
          const start = () => command(app, 'sessions.start', body, drivers[i]!.customer.token);
          await expect.poll(async () => (await start()).status, { timeout: 15_000 }).toBe(200);
        }),
      );
      const power = (i: number) => local.chargers[i]!.charging.powerOf(1);
      await expect.poll(() => [power(0), power(1), power(2)], { timeout: 20_000 }).toEqual([22_000, 19_000, 19_000]);
      const events = await store().readStream(smartChargingStreams.sitePower(stationId));
      expect(events.some((e) => e.type === 'ChargingProfileAnswered' && (e.data as { status: string }).status === 'NotSupported')).toBe(
        true,
      );
      const last = events.filter((e) => e.type === 'PowerShared').at(-1)!;
      expect((last.data as PowerShared['data']).allotments.find((a) => a.chargerId === specs[0]!.id)).toMatchObject({
        limitW: 22_000,
        counted: 'full-power',
      });
      expect(last.metadata.reason).toContain(`${specs[0]!.id} answered NotSupported: counted at full power`);
    } finally {
      await local.stop();
    }
  }, 60_000);
});
