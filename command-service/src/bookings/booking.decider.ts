import {
  BOOKING_RULES,
  bookedMinutes,
  bookingFee,
  isOpenBooking,
  maxBookingFee,
  noShowAt,
  slotEndsAt,
  type BookingEndReason,
  type BookingEvent,
  type BookingTerms,
  type ReservationStatus,
} from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export type BookingPhase = 'none' | 'confirmed' | 'active' | 'fulfilled' | 'cancelled' | 'expired' | 'failed';

export type BookingCommand =
  | { kind: 'confirm'; terms: BookingTerms; at: string }
  | { kind: 'reschedule'; startsAt: string; durationMinutes: number; at: string }
  | { kind: 'remind'; reminder: 'reminder' | 'starting_soon'; at: string }
  /** The slot begins; with `reserveCommandId`, the first ReserveNow is requested in the same append. */
  | { kind: 'start-slot'; at: string; reserveCommandId?: string }
  /**
   * The caller names the attempt it decided on (the state's attempts + 1) and the command id derived from it; with
   * `connectedAt`, the charger has just connected and may be asked at once (`askOnConnect`), not a minute later.
   */
  | { kind: 'request-reservation'; attempt: number; commandId: string; at: string; connectedAt?: string }
  | { kind: 'answer'; commandId: string; status: ReservationStatus; detail: string | null; at: string }
  /** The charger reported the connector faulted or unavailable. */
  | { kind: 'connector-down'; status: 'faulted' | 'unavailable'; at: string }
  | { kind: 'fulfil'; sessionId: string; at: string }
  /** Staff name the fee (piastres); a customer's cancel pays the minutes since confirmation. */
  | { kind: 'cancel'; by: 'customer' | 'staff'; reason: string | null; fee?: number; at: string }
  | { kind: 'expire'; at: string }
  | { kind: 'charged'; amount: number; transactionId: string; at: string }
  | { kind: 'request-cancel-reservation'; commandId: string; at: string }
  | { kind: 'release'; at: string };

export interface BookingState {
  phase: BookingPhase;
  terms: BookingTerms | null;
  confirmedAt: string | null;
  /** The start each reminder was sent for (a rescheduled booking is reminded again). */
  reminded: { reminder: string | null; starting_soon: string | null };
  reservation: {
    attempts: number;
    lastCommandId: string | null;
    lastRequestedAt: string | null;
    status: ReservationStatus | null;
    answered: readonly string[];
    held: boolean;
    cancelRequested: boolean;
  };
  fee: number;
  minutes: number;
  charged: boolean;
  released: boolean;
  sessionId: string | null;
}

export const ENDED: readonly BookingPhase[] = ['fulfilled', 'cancelled', 'expired', 'failed'];
export const isOpen = (s: BookingState) => s.phase !== 'none' && isOpenBooking(s.phase);
export const isEnded = (s: BookingState) => ENDED.includes(s.phase);
const ms = (iso: string) => Date.parse(iso);
export const endsAt = (t: Pick<BookingTerms, 'startsAt' | 'durationMinutes'>) => slotEndsAt(t.startsAt, t.durationMinutes);
export const noShowOf = (t: Pick<BookingTerms, 'startsAt' | 'durationMinutes'>) =>
  noShowAt(t.startsAt, t.durationMinutes, BOOKING_RULES.graceMinutes);

/** Answers worth asking the charger again for (it may come back, the occupant may leave). */
const RETRY_AFTER: readonly ReservationStatus[] = ['offline', 'timeout', 'error', 'occupied'];

const notOpen = () => new DomainError('booking.not_open', 'This booking has ended', [{ path: 'bookingId', code: 'not_open' }]);
const notFound = () => new DomainError('booking.booking_not_found', 'No such booking', [{ path: 'bookingId', code: 'not_found' }]);

/**
 * `booking-<id>`: confirmed → active (the slot began; the charger is asked to hold the connector) → fulfilled (a
 * session of the customer started on it), or cancelled (fee: the minutes since confirmation), expired (a no-show:
 * the whole duration, if the charger held the connector), failed (the charger reported it faulted or unavailable: no
 * fee). Exactly one ending; once ended, the fee is charged once, the reservation cancelled on the charger once, the
 * claims released once. Every command is safe to repeat.
 */
