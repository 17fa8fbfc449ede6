/** What the decision loop does when its append loses a race with another writer of the stream. */
export interface RetryPolicy {
  /** Decisions tried in all, the first included. */
  attempts: number;
  /** Milliseconds to wait after the `lost`-th lost race: the winning write may not be readable yet. */
  backoffMs(lost: number): number;
  /**
   * After the last attempt: `domain_error` answers 409 concurrency.conflict (a caller's command: reload and try
   * again); `rethrow` throws the store's WrongExpectedRevisionError (a bus consumer: the message comes again).
   */
  onExhausted: 'domain_error' | 'rethrow';
}

/**
 * The one policy: five tries, about 10, 20, 30, 40 ms apart (never more than 50), then 409. Each wait is jittered to
 * 50–100 % of its step, so writers that lost the same race do not meet again at the same instant. Callers change only
 * what they must.
 */
export const RETRY_POLICY: RetryPolicy = {
  attempts: 5,
  backoffMs: (lost) => Math.min(10 * lost, 50) * (0.5 + Math.random() / 2),
  onExhausted: 'domain_error',
};
