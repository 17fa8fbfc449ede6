import { Inject } from '@nestjs/common';
import {
  BOOKING_RULES,
  bookingStreams,
  chargingStreams,
  maxBookingFee,
  reservationIdOf,
  type BookingTerms,
  type CarRegistered,
  type CommandResult,
  type ConnectorSpec,
  type CreateBooking,
} from '@evc/contracts';
import { WrongExpectedRevisionError } from '@evc/platform';
import { ACCOUNT_GATE, type AccountGate } from '../identity/index';
import { pricesInForce } from '../network/index';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { newAppIdTag } from '../shared/ids';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { endsAt, isEnded } from './booking.decider';
import { advanceBooking } from './booking-steps';
import { BOOKINGS, asCustomer, field, notFound, type Bookings } from './bookings';
import { slotStartOf } from './slot-start';

interface Candidate {
  chargerId: string;
  spec: ConnectorSpec;
}

/**
 * `bookings.create`: the customer's claim (one open booking), then the connector's (the station's free connectors of
 * the type, tried from an offset of the booking id), then BookingConfirmed; a slot that begins now is started at once.
 */
@HandlesCommand('bookings.create')
export class CreateBookingHandler implements OperationHandler<'bookings.create'> {
  constructor(
    @Inject(BOOKINGS) private readonly bookings: Bookings,
    @Inject(ACCOUNT_GATE) private readonly gate: AccountGate,
  ) {}

  async execute({ payload, context }: OperationCommand<'bookings.create'>) {
    // A banned customer is refused here (identity.account_banned), before anything is claimed.
    await this.gate.assertMayAct(asCustomer(context.actor.id));
    return createBooking(this.bookings, payload, context.actor.id, context);
  }
}

