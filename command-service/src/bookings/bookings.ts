import {
  BOOKING_RULES,
  addDays,
  bookingStreams,
  cairoInstant,
  cairoWallClock,
  chargingStreams,
  maxBookingFee,
  minuteOf,
  networkStreams,
  reservationIdOf,
  type BookingTerms,
  type CarRegistered,
  type ChargerCommandEvent,
  type CommandResult,
  type ConnectorSpec,
  type CreateBooking,
  type ErrorCode,
  type OutboundOcppResult,
  type ReservationStatus,
  type RescheduleBooking,
  type SendChargerCommand,
} from '@evc/contracts';
import { WrongExpectedRevisionError, type Clock, type EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newAppIdTag, uuidFrom } from '../shared/ids';
import { pricesInForce } from '../network/index';
import { chargerCommandDecider } from '../chargers-live/index';
import { newContext, type CommandContext } from '../shared/command-context';
import { fold } from '../shared/decider';
import { decideAndAppend } from '../shared/decide-and-append';
import { DomainError } from '../shared/domain-error';
import { toDomainEvent } from '../shared/run-decider';
import type { WalletLedger } from '../wallet/index';
import { askOnConnect, bookingDecider, dueSteps, endsAt, isEnded, isOpen, needsReservationCancel, noShowOf, type BookingState } from './booking.decider';
import { BookingStreams } from './booking-streams';
import { slotAt, type Slot } from './connector-schedule.decider';
import type { BookingGuard, BookingHolder } from './booking-guard';

const log = createLogger('bookings');
/** The causation of a booking's charger commands: the results find their booking through it. */
export const BOOKING_CAUSE = 'booking:';
/** A connector report older than this (a replay of old traffic) ends no booking. */
export const REPORT_MAX_AGE_MS = 5 * 60_000;
export const reserveCommandId = (bookingId: string, attempt: number) => uuidFrom(`booking-reserve:${bookingId}:${attempt}`);
export const cancelReservationCommandId = (bookingId: string) => uuidFrom(`booking-cancel-reservation:${bookingId}`);

/** Sends a charger command the way sessions do (recorded on `charger-command-<id>`, published once). */
export type SendChargerCommandFn = (payload: SendChargerCommand, context: CommandContext) => Promise<unknown>;

const notFound = () => new DomainError('booking.booking_not_found', 'No such booking', [{ path: 'bookingId', code: 'not_found' }]);
const field = (code: ErrorCode, message: string, path: string, fieldCode: string) => new DomainError(code, message, [{ path, code: fieldCode }]);
const system = (reason: string, bookingId: string): CommandContext => ({ ...newContext({ type: 'system', id: 'bookings' }, reason), causationId: `${BOOKING_CAUSE}${bookingId}` });

/** A charger's answer to ReserveNow in the booking's words. */
export function reservationStatusOf(outcome: string, response: unknown): ReservationStatus {
  if (outcome === 'accepted') return 'accepted';
  if (outcome === 'offline' || outcome === 'timeout' || outcome === 'error') return outcome;
  const said = String((response as { status?: unknown } | null)?.status ?? '').toLowerCase();
  return said === 'occupied' || said === 'faulted' || said === 'unavailable' ? said : 'rejected';
}

interface Candidate {
  chargerId: string;
  spec: ConnectorSpec;
}

/**
 * Bookings end to end on the command side: booking (claims on the customer's and the connector's streams, then
 * BookingConfirmed), cancel, reschedule, the time-driven steps (`advance`, called by the scheduler), the charger's
 * answers, sessions that fulfil a booking, connectors that fail, and the settlement after a booking ends (fee once,
 * CancelReservation once, claims released once). Time is the injected clock's; every step is idempotent.
 */
export class Bookings implements BookingGuard {
  readonly streams: BookingStreams;

  constructor(
    private readonly store: EventStore,
    private readonly ledger: WalletLedger,
    private readonly clock: Clock,
    private readonly sendChargerCommand: SendChargerCommandFn,
  ) {
    this.streams = new BookingStreams(store, clock);
  }

  private now = () => this.clock.now();