export const bookingDecider: Decider<BookingCommand, BookingEvent, BookingState> = {
  initialState: {
    phase: 'none',
    terms: null,
    confirmedAt: null,
    reminded: { reminder: null, starting_soon: null },
    reservation: {
      attempts: 0,
      lastCommandId: null,
      lastRequestedAt: null,
      status: null,
      answered: [],
      held: false,
      cancelRequested: false,
    },
    fee: 0,
    minutes: 0,
    charged: false,
    released: false,
    sessionId: null,
  },
  evolve(state, event) {
    const r = state.reservation;
    switch (event.type) {
      case 'BookingConfirmed': {
        const { confirmedAt, ...terms } = event.data;
        return { ...state, phase: 'confirmed', terms, confirmedAt };
      }
      case 'BookingRescheduled':
        return state.terms
          ? { ...state, terms: { ...state.terms, startsAt: event.data.startsAt, durationMinutes: event.data.durationMinutes } }
          : state;
      case 'BookingReminded':
        return { ...state, reminded: { ...state.reminded, [event.data.kind]: event.data.startsAt } };
      case 'BookingSlotStarted':
        return state.phase === 'confirmed' ? { ...state, phase: 'active' } : state;
      case 'BookingReservationRequested':
        return {
          ...state,
          reservation: {
            ...r,
            attempts: event.data.attempt,
            lastCommandId: event.data.commandId,
            lastRequestedAt: event.data.at,
            status: 'pending',
          },
        };
      case 'BookingReservationAnswered': {
        // A late answer to an earlier attempt is kept in `answered` but does not replace a newer attempt's status.
        const latest = event.data.commandId === r.lastCommandId;
        return {
          ...state,
          reservation: {
            ...r,
            answered: [...r.answered, event.data.commandId],
            status: latest ? event.data.status : r.status,
            held: r.held || event.data.status === 'accepted',
          },
        };
      }
      case 'BookingFulfilled':
        return { ...state, phase: 'fulfilled', sessionId: event.data.sessionId, fee: event.data.fee, minutes: event.data.minutes };
      case 'BookingCancelled':
        return { ...state, phase: 'cancelled', fee: event.data.fee, minutes: event.data.minutes };
      case 'BookingExpired':
        return { ...state, phase: 'expired', fee: event.data.fee, minutes: event.data.minutes };
      case 'BookingFailed':
        return { ...state, phase: 'failed', reservation: { ...r, status: event.data.status } };
      case 'BookingFeeCharged':
        return { ...state, charged: true };
      case 'BookingReservationCancelRequested':
        return { ...state, reservation: { ...r, cancelRequested: true } };
      case 'BookingReleased':
        return { ...state, released: true };
    }
  },
  decide(command, state) {
    if (command.kind === 'confirm') {
      if (!state.terms) return [{ type: 'BookingConfirmed', data: { ...command.terms, confirmedAt: command.at } }];
      // The same customer's retry is the same booking (its terms were decided by the first request).
      if (state.terms.customerId === command.terms.customerId) return [];
      throw new DomainError('concurrency.conflict', 'This booking id was already used', [{ path: 'bookingId', code: 'exists' }]);
    }
    const t = state.terms;
    if (!t || !state.confirmedAt) throw notFound();
    const bookingId = t.bookingId;
    const { at } = command;
    switch (command.kind) {
      case 'reschedule': {
        if (!isOpen(state)) throw notOpen();
        if (state.phase !== 'confirmed' || ms(at) >= ms(t.startsAt))
          throw new DomainError('booking.already_started', 'The slot has begun: it can no longer be moved');
        if (command.startsAt === t.startsAt && command.durationMinutes === t.durationMinutes) return [];
        const { startsAt, durationMinutes } = command;
        return [
          {
            type: 'BookingRescheduled',
            data: { bookingId, startsAt, durationMinutes, previousStartsAt: t.startsAt, previousDurationMinutes: t.durationMinutes, at },
          },
        ];
      }
      case 'remind': {
        if (state.phase !== 'confirmed' || state.reminded[command.reminder] === t.startsAt) return [];
        return [{ type: 'BookingReminded', data: { bookingId, kind: command.reminder, startsAt: t.startsAt, at } }];
      }
      case 'start-slot': {
        if (state.phase !== 'confirmed' || ms(at) < ms(t.startsAt)) return [];
        const started: BookingEvent = { type: 'BookingSlotStarted', data: { bookingId, at } };
        const after = bookingDecider.evolve(state, started);
        if (!command.reserveCommandId || !reservationDue(after, ms(at))) return [started];
        const requested: BookingEvent = {
          type: 'BookingReservationRequested',
          data: { bookingId, commandId: command.reserveCommandId, attempt: 1, reservationId: t.reservationId, expiresAt: noShowOf(t), at },
        };
        return [started, requested];
      }
      case 'request-reservation': {
        // Decided on the state as it is now: another replica may have asked already (the index it worked from lags).
        if (command.attempt !== state.reservation.attempts + 1) return [];
        if (!reservationDue(state, ms(at)) && !(command.connectedAt && askOnConnect(state, ms(at), command.connectedAt))) return [];
        const { attempt, commandId } = command;
        return [
          {
            type: 'BookingReservationRequested',
            data: { bookingId, commandId, attempt, reservationId: t.reservationId, expiresAt: noShowOf(t), at },
          },
        ];
      }
      case 'answer': {
        if (state.reservation.answered.includes(command.commandId)) return [];
        const answered: BookingEvent = {
          type: 'BookingReservationAnswered',
          data: { bookingId, commandId: command.commandId, status: command.status, detail: command.detail, at },
        };
        const { status } = command;
        if (
          (status !== 'faulted' && status !== 'unavailable') ||
          state.phase !== 'active' ||
          command.commandId !== state.reservation.lastCommandId
        )
          return [answered];
        return [answered, failed(bookingId, status, at)];
      }
      case 'connector-down':
        return state.phase === 'active' ? [failed(bookingId, command.status, at)] : [];
      case 'fulfil': {
        if (!isOpen(state)) return [];
        // Within the slot only: before it the connector is not the booking's yet, after the no-show it is not any more.
        if (ms(at) < ms(t.startsAt) || ms(at) >= ms(endsAt(t))) return [];
        const minutes = bookedMinutes(state.confirmedAt, at, t.durationMinutes);
        return [
          {
            type: 'BookingFulfilled',
            data: { bookingId, sessionId: command.sessionId, minutes, fee: bookingFee(minutes, t.feePerMinute), at },
          },
        ];
      }
      case 'cancel': {
        if (state.phase === 'cancelled' && command.by === 'customer') return [];
        if (!isOpen(state)) throw notOpen();
        const minutes = bookedMinutes(state.confirmedAt, at, t.durationMinutes);
        let fee = bookingFee(minutes, t.feePerMinute);
        if (command.by === 'staff' && command.fee !== undefined) {
          const most = maxBookingFee(t.durationMinutes, t.feePerMinute);
          if (!Number.isSafeInteger(command.fee) || command.fee < 0 || command.fee > most) {
            throw new DomainError('booking.fee_too_high', `The fee may be at most the whole duration's (${most} piastres)`, [
              { path: 'feeEgp', code: 'fee_too_high', params: { maximum: most } },
            ]);
          }
          fee = command.fee;
        }
        return [{ type: 'BookingCancelled', data: { bookingId, by: command.by, reason: command.reason, minutes, fee, at } }];
      }
      case 'expire': {
        if (!isOpen(state) || ms(at) < ms(noShowOf(t))) return [];
        // A connector the charger never held could not have been used: the no-show costs nothing then.
        const held = state.reservation.held;
        const minutes = held ? t.durationMinutes : 0;
        return [{ type: 'BookingExpired', data: { bookingId, minutes, fee: bookingFee(minutes, t.feePerMinute), held, at } }];
      }
      case 'charged':
        if (!isEnded(state) || state.charged || state.fee <= 0) return [];
        return [
          {
            type: 'BookingFeeCharged',
            data: { bookingId, customerId: t.customerId, amount: command.amount, transactionId: command.transactionId, at },
          },
        ];
      case 'request-cancel-reservation':
        if (!needsReservationCancel(state)) return [];
        return [
          {
            type: 'BookingReservationCancelRequested',
            data: { bookingId, commandId: command.commandId, reservationId: t.reservationId, at },
          },
        ];
      case 'release':
        return isEnded(state) && !state.released ? [{ type: 'BookingReleased', data: { bookingId, at } }] : [];
    }
  },
};

