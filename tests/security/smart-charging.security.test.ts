import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingStreams, smartChargingStreams, type Actor, type SessionPowerView, type SiteLoadView } from '@evc/contracts';
import { startTestApp, type TestApp } from '../support/app';
import { openAllowedLiveStream } from '../support/live';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { customerToken, query, superAdminToken } from '../support/identity';

const SYSTEM: Actor = { type: 'system', id: 'smart-charging' };

/**
 * A session's allotted power is its driver's alone (anyone else's answers like a missing one, however often it is
 * asked at once), and a station's load is for staff only.
 */
describe("smart charging's queries", () => {
  let app: TestApp;
  let admin: string;
  let stationId: string;
  let chargerId: string;
  let a: { customerId: string; token: string };
  let b: { customerId: string; token: string };
  const sessionA = randomUUID();
  const sessionB = randomUUID();
  let last = 0;

  const append = async (stream: string, type: string, data: Record<string, unknown>, actor: Actor = SYSTEM, reason?: string) => {
    const result = await app.embedded.infra.eventStore.append(
      stream,
      [
        {
          eventId: randomUUID(),
          type,
          data,
          metadata: {
            correlationId: randomUUID(),
            causationId: randomUUID(),
            actor,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
            ...(reason ? { reason } : {}),
          },
        },
      ],
      'any',
    );
    last = result.position;
  };
  const charging = async (sessionId: string, customerId: string, connectorId: number, powerW: number) => {
    const at = new Date().toISOString();
    await append(chargingStreams.session(sessionId), 'SessionRequested', {
      sessionId,
      customerId,
      origin: 'app',
      idTag: 'APP-TEST',
      chargerId,
      stationId,
      connectorId,
      connectorType: 'Type2',
      carId: null,
      target: { kind: 'none' },
      prices: { pricePerKwh: 500, minimumCharge: 1000, current: 'AC' },
      balanceAtStart: 100_000,
      at,
    });
    await append(chargingStreams.session(sessionId), 'SessionCharging', {
      sessionId,
      transactionId: `tx-${connectorId}`,
      meterStartWh: 0,
      startedAt: at,
      at,
    });
    await append(chargingStreams.session(sessionId), 'MeterReadingRecorded', {
      sessionId,
      transactionId: `tx-${connectorId}`,
      timestamp: at,
      energyWh: 100,
      powerW,
      socPercent: null,
      at,
    });
  };
  const allotment = (sessionId: string, connectorId: number) => ({
    chargerId,
    connectorId,
    sessionId,
    limitW: 30_000,
    waiting: false,
    sharedWith: 1,
    counted: 'profile',
  });

  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    await givenGovernorate(app.commandBus);
    const station = aStation();
    stationId = station.stationId;
    await registerStation(app.commandBus, station);
    chargerId = (await registerCharger(app.commandBus, stationId)).chargerId;
    a = await customerToken(app);
    b = await customerToken(app);
    const staff: Actor = { type: 'staff', id: 'staff-1' };
    await append(
      smartChargingStreams.sitePower(stationId),
      'SiteGridLimitSet',
      { stationId, limitW: 60_000, periods: [] },
      staff,
      'mall supply',
    );
    await charging(sessionA, a.customerId, 1, 21_000);
    await charging(sessionB, b.customerId, 2, 19_000);
    await append(smartChargingStreams.sitePower(stationId), 'PowerShared', {
      stationId,
      cause: 'session-started',
      effectiveLimitW: 60_000,
      allotments: [allotment(sessionA, 1), allotment(sessionB, 2)],
    });
  });
  afterAll(() => app?.close());

  const power = (sessionId: string, token?: string) =>
    query<SessionPowerView & { code?: string }>(app, `/api/queries/me/sessions/${sessionId}/power?position=${last}`, token);

  it("answers a driver their own session's share and why", async () => {
    const own = await power(sessionA, a.token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      sessionId: sessionA,
      limited: true,
      charging: true,
      allottedW: 30_000,
      sharedWith: 1,
      waiting: false,
    });
  });

  it("answers another driver's session like a missing one, twenty times at once", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => power(sessionB, a.token)));
    for (const r of answers) {
      expect([r.status, r.body.code]).toEqual([404, 'charging.session_not_found']);
      expect(r.body).not.toHaveProperty('allottedW');
    }
    expect((await power(randomUUID(), a.token)).status).toBe(404);
  });

  it('refuses the signed-out and staff on the driver’s query, and customers on the station’s load', async () => {
    expect((await power(sessionA)).status).toBe(401);
    expect((await power(sessionA, admin)).status).toBe(403);
    expect((await query(app, `/api/queries/admin/site-load/${stationId}`, a.token)).status).toBe(403);
    expect((await query(app, `/api/queries/admin/site-load/${stationId}`)).status).toBe(401);
  });

  it("answers staff the station's limit, load and sessions; 404 for a station that does not exist", async () => {
    const load = await query<SiteLoadView>(app, `/api/queries/admin/site-load/${stationId}?hours=1&position=${last}`, admin);
    expect(load.status).toBe(200);
    expect(load.body).toMatchObject({
      limitW: 60_000,
      effectiveLimitW: 60_000,
      drawnW: 40_000,
      limitReason: 'mall supply',
    });
    // the shares are the sharing's (the command side recomputes them too); the load shows their sum, within the limit
    expect(load.body.allottedW).toBe(load.body.sessions.reduce((sum, s) => sum + (s.allottedW ?? 0), 0));
    expect(load.body.allottedW).toBeGreaterThan(0);
    expect(load.body.allottedW).toBeLessThanOrEqual(60_000);
    expect(load.body.sessions.map((s) => s.sessionId).sort()).toEqual([sessionA, sessionB].sort());
    expect(load.body.points).toHaveLength(60);
    expect(load.body.points.at(-1)).toMatchObject({ drawnW: 40_000, limitW: 60_000 });
    expect((await query<{ code: string }>(app, `/api/queries/admin/site-load/no-such-station`, admin)).body.code).toBe(
      'network.station_not_found',
    );
  });

  it("carries a driver's own share changes on their live stream, never another driver's", async () => {
    const stream = await openAllowedLiveStream(app, '/api/live/me', a.token);
    try {
      await append(smartChargingStreams.sitePower(stationId), 'PowerShared', {
        stationId,
        cause: 'limit-changed',
        effectiveLimitW: 60_000,
        allotments: [allotment(sessionB, 2), { ...allotment(sessionA, 1), limitW: 25_000 }],
      });
      await expect.poll(() => stream.changes.some((c) => c.collection === 'session_power' && c.ids?.includes(sessionA))).toBe(true);
      expect(stream.changes.filter((c) => c.ids?.includes(sessionB))).toEqual([]);
      expect(stream.changes.filter((c) => c.collection === 'site_load')).toEqual([]);
    } finally {
      stream.close();
    }
  });
});