  // Booking ------------------------------------------------------------------------------------------------------
  async create(p: CreateBooking, customerId: string, context: CommandContext): Promise<CommandResult> {
    const streamId = bookingStreams.booking(p.bookingId);
    const existing = await this.streams.booking(p.bookingId);
    if (existing.terms) {
      if (existing.terms.customerId !== customerId) throw notFound();
      return this.streams.bookings.run(streamId, { kind: 'confirm', terms: existing.terms, at: existing.confirmedAt! }, context);
    }
    const now = this.now();
    const startsAt = this.startOf(p.date, p.time, now);
    const durationMinutes = p.durationMinutes;
    const [car] = await this.store.readStream(chargingStreams.car(p.carId), { maxCount: 1 });
    if (!car || (car.data as CarRegistered['data']).customerId !== customerId) throw field('charging.car_not_found', 'No such car', 'carId', 'not_found');
    const feePerMinute = pricesInForce(await this.streams.prices(), now)?.bookingFeePerMinute ?? 0;
    const balance = await this.ledger.balanceOf(customerId);
    if (balance < maxBookingFee(durationMinutes, feePerMinute)) {
      throw new DomainError('booking.insufficient_balance', 'The balance does not cover the whole booking at the fee', [
        { path: 'durationMinutes', code: 'insufficient_balance', params: { balance, maximum: maxBookingFee(durationMinutes, feePerMinute) } },
      ]);
    }
    const candidates = await this.candidates(p, Date.parse(startsAt) <= now.getTime());
    const at = now.toISOString();
    await this.openForCustomer(customerId, p.bookingId, now, context);
    const slot = { startsAt, endsAt: endsAt({ startsAt, durationMinutes }) };
    let held: Candidate | null = null;
    try {
      held = await this.claimFirst(candidates, p.bookingId, customerId, slot, now, context);
    } finally {
      if (!held) await this.streams.customers.decide(bookingStreams.customer(customerId), { kind: 'close', customerId, bookingId: p.bookingId, at }, context);
    }
    if (!held) throw field('booking.slot_taken', 'Every connector of this type is booked or in use at that time', 'time', 'slot_taken');
    const terms: BookingTerms = {
      bookingId: p.bookingId,
      customerId,
      carId: p.carId,
      stationId: p.stationId,
      chargerId: held.chargerId,
      connectorId: held.spec.connectorId,
      connectorType: held.spec.type,
      current: held.spec.current,
      startsAt,
      durationMinutes,
      feePerMinute,
      // One app token per booking: the reservation's, and its sessions' on the booked connector (never the customer's for good).
      idTag: newAppIdTag(),
      reservationId: reservationIdOf(p.bookingId),
    };
    const { result } = await this.streams.bookings.decide(streamId, { kind: 'confirm', terms, at }, context);
    // A slot that begins now is held at once (ReserveNow), not at the scheduler's next tick.
    if (Date.parse(startsAt) <= now.getTime()) await this.advance(p.bookingId, now);
    return result;
  }

  /** The slot's start as an instant, checked against the server's clock: not in the past, not too far ahead. */
  private startOf(date: string, time: string, now: Date): string {
    const startsAt = cairoInstant(date, time);
    if (!startsAt) throw field('request.invalid', 'No such time in Cairo', 'time', 'invalid_time');
    // The current minute is "now": a slot typed as HH:MM begins as soon as it is booked.
    if (minuteOf(startsAt) < minuteOf(now)) throw field('booking.start_in_past', 'The start time has passed', 'time', 'in_past');
    if (date > addDays(cairoWallClock(now).date, BOOKING_RULES.maxDaysAhead)) throw field('booking.too_far_ahead', 'Book at most a week ahead', 'date', 'too_far_ahead');
    return Date.parse(startsAt) < now.getTime() ? now.toISOString() : startsAt;
  }

