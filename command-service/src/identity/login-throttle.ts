import { AttemptWindow } from '@evc/platform/auth/attempt-window';
import { createLogger } from '@evc/platform/logging/logger';
import { DomainError } from '../shared/domain-error';

const log = createLogger('identity');

export interface ThrottleLimits {
  windowMs: number;
  /** Failures per account from one client address. */
  perAccountAddress: number;
  /** Failures from one client address, whatever the accounts. */
  perIp: number;
  /** Failures per account from all addresses together (a distributed guesser); a mailed reset clears it. */
  perAccount: number;
}

/**
 * 5 failed attempts per account and address, 20 per address, and 50 per account from everywhere, in 15 minutes.
 * A stranger guessing at someone's account therefore locks only themselves (their address); the owner signs in from
 * any other address. Only a guesser spread over ten or more addresses reaches the account-wide limit, and then the
 * owner's reset mail (the mailed unlock) clears it: after a reset the account signs in again from anywhere.
 */
export const DEFAULT_THROTTLE: ThrottleLimits = { windowMs: 15 * 60_000, perAccountAddress: 5, perIp: 20, perAccount: 50 };
const MAX_KEYS = 50_000;

/** A 429 with Retry-After (seconds), which the HTTP error filter copies into the response headers. */
export class TooManyAttemptsError extends DomainError {
  readonly headers: Record<string, string>;
  constructor(retryAfterSeconds: number) {
    super('identity.too_many_attempts', 'Too many attempts; try again later');
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** One attempt under way: counted as a failure from the moment it began, until it succeeds. */
export interface Attempt {
  /** The password was right: the attempt no longer counts, and the account's failures from this address are cleared. */
  succeed(): void;
}

/**
 * Failed password attempts (sign-in, change-password) in a sliding window, per account and address, per address and
 * per account. Counting is exact under concurrency: `begin` checks the limits and records the attempt in one
 * synchronous step, before any password is hashed, so N parallel guesses are N attempts (not N that all passed the
 * check). The account key is the e-mail hash, known or not, so the answer never tells whether an address exists.
 * In memory and per process: with several command-service replicas each counts on its own (the limits multiply).
 */
export class LoginThrottle {
  private readonly window: AttemptWindow;

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    now: () => number = Date.now,
  ) {
    this.window = new AttemptWindow(limits.windowMs, now, MAX_KEYS);
  }

  /** Throws TooManyAttemptsError when a limit is reached; otherwise counts the attempt until it succeeds. */
  begin(accountKey: string, ip: string): Attempt {
    const keys = [`aa:${accountKey}|${ip}`, `i:${ip}`, `a:${accountKey}`] as const;
    const { waitMs, at } = this.window.take([
      [keys[0], this.limits.perAccountAddress],
      [keys[1], this.limits.perIp],
      [keys[2], this.limits.perAccount],
    ]);
    if (waitMs > 0) {
      log.warn('password attempts over the limit', { ip });
      throw new TooManyAttemptsError(Math.ceil(waitMs / 1000));
    }
    let open = true;
    return {
      succeed: () => {
        if (!open) return;
        open = false;
        this.window.clear(keys[0]);
        this.window.forget(keys[1], at);
        this.window.forget(keys[2], at);
      },
    };
  }

  /** The mailed unlock: a password reset clears the account's failures from every address. */
  clearAccount(accountKey: string): void {
    this.window.clear(`a:${accountKey}`);
    this.window.clearPrefix(`aa:${accountKey}|`);
  }
}
