import { describe, expect, it } from 'vitest';
import { LoginThrottle, TooManyAttemptsError } from './login-throttle';

describe('login throttle', () => {
  const limits = { windowMs: 15 * 60_000, perAccountAddress: 5, perIp: 20, perAccount: 50 };
  const refused = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error as TooManyAttemptsError;
    }
    return null;
  };

  it('blocks an account from an address after 5 failures until the oldest leaves the window, with Retry-After', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 5; i++) {
      throttle.begin('a', 'ip');
      now += 1000;
    }
    const error = refused(() => throttle.begin('a', 'ip'));
    expect(error).toBeInstanceOf(TooManyAttemptsError);
    expect(error?.headers['Retry-After']).toBe(String(15 * 60 - 5));
    now = 15 * 60_000 + 1;
    expect(() => throttle.begin('a', 'ip')).not.toThrow();
  });

  it('counts attempts under way: parallel guesses are refused before any is decided', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    const started = Array.from({ length: 8 }, () => refused(() => throttle.begin('a', 'ip')) ?? 'begun');
    expect(started.filter((s) => s === 'begun')).toHaveLength(5);
  });

  it('a success no longer counts and clears the account from that address; the address keeps its other failures', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 4; i++) throttle.begin('a', 'ip');
    throttle.begin('a', 'ip').succeed();
    for (let i = 0; i < 4; i++) throttle.begin('a', 'ip');
    expect(() => throttle.begin('a', 'ip')).not.toThrow();
    for (let i = 0; i < 11; i++) throttle.begin(`other-${i}`, 'ip');
    expect(refused(() => throttle.begin('fresh', 'ip'))?.code).toBe('identity.too_many_attempts');
    expect(() => throttle.begin('fresh', 'other-ip')).not.toThrow();
  });

  it("a stranger's failures lock only the stranger's address; many addresses lock the account until a reset", () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 5; i++) throttle.begin('victim', 'stranger');
    expect(refused(() => throttle.begin('victim', 'stranger'))).not.toBeNull();
    expect(() => throttle.begin('victim', 'owner-phone').succeed()).not.toThrow();
    // 5 from the stranger and 45 from nine more addresses: the account-wide 50
    for (let n = 0; n < 9; n++) for (let i = 0; i < 5; i++) throttle.begin('victim', `bot-${n}`);
    expect(refused(() => throttle.begin('victim', 'owner-laptop'))).not.toBeNull();
    throttle.clearAccount('victim');
    expect(() => throttle.begin('victim', 'owner-laptop').succeed()).not.toThrow();
  });
});
