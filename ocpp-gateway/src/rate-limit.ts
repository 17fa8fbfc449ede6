import type { Logger } from '@evc/platform/logging/logger';
import type { Connection, DescribedFrame } from './connection';

/**
 * Per-charger rate limit on inbound calls (token bucket): this many calls per second sustained, bursts of up to
 * RATE_LIMIT_BURST. A call over the limit is answered with a CALLERROR `GenericError` "Rate limited" in both 1.6 and
 * 2.0.1 (neither protocol has a rate-limit code; 2.0.1's `RpcFrameworkError` means an unreadable frame, so it would
 * mislead), and is not published.
 */
export const RATE_LIMIT_PER_S = 20;
export const RATE_LIMIT_BURST = 60;
export const RATE_LIMITED_CODE = 'GenericError';
export const RATE_LIMITED_DESCRIPTION = 'Rate limited';

export interface RateLimit {
  perSecond: number;
  burst: number;
}

/**
 * The rate limit of every connection of a gateway: each connection keeps its own bucket, this keeps the rule. A call
 * over the limit is marked as its frame arrives (before ocpp-rpc handles it) and refused when it is handled; refused
 * calls and their answers stay out of the message log, but the first of a burst.
 */
export class CallRateLimit {
  constructor(
    readonly limit: RateLimit,
    private readonly log: Logger,
  ) {}

  /** Whether the call was marked refused as its frame arrived. */
  refuses(connection: Connection, messageId: string): boolean {
    return connection.refused?.has(messageId) ?? false;
  }

  /** Takes an inbound call's token or marks the call refused; answers whether the frame goes to the message log. */
  admit(connection: Connection, frame: DescribedFrame, outbound: boolean): boolean {
    if (frame.kind === 'call' && !outbound && !this.takeToken(connection)) {
      const first = ++connection.refusedInBurst === 1;
      (connection.refused ??= new Map()).set(frame.messageId, first);
      if (first)
        this.log.warn('charger rate limited', {
          chargerId: connection.chargerId,
          perSecond: this.limit.perSecond,
          burst: this.limit.burst,
        });
      if (!first) return false;
    } else if (outbound && connection.refused?.has(frame.messageId)) {
      const logIt = connection.refused.get(frame.messageId);
      connection.refused.delete(frame.messageId);
      if (!logIt) return false;
    } else if (frame.kind === 'call' && !outbound && connection.refusedInBurst > 0) {
      this.log.info('charger rate limit lifted', { chargerId: connection.chargerId, refused: connection.refusedInBurst });
      connection.refusedInBurst = 0;
    }
    return true;
  }

  /** Takes one token from the connection's bucket (refilled at perSecond, capped at burst); false when empty. */
  private takeToken(connection: Connection): boolean {
    const at = performance.now();
    const { perSecond, burst } = this.limit;
    connection.tokens = Math.min(burst, connection.tokens + ((at - connection.refilledAt) / 1000) * perSecond);
    connection.refilledAt = at;
    if (connection.tokens < 1) return false;
    connection.tokens -= 1;
    return true;
  }
}
