import { describe, expect, it } from 'vitest';
import { SMART_CHARGING_RULES, setGridLimitSchema } from './schemas';
import { limitAt, sharePower, type PowerDemand } from './sharing';

const AC_MIN = SMART_CHARGING_RULES.acMinW;
const car = (n: number, over: Partial<PowerDemand> = {}): PowerDemand => ({
  chargerId: `CP-${n}`,
  connectorId: 1,
  sessionId: `s-${n}`,
  minW: AC_MIN,
  maxW: 22_000,
  refusesProfiles: false,
  ...over,
});
const cars = (n: number) => Array.from({ length: n }, (_, i) => car(i + 1));

/** A small seeded generator (mulberry32): the property runs are the same on every machine and every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

describe('sharing a site limit', () => {
  it('gives six 22 kW cars 10 kW each of 60 kW, and five of them 12 kW', () => {
    expect(sharePower(60_000, cars(6)).map((a) => [a.limitW, a.waiting, a.sharedWith])).toEqual(Array(6).fill([10_000, false, 5]));
    expect(sharePower(60_000, cars(5)).map((a) => a.limitW)).toEqual(Array(5).fill(12_000));
  });

  it('never gives a connector more than its rating: what a small one cannot take goes to the others', () => {
    const shares = sharePower(60_000, [car(1, { maxW: 7_400 }), car(2), car(3)]);
    expect(shares.map((a) => a.limitW)).toEqual([7_400, 22_000, 22_000]);
  });

  it('lets the latest cars wait when an equal share would be below the minimum (6 A on three phases)', () => {
    const shares = sharePower(10_000, cars(3));
    expect(shares.map((a) => [a.limitW, a.waiting])).toEqual([
      [5_000, false],
      [5_000, false],
      [0, true],
    ]);
    expect(sharePower(AC_MIN - 1, cars(1))[0]).toMatchObject({ limitW: 0, waiting: true });
  });

  it('counts a charger that refuses profiles at its full power and shares what is left', () => {
    const shares = sharePower(60_000, [car(1, { refusesProfiles: true }), car(2), car(3)]);
    expect(shares.map((a) => [a.limitW, a.counted])).toEqual([
      [22_000, 'full-power'],
      [19_000, 'profile'],
      [19_000, 'profile'],
    ]);
  });

  it('property: over random starts, stops and limit changes, the shares never sum above the limit nor go below a minimum', () => {
    for (let run = 0; run < 300; run++) {
      const r = random(run + 1);
      let limitW = r.int(1, 400) * 1000;
      let charging: PowerDemand[] = [];
      let next = 0;
      for (let step = 0; step < 60; step++) {
        const roll = r.next();
        if (roll < 0.5) {
          const dc = r.next() < 0.3;
          next++;
          charging.push(car(next, dc ? { minW: SMART_CHARGING_RULES.dcMinW, maxW: r.int(20, 150) * 1000 } : { maxW: r.int(3, 22) * 1000 }));
        } else if (roll < 0.8 && charging.length > 0) {
          charging = charging.filter((_, i) => i !== r.int(0, charging.length - 1));
        } else limitW = r.int(1, 400) * 1000;
        const shares = sharePower(limitW, charging);
        expect(shares.reduce((sum, a) => sum + a.limitW, 0)).toBeLessThanOrEqual(limitW);
        shares.forEach((a, i) => {
          const d = charging[i]!;
          expect(a.sessionId).toBe(d.sessionId);
          if (a.waiting) expect(a.limitW).toBe(0);
          else {
            expect(a.limitW).toBeGreaterThanOrEqual(Math.min(d.minW, d.maxW));
            expect(a.limitW).toBeLessThanOrEqual(d.maxW);
          }
        });
        // Nobody waits while an earlier one could have given way: the waiting are always the latest to start.
        const firstWaiting = shares.findIndex((a) => a.waiting);
        if (firstWaiting >= 0) expect(shares.slice(firstWaiting).every((a) => a.waiting)).toBe(true);
      }
    }
  });
});

describe('a limit per time of day, in Cairo time', () => {
  const periods = [{ from: '18:00', to: '22:00', limitW: 40_000 }];
  it('takes the period around the Cairo minute, else the day limit', () => {
    // 2026-01-15 is winter: Cairo is UTC+2, so 16:30Z is 18:30 in Cairo.
    expect(limitAt(60_000, periods, '2026-01-15T16:30:00Z')).toBe(40_000);
    expect(limitAt(60_000, periods, '2026-01-15T15:59:00Z')).toBe(60_000);
    expect(limitAt(60_000, periods, '2026-01-15T20:00:00Z')).toBe(60_000); // 22:00 in Cairo: the period has ended
    expect(limitAt(0, periods, '2026-01-15T16:30:00Z')).toBe(0);
  });

  it('refuses overlapping periods, a period ending before it starts, one above the day limit, and periods without a limit', () => {
    const base = { stationId: 'st-1', limitW: 60_000, reason: 'Evening peak' };
    const codes = (input: object) => {
      const parsed = setGridLimitSchema.safeParse({ ...base, ...input });
      return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), (i as { params?: { code?: string } }).params?.code]);
    };
    expect(codes({ periods: [{ from: '18:00', to: '22:00', limitW: 40_000 }] })).toEqual([]);
    expect(codes({ periods: [{ from: '18:00', to: '24:00', limitW: 40_000 }] })).toEqual([]);
    expect(
      codes({
        periods: [
          { from: '20:00', to: '23:00', limitW: 40_000 },
          { from: '18:00', to: '21:00', limitW: 30_000 },
        ],
      }),
    ).toEqual([['periods.0.from', 'period_overlap']]);
    expect(codes({ periods: [{ from: '22:00', to: '18:00', limitW: 40_000 }] })).toEqual([['periods.0.to', 'period_order']]);
    expect(codes({ periods: [{ from: '18:00', to: '22:00', limitW: 70_000 }] })).toEqual([['periods.0.limitW', 'above_limit']]);
    expect(codes({ limitW: 0, periods: [{ from: '18:00', to: '22:00', limitW: 40_000 }] })).toEqual([['periods', 'periods_without_limit']]);
    expect(codes({ limitW: 500 })[0]?.[0]).toBe('limitW');
    expect(codes({ limitW: 0 })).toEqual([]);
  });
});
