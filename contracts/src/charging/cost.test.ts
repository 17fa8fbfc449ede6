import { describe, expect, it } from 'vitest';
import { energyCost, sessionCost } from './cost';

describe('session cost', () => {
  it('is max(minimum, round(Wh × price / 1000)) in integer piastres', () => {
    expect(sessionCost(12_345, { pricePerKwh: 375, minimumCharge: 0 })).toBe(4629); // 4629.375
    expect(sessionCost(1_002, { pricePerKwh: 500, minimumCharge: 0 })).toBe(501); // 501.0
    expect(sessionCost(10, { pricePerKwh: 189, minimumCharge: 2000 })).toBe(2000);
  });

  it('rounds half up, exactly, where floating point would wobble', () => {
    expect(energyCost(1_001, 500)).toBe(501); // 500.5
    expect(energyCost(1_500, 1)).toBe(2); // 1.5
    expect(energyCost(2_500, 1)).toBe(3); // 2.5 (not to even)
    expect(energyCost(4_999, 1)).toBe(5); // 4.999
    expect(energyCost(10_000_000, 375)).toBe(3_750_000); // 10 MWh
  });

  it('never charges for negative energy (a meter that went backwards)', () => {
    expect(energyCost(-500, 375)).toBe(0);
    expect(sessionCost(-500, { pricePerKwh: 375, minimumCharge: 1000 })).toBe(1000);
  });
});
