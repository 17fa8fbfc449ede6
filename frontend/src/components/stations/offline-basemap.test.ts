// The offline basemap of Egypt built from npm data (frontend/basemap) has what a map of Egypt needs.
import { describe, expect, it } from 'vitest';
import { buildBasemap } from '../../../basemap/build-basemap';

describe('the offline basemap', () => {
  const basemap = buildBasemap();
  const [[south, west], [north, east]] = basemap.bounds;
  const inside = ([lat, lng]: [number, number]) => lat >= south && lat <= north && lng >= west && lng <= east;

  it('holds the 27 governorates (ISO 3166-2, English and Arabic names), the Nile, the canal and the main cities', () => {
    expect(basemap.governorates).toHaveLength(27);
    expect(new Set(basemap.governorates.map((g) => g.iso)).size).toBe(27);
    for (const g of basemap.governorates) {
      expect(g.iso).toMatch(/^EG-[A-Z]{1,3}$/);
      expect(g.ar).toMatch(/[\u0600-\u06FF]/);
      // a label lies within Egypt (22°–31.7° N, 24.7°–36.9° E)
      expect(g.at[0]).toBeGreaterThan(21.9);
      expect(g.at[0]).toBeLessThan(31.7);
    }
    expect(basemap.nile).toHaveLength(3);
    expect(basemap.cities.map((c) => c.en)).toEqual(expect.arrayContaining(['Cairo', 'Alexandria', 'Aswan', 'Luxor', 'Port Said']));
    expect(basemap.canal[0]!.length).toBeGreaterThan(3);
  });

  it("draws Egypt's land, outline and inner borders, and its neighbours clipped to the drawn area", () => {
    expect(basemap.egypt.length).toBeGreaterThan(27);
    expect(basemap.outline.flat().length).toBeGreaterThan(500);
    expect(basemap.internal.flat().length).toBeGreaterThan(300);
    expect(basemap.land.length).toBeGreaterThan(10);
    for (const p of basemap.land) for (const ring of p) for (const point of ring) expect(inside(point)).toBe(true);
  });

  it('stays small enough to fetch on a phone (under 150 KB before compression)', () => {
    expect(JSON.stringify(basemap).length).toBeLessThan(150_000);
  });
});
