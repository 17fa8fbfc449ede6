import { describe, expect, it } from 'vitest';
import { LoginThrottle, TooManyAttemptsError } from './login-throttle';

describe('login throttle', () => {
  const limits = { windowMs: 15 * 60_000, perAccount: 5, perIp: 20 };

  it('blocks an account after 5 failures until the oldest leaves the window, with Retry-After', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 5; i++) {
      throttle.check('a', 'ip');
      throttle.fail('a', 'ip');
      now += 1000;
    }
    let error: unknown;
    try {
      throttle.check('a', 'ip');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TooManyAttemptsError);
    expect((error as TooManyAttemptsError).headers['Retry-After']).toBe(String(15 * 60 - 5));
    now = 15 * 60_000 + 1;
    expect(() => throttle.check('a', 'ip')).not.toThrow();
  });

  it('blocks an address after 20 failures across accounts; success clears only the account', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 4; i++) throttle.fail('a', 'ip');
    throttle.succeed('a');
    for (let i = 0; i < 4; i++) throttle.fail('a', 'ip');
    expect(() => throttle.check('a', 'ip')).not.toThrow();
    for (let i = 0; i < 12; i++) throttle.fail(`other-${i}`, 'ip');
    expect(() => throttle.check('fresh', 'ip')).toThrow(expect.objectContaining({ code: 'identity.too_many_attempts' }));
    expect(() => throttle.check('fresh', 'other-ip')).not.toThrow();
  });
});
