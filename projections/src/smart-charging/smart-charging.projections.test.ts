import { describe, expect, it } from 'vitest';
import type { Actor } from '@evc/contracts';
import { harness, type Given } from '../testing/projection-harness';
import { READ_MODELS } from '../shared/read-models';
import type { SessionPowerDoc } from './session-power.projection';
import type { SiteLoadDoc, SiteLoadPointDoc } from './site-load.projection';

const STAFF: Actor = { type: 'staff', id: 'staff-1' };
const STATION = 'st1';
const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const at = (minutes: number, seconds = 0) => new Date(T0 + minutes * 60_000 + seconds * 1000).toISOString();

const site = (type: string, data: Record<string, unknown>, when: string, reason = 'grid contract'): Given => ({
  stream: `site-power-${STATION}`,
  type,
  data: { stationId: STATION, ...data, at: when },
  actor: STAFF,
  reason,
});
const session = (sessionId: string, type: string, data: Record<string, unknown>): Given => ({
  stream: `session-${sessionId}`,
  type,
  data: { sessionId, ...data },
});
const requested = (sessionId: string, customerId: string, connectorId: number, when: string, refusal?: string): Given =>
  session(sessionId, 'SessionRequested', {
    customerId,
    origin: refusal ? 'card' : 'app',
    idTag: 'APP-1',
    chargerId: 'ch1',
    stationId: STATION,
    connectorId,
    connectorType: 'Type2',
    carId: null,
    target: { kind: 'none' },
    prices: { pricePerKwh: 500, minimumCharge: 1000, current: 'AC' },
    balanceAtStart: 100_000,
    ...(refusal ? { refusal } : {}),
    at: when,
  });
const charging = (sessionId: string, when: string) =>
  session(sessionId, 'SessionCharging', { transactionId: `tx-${sessionId}`, meterStartWh: 0, startedAt: when, at: when });
const reading = (sessionId: string, powerW: number, when: string) =>
  session(sessionId, 'MeterReadingRecorded', {
    transactionId: `tx-${sessionId}`,
    timestamp: when,
    energyWh: 1000,
    powerW,
    socPercent: null,
    at: when,
  });
const stopped = (sessionId: string, when: string) =>
  session(sessionId, 'SessionStopped', {
    transactionId: `tx-${sessionId}`,
    meterStopWh: 2000,
    stoppedAt: when,
    energyWh: 2000,
    cost: 1000,
    reason: 'Local',
    chargerReason: null,
    at: when,
  });
const allot = (sessionId: string, connectorId: number, limitW: number, sharedWith: number, extra: Record<string, unknown> = {}) => ({
  chargerId: 'ch1',
  connectorId,
  sessionId,
  limitW,
  waiting: false,
  sharedWith,
  counted: 'profile',
  ...extra,
});
const shared = (cause: string, effectiveLimitW: number, allotments: unknown[], when: string, reason = cause) =>
  site('PowerShared', { cause, effectiveLimitW, allotments }, when, reason);

async function twoCarsSharing(h: ReturnType<typeof harness>) {
  await h.given(
    site('SiteGridLimitSet', { limitW: 60_000, periods: [{ from: '18:00', to: '22:00', limitW: 40_000 }] }, at(0), 'mall contract'),
    requested('s1', 'cust-1', 1, at(1)),
    requested('s2', 'cust-2', 2, at(1)),
    charging('s1', at(1, 10)),
    charging('s2', at(1, 20)),
    shared('session-started', 60_000, [allot('s1', 1, 30_000, 1), allot('s2', 2, 30_000, 1)], at(1, 21)),
    reading('s1', 10_000, at(2)),
    reading('s2', 12_000, at(2, 5)),
  );
}

describe('session power: each session’s station, latest power and share', () => {
  it('keeps the share and why, and names only the driver in its change notices', async () => {
    const h = harness();
    await twoCarsSharing(h);
    const s1 = (await h.get(READ_MODELS.sessionPower, 's1')) as SessionPowerDoc;
    expect(s1).toMatchObject({
      stationId: STATION,
      charging: true,
      powerW: 10_000,
      allottedW: 30_000,
      sharedWith: 1,
      cause: 'session-started',
    });
    const notices = h.changes.filter((c) => c.collection === READ_MODELS.sessionPower && c.id === 's2');
    expect(notices.length).toBeGreaterThan(0);
    for (const c of notices) expect(c.customerIds).toEqual(['cust-2']);
  });

  it('takes the share away from a session left out of a recomputation, and a stopped session draws nothing', async () => {
    const h = harness();
    await twoCarsSharing(h);
    await h.given(stopped('s1', at(3)), shared('session-ended', 60_000, [allot('s2', 2, 60_000, 0)], at(3, 1)));
    expect(await h.get(READ_MODELS.sessionPower, 's1')).toMatchObject({ charging: false, ended: true, powerW: null, allottedW: null });
    expect(await h.get(READ_MODELS.sessionPower, 's2')).toMatchObject({ allottedW: 60_000, sharedWith: 0, cause: 'session-ended' });
  });

  it('shows a waiting connector a share of none, and never names the token owner of a refused card session', async () => {
    const h = harness();
    await h.given(
      requested('s3', 'cust-3', 3, at(0), 'Blocked'),
      charging('s3', at(0, 5)),
      shared('session-started', 4_000, [allot('s3', 3, 4_000, 2, { waiting: true })], at(0, 6)),
    );
    expect(await h.get(READ_MODELS.sessionPower, 's3')).toMatchObject({ customerId: null, waiting: true, allottedW: 0 });
    for (const c of h.changes.filter((c) => c.collection === READ_MODELS.sessionPower)) expect(c.customerIds).toEqual([]);
  });
});

