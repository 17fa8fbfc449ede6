import { describe, expect, it } from 'vitest';
import { registerChargerSchema, registerStationSchema } from '@evc/contracts';
import { DEMO_STATIONS } from './data/stations';
import { planChargers } from './seed-demo';

describe('demo seed data', () => {
  it('has at least 30 stations that pass the station schema (inside Egypt, bilingual)', () => {
    expect(DEMO_STATIONS.length).toBeGreaterThanOrEqual(30);
    for (const [stationId, gov, nameEn, nameAr, lat, lng, addressEn, addressAr] of DEMO_STATIONS) {
      const parsed = registerStationSchema.safeParse({
        stationId,
        governorateId: gov.toLowerCase(),
        nameEn,
        nameAr,
        location: { lat, lng },
        addressEn,
        addressAr,
      });
      expect(parsed.success, `${stationId}: ${parsed.error?.message}`).toBe(true);
    }
    expect(new Set(DEMO_STATIONS.map((s) => s[0])).size).toBe(DEMO_STATIONS.length);
  });

  it('covers Cairo, Giza and Alexandria', () => {
    const govs = new Set(DEMO_STATIONS.map((s) => s[1]));
    for (const g of ['EG-C', 'EG-GZ', 'EG-ALX']) expect(govs).toContain(g);
  });

  it('plans 22 kW dual-socket AC at every station and 50 kW DC at some, with unique ids and serials', () => {
    const planned = planChargers();
    for (const { spec } of planned) {
      expect(registerChargerSchema.safeParse({ ...spec, secretHash: 'a'.repeat(64) }).success).toBe(true);
    }
    expect(new Set(planned.map((p) => p.spec.chargerId)).size).toBe(planned.length);
    expect(new Set(planned.map((p) => p.spec.serialNumber)).size).toBe(planned.length);
    for (const [stationId] of DEMO_STATIONS) {
      const ac = planned.filter((p) => p.spec.stationId === stationId && p.spec.connectors.every((c) => c.current === 'AC'));
      expect(ac.length).toBeGreaterThanOrEqual(2);
      expect(ac[0]!.spec.connectors.map((c) => [c.type, c.maxPowerKw])).toEqual([
        ['Type2', 22],
        ['Type2', 22],
      ]);
    }
    const dc = planned.filter((p) => p.spec.connectors.some((c) => c.current === 'DC'));
    expect(dc.length).toBeGreaterThan(10);
    expect(dc.every((p) => p.spec.connectors.some((c) => c.type === 'CCS2' && c.maxPowerKw === 50))).toBe(true);
  });
});
