import { BUS_TOPICS, CHARGING_TIMING, ocppAuthorizeRequestSchema, type OcppAuthorizeReply } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import type { ChargingSessions } from './charging-sessions';

export const CHARGING_AUTHORIZE_GROUP = 'charging-authorize';
const log = createLogger('charging-authorize');

/** Whether a question asked at `askedAt` has outlived the gateway's wait for its answer at `now` (the clock's time). */
export const questionTooOld = (askedAt: string, now: Date) => now.getTime() - Date.parse(askedAt) > CHARGING_TIMING.authorizeReplyTimeoutMs;

/**
 * Answers the gateway's token questions (`ocpp.authorize` → `ocpp.authorize.replies`, keyed by the asking node) in
 * the network's statuses; the gateway says them in each protocol's terms. A question older than the gateway's wait
 * is skipped: nobody listens for its answer any more. Questions are keyed by charger and only read: different
 * chargers' questions are answered concurrently (each charger's in order).
 */
export function startChargingAuthorize(bus: Bus, sessions: ChargingSessions): Consumer {
  const options: ConsumerOptions = {
    groupId: CHARGING_AUTHORIZE_GROUP,
    topics: [BUS_TOPICS.ocppAuthorize],
    concurrency: { perKey: true, max: 256 },
  };
  return bus.subscribe<unknown>(options, async ({ key, value }) => {
    const parsed = ocppAuthorizeRequestSchema.safeParse(value);
    if (!parsed.success)
      return log.warn('authorize question refused by its schema', { chargerId: key, issue: parsed.error.issues[0]?.message });
    const q = parsed.data;
    if (questionTooOld(q.at, sessions.clock.now())) {
      log.warn('authorize question too old, not answered', { chargerId: q.chargerId, requestId: q.requestId });
      return;
    }
    const { status, expiresAt } = await sessions.authorize(q.idTag, q.chargerId, q.connectorId);
    const reply: OcppAuthorizeReply = {
      requestId: q.requestId,
      nodeId: q.nodeId,
      chargerId: q.chargerId,
      idTag: q.idTag,
      status,
      expiryDate: expiresAt,
    };
    await bus.publish<OcppAuthorizeReply>(BUS_TOPICS.ocppAuthorizeReplies, [{ key: q.nodeId, value: reply }]);
  });
}
