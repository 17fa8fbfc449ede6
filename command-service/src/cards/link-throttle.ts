import { AttemptWindow } from '@evc/platform/auth/attempt-window';
import { createLogger } from '@evc/platform/logging/logger';
import { DomainError } from '../shared/domain-error';

const log = createLogger('cards');

export interface LinkLimits {
  windowMs: number;
  /** Link attempts per customer in the window, whatever their outcome. */
  perCustomer: number;
}

/**
 * 5 link attempts per customer in 15 minutes. Linking tells nothing about a card ID any more (it is checked when staff
 * verify the card), so the limit only bounds how fast one account can file and probe; a customer linking the card
 * they hold needs one or two.
 */
export const DEFAULT_LINK_LIMITS: LinkLimits = { windowMs: 15 * 60_000, perCustomer: 5 };
const MAX_KEYS = 50_000;

/** A 429 with Retry-After (seconds), which the HTTP error filter copies into the response headers. */
export class TooManyLinkAttemptsError extends DomainError {
  readonly headers: Record<string, string>;
  constructor(retryAfterSeconds: number) {
    super('cards.too_many_attempts', 'Too many card link attempts; try again later');
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/**
 * `card-requests.link` attempts per customer in a sliding window. Counting is exact under concurrency: `take` checks
 * the limit and records the attempt in one synchronous step, before anything is read, so N parallel attempts are N.
 * In memory and per process, like the sign-in limits: with several command-service replicas each counts on its own.
 */
export class LinkThrottle {
  private readonly window: AttemptWindow;

  constructor(
    private readonly limits: LinkLimits = DEFAULT_LINK_LIMITS,
    now: () => number = Date.now,
  ) {
    this.window = new AttemptWindow(limits.windowMs, now, MAX_KEYS);
  }

  /** Counts one attempt, or throws TooManyLinkAttemptsError when the customer reached the limit. */
  take(customerId: string): void {
    const { waitMs } = this.window.take([[`c:${customerId}`, this.limits.perCustomer]]);
    if (waitMs > 0) {
      log.warn('card link attempts over the limit', { customerId });
      throw new TooManyLinkAttemptsError(Math.ceil(waitMs / 1000));
    }
  }
}
