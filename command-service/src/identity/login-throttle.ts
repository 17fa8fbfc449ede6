import { createLogger } from '@evc/platform/logging/logger';
import { DomainError } from '../shared/domain-error';

const log = createLogger('identity');

export interface ThrottleLimits {
  windowMs: number;
  perAccount: number;
  perIp: number;
}

/** 5 failed sign-ins per account and 20 per client address in 15 minutes. */
export const DEFAULT_THROTTLE: ThrottleLimits = { windowMs: 15 * 60_000, perAccount: 5, perIp: 20 };
const MAX_KEYS = 50_000;

/** A 429 with Retry-After (seconds), which the HTTP error filter copies into the response headers. */
export class TooManyAttemptsError extends DomainError {
  readonly headers: Record<string, string>;
  constructor(retryAfterSeconds: number) {
    super('identity.too_many_attempts', 'Too many sign-in attempts; try again later');
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/**
 * Failed sign-ins in a sliding window, per account (keyed by the e-mail hash, known or not, so the answer never
 * tells whether an address exists) and per client address. In memory and per process: with several
 * command-service replicas each counts on its own, so the effective limit is multiplied by the replicas.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws TooManyAttemptsError when either key is over its limit. */
  check(accountKey: string, ip: string): void {
    const wait = Math.max(this.waitFor(`a:${accountKey}`, this.limits.perAccount), this.waitFor(`i:${ip}`, this.limits.perIp));
    if (wait > 0) {
      log.warn('sign-in attempts over the limit', { ip });
      throw new TooManyAttemptsError(Math.ceil(wait / 1000));
    }
  }

  fail(accountKey: string, ip: string): void {
    if (this.failures.size > MAX_KEYS) this.prune();
    const at = this.now();
    for (const key of [`a:${accountKey}`, `i:${ip}`]) this.failures.set(key, [...this.recent(key), at]);
  }

  /** A successful sign-in clears the account's count (not the address's). */
  succeed(accountKey: string): void {
    this.failures.delete(`a:${accountKey}`);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  /** Milliseconds until the key is under its limit again; 0 when it is. */
  private waitFor(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    return recent[recent.length - limit]! + this.limits.windowMs - this.now();
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) if (this.recent(key).length === 0) this.failures.delete(key);
  }
}
