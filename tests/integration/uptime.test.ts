import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cairoDate,
  uptimeStreams,
  type ChargerTimelineView,
  type CommandResult,
  type NetworkUptimeView,
  type StationUptimeView,
} from '@evc/contracts';
import { Simulator } from '@evc/simulator';
import { adminGet, must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { command, givenStaff, superAdminToken } from '../support/identity';

describe('uptime measured: a station report from a simulated charger, maintenance and targets, a charger day', () => {
  let app: TestApp;
  let token: string;
  let simulator: Simulator;
  const healthy = aStation({ nameAr: 'محطة الزمالك' });
  const faulty = aStation({ nameAr: 'محطة المعادي' });
  const empty = aStation();
  let good: string;
  let bad: string;
  const station = (stationId: string, position?: number) =>
    adminGet<StationUptimeView>(app, `uptime/stations/${stationId}`, token, position).then((r) => r.body);

  beforeAll(async () => {
    app = await startTestApp();
    token = await superAdminToken(app);
    await givenGovernorate(app.commandBus);
    for (const s of [healthy, faulty, empty]) await registerStation(app.commandBus, s);
    const a = await registerCharger(app.commandBus, healthy.stationId);
    const b = await registerCharger(app.commandBus, faulty.stationId);
    good = a.chargerId;
    bad = b.chargerId;
    await app.embedded.runner.waitFor(b.result.position, 2000);
    simulator = new Simulator({
      url: app.baseUrl.replace('http', 'ws'),
      chargers: [a, b].map((c) => ({ id: c.chargerId, secret: c.secret, ocppVersion: '1.6' as const, connectorIds: [1] })),
      backoffMs: { initial: 100, max: 1000 },
    });
    simulator.start();
  });
  afterAll(async () => {
    await simulator?.stop();
    await app?.close();
  });

  it('a connector Available is up; one Faulted is down and its station comes first, below its target', async () => {
    await expect.poll(async () => (await station(healthy.stationId)).figures.upMs, { timeout: 8000 }).toBeGreaterThan(0);
    const faulted = simulator.chargers.find((c) => c.spec.id === bad)!;
    await expect.poll(() => faulted.connected, { timeout: 8000 }).toBe(true);
    await faulted.enqueue('StatusNotification', () => ({
      connectorId: 1,
      errorCode: 'GroundFailure',
      vendorErrorCode: 'E-17',
      status: 'Faulted',
      timestamp: new Date().toISOString(),
    }));
    await expect.poll(async () => (await station(faulty.stationId)).figures.downMs, { timeout: 8000 }).toBeGreaterThan(0);

    const view = await station(healthy.stationId);
    expect(view).toMatchObject({ targetBp: 9700, belowTarget: false, figures: { downMs: 0, availability: 1 } });
    expect(view.chargers).toEqual([
      expect.objectContaining({ chargerId: good, connectors: [expect.objectContaining({ connectorId: 1 })] }),
    ]);
    expect(view.days.at(-1)?.date).toBe(cairoDate(new Date()));
    // today's figures per charger and connector: the faulted charger's day is down time, the healthy one's is not
    expect(view.days.at(-1)?.chargers).toEqual([
      expect.objectContaining({ chargerId: good, figures: expect.objectContaining({ downMs: 0 }) }),
    ]);
    const faultyDay = (await station(faulty.stationId)).days.at(-1)!;
    expect(faultyDay.chargers[0]).toMatchObject({ chargerId: bad, connectors: [expect.objectContaining({ connectorId: 1 })] });
    expect(faultyDay.chargers[0]!.figures.downMs).toBe(faultyDay.figures.downMs);

    const network = (await adminGet<NetworkUptimeView>(app, 'uptime', token)).body;
    const order = network.rows.map((r) => r.stationId).filter((id) => [healthy, faulty, empty].some((s) => s.stationId === id));
    // worst first; a station with nothing in service last
    expect(order).toEqual([faulty.stationId, healthy.stationId, empty.stationId]);
    expect(network.rows.find((r) => r.stationId === faulty.stationId)).toMatchObject({ belowTarget: true, chargers: 1 });
    expect(network.rows.find((r) => r.stationId === empty.stationId)?.figures.availability).toBeNull();
  });

  it('declared maintenance leaves the time in service; the same declaration twenty times at once is recorded once', async () => {
    const maintenanceId = randomUUID();
    const window = {
      stationId: faulty.stationId,
      maintenanceId,
      chargerId: bad,
      connectorId: 1,
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
      reason: 'Replacing the ground-fault relay',
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => command(app, 'uptime.declare-maintenance', window, token)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const stream = await app.embedded.infra.eventStore.readStream(uptimeStreams.station(faulty.stationId));
    expect(stream.filter((e) => e.type === 'MaintenanceDeclared')).toHaveLength(1);
    expect(stream[0]?.metadata.reason).toBe('Replacing the ground-fault relay');

    // twenty different declarations at once: none lost to the others
    const many = Array.from({ length: 20 }, (_, i) => ({
      ...window,
      maintenanceId: randomUUID(),
      from: new Date(Date.now() + (i + 2) * 86_400_000).toISOString(),
      to: new Date(Date.now() + (i + 2) * 86_400_000 + 3_600_000).toISOString(),
    }));
    const results = await Promise.all(many.map((m) => command(app, 'uptime.declare-maintenance', m, token)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await app.embedded.infra.eventStore.readStream(uptimeStreams.station(faulty.stationId));
    expect(after.filter((e) => e.type === 'MaintenanceDeclared')).toHaveLength(21);

    const last = Math.max(...results.map((r) => (r.body as CommandResult).position));
    const before = (await station(faulty.stationId, last)).figures;
    expect((await station(faulty.stationId, last)).maintenance).toHaveLength(21);
    await expect
      .poll(async () => (await station(faulty.stationId)).figures.maintenanceMs, { timeout: 5000 })
      .toBeGreaterThan(before.maintenanceMs);
  });

  it('refuses a window in the past, a reversed one, and anyone without uptime.manage; sets a target', async () => {
    const base = { stationId: healthy.stationId, reason: 'Planned cable check', chargerId: null, connectorId: null };
    const past = await command(
      app,
      'uptime.declare-maintenance',
      { ...base, maintenanceId: randomUUID(), from: '2026-01-01T08:00:00Z', to: '2026-01-01T09:00:00Z' },
      token,
    );
    expect(past.body.code).toBe('uptime.maintenance_in_past');
    const reversed = await command(
      app,
      'uptime.declare-maintenance',
      { ...base, maintenanceId: randomUUID(), from: '2030-01-01T09:00:00Z', to: '2030-01-01T08:00:00Z' },
      token,
    );
    expect(reversed.body.fieldErrors).toEqual([expect.objectContaining({ path: 'to', code: 'range_reversed' })]);
    const viewer = await givenStaff(app, ['role-viewer'], token);
    const refused = await command(app, 'uptime.set-target', { stationId: healthy.stationId, targetPercent: 99 }, viewer.token);
    expect(refused.status).toBe(403);
    // the viewer reads the report (analytics.read)
    expect((await adminGet<StationUptimeView>(app, `uptime/stations/${healthy.stationId}`, viewer.token)).status).toBe(200);

    const set = await must(
      app,
      'uptime.set-target',
      { stationId: healthy.stationId, targetPercent: '99.5', reason: 'Flagship site' },
      token,
    );
    expect(await station(healthy.stationId, set.position)).toMatchObject({ targetBp: 9950 });
  });

  it('exports the month as CSV: a byte order mark, Arabic names, a line per station and Cairo day', async () => {
    const res = await adminGet(app, 'uptime?format=csv', token);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'date (Cairo),station id,station (English),station (Arabic),availability %,target %,below target,up hours,down hours,maintenance hours',
    );
    const today = cairoDate(new Date());
    expect(lines.find((l) => l.startsWith(`${today},${faulty.stationId},`))).toContain(',محطة المعادي,');
    // the healthy station: always up today, against the 99.5 % target set above
    expect(lines.find((l) => l.startsWith(`${today},${healthy.stationId},`))).toMatch(/,محطة الزمالك,100\.00,99\.50,no,/);
  });

  it("a charger's day: its connection, boot and fault, an event type no one mapped under 'other', paged", async () => {
    const today = cairoDate(new Date());
    await app.embedded.infra.eventStore.append(
      `probe-${randomUUID()}`,
      [
        {
          eventId: randomUUID(),
          type: 'ProbeCalibrated',
          data: { chargerId: bad, status: 'Done' },
          metadata: {
            correlationId: randomUUID(),
            causationId: randomUUID(),
            actor: { type: 'system', id: 'test' },
            occurredAt: new Date().toISOString(),
            reason: null,
            schemaVersion: 1,
          } as never,
        },
      ],
      'no_stream',
    );
    const day = async (after?: number, pageSize = 200) =>
      (
        await adminGet<ChargerTimelineView>(
          app,
          `chargers/${bad}/timeline?date=${today}&pageSize=${pageSize}${after ? `&after=${after}` : ''}`,
          token,
        )
      ).body;
    const whole = await day();
    const kinds = whole.entries.map((e) => [e.type, e.category]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['ChargerConnected', 'connection'],
        ['ChargerBooted', 'boot'],
        ['ConnectorStatusChanged', 'fault'],
        ['MaintenanceDeclared', 'maintenance'],
        ['ProbeCalibrated', 'other'],
      ]),
    );
    expect(whole.entries.some((e) => e.detail?.includes('GroundFailure'))).toBe(true);
    // nothing of the healthy charger
    expect(whole.entries.every((e) => !e.streamId.includes(good))).toBe(true);
    const first = await day(undefined, 2);
    expect(first.entries).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const second = await day(first.next!, 2);
    expect(second.entries[0]?.position).toBeGreaterThan(first.entries[1]!.position);
    expect([...first.entries, ...second.entries].map((e) => e.position)).toEqual(whole.entries.slice(0, 4).map((e) => e.position));
  });
});
