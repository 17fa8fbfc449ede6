import { BUS_TOPICS, inboundChargerMessageSchema } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { DomainError } from '../shared/domain-error';
import type { Bookings } from './bookings';

export const BOOKING_CONNECTOR_STATUS_GROUP = 'booking-connector-status';
const log = createLogger('booking-connector-status');

/**
 * Consumes `ocpp.inbound` (group booking-connector-status): a connector reported faulted or unavailable ends the
 * booking active on it when the charger said so, without a fee (the customer is told by the notification the event
 * derives). Only StatusReported is read; a redelivered report finds the booking already ended and records nothing,
 * and a report older than Bookings' REPORT_MAX_AGE_MS (a replay of old traffic) ends nothing.
 */
export function startBookingConnectorStatus(bus: Bus, bookings: Bookings): Consumer {
  const options: ConsumerOptions = { groupId: BOOKING_CONNECTOR_STATUS_GROUP, topics: [BUS_TOPICS.ocppInbound], fromBeginning: true, concurrency: { perKey: true, max: 256 } };
  return bus.subscribe<unknown>(options, async ({ value }) => {
    const type = (value as { message?: { type?: unknown } } | null)?.message?.type;
    if (type !== 'StatusReported') return;
    const parsed = inboundChargerMessageSchema.safeParse(value);
    if (!parsed.success || parsed.data.message.type !== 'StatusReported') return;
    const { chargerId, message, receivedAt } = parsed.data;
    if (message.connectorId === 0 || (message.status !== 'faulted' && message.status !== 'unavailable')) return;
    try {
      await bookings.onConnectorDown(chargerId, message.connectorId, message.status, new Date(receivedAt));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log.warn('connector report refused', { chargerId, code: error.code });
    }
  });
}
