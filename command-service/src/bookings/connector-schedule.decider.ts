import type { ConnectorScheduleEvent } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export interface Slot {
  bookingId: string;
  customerId: string;
  startsAt: string;
  endsAt: string;
  /** When it was claimed (a claim whose booking was never confirmed is stale after BOOKING_RULES.claimTtlMs). */
  at: string;
}

export type ScheduleCommand =
  | {
      kind: 'claim';
      chargerId: string;
      connectorId: number;
      bookingId: string;
      customerId: string;
      startsAt: string;
      endsAt: string;
      at: string;
      /** Claims found stale by the caller (their booking never confirmed): released first. */
      stale?: readonly string[];
    }
  /** The booking moves to another interval on the same connector (staff reschedule). */
  | { kind: 'move'; chargerId: string; connectorId: number; bookingId: string; startsAt: string; endsAt: string; at: string }
  | { kind: 'release'; chargerId: string; connectorId: number; bookingId: string; at: string };

export interface ScheduleState {
  slots: readonly Slot[];
}

const ms = (iso: string) => Date.parse(iso);
const overlaps = (a: { startsAt: string; endsAt: string }, b: { startsAt: string; endsAt: string }) =>
  ms(a.startsAt) < ms(b.endsAt) && ms(b.startsAt) < ms(a.endsAt);
const taken = () =>
  new DomainError('booking.slot_taken', 'The connector is already booked for that time', [{ path: 'time', code: 'slot_taken' }]);

/** The slot holding the connector at `at`, if any. */
export const slotAt = (s: ScheduleState, at: number): Slot | undefined => s.slots.find((x) => ms(x.startsAt) <= at && at < ms(x.endsAt));

/**
 * `connector-bookings-<chargerId>-<connectorId>`: the slots bookings hold on one connector; no two overlap, so two
 * customers racing for a connector and slot end with one booking (the other append fails on the expected revision
 * and, decided again, is refused). Slots that ended before a new claim are forgotten (nothing can be booked in the past).
 */
export const connectorScheduleDecider: Decider<ScheduleCommand, ConnectorScheduleEvent, ScheduleState> = {
  initialState: { slots: [] },
  evolve(state, event) {
    const d = event.data;
    if (event.type === 'ConnectorSlotReleased') return { slots: state.slots.filter((x) => x.bookingId !== d.bookingId) };
    const { bookingId, customerId, startsAt, endsAt, at } = event.data;
    const kept = state.slots.filter((x) => x.bookingId !== bookingId && ms(x.endsAt) > ms(at));
    return { slots: [...kept, { bookingId, customerId, startsAt, endsAt, at }] };
  },
  decide(command, state) {
    const { chargerId, connectorId, bookingId, at } = command;
    const mine = state.slots.find((x) => x.bookingId === bookingId);
    if (command.kind === 'release') return mine ? [{ type: 'ConnectorSlotReleased', data: { chargerId, connectorId, bookingId, at } }] : [];
    const { startsAt, endsAt } = command;
    if (command.kind === 'claim' && mine) return [];
    if (command.kind === 'move') {
      if (!mine)
        throw new DomainError('booking.not_open', 'The booking does not hold this connector', [{ path: 'bookingId', code: 'not_open' }]);
      if (mine.startsAt === startsAt && mine.endsAt === endsAt) return [];
    }
    const stale = new Set(command.kind === 'claim' ? (command.stale ?? []) : []);
    const others = state.slots.filter((x) => x.bookingId !== bookingId && !stale.has(x.bookingId) && ms(x.endsAt) > ms(at));
    if (others.some((x) => overlaps(x, { startsAt, endsAt }))) throw taken();
    const released: ConnectorScheduleEvent[] = state.slots
      .filter((x) => stale.has(x.bookingId))
      .map((x) => ({ type: 'ConnectorSlotReleased', data: { chargerId, connectorId, bookingId: x.bookingId, at } }));
    const customerId = command.kind === 'claim' ? command.customerId : mine!.customerId;
    return [...released, { type: 'ConnectorSlotClaimed', data: { chargerId, connectorId, bookingId, customerId, startsAt, endsAt, at } }];
  },
};
