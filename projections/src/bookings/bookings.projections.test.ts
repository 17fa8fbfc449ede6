import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BookingEvent } from '@evc/contracts';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import type { RecordedEvent } from '@evc/platform';
import { dispatchTable, type ProjectionContext } from '../runner/projection';
import { NOTIFICATIONS } from '../charging/index';
import { allProjections } from '../all-projections';
import { READ_MODELS } from '../shared/read-models';

const bookingId = 'b0000000-0000-4000-8000-000000000001';
const stream = `booking-${bookingId}`;
const terms = {
  bookingId,
  customerId: 'cust-1',
  carId: 'car-1',
  stationId: 'st-1',
  chargerId: 'CH-1',
  connectorId: 1,
  connectorType: 'Type2',
  current: 'AC',
  startsAt: '2026-01-15T16:00:00.000Z',
  durationMinutes: 60,
  feePerMinute: 50,
  idTag: 'ATOKEN',
  reservationId: 7,
} as const;

/** Applies booking events through every projection that handles them, as the runner does. */
function harness() {
  const documents = createMemoryDocumentStore();
  const projections = allProjections();
  const table = dispatchTable(projections);
  const changes: { collection: string; customerIds?: readonly string[] }[] = [];
  const context: ProjectionContext = { documents, changed: (collection, _id, customerIds) => changes.push({ collection, customerIds }) };
  let position = 0;
  const ready = Promise.all(projections.map((p) => p.setup(documents)));
  const recorded: RecordedEvent[] = [];
  const apply = async (events: RecordedEvent[]) => {
    await ready;
    for (const e of events) for (const h of table.get(e.type) ?? []) await h.handle(e, context);
  };
  return {
    changes,
    async given(...events: BookingEvent[]) {
      const batch = events.map((e, i): RecordedEvent => {
        const at = (e.data as { at?: string }).at ?? '2026-01-15T14:00:00.000Z';
        return {
          eventId: randomUUID(),
          streamId: stream,
          revision: recorded.length + i,
          position: ++position,
          recordedAt: at,
          type: e.type,
          data: e.data,
          metadata: { correlationId: 'c', causationId: 'c', actor: { type: 'system', id: 'bookings' }, occurredAt: at, schemaVersion: 1 },
        };
      });
      recorded.push(...batch);
      await apply(batch);
    },
    replay: () => apply(recorded),
    booking: () => documents.collection(READ_MODELS.bookings).findOne({ _id: bookingId }),
    notifications: () =>
      NOTIFICATIONS.in(documents)
        .find({ customerId: 'cust-1' }, { sort: { position: 1 } })
        .toArray(),
  };
}

