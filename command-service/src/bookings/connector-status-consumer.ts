import { BUS_TOPICS, bookingStreams, inboundChargerMessageSchema } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import type { BookingScheduler } from './booking-scheduler';
import { REPORT_MAX_AGE_MS, type Bookings } from './bookings';
import { settleBooking } from './settle-booking';

export const BOOKING_CONNECTOR_STATUS_GROUP = 'booking-connector-status';
const log = createLogger('booking-connector-status');

/**
 * Consumes `ocpp.inbound` (group booking-connector-status): a connector reported faulted or unavailable ends the
 * booking active on it when the charger said so, without a fee (the customer is told by the notification the event
 * derives); a charger that connects is asked at once to hold the connectors of its running slots that it has not
 * held yet (it was offline or did not answer), not at the next minute's retry. Only StatusReported and Connected are
 * read; a redelivered report finds the booking already ended, a redelivered connection finds the newer ask, and
 * either older than REPORT_MAX_AGE_MS (a replay of old traffic) does nothing.
 */
export function startBookingConnectorStatus(
  bus: Bus,
  bookings: Bookings,
  scheduler: Pick<BookingScheduler, 'onChargerConnected'>,
): Consumer {
  const options: ConsumerOptions = {
    groupId: BOOKING_CONNECTOR_STATUS_GROUP,
    topics: [BUS_TOPICS.ocppInbound],
    fromBeginning: true,
    concurrency: { perKey: true, max: 256 },
  };
  return bus.subscribe<unknown>(options, async ({ value }) => {
    const type = (value as { message?: { type?: unknown } } | null)?.message?.type;
    if (type !== 'StatusReported' && type !== 'Connected') return;
    const parsed = inboundChargerMessageSchema.safeParse(value);
    if (!parsed.success) return;
    const { chargerId, message, receivedAt } = parsed.data;
    try {
      if (message.type === 'Connected') return await scheduler.onChargerConnected(chargerId, new Date(receivedAt));
      if (
        message.type !== 'StatusReported' ||
        message.connectorId === 0 ||
        (message.status !== 'faulted' && message.status !== 'unavailable')
      )
        return;
      await endOnConnectorDown(bookings, chargerId, message.connectorId, message.status, new Date(receivedAt));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log.warn('connector report refused', { chargerId, code: error.code });
    }
  });
}

/** The charger reported a connector faulted or unavailable: the booking active on it then ends without a fee. */
export async function endOnConnectorDown(
  b: Bookings,
  chargerId: string,
  connectorId: number,
  status: 'faulted' | 'unavailable',
  reportedAt: Date,
): Promise<void> {
  const now = b.now();
  if (now.getTime() - reportedAt.getTime() > REPORT_MAX_AGE_MS) return;
  const holder = await b.holderAt(chargerId, connectorId, reportedAt);
  if (!holder) return;
  const context = newContext({ type: 'charger', id: chargerId }, `connector ${status}`);
  const { events } = await b.streams.bookings.decide(
    bookingStreams.booking(holder.bookingId),
    { kind: 'connector-down', status, at: now.toISOString() },
    context,
  );
  if (events.length > 0) await settleBooking(b, holder.bookingId);
}