function failed(bookingId: string, status: 'faulted' | 'unavailable', at: string): BookingEvent {
  const reason: BookingEndReason = status === 'faulted' ? 'charger_faulted' : 'charger_unavailable';
  return { type: 'BookingFailed', data: { bookingId, reason, status, at } };
}

/** An ended booking (not by a session, which takes the reservation over) whose charger was asked to hold the connector. */
export const needsReservationCancel = (s: BookingState) =>
  (s.phase === 'cancelled' || s.phase === 'expired' || s.phase === 'failed') &&
  s.reservation.attempts > 0 &&
  !s.reservation.cancelRequested;

/** What the time-driven steps still owe the booking at `now` (pure: the scheduler's index decides with it). */
export type DueStep = 'reminder' | 'starting_soon' | 'start-slot' | 'request-reservation' | 'expire' | 'settle';

export function dueSteps(s: BookingState, now: number): DueStep[] {
  const t = s.terms;
  if (!t || !s.confirmedAt) return [];
  if (isEnded(s)) return (s.fee > 0 && !s.charged) || needsReservationCancel(s) || !s.released ? ['settle'] : [];
  const start = ms(t.startsAt);
  const noShow = ms(noShowOf(t));
  if (now >= noShow) return ['expire'];
  if (s.phase === 'confirmed') {
    if (now >= start) return ['start-slot', 'request-reservation'];
    const confirmed = ms(s.confirmedAt);
    const soon = start - BOOKING_RULES.startingSoonBeforeMinutes * 60_000;
    const remind = start - BOOKING_RULES.reminderBeforeMinutes * 60_000;
    // After downtime only the latest notice still makes sense.
    if (now >= soon) return s.reminded.starting_soon !== t.startsAt && confirmed < soon ? ['starting_soon'] : [];
    if (now >= remind) return s.reminded.reminder !== t.startsAt && confirmed < remind ? ['reminder'] : [];
    return [];
  }
  return reservationDue(s, now) ? ['request-reservation'] : [];
}