export async function createBooking(b: Bookings, p: CreateBooking, customerId: string, context: CommandContext): Promise<CommandResult> {
  const streamId = bookingStreams.booking(p.bookingId);
  const existing = await b.streams.booking(p.bookingId);
  if (existing.terms) {
    if (existing.terms.customerId !== customerId) throw notFound();
    return b.streams.bookings.run(streamId, { kind: 'confirm', terms: existing.terms, at: existing.confirmedAt! }, context);
  }
  const now = b.now();
  const startsAt = slotStartOf(p.date, p.time, now);
  const durationMinutes = p.durationMinutes;
  const [car] = await b.store.readStream(chargingStreams.car(p.carId), { maxCount: 1 });
  if (!car || (car.data as CarRegistered['data']).customerId !== customerId)
    throw field('charging.car_not_found', 'No such car', 'carId', 'not_found');
  const feePerMinute = pricesInForce(await b.streams.prices(), now)?.bookingFeePerMinute ?? 0;
  const balance = await b.ledger.balanceOf(customerId);
  if (balance < maxBookingFee(durationMinutes, feePerMinute)) {
    throw new DomainError('booking.insufficient_balance', 'The balance does not cover the whole booking at the fee', [
      { path: 'durationMinutes', code: 'insufficient_balance', params: { balance, maximum: maxBookingFee(durationMinutes, feePerMinute) } },
    ]);
  }
  const candidates = await candidatesFor(b, p, Date.parse(startsAt) <= now.getTime());
  const at = now.toISOString();
  await openForCustomer(b, customerId, p.bookingId, now, context);
  const slot = { startsAt, endsAt: endsAt({ startsAt, durationMinutes }) };
  let held: Candidate | null = null;
  try {
    held = await claimFirst(b, candidates, p.bookingId, customerId, slot, now, context);
  } finally {
    if (!held)
      await b.streams.customers.decide(
        bookingStreams.customer(customerId),
        { kind: 'close', customerId, bookingId: p.bookingId, at },
        context,
      );
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
  const { result } = await b.streams.bookings.decide(streamId, { kind: 'confirm', terms, at }, context);
  // A slot that begins now is held at once (ReserveNow), not at the scheduler's next tick.
  if (Date.parse(startsAt) <= now.getTime()) await advanceBooking(b, p.bookingId, now);
  return result;
}

/** The station's connectors of the type (or the one named); for a slot that begins now, only those free now. */
async function candidatesFor(b: Bookings, p: CreateBooking, now: boolean): Promise<Candidate[]> {
  const station = await b.streams.station(p.stationId);
  if (!station.data || station.deleted) throw field('network.station_not_found', 'No such station', 'stationId', 'not_found');
  const all: Candidate[] = [];
  for (const chargerId of station.chargerIds) {
    if (p.chargerId && p.chargerId !== chargerId) continue;
    const charger = await b.streams.charger(chargerId);
    if (!charger.data || charger.deleted) continue;
    for (const spec of charger.data.connectors) {
      if (spec.type === p.connectorType && (p.connectorId === undefined || p.connectorId === spec.connectorId))
        all.push({ chargerId, spec });
    }
  }
  if (all.length === 0) throw field('booking.no_connector', 'The station has no connector of this type', 'connectorType', 'no_connector');
  if (!now) return all;
  const free: Candidate[] = [];
  for (const c of all) {
    const live = await b.streams.chargerLive(c.chargerId);
    if (live.online && live.connectors[c.spec.connectorId] === 'available') free.push(c);
  }
  return free;
}

/** The customer's one open booking; an open one whose create crashed (never confirmed) or that ended is replaced. */
async function openForCustomer(b: Bookings, customerId: string, bookingId: string, now: Date, context: CommandContext) {
  const open = (await b.streams.customer(customerId)).open;
  const stale = open !== null && open.bookingId !== bookingId && (await isStale(b, open.bookingId, open.at, now));
  await b.streams.customers.decide(
    bookingStreams.customer(customerId),
    { kind: 'open', customerId, bookingId, at: now.toISOString(), stale },
    context,
  );
}

/** A claim whose booking was never confirmed within the claim lifetime, or whose booking ended (its release is owed). */
async function isStale(b: Bookings, bookingId: string, claimedAt: string, now: Date): Promise<boolean> {
  const s = await b.streams.booking(bookingId);
  if (s.terms) return isEnded(s) && s.phase !== 'fulfilled';
  return now.getTime() - Date.parse(claimedAt) >= BOOKING_RULES.claimTtlMs;
}

/**
 * Claims the slot on the first candidate connector free for it (a retry finds the one it already holds). Connectors
 * whose schedule (as just read) has the slot free are tried first, then those held only by stale claims; one held by
 * a live booking is not tried. A lost race (another booking claimed it meanwhile) moves on to the next.
 */
async function claimFirst(
  b: Bookings,
  candidates: Candidate[],
  bookingId: string,
  customerId: string,
  slot: { startsAt: string; endsAt: string },
  now: Date,
  context: CommandContext,
) {
  const schedules = await Promise.all(candidates.map((c) => b.streams.schedule(c.chargerId, c.spec.connectorId)));
  const overlapping = (i: number) =>
    schedules[i]!.slots.filter(
      (x) =>
        x.bookingId !== bookingId && Date.parse(x.startsAt) < Date.parse(slot.endsAt) && Date.parse(slot.startsAt) < Date.parse(x.endsAt),
    );
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
      for (const x of held) if (await isStale(b, x.bookingId, x.at, now)) stale.push(x.bookingId);
      if (stale.length === held.length) tries.push({ c, stale });
    }
  }
  // A connector many bookings fight over at once (its every retry lost) is tried again once the others were.
  for (let round = 0, left = tries; round < 2 && left.length > 0; round++) {
    const contended: typeof tries = [];
    for (const t of left) {
      const command = {
        kind: 'claim' as const,
        chargerId: t.c.chargerId,
        connectorId: t.c.spec.connectorId,
        bookingId,
        customerId,
        ...slot,
        at: now.toISOString(),
        stale: t.stale,
      };
      try {
        await b.streams.schedules.decide(bookingStreams.connectorSchedule(t.c.chargerId, t.c.spec.connectorId), command, context);
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
