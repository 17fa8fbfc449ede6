import { BOOKING_RULES, type ErrorCode, type ReservationStatus, type SendChargerCommand } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { uuidFrom } from '../shared/ids';
import { newContext, type CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import type { WalletLedger } from '../wallet/index';
import { isOpen } from './booking.decider';
import { BookingStreams } from './booking-streams';
import { slotAt, type Slot } from './connector-schedule.decider';
import type { BookingGuard, BookingHolder } from './booking-guard';

/** The causation of a booking's charger commands: the results find their booking through it. */
export const BOOKING_CAUSE = 'booking:';
/** A connector report older than this (a replay of old traffic) ends no booking. */
export const REPORT_MAX_AGE_MS = 5 * 60_000;
export const reserveCommandId = (bookingId: string, attempt: number) => uuidFrom(`booking-reserve:${bookingId}:${attempt}`);
export const cancelReservationCommandId = (bookingId: string) => uuidFrom(`booking-cancel-reservation:${bookingId}`);

/** Sends a charger command the way sessions do (recorded on `charger-command-<id>`, published once). */
export type SendChargerCommandFn = (payload: SendChargerCommand, context: CommandContext) => Promise<unknown>;

export const notFound = () => new DomainError('booking.booking_not_found', 'No such booking', [{ path: 'bookingId', code: 'not_found' }]);
export const field = (code: ErrorCode, message: string, path: string, fieldCode: string) =>
  new DomainError(code, message, [{ path, code: fieldCode }]);
/** The context of a step the bookings take on their own: caused by the booking, so its charger commands find it again. */
export const bookingSystem = (reason: string, bookingId: string): CommandContext => ({
  ...newContext({ type: 'system', id: 'bookings' }, reason),
  causationId: `${BOOKING_CAUSE}${bookingId}`,
});

/** A customer acting for themselves, as the account gate checks them. */
export const asCustomer = (accountId: string) => ({ accountId, userType: 5 as const, privileges: [], roles: ['customer'] });

/** A charger's answer to ReserveNow in the booking's words. */
export function reservationStatusOf(outcome: string, response: unknown): ReservationStatus {
  if (outcome === 'accepted') return 'accepted';
  if (outcome === 'offline' || outcome === 'timeout' || outcome === 'error') return outcome;
  const said = String((response as { status?: unknown } | null)?.status ?? '').toLowerCase();
  return said === 'occupied' || said === 'faulted' || said === 'unavailable' ? said : 'rejected';
}

/**
 * What every booking operation and process works on: the event store, the wallet, the clock, the way charger commands
 * go out, and the bookings context's streams kept folded in memory (one per process). The operations live one a file
 * beside it (create, cancel, reschedule; the clock's steps, the settlement, the charger's answers, sessions that
 * fulfil a booking, connectors that fail); this is also the BookingGuard the charging context asks. Time is the
 * injected clock's; every step is idempotent.
 */
export class Bookings implements BookingGuard {
  readonly streams: BookingStreams;

  constructor(
    readonly store: EventStore,
    readonly ledger: WalletLedger,
    readonly clock: Clock,
    readonly sendChargerCommand: SendChargerCommandFn,
  ) {
    this.streams = new BookingStreams(store, clock);
  }

  now = () => this.clock.now();

  /** The open booking whose slot covers `at` on this connector (fulfilled ones no longer hold it). */
  async holderAt(chargerId: string, connectorId: number, at: Date): Promise<BookingHolder | null> {
    const slot: Slot | undefined = slotAt(await this.streams.schedule(chargerId, connectorId), at.getTime());
    if (!slot) return null;
    const s = await this.streams.booking(slot.bookingId);
    // A claim of a create still under way (not confirmed yet) holds the slot too.
    if (s.terms ? !isOpen(s) : at.getTime() - Date.parse(slot.at) >= BOOKING_RULES.claimTtlMs) return null;
    return { bookingId: slot.bookingId, customerId: slot.customerId, idTag: s.terms?.idTag ?? null };
  }
}

export const BOOKINGS = Symbol('Bookings');
