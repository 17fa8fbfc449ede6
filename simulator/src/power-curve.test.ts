import { describe, expect, it } from 'vitest';
import { AC_22KW, DC_50KW, charge, powerAt, profileOf } from './power-curve';

describe('simulator power curve', () => {
  it('AC: 22 kW flat, a little less above 95 %, nothing when full', () => {
    expect(powerAt(AC_22KW, 20)).toBe(22_000);
    expect(powerAt(AC_22KW, 95)).toBe(22_000);
    expect(powerAt(AC_22KW, 99)).toBeLessThan(22_000);
    expect(powerAt(AC_22KW, 99)).toBeGreaterThan(18_000);
    expect(powerAt(AC_22KW, 100)).toBe(0);
  });

  it('DC: 50 kW up to 80 %, then linearly down to 5 kW at 100 %', () => {
    expect(powerAt(DC_50KW, 30)).toBe(50_000);
    expect(powerAt(DC_50KW, 80)).toBe(50_000);
    expect(powerAt(DC_50KW, 90)).toBe(27_500);
    expect(powerAt(DC_50KW, 99.999)).toBeCloseTo(5_000, -1);
    expect(powerAt(DC_50KW, 100)).toBe(0);
  });

  it('integrates energy and state of charge: 10 minutes of DC from 20 % on a 60 kWh battery', () => {
    const after = charge({ energyWh: 0, socPct: 20, powerW: 0 }, DC_50KW, 60_000, 600);
    expect(after.energyWh).toBeCloseTo((50_000 * 600) / 3600, 0); // 8,333 Wh, all below 80 %
    expect(after.socPct).toBeCloseTo(20 + (after.energyWh / 60_000) * 100, 6);
    expect(after.powerW).toBe(50_000);
  });

  it('slows down in the taper and never passes 100 %', () => {
    const fast = charge({ energyWh: 0, socPct: 50, powerW: 0 }, DC_50KW, 60_000, 600);
    const slow = charge({ energyWh: 0, socPct: 85, powerW: 0 }, DC_50KW, 60_000, 600);
    expect(slow.energyWh).toBeLessThan(fast.energyWh);
    const full = charge({ energyWh: 0, socPct: 90, powerW: 0 }, DC_50KW, 60_000, 4 * 3600);
    expect(full.socPct).toBeLessThanOrEqual(100);
    expect(full.socPct).toBeGreaterThan(99.9);
    expect(full.energyWh).toBeLessThanOrEqual(6_000 + 1);
  });

  it('takes the profile from the spec, else from the charger id', () => {
    expect(profileOf('EVC-001-DC1')).toEqual(DC_50KW);
    expect(profileOf('EVC-001-AC1')).toEqual(AC_22KW);
    expect(profileOf('X-1', 'DC', 120)).toEqual({ current: 'DC', maxPowerW: 120_000 });
  });
});