describe('the bookings read model and the booking notifications', () => {
  it('follows a booking from confirmation to a no-show with its fee, privately for its customer', async () => {
    const h = harness();
    await h.given({ type: 'BookingConfirmed', data: { ...terms, confirmedAt: '2026-01-15T14:00:00.000Z' } });
    expect(await h.booking()).toMatchObject({
      status: 'confirmed',
      endsAt: '2026-01-15T17:00:00.000Z',
      noShowAt: '2026-01-15T16:15:00.000Z',
      maxFee: 3000,
      reservationStatus: null,
      revision: 0,
    });
    await h.given(
      { type: 'BookingReminded', data: { bookingId, kind: 'reminder', startsAt: terms.startsAt, at: '2026-01-15T15:00:00.000Z' } },
      { type: 'BookingSlotStarted', data: { bookingId, at: '2026-01-15T16:00:00.000Z' } },
      {
        type: 'BookingReservationRequested',
        data: {
          bookingId,
          commandId: 'k1',
          attempt: 1,
          reservationId: 7,
          expiresAt: '2026-01-15T16:15:00.000Z',
          at: '2026-01-15T16:00:00.000Z',
        },
      },
      {
        type: 'BookingReservationAnswered',
        data: { bookingId, commandId: 'k1', status: 'accepted', detail: null, at: '2026-01-15T16:00:01.000Z' },
      },
      { type: 'BookingExpired', data: { bookingId, minutes: 60, fee: 3000, held: true, at: '2026-01-15T16:15:00.000Z' } },
      {
        type: 'BookingFeeCharged',
        data: { bookingId, customerId: 'cust-1', amount: 3000, transactionId: `booking:${bookingId}`, at: '2026-01-15T16:15:00.000Z' },
      },
    );
    expect(await h.booking()).toMatchObject({
      status: 'expired',
      endReason: 'no_show',
      held: true,
      reservationStatus: 'accepted',
      fee: 3000,
      minutes: 60,
      charged: true,
      revision: 6,
    });
    const kinds = (await h.notifications()).map((n) => [n.kind, n.params.amount ?? null]);
    expect(kinds).toEqual([
      ['booking_confirmed', 3000],
      ['booking_reminder', null],
      ['booking_expired', 3000],
    ]);
    expect(h.changes.filter((c) => c.collection === READ_MODELS.bookings).every((c) => c.customerIds?.join() === 'cust-1')).toBe(true);
    // Replayed from an older checkpoint: the same documents, no extra notification.
    await h.replay();
    expect(await h.notifications()).toHaveLength(3);
    expect(await h.booking()).toMatchObject({ status: 'expired', revision: 6 });
  });

  it('tells the customer of the first refusal only, and of a fault that ended the booking', async () => {
    const h = harness();
    await h.given(
      { type: 'BookingConfirmed', data: { ...terms, confirmedAt: '2026-01-15T14:00:00.000Z' } },
      { type: 'BookingSlotStarted', data: { bookingId, at: '2026-01-15T16:00:00.000Z' } },
      {
        type: 'BookingReservationRequested',
        data: { bookingId, commandId: 'k1', attempt: 1, reservationId: 7, expiresAt: '', at: '2026-01-15T16:00:00.000Z' },
      },
      {
        type: 'BookingReservationAnswered',
        data: { bookingId, commandId: 'k1', status: 'offline', detail: null, at: '2026-01-15T16:00:05.000Z' },
      },
      {
        type: 'BookingReservationRequested',
        data: { bookingId, commandId: 'k2', attempt: 2, reservationId: 7, expiresAt: '', at: '2026-01-15T16:01:05.000Z' },
      },
      {
        type: 'BookingReservationAnswered',
        data: { bookingId, commandId: 'k2', status: 'offline', detail: null, at: '2026-01-15T16:01:10.000Z' },
      },
      { type: 'BookingFailed', data: { bookingId, reason: 'charger_faulted', status: 'faulted', at: '2026-01-15T16:02:00.000Z' } },
    );
    expect((await h.notifications()).map((n) => [n.kind, n.params.reason ?? null])).toEqual([
      ['booking_confirmed', null],
      ['booking_reservation_refused', 'offline'],
      ['booking_failed', 'faulted'],
    ]);
    expect(await h.booking()).toMatchObject({
      status: 'failed',
      endReason: 'charger_faulted',
      reservationStatus: 'faulted',
      reservationAttempts: 2,
      fee: 0,
    });
  });

  it("tells the customer of staff's new time and of staff's cancellation with its reason", async () => {
    const h = harness();
    await h.given(
      { type: 'BookingConfirmed', data: { ...terms, confirmedAt: '2026-01-15T14:00:00.000Z' } },
      {
        type: 'BookingRescheduled',
        data: {
          bookingId,
          startsAt: '2026-01-15T18:00:00.000Z',
          durationMinutes: 30,
          previousStartsAt: terms.startsAt,
          previousDurationMinutes: 60,
          at: '2026-01-15T14:10:00.000Z',
        },
      },
      {
        type: 'BookingCancelled',
        data: { bookingId, by: 'staff', reason: 'Charger under maintenance', minutes: 20, fee: 0, at: '2026-01-15T14:20:00.000Z' },
      },
    );
    const [, moved, cancelled] = await h.notifications();
    expect(moved).toMatchObject({
      kind: 'booking_rescheduled',
      params: { bookingId, startsAt: '2026-01-15T18:00:00.000Z', previousStartsAt: terms.startsAt, durationMinutes: 30 },
    });
    expect(cancelled).toMatchObject({
      kind: 'booking_cancelled',
      params: { bookingId, by: 'staff', reason: 'Charger under maintenance', amount: 0 },
    });
    expect(await h.booking()).toMatchObject({
      status: 'cancelled',
      endReason: 'staff',
      cancelReason: 'Charger under maintenance',
      startsAt: '2026-01-15T18:00:00.000Z',
    });
  });
});
