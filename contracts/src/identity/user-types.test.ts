import { describe, expect, it } from 'vitest';
import { USER_TYPE, isUserType, userKindOf, userTypeOf } from './user-types';

describe('user types', () => {
  it('names staff 1 and customers 5, both ways', () => {
    expect(userTypeOf('staff')).toBe(1);
    expect(userTypeOf('customer')).toBe(5);
    expect(userKindOf(USER_TYPE.staff)).toBe('staff');
    expect(userKindOf(USER_TYPE.customer)).toBe('customer');
  });

  it('accepts only the two user types', () => {
    expect([1, 5, 2, '1', null].map(isUserType)).toEqual([true, true, false, false, false]);
  });
});