  /** The station's connectors of the type (or the one named); for a slot that begins now, only those free now. */
  private async candidates(p: CreateBooking, now: boolean): Promise<Candidate[]> {
    const station = await this.streams.station(p.stationId);
    if (!station.data || station.deleted) throw field('network.station_not_found', 'No such station', 'stationId', 'not_found');
    const all: Candidate[] = [];
    for (const chargerId of station.chargerIds) {
      if (p.chargerId && p.chargerId !== chargerId) continue;
      const charger = await this.streams.charger(chargerId);
      if (!charger.data || charger.deleted) continue;
      for (const spec of charger.data.connectors) {
        if (spec.type === p.connectorType && (p.connectorId === undefined || p.connectorId === spec.connectorId)) all.push({ chargerId, spec });
      }
    }
    if (all.length === 0) throw field('booking.no_connector', 'The station has no connector of this type', 'connectorType', 'no_connector');
    if (!now) return all;
    const free: Candidate[] = [];
    for (const c of all) {
      const live = await this.streams.chargerLive(c.chargerId);
      if (live.online && live.connectors[c.spec.connectorId] === 'available') free.push(c);
    }
    return free;
  }

  /** The customer's one open booking; an open one whose create crashed (never confirmed) or that ended is replaced. */
  private async openForCustomer(customerId: string, bookingId: string, now: Date, context: CommandContext) {
    const open = (await this.streams.customer(customerId)).open;
    const stale = open !== null && open.bookingId !== bookingId && (await this.isStale(open.bookingId, open.at, now));
    await this.streams.customers.decide(bookingStreams.customer(customerId), { kind: 'open', customerId, bookingId, at: now.toISOString(), stale }, context);
  }

  /** A claim whose booking was never confirmed within the claim lifetime, or whose booking ended (its release is owed). */
  private async isStale(bookingId: string, claimedAt: string, now: Date): Promise<boolean> {
    const s = await this.streams.booking(bookingId);
    if (s.terms) return isEnded(s) && s.phase !== 'fulfilled';
    return now.getTime() - Date.parse(claimedAt) >= BOOKING_RULES.claimTtlMs;
  }