describe('site load: the station’s limit, load and chart', () => {
  it('sums the latest power of the charging sessions against the limit, with who set it and why', async () => {
    const h = harness();
    await twoCarsSharing(h);
    const doc = (await h.get(READ_MODELS.siteLoad, STATION)) as SiteLoadDoc;
    expect(doc).toMatchObject({
      limitW: 60_000,
      periods: [{ from: '18:00', to: '22:00', limitW: 40_000 }],
      limitReason: 'mall contract',
      limitSetBy: STAFF,
      drawnW: 22_000,
      effectiveLimitW: 60_000,
      countedW: 60_000,
      overSubscribed: false,
      lastCause: 'session-started',
    });
    const siteNotices = h.changes.filter((c) => c.collection === READ_MODELS.siteLoad);
    expect(siteNotices.length).toBeGreaterThan(0);
    for (const c of siteNotices) expect(c.customerIds).toBeUndefined();
  });

  it('keeps one point a minute with its highest total and the limit in force then (Cairo evening peak)', async () => {
    const h = harness();
    await twoCarsSharing(h);
    // 16:00 UTC is 18:00 in Cairo (UTC+2 in March): the evening limit is in force.
    const evening = (s: number) => `2026-03-02T16:00:${String(s).padStart(2, '0')}.000Z`;
    const minute2 = (await h.get(READ_MODELS.siteLoadPoints, `${STATION}@${at(2)}`)) as SiteLoadPointDoc;
    expect(minute2).toMatchObject({ drawnW: 22_000, lastW: 22_000, limitW: 60_000 });
    await h.given(reading('s1', 15_000, evening(5)), reading('s1', 9_000, evening(40)));
    const points = (await h.find(READ_MODELS.siteLoadPoints, { stationId: STATION })) as SiteLoadPointDoc[];
    // 6 hours after 08:02, the morning points are dropped; the evening minute keeps its highest total and its last.
    expect(points.map((p) => p.at)).toEqual(['2026-03-02T16:00:00.000Z']);
    expect(points[0]).toMatchObject({ drawnW: 27_000, lastW: 21_000, limitW: 40_000 });
  });

  it('marks the site over-subscribed with the recorded reason when a charger refusing profiles is counted at full power', async () => {
    const h = harness();
    await twoCarsSharing(h);
    await h.given(
      shared(
        'charger-answer',
        60_000,
        [allot('s1', 1, 22_000, 1), allot('s2', 2, 50_000, 1, { counted: 'full-power' })],
        at(4),
        'ch1 connector 2 answered NotSupported: counted at its full power',
      ),
    );
    expect(await h.get(READ_MODELS.siteLoad, STATION)).toMatchObject({
      overSubscribed: true,
      overSubscribedReason: 'ch1 connector 2 answered NotSupported: counted at its full power',
      countedW: 72_000,
    });
    expect(await h.get(READ_MODELS.sessionPower, 's2')).toMatchObject({ counted: 'full-power', allottedW: 50_000 });
  });

  it('forgets the shares when the limit is removed', async () => {
    const h = harness();
    await twoCarsSharing(h);
    await h.given(site('SiteGridLimitRemoved', {}, at(5), 'grid upgraded'));
    expect(await h.get(READ_MODELS.siteLoad, STATION)).toMatchObject({
      limitW: 0,
      periods: [],
      effectiveLimitW: null,
      limitReason: 'grid upgraded',
    });
    expect(await h.get(READ_MODELS.sessionPower, 's1')).toMatchObject({ allottedW: null, cause: 'limit-changed' });
  });

  it('is unchanged by a replay of the events it already applied', async () => {
    const h = harness();
    await twoCarsSharing(h);
    await h.given(stopped('s1', at(3)), shared('session-ended', 60_000, [allot('s2', 2, 60_000, 0)], at(3, 1)));
    const collections = [READ_MODELS.siteLoad, READ_MODELS.siteLoadPoints, READ_MODELS.sessionPower];
    const before = await Promise.all(collections.map((c) => h.find(c)));
    await h.replay(h.log);
    expect(await Promise.all(collections.map((c) => h.find(c)))).toEqual(before);
  });
});