/**
 * Whether the charger should be asked (again) to hold the connector at `now`: in an active slot before the no-show
 * time, never asked yet, or its last answer worth retrying a minute later (a lost answer: two minutes).
 */
export function reservationDue(s: BookingState, now: number): boolean {
  const t = s.terms;
  if (!t || s.phase !== 'active' || now >= ms(noShowOf(t))) return false;
  const r = s.reservation;
  if (r.attempts === 0) return true;
  if (r.held || r.status === 'rejected') return false;
  const since = now - ms(r.lastRequestedAt ?? t.startsAt);
  return (
    (r.status !== null && RETRY_AFTER.includes(r.status) && since >= BOOKING_RULES.reserveRetryMs) ||
    (r.status === 'pending' && since >= 2 * BOOKING_RULES.reserveRetryMs)
  );
}

/** Answers that may mean the charger never had the ask: asked again as soon as it connects. */
const ASK_ON_CONNECT: readonly ReservationStatus[] = ['pending', 'offline', 'timeout', 'error'];

/**
 * Whether a charger that connected at `connectedAt` should be asked at once to hold the connector: in an active slot
 * before the no-show time, not held, and last asked before that connection with no answer from it that counts
 * (pending, offline, timeout, error). A repeated notice of the same connection finds the newer ask and asks nothing.
 */
export function askOnConnect(s: BookingState, now: number, connectedAt: string): boolean {
  const t = s.terms;
  if (!t || s.phase !== 'active' || now >= ms(noShowOf(t))) return false;
  const r = s.reservation;
  if (r.held || r.attempts === 0 || r.status === null || !ASK_ON_CONNECT.includes(r.status)) return false;
  return ms(r.lastRequestedAt ?? t.startsAt) < ms(connectedAt);
}
