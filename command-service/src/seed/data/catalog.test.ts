import { describe, expect, it } from 'vitest';
import { LIMITS } from '@evc/contracts';
import { DEMO_CARS } from './catalog';

// Issue 17 item 12: the demo seed named a short type after its brand ("BMW i4"), so screens showed "BMW BMW i4".
describe('the demo car catalog', () => {
  it('names no type after its brand, and every name meets the master-data length rule as it is', () => {
    for (const [brand, , types] of DEMO_CARS) {
      for (const [type, typeAr] of types) {
        expect(type.toLowerCase().startsWith(`${brand.toLowerCase()} `), `${brand} / ${type}`).toBe(false);
        expect(type.length).toBeGreaterThanOrEqual(LIMITS.masterDataNameMin);
        expect(typeAr.length).toBeGreaterThanOrEqual(LIMITS.masterDataNameMin);
      }
    }
  });
});
