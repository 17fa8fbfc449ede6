import { describe, expect, it } from 'vitest';
import { LIMITS } from '@evc/contracts';
import { DEMO_CARS } from './catalog';

// The demo seed names a short type without its brand (not "BMW i4"), since screens show brand and type ("BMW BMW i4").
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
