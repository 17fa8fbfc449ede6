import { describe, expect, it } from 'vitest';
import type { BookingEvent, BookingTerms, ConnectorScheduleEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { fold } from '../shared/decider';
import { bookingDecider, dueSteps, type BookingCommand } from './booking.decider';
import { connectorScheduleDecider } from './connector-schedule.decider';
import { customerBookingsDecider } from './customer-bookings.decider';

const bookingId = 'b0000000-0000-4000-8000-000000000001';
const terms: BookingTerms = {
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
  reservationId: 12345,
};
const confirmed: BookingEvent = { type: 'BookingConfirmed', data: { ...terms, confirmedAt: '2026-01-15T14:00:00.000Z' } };
const slotStarted: BookingEvent = { type: 'BookingSlotStarted', data: { bookingId, at: '2026-01-15T16:00:01.000Z' } };
const requested = (attempt: number, commandId = `cmd-${attempt}`, at = '2026-01-15T16:00:02.000Z'): BookingEvent => ({
  type: 'BookingReservationRequested',
  data: { bookingId, commandId, attempt, reservationId: 12345, expiresAt: '2026-01-15T16:15:00.000Z', at },
});
const answered = (commandId: string, status: 'accepted' | 'offline' | 'occupied' | 'faulted'): BookingEvent => ({
  type: 'BookingReservationAnswered',
  data: { bookingId, commandId, status, detail: null, at: '2026-01-15T16:00:03.000Z' },
});
const spec = DeciderSpecification.for(bookingDecider);
const state = (events: BookingEvent[]) => fold(bookingDecider, events);

describe('a booking (booking-<id>)', () => {
  it('is confirmed once; the same customer retrying is the same booking, someone else is refused', () => {
    spec.given([]).when({ kind: 'confirm', terms, at: confirmed.data.confirmedAt }).then([confirmed]);
    spec
      .given([confirmed])
      .when({ kind: 'confirm', terms: { ...terms, chargerId: 'CH-2' }, at: '2026-01-15T14:01:00.000Z' })
      .thenNothingHappened();
    spec
      .given([confirmed])
      .when({ kind: 'confirm', terms: { ...terms, customerId: 'cust-2' }, at: '2026-01-15T14:01:00.000Z' })
      .thenThrows('concurrency.conflict');
  });

  it('a customer cancelling pays each started minute since confirmation, measured at the server time given', () => {
    spec
      .given([confirmed])
      .when({ kind: 'cancel', by: 'customer', reason: null, at: '2026-01-15T14:07:30.000Z' })
      .then([
        {
          type: 'BookingCancelled',
          data: { bookingId, by: 'customer', reason: null, minutes: 8, fee: 400, at: '2026-01-15T14:07:30.000Z' },
        },
      ]);
  });

  it('never charges more than the whole duration, however early it was booked', () => {
    spec
      .given([confirmed, slotStarted])
      .when({ kind: 'cancel', by: 'customer', reason: null, at: '2026-01-15T16:05:00.000Z' })
      .thenMatches([{ data: { minutes: 60, fee: 3000 } }]);
  });

  it('a repeated customer cancel does nothing; cancelling an ended booking is refused', () => {
    const cancelled = spec
      .given([confirmed])
      .when({ kind: 'cancel', by: 'customer', reason: null, at: '2026-01-15T14:01:00.000Z' })
      .events();
    spec
      .given([confirmed, ...cancelled])
      .when({ kind: 'cancel', by: 'customer', reason: null, at: '2026-01-15T14:02:00.000Z' })
      .thenNothingHappened();
    spec
      .given([confirmed, ...cancelled])
      .when({ kind: 'cancel', by: 'staff', reason: 'x', fee: 0, at: '2026-01-15T14:02:00.000Z' })
      .thenThrows('booking.not_open');
  });

  it('staff choose the fee, from none to the whole duration, never more', () => {
    spec
      .given([confirmed])
      .when({ kind: 'cancel', by: 'staff', reason: 'charger broke', fee: 0, at: '2026-01-15T15:00:00.000Z' })
      .thenMatches([{ data: { by: 'staff', reason: 'charger broke', fee: 0, minutes: 60 } }]);
    spec
      .given([confirmed])
      .when({ kind: 'cancel', by: 'staff', reason: 'r', fee: 3001, at: '2026-01-15T15:00:00.000Z' })
      .thenThrows('booking.fee_too_high');
  });

  it('a cancel racing a session start: whichever is decided first is the only outcome (one fee at most)', () => {
    const fulfil: BookingCommand = { kind: 'fulfil', sessionId: 's-1', at: '2026-01-15T16:02:00.000Z' };
    const cancel: BookingCommand = { kind: 'cancel', by: 'customer', reason: null, at: '2026-01-15T16:02:00.500Z' };
    expect(() => spec.given([confirmed, slotStarted]).when(fulfil, cancel).events()).toThrow(
      expect.objectContaining({ code: 'booking.not_open' }),
    );
    spec.given([confirmed, slotStarted]).when(cancel, fulfil).thenTypes(['BookingCancelled']);
  });

  it('a cancel racing the slot start: the sweep starts nothing on a cancelled booking', () => {
    const cancelled = spec
      .given([confirmed])
      .when({ kind: 'cancel', by: 'customer', reason: null, at: '2026-01-15T15:59:59.000Z' })
      .events();
    spec
      .given([confirmed, ...cancelled])
      .when(
        { kind: 'start-slot', at: '2026-01-15T16:00:00.000Z' },
        { kind: 'request-reservation', attempt: 1, commandId: 'c', at: '2026-01-15T16:00:00.000Z' },
      )
      .thenNothingHappened();
  });

  it('a session of its customer on the connector within the slot fulfils it (the fee: minutes since confirmation, at most the duration)', () => {
    spec
      .given([{ ...confirmed, data: { ...confirmed.data, confirmedAt: '2026-01-15T15:50:00.000Z' } }, slotStarted])
      .when({ kind: 'fulfil', sessionId: 's-1', at: '2026-01-15T16:04:00.000Z' })
      .then([{ type: 'BookingFulfilled', data: { bookingId, sessionId: 's-1', minutes: 14, fee: 700, at: '2026-01-15T16:04:00.000Z' } }]);
    spec.given([confirmed]).when({ kind: 'fulfil', sessionId: 's-1', at: '2026-01-15T15:59:00.000Z' }).thenNothingHappened();
    spec.given([confirmed, slotStarted]).when({ kind: 'fulfil', sessionId: 's-1', at: '2026-01-15T17:00:00.000Z' }).thenNothingHappened();
  });

  it('the slot’s start asks the charger in the same append (not once the no-show time passed)', () => {
    spec
      .given([confirmed])
      .when({ kind: 'start-slot', at: '2026-01-15T16:00:02.000Z', reserveCommandId: 'cmd-1' })
      .then([{ ...slotStarted, data: { bookingId, at: '2026-01-15T16:00:02.000Z' } }, requested(1)]);
    spec
      .given([confirmed])
      .when({ kind: 'start-slot', at: '2026-01-15T16:20:00.000Z', reserveCommandId: 'cmd-1' })
      .thenTypes(['BookingSlotStarted']);
  });

  it('asks the charger once per attempt; each answer counts once; Accepted means held', () => {
    spec
      .given([confirmed, slotStarted])
      .when({ kind: 'request-reservation', attempt: 1, commandId: 'cmd-1', at: '2026-01-15T16:00:02.000Z' })
      .then([requested(1)]);
    spec
      .given([confirmed, slotStarted, requested(1)])
      .when({ kind: 'request-reservation', attempt: 1, commandId: 'cmd-1', at: '2026-01-15T16:00:03.000Z' })
      .thenNothingHappened();
    // A replica working from a lagging index asks for the next attempt at once: not due, nothing recorded.
    spec
      .given([confirmed, slotStarted, requested(1)])
      .when({ kind: 'request-reservation', attempt: 2, commandId: 'cmd-2', at: '2026-01-15T16:00:04.000Z' })
      .thenNothingHappened();
    const answer: BookingCommand = { kind: 'answer', commandId: 'cmd-1', status: 'accepted', detail: null, at: '2026-01-15T16:00:03.000Z' };
    const events = spec
      .given([confirmed, slotStarted, requested(1)])
      .when(answer, answer)
      .thenTypes(['BookingReservationAnswered']);
    expect(state([confirmed, slotStarted, requested(1), ...events]).reservation.held).toBe(true);
  });

  it('ends without a fee when the charger answers Faulted, or reports the reserved connector faulted', () => {
    spec
      .given([confirmed, slotStarted, requested(1)])
      .when({ kind: 'answer', commandId: 'cmd-1', status: 'faulted', detail: null, at: '2026-01-15T16:00:03.000Z' })
      .thenTypes(['BookingReservationAnswered', 'BookingFailed']);
    spec
      .given([confirmed, slotStarted, requested(1), answered('cmd-1', 'accepted')])
      .when({ kind: 'connector-down', status: 'faulted', at: '2026-01-15T16:05:00.000Z' })
      .then([{ type: 'BookingFailed', data: { bookingId, reason: 'charger_faulted', status: 'faulted', at: '2026-01-15T16:05:00.000Z' } }]);
    // Before its slot the connector is not the booking's: a fault then is the next ReserveNow's answer.
    spec.given([confirmed]).when({ kind: 'connector-down', status: 'faulted', at: '2026-01-15T15:00:00.000Z' }).thenNothingHappened();
  });

  it('a no-show after the grace period pays the whole duration when the charger held the connector, nothing when it never could', () => {
    const afterGrace = '2026-01-15T16:15:00.000Z';
    spec
      .given([confirmed, slotStarted, requested(1), answered('cmd-1', 'accepted')])
      .when({ kind: 'expire', at: afterGrace })
      .thenMatches([{ type: 'BookingExpired', data: { held: true, minutes: 60, fee: 3000 } }]);
    spec
      .given([confirmed, slotStarted, requested(1), answered('cmd-1', 'offline')])
      .when({ kind: 'expire', at: afterGrace })
      .thenMatches([{ type: 'BookingExpired', data: { held: false, minutes: 0, fee: 0 } }]);
    spec.given([confirmed, slotStarted]).when({ kind: 'expire', at: '2026-01-15T16:14:59.999Z' }).thenNothingHappened();
  });

  it('after it ended: the fee charged once, the reservation cancelled once, the claims released once', () => {
    const ended = [
      confirmed,
      slotStarted,
      requested(1),
      answered('cmd-1', 'accepted'),
      ...spec
        .given([confirmed, slotStarted])
        .when({ kind: 'cancel', by: 'customer', reason: null, at: '2026-01-15T16:01:00.000Z' })
        .events(),
    ];
    const at = '2026-01-15T16:01:01.000Z';
    spec
      .given(ended)
      .when(
        { kind: 'charged', amount: 3000, transactionId: `booking:${bookingId}`, at },
        { kind: 'charged', amount: 3000, transactionId: `booking:${bookingId}`, at },
      )
      .thenTypes(['BookingFeeCharged']);
    spec
      .given(ended)
      .when({ kind: 'request-cancel-reservation', commandId: 'x', at }, { kind: 'request-cancel-reservation', commandId: 'x', at })
      .thenTypes(['BookingReservationCancelRequested']);
    spec.given(ended).when({ kind: 'release', at }, { kind: 'release', at }).thenTypes(['BookingReleased']);
  });

  it('staff move it before the slot begins, not after', () => {
    spec
      .given([confirmed])
      .when({ kind: 'reschedule', startsAt: '2026-01-15T18:00:00.000Z', durationMinutes: 30, at: '2026-01-15T15:00:00.000Z' })
      .thenMatches([
        {
          type: 'BookingRescheduled',
          data: {
            startsAt: '2026-01-15T18:00:00.000Z',
            durationMinutes: 30,
            previousStartsAt: terms.startsAt,
            previousDurationMinutes: 60,
          },
        },
      ]);
    spec
      .given([confirmed, slotStarted])
      .when({ kind: 'reschedule', startsAt: '2026-01-15T18:00:00.000Z', durationMinutes: 30, at: '2026-01-15T16:01:00.000Z' })
      .thenThrows('booking.already_started');
  });
});

describe('what the clock owes a booking (dueSteps)', () => {
  const at = (iso: string) => Date.parse(iso);
  it('reminds an hour before, says "starting soon" ten minutes before, then starts the slot and asks the charger', () => {
    expect(dueSteps(state([confirmed]), at('2026-01-15T14:30:00.000Z'))).toEqual([]);
    expect(dueSteps(state([confirmed]), at('2026-01-15T15:00:00.000Z'))).toEqual(['reminder']);
    expect(dueSteps(state([confirmed]), at('2026-01-15T15:50:00.000Z'))).toEqual(['starting_soon']);
    expect(dueSteps(state([confirmed]), at('2026-01-15T16:00:00.000Z'))).toEqual(['start-slot', 'request-reservation']);
  });

  it('after downtime past the no-show time, only expires it (never held: free)', () => {
    expect(dueSteps(state([confirmed]), at('2026-01-15T16:20:00.000Z'))).toEqual(['expire']);
  });

  it('asks an offline or occupied charger again a minute later, not one that held or refused it', () => {
    const offline = state([confirmed, slotStarted, requested(1), answered('cmd-1', 'offline')]);
    expect(dueSteps(offline, at('2026-01-15T16:00:30.000Z'))).toEqual([]);
    expect(dueSteps(offline, at('2026-01-15T16:01:02.000Z'))).toEqual(['request-reservation']);
    expect(dueSteps(state([confirmed, slotStarted, requested(1), answered('cmd-1', 'accepted')]), at('2026-01-15T16:05:00.000Z'))).toEqual(
      [],
    );
  });

  it('keeps an ended booking until its fee, reservation cancel and release are done', () => {
    const cancelled = state([
      confirmed,
      { type: 'BookingCancelled', data: { bookingId, by: 'customer', reason: null, minutes: 1, fee: 50, at: '2026-01-15T14:00:30.000Z' } },
    ]);
    expect(dueSteps(cancelled, 0)).toEqual(['settle']);
    const settled = bookingDecider.evolve(
      bookingDecider.evolve(cancelled, {
        type: 'BookingFeeCharged',
        data: { bookingId, customerId: 'cust-1', amount: 50, transactionId: 't', at: '' },
      }),
      { type: 'BookingReleased', data: { bookingId, at: '' } },
    );
    expect(dueSteps(settled, 0)).toEqual([]);
  });
});

describe("a connector's schedule (connector-bookings-<charger>-<connector>)", () => {
  const schedule = DeciderSpecification.for(connectorScheduleDecider);
  const claim = (id: string, startsAt: string, endsAt: string, customerId = 'c1') =>
    ({
      kind: 'claim',
      chargerId: 'CH-1',
      connectorId: 1,
      bookingId: id,
      customerId,
      startsAt,
      endsAt,
      at: '2026-01-15T10:00:00.000Z',
    }) as const;
  const claimed = (id: string, startsAt: string, endsAt: string, customerId = 'c1'): ConnectorScheduleEvent => ({
    type: 'ConnectorSlotClaimed',
    data: { chargerId: 'CH-1', connectorId: 1, bookingId: id, customerId, startsAt, endsAt, at: '2026-01-15T10:00:00.000Z' },
  });

  it('two customers racing for one slot: the second, decided on the first one’s claim, is refused', () => {
    const first = schedule
      .given([])
      .when(claim('b1', '2026-01-15T16:00:00.000Z', '2026-01-15T17:00:00.000Z'))
      .then([claimed('b1', '2026-01-15T16:00:00.000Z', '2026-01-15T17:00:00.000Z')]);
    schedule
      .given(first)
      .when(claim('b2', '2026-01-15T16:30:00.000Z', '2026-01-15T17:30:00.000Z', 'c2'))
      .thenThrows('booking.slot_taken');
    schedule
      .given(first)
      .when(claim('b2', '2026-01-15T17:00:00.000Z', '2026-01-15T18:00:00.000Z', 'c2'))
      .thenTypes(['ConnectorSlotClaimed']);
    schedule
      .given(first)
      .when(claim('b1', '2026-01-15T16:00:00.000Z', '2026-01-15T17:00:00.000Z'))
      .thenNothingHappened();
  });

  it('a released or stale claim frees the slot', () => {
    const first = [claimed('b1', '2026-01-15T16:00:00.000Z', '2026-01-15T17:00:00.000Z')];
    schedule
      .given(first)
      .when({ ...claim('b2', '2026-01-15T16:00:00.000Z', '2026-01-15T17:00:00.000Z', 'c2'), stale: ['b1'] })
      .thenTypes(['ConnectorSlotReleased', 'ConnectorSlotClaimed']);
    const released: ConnectorScheduleEvent = {
      type: 'ConnectorSlotReleased',
      data: { chargerId: 'CH-1', connectorId: 1, bookingId: 'b1', at: '2026-01-15T11:00:00.000Z' },
    };
    schedule
      .given([...first, released])
      .when(claim('b2', '2026-01-15T16:00:00.000Z', '2026-01-15T17:00:00.000Z', 'c2'))
      .thenTypes(['ConnectorSlotClaimed']);
  });

  it('moves a booking only where no other slot overlaps', () => {
    const two = [
      claimed('b1', '2026-01-15T16:00:00.000Z', '2026-01-15T17:00:00.000Z'),
      claimed('b2', '2026-01-15T18:00:00.000Z', '2026-01-15T19:00:00.000Z', 'c2'),
    ];
    const move = (startsAt: string, endsAt: string) =>
      ({ kind: 'move', chargerId: 'CH-1', connectorId: 1, bookingId: 'b1', startsAt, endsAt, at: '2026-01-15T11:00:00.000Z' }) as const;
    schedule.given(two).when(move('2026-01-15T17:30:00.000Z', '2026-01-15T18:30:00.000Z')).thenThrows('booking.slot_taken');
    schedule.given(two).when(move('2026-01-15T16:30:00.000Z', '2026-01-15T18:00:00.000Z')).thenTypes(['ConnectorSlotClaimed']);
  });
});

describe("a customer's open booking (customer-bookings-<id>)", () => {
  const customer = DeciderSpecification.for(customerBookingsDecider);
  const opened = { type: 'CustomerBookingOpened', data: { customerId: 'c1', bookingId: 'b1', at: '2026-01-15T10:00:00.000Z' } } as const;
  it('holds one open booking at a time', () => {
    customer
      .given([opened])
      .when({ kind: 'open', customerId: 'c1', bookingId: 'b2', at: '2026-01-15T10:01:00.000Z' })
      .thenThrows('booking.active_booking_exists');
    customer
      .given([opened])
      .when({ kind: 'open', customerId: 'c1', bookingId: 'b1', at: '2026-01-15T10:01:00.000Z' })
      .thenNothingHappened();
    customer
      .given([opened])
      .when(
        { kind: 'close', customerId: 'c1', bookingId: 'b1', at: '2026-01-15T11:00:00.000Z' },
        { kind: 'open', customerId: 'c1', bookingId: 'b2', at: '2026-01-15T11:00:00.000Z' },
      )
      .thenTypes(['CustomerBookingClosed', 'CustomerBookingOpened']);
    customer
      .given([opened])
      .when({ kind: 'open', customerId: 'c1', bookingId: 'b2', at: '2026-01-15T10:05:00.000Z', stale: true })
      .thenTypes(['CustomerBookingClosed', 'CustomerBookingOpened']);
  });
});