  /**
   * Claims the slot on the first candidate connector free for it (a retry finds the one it already holds). Connectors
   * whose schedule (as just read) has the slot free are tried first, then those held only by stale claims; one held by
   * a live booking is not tried. A lost race (another booking claimed it meanwhile) moves on to the next.
   */
  private async claimFirst(candidates: Candidate[], bookingId: string, customerId: string, slot: { startsAt: string; endsAt: string }, now: Date, context: CommandContext) {
    const schedules = await Promise.all(candidates.map((c) => this.streams.schedule(c.chargerId, c.spec.connectorId)));
    const overlapping = (i: number) => schedules[i]!.slots.filter((x) => x.bookingId !== bookingId && Date.parse(x.startsAt) < Date.parse(slot.endsAt) && Date.parse(slot.startsAt) < Date.parse(x.endsAt));
    const mine = candidates.findIndex((_c, i) => schedules[i]!.slots.some((x) => x.bookingId === bookingId));
    const tries: { c: Candidate; stale: string[] }[] = [];
    if (mine >= 0) tries.push({ c: candidates[mine]!, stale: [] });
    else {
      // Bookings racing for one slot start at different connectors (an offset from the booking id), not all at the first.
      const free = candidates.filter((_c, i) => overlapping(i).length === 0);
      const offset = free.length > 0 ? reservationIdOf(bookingId) % free.length : 0;
      for (const c of [...free.slice(offset), ...free.slice(0, offset)]) tries.push({ c, stale: [] });
      for (const [i, c] of candidates.entries()) {
        const held = overlapping(i);
        if (held.length === 0) continue;
        const stale: string[] = [];
        for (const x of held) if (await this.isStale(x.bookingId, x.at, now)) stale.push(x.bookingId);
        if (stale.length === held.length) tries.push({ c, stale });
      }
    }
    // A connector many bookings fight over at once (its every retry lost) is tried again once the others were.
    for (let round = 0, left = tries; round < 2 && left.length > 0; round++) {
      const contended: typeof tries = [];
      for (const t of left) {
        const command = { kind: 'claim' as const, chargerId: t.c.chargerId, connectorId: t.c.spec.connectorId, bookingId, customerId, ...slot, at: now.toISOString(), stale: t.stale };
        try {
          await this.streams.schedules.decide(bookingStreams.connectorSchedule(t.c.chargerId, t.c.spec.connectorId), command, context);
          return t.c;
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) contended.push(t);
          else if (!(error instanceof DomainError) || error.code !== 'booking.slot_taken') throw error;
        }
      }
      left = contended;
    }
    return null;
  }

  // Ending -------------------------------------------------------------------------------------------------------
  /** The customer cancels their own booking; answers the minutes and the fee debited. */
  async cancelOwn(bookingId: string, customerId: string, context: CommandContext) {
    const s = await this.streams.booking(bookingId);
    if (!s.terms || s.terms.customerId !== customerId) throw notFound();
    const { result, state } = await this.streams.bookings.decide(bookingStreams.booking(bookingId), { kind: 'cancel', by: 'customer', reason: null, at: this.now().toISOString() }, context);
    await this.settle(bookingId);
    return { ...result, minutes: state.minutes, fee: state.fee };
  }

  async cancelByStaff(bookingId: string, reason: string, feePiastres: number, context: CommandContext) {
    const s = await this.streams.booking(bookingId);
    if (!s.terms) throw notFound();
    const command = { kind: 'cancel' as const, by: 'staff' as const, reason, fee: feePiastres, at: this.now().toISOString() };
    const { result, state } = await this.streams.bookings.decide(bookingStreams.booking(bookingId), command, { ...context, reason });
    await this.settle(bookingId);
    return { ...result, minutes: state.minutes, fee: state.fee };
  }

  /** Staff move the slot on the same connector before it begins: the schedule first (refused when taken), then the booking. */
  async reschedule(p: RescheduleBooking, context: CommandContext): Promise<CommandResult> {
    const s = await this.streams.booking(p.bookingId);
    const t = s.terms;
    if (!t) throw notFound();
    const now = this.now();
    if (!isOpen(s)) throw new DomainError('booking.not_open', 'This booking has ended');
    if (s.phase !== 'confirmed' || now.getTime() >= Date.parse(t.startsAt)) throw new DomainError('booking.already_started', 'The slot has begun: it can no longer be moved');
    const startsAt = this.startOf(p.date, p.time, now);
    const durationMinutes = p.durationMinutes;
    const scheduleId = bookingStreams.connectorSchedule(t.chargerId, t.connectorId);
    const at = now.toISOString();
    const move = (to: { startsAt: string; durationMinutes: number }) =>
      this.streams.schedules.decide(scheduleId, { kind: 'move', chargerId: t.chargerId, connectorId: t.connectorId, bookingId: t.bookingId, startsAt: to.startsAt, endsAt: endsAt(to), at }, context);
    await move({ startsAt, durationMinutes });
    try {
      const command = { kind: 'reschedule' as const, startsAt, durationMinutes, at };
      const { result } = await decideAndAppend(this.store, bookingStreams.booking(p.bookingId), bookingDecider, command, { ...context, reason: p.reason }, { expectedRevision: p.expectedRevision, clock: this.clock });
      return result;
    } catch (error) {
      await move(t); // the booking kept its slot: give the old interval back
      throw error;
    }
  }

  /**
   * After a booking ended: the fee debited (`booking:<id>`, once), CancelReservation sent (once, when the charger was
   * asked to hold it and no session took it over), the customer's open booking and (unless a session fulfilled it)
   * the connector's slot released. Safe to repeat; the scheduler repeats it after a crash in between.
   */
  async settle(bookingId: string): Promise<void> {
    let s = await this.streams.booking(bookingId);
    const t = s.terms;
    if (!t || !isEnded(s)) return;
    const streamId = bookingStreams.booking(bookingId);
    const context = system('booking ended', bookingId);
    if (s.fee > 0 && !s.charged) {
      const transactionId = `booking:${bookingId}`;
      await this.ledger.record(
        t.customerId,
        // The slot was held for the customer: the fee is owed even if the wallet went below it since booking.
        { transactionId, direction: 'debit', amount: s.fee, kind: 'booking', reference: { type: 'booking', id: bookingId }, reason: 'booking', allowNegative: true },
        context,
      );
      s = (await this.streams.bookings.decide(streamId, { kind: 'charged', amount: s.fee, transactionId, at: this.now().toISOString() }, context)).state;
    }
    if (needsReservationCancel(s)) {
      const commandId = cancelReservationCommandId(bookingId);
      const decided = await this.streams.bookings.decide(streamId, { kind: 'request-cancel-reservation', commandId, at: this.now().toISOString() }, context);
      s = decided.state;
      if (decided.events.length > 0) await this.send({ commandId, chargerId: t.chargerId, action: 'CancelReservation', reservationId: t.reservationId }, bookingId, 'cancel reservation');
    }
    if (!s.released) {
      const at = this.now().toISOString();
      if (s.phase !== 'fulfilled') {
        await this.streams.schedules.decide(bookingStreams.connectorSchedule(t.chargerId, t.connectorId), { kind: 'release', chargerId: t.chargerId, connectorId: t.connectorId, bookingId, at }, context);
      }
      await this.streams.customers.decide(bookingStreams.customer(t.customerId), { kind: 'close', customerId: t.customerId, bookingId, at }, context);
      await this.streams.bookings.decide(streamId, { kind: 'release', at }, context);
    }
  }

  // Time --------------------------------------------------------------------------------------------------------
  /** Runs the steps the clock owes the booking at `now` (reminders, the slot's start and ReserveNow, no-show, settling). */
  async advance(bookingId: string, now: Date = this.now()): Promise<void> {
    const streamId = bookingStreams.booking(bookingId);
    let s = await this.streams.booking(bookingId);
    const at = now.toISOString();
    for (const step of dueSteps(s, now.getTime())) {
      const context = system(step, bookingId);
      switch (step) {
        case 'reminder':
        case 'starting_soon':
          s = (await this.streams.bookings.decide(streamId, { kind: 'remind', reminder: step, at }, context)).state;
          break;
        case 'start-slot': {
          // The slot's start and the first ReserveNow in one append (the charger is asked as soon as it may be).
          const commandId = reserveCommandId(bookingId, 1);
          const decided = await this.streams.bookings.decide(streamId, { kind: 'start-slot', at, reserveCommandId: commandId }, context);
          s = decided.state;
          if (decided.events.some((e) => e.type === 'BookingReservationRequested')) await this.sendReserveNow(s, commandId, 1);
          break;
        }
        case 'request-reservation':
          s = await this.requestReservation(bookingId, s, at);
          break;
        case 'expire':
          s = (await this.streams.bookings.decide(streamId, { kind: 'expire', at }, context)).state;
          await this.settle(bookingId);
          break;
        case 'settle':
          await this.settle(bookingId);
          break;
      }
    }
  }

  /**
   * The booking's charger connected at `connectedAt`: if the slot is running and the charger has not held the
   * connector (it was offline when asked, or did not answer), it is asked at once rather than at the next minute's
   * retry. The scheduler's index names the bookings active on the charger.
   */
  async onChargerConnected(bookingId: string, connectedAt: Date): Promise<void> {
    const now = this.now();
    if (now.getTime() - connectedAt.getTime() > REPORT_MAX_AGE_MS) return;
    const s = await this.streams.booking(bookingId);
    if (askOnConnect(s, now.getTime(), connectedAt.toISOString())) await this.requestReservation(bookingId, s, now.toISOString(), connectedAt.toISOString());
  }

  /** ReserveNow, once per attempt: only the call that recorded the attempt sends it. */
  private async requestReservation(bookingId: string, s: BookingState, at: string, connectedAt?: string): Promise<BookingState> {
    const attempt = s.reservation.attempts + 1;
    const commandId = reserveCommandId(bookingId, attempt);
    const command = { kind: 'request-reservation' as const, attempt, commandId, at, ...(connectedAt ? { connectedAt } : {}) };
    const decided = await this.streams.bookings.decide(bookingStreams.booking(bookingId), command, system(connectedAt ? 'reserve (charger connected)' : 'reserve', bookingId));
    if (decided.events.length > 0) await this.sendReserveNow(decided.state, commandId, attempt);
    return decided.state;
  }

  private sendReserveNow(s: BookingState, commandId: string, attempt: number) {
    const t = s.terms!;
    const request = { commandId, chargerId: t.chargerId, action: 'ReserveNow' as const, connectorId: t.connectorId, idTag: t.idTag, reservationId: t.reservationId, expiryDate: noShowOf(t) };
    return this.send(request, t.bookingId, `reserve (attempt ${attempt})`);
  }

  private async send(payload: SendChargerCommand, bookingId: string, reason: string) {
    try {
      await this.sendChargerCommand(payload, system(reason, bookingId));
    } catch (error) {
      // A deleted charger cannot hold anything: the answer never comes, and a no-show then costs nothing.
      if (!(error instanceof DomainError)) throw error;
      log.warn('booking charger command refused', { bookingId, code: error.code });
      await this.answer(bookingId, payload.commandId, 'error', error.code);
    }
  }

  // What chargers and sessions tell -------------------------------------------------------------------------------
  /** A charger command's outcome: for a booking's ReserveNow, the charger's answer recorded on the booking. */
  async onCommandResult(r: OutboundOcppResult): Promise<void> {
    if (r.status === 'sent' || r.sessionId) return;
    const history = await this.store.readStream(networkStreams.chargerCommand(r.commandId));
    const cause = history[0]?.metadata.causationId ?? '';
    if (!cause.startsWith(BOOKING_CAUSE)) return;
    const command = fold(chargerCommandDecider, history.map((e) => toDomainEvent<ChargerCommandEvent>(e)));
    if (command.request?.action !== 'ReserveNow' || command.outcome === null) return;
    const answered = history.find((e) => e.type === 'ChargerCommandAnswered')?.data as { response?: unknown; error?: string | null } | undefined;
    await this.answer(cause.slice(BOOKING_CAUSE.length), r.commandId, reservationStatusOf(command.outcome, answered?.response ?? null), answered?.error ?? null);
  }

  private async answer(bookingId: string, commandId: string, status: ReservationStatus, detail: string | null) {
    const context = system(`reservation ${status}`, bookingId);
    const { state } = await this.streams.bookings.decide(bookingStreams.booking(bookingId), { kind: 'answer', commandId, status, detail, at: this.now().toISOString() }, context);
    if (isEnded(state)) await this.settle(bookingId);
  }

  /** The open booking whose slot covers `at` on this connector (fulfilled ones no longer hold it). */
  async holderAt(chargerId: string, connectorId: number, at: Date): Promise<BookingHolder | null> {
    const slot: Slot | undefined = slotAt(await this.streams.schedule(chargerId, connectorId), at.getTime());
    if (!slot) return null;
    const s = await this.streams.booking(slot.bookingId);
    // A claim of a create still under way (not confirmed yet) holds the slot too.
    if (s.terms ? !isOpen(s) : at.getTime() - Date.parse(slot.at) >= BOOKING_RULES.claimTtlMs) return null;
    return { bookingId: slot.bookingId, customerId: slot.customerId, idTag: s.terms?.idTag ?? null };
  }

  /** A session of the booking's customer began charging on the booked connector: the booking is fulfilled. */
  async onSessionStarted(e: { sessionId: string; customerId: string; chargerId: string; connectorId: number }): Promise<void> {
    const at = this.now();
    const holder = await this.holderAt(e.chargerId, e.connectorId, at);
    if (!holder || holder.customerId !== e.customerId) return;
    const context = { ...newContext({ type: 'system', id: 'bookings' }, 'session started'), causationId: `session:${e.sessionId}` };
    const { events } = await this.streams.bookings.decide(bookingStreams.booking(holder.bookingId), { kind: 'fulfil', sessionId: e.sessionId, at: at.toISOString() }, context);
    if (events.length > 0) await this.settle(holder.bookingId);
  }

  /** The charger reported a connector faulted or unavailable: the booking active on it then ends without a fee. */
  async onConnectorDown(chargerId: string, connectorId: number, status: 'faulted' | 'unavailable', reportedAt: Date): Promise<void> {
    const now = this.now();
    if (now.getTime() - reportedAt.getTime() > REPORT_MAX_AGE_MS) return;
    const holder = await this.holderAt(chargerId, connectorId, reportedAt);
    if (!holder) return;
    const context = newContext({ type: 'charger', id: chargerId }, `connector ${status}`);
    const { events } = await this.streams.bookings.decide(bookingStreams.booking(holder.bookingId), { kind: 'connector-down', status, at: now.toISOString() }, context);
    if (events.length > 0) await this.settle(holder.bookingId);
  }
}

export const BOOKINGS = Symbol('Bookings');
