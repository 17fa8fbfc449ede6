import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingStreams, chargingStreams, networkStreams, type OutboundOcppResult, type SendChargerCommand } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { openFileEventStore } from '@evc/platform/eventstore/index';
import { chargerCommandDecider } from '../chargers-live/index';
import { newContext, type CommandContext } from '../shared/command-context';
import { envelope, runDecider } from '../shared/run-decider';
import { WalletService } from '../wallet/index';
import { BookingScheduler, startBookingScheduler } from './booking-scheduler';
import { Bookings } from './bookings';
import { cancelOwnBooking } from './cancel-booking';
import { createBooking } from './create-booking';
import { recordReservationResult } from './reservation-results';
import { fulfilBooking } from './session-fulfilment';

/** A clock the test moves. */
class TestClock implements Clock {
  constructor(public at: number) {}
  now = () => new Date(this.at);
  set = (iso: string) => void (this.at = Date.parse(iso));
}

const FEE = 50;
const system = newContext({ type: 'system', id: 'test' }, 'test');
const customer = (id: string): CommandContext => newContext({ type: 'customer', id }, undefined);
const BOOKING_A = 'a0000000-0000-4000-8000-00000000000a';
const BOOKING_B = 'b0000000-0000-4000-8000-00000000000b';

describe('bookings on the command side (event store, wallet, a controlled clock)', () => {
  let dir: string;
  let store: EventStore;
  let clock: TestClock;
  let wallet: WalletService;
  let sent: (SendChargerCommand & { causationId: string })[];
  let bookings: Bookings;

  /** Records the command on its stream the way the real sender does (its causation names the booking). */
  const sender = async (payload: SendChargerCommand, context: CommandContext) => {
    const { commandId, chargerId, ...request } = payload;
    await runDecider(
      store,
      networkStreams.chargerCommand(commandId),
      chargerCommandDecider,
      { kind: 'request', commandId, chargerId, request, at: clock.now().toISOString() },
      context,
    );
    sent.push({ ...payload, causationId: context.causationId ?? '' });
  };
  /** The charger's answer, as the results consumer records it, then handed to the bookings. */
  async function answer(commandId: string, status: 'accepted' | 'rejected' | 'offline' | 'timeout', response: unknown = null) {
    const at = clock.now().toISOString();
    await runDecider(
      store,
      networkStreams.chargerCommand(commandId),
      chargerCommandDecider,
      { kind: 'answer', commandId, chargerId: 'CH-1', status, response, error: null, at },
      system,
    );
    const result: OutboundOcppResult = {
      commandId,
      chargerId: 'CH-1',
      status,
      ocppAction: 'ReserveNow',
      protocol: 'ocpp1.6',
      response,
      error: null,
      at,
    };
    await recordReservationResult(bookings, result);
  }
  const append = (streamId: string, type: string, data: unknown) => store.append(streamId, [envelope({ type, data }, system)], 'any');

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'evc-bookings-'));
    store = await openFileEventStore({ dir, fsync: false });
    clock = new TestClock(Date.parse('2026-01-15T12:00:00.000Z')); // 14:00 in Cairo
    wallet = new WalletService(store, clock);
    sent = [];
    bookings = new Bookings(store, wallet, clock, sender);
    const connectors = [{ connectorId: 1, code: 'A', type: 'Type2', current: 'AC', maxPowerKw: 22 }];
    await append(networkStreams.station('st-1'), 'StationRegistered', {
      stationId: 'st-1',
      nameEn: 'Maadi',
      nameAr: 'المعادي',
      governorateId: 'gov',
      location: { lat: 30, lng: 31 },
      addressEn: 'Road 9',
      addressAr: 'شارع ٩',
    });
    await append(networkStreams.station('st-1'), 'ChargerAttached', { stationId: 'st-1', chargerId: 'CH-1' });
    await append(networkStreams.charger('CH-1'), 'ChargerRegistered', {
      chargerId: 'CH-1',
      stationId: 'st-1',
      serialNumber: 'S1',
      model: 'm',
      vendor: 'v',
      ocppVersion: '1.6',
      secretHash: 'a'.repeat(64),
      connectors,
    });
    await append(networkStreams.pricing(), 'PricingSet', {
      acPricePerKwh: 189,
      dcPricePerKwh: 375,
      minimumCharge: 2000,
      bookingFeePerMinute: FEE,
      effectiveFrom: '2025-01-01T00:00:00.000Z',
    });
    for (const c of ['c1', 'c2']) {
      await append(chargingStreams.car(`car-${c}`), 'CarRegistered', {
        carId: `car-${c}`,
        customerId: c,
        brandId: 'b',
        typeId: 't',
        batteryRangeId: 'r',
        licence: { customsCertificateFileId: 'f' },
        at: '',
      });
      await wallet.record(
        c,
        {
          transactionId: `adjustment:${c}`,
          direction: 'credit',
          amount: 10_000,
          kind: 'adjustment',
          reference: { type: 'adjustment', id: c },
          reason: 'test',
        },
        system,
      );
    }
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const book = (bookingId: string, customerId: string, time = '18:00', durationMinutes = 60) =>
    createBooking(
      bookings,
      { bookingId, carId: `car-${customerId}`, stationId: 'st-1', connectorType: 'Type2', date: '2026-01-15', time, durationMinutes },
      customerId,
      customer(customerId),
    );
  const debits = async (customerId: string) =>
    (await store.readStream(chargingStreams.wallet(customerId)))
      .filter((e) => e.type === 'WalletDebited')
      .map((e) => e.data as { amount: number; transactionId: string; reference: unknown });
  const types = async (bookingId: string) => (await store.readStream(bookingStreams.booking(bookingId))).map((e) => e.type);

  it('two customers racing for the same connector and slot: exactly one booking, the other is told it is taken', async () => {
    const outcomes = await Promise.allSettled([book(BOOKING_A, 'c1'), book(BOOKING_B, 'c2', '18:30')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: 'booking.slot_taken' } });
    const schedule = await store.readStream(bookingStreams.connectorSchedule('CH-1', 1));
    expect(schedule.filter((e) => e.type === 'ConnectorSlotClaimed')).toHaveLength(1);
    // The loser holds nothing: its customer may book another time at once.
    const loser = outcomes[0]!.status === 'rejected' ? { id: BOOKING_A, c: 'c1' } : { id: BOOKING_B, c: 'c2' };
    await expect(
      createBooking(
        bookings,
        {
          bookingId: '00000000-0000-4000-8000-0000000000cc',
          carId: `car-${loser.c}`,
          stationId: 'st-1',
          connectorType: 'Type2',
          date: '2026-01-15',
          time: '20:00',
          durationMinutes: 30,
        },
        loser.c,
        customer(loser.c),
      ),
    ).resolves.toBeDefined();
  });

  it('refuses a start in the past by the server clock, a balance below the whole duration, a connector type the station lacks', async () => {
    await expect(book(BOOKING_A, 'c1', '13:59')).rejects.toMatchObject({
      code: 'booking.start_in_past',
      fieldErrors: [{ path: 'time', code: 'in_past' }],
    });
    await expect(book(BOOKING_A, 'c1', '18:00', 240)).rejects.toMatchObject({ code: 'booking.insufficient_balance' }); // 240 × 50 > 10,000
    await expect(
      createBooking(
        bookings,
        {
          bookingId: BOOKING_A,
          carId: 'car-c1',
          stationId: 'st-1',
          connectorType: 'CCS2',
          date: '2026-01-15',
          time: '18:00',
          durationMinutes: 60,
        },
        'c1',
        customer('c1'),
      ),
    ).rejects.toMatchObject({ code: 'booking.no_connector' });
    await expect(
      createBooking(
        bookings,
        {
          bookingId: BOOKING_A,
          carId: 'car-c2',
          stationId: 'st-1',
          connectorType: 'Type2',
          date: '2026-01-15',
          time: '18:00',
          durationMinutes: 60,
        },
        'c1',
        customer('c1'),
      ),
    ).rejects.toMatchObject({ code: 'charging.car_not_found' });
    expect(await types(BOOKING_A)).toEqual([]);
  });

  it('one open booking per customer; a retried create books once', async () => {
    await book(BOOKING_A, 'c1');
    await book(BOOKING_A, 'c1');
    await expect(book(BOOKING_B, 'c1', '20:00')).rejects.toMatchObject({ code: 'booking.active_booking_exists' });
    expect(await types(BOOKING_A)).toEqual(['BookingConfirmed']);
  });

  it('a cancel pays the started minutes since confirmation on the server clock, once, on a wallet line linked to the booking', async () => {
    await book(BOOKING_A, 'c1');
    clock.set('2026-01-15T12:07:30.000Z');
    const cancelled = await cancelOwnBooking(bookings, BOOKING_A, 'c1', customer('c1'));
    expect(cancelled).toMatchObject({ minutes: 8, fee: 8 * FEE });
    await cancelOwnBooking(bookings, BOOKING_A, 'c1', customer('c1'));
    expect(await debits('c1')).toEqual([
      expect.objectContaining({ amount: 400, transactionId: `booking:${BOOKING_A}`, reference: { type: 'booking', id: BOOKING_A } }),
    ]);
    expect(await types(BOOKING_A)).toEqual(['BookingConfirmed', 'BookingCancelled', 'BookingFeeCharged', 'BookingReleased']);
    await expect(cancelOwnBooking(bookings, BOOKING_A, 'c2', customer('c2'))).rejects.toMatchObject({ code: 'booking.booking_not_found' });
    // Released: the slot and the customer are free again.
    await expect(book(BOOKING_B, 'c2')).resolves.toBeDefined();
  });

  it('at the slot start the scheduler asks the charger (ReserveNow with the booking’s reservation id); a no-show pays the whole duration', async () => {
    await book(BOOKING_A, 'c1');
    const scheduler = new BookingScheduler(store, bookings, clock);
    clock.set('2026-01-15T15:00:00.000Z'); // 17:00 Cairo: the reminder
    await scheduler.tick();
    clock.set('2026-01-15T16:00:00.000Z'); // 18:00 Cairo: the slot begins
    await scheduler.tick();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      action: 'ReserveNow',
      chargerId: 'CH-1',
      connectorId: 1,
      expiryDate: '2026-01-15T16:15:00.000Z',
      causationId: `booking:${BOOKING_A}`,
    });
    await answer(sent[0]!.commandId, 'accepted', { status: 'Accepted' });
    await answer(sent[0]!.commandId, 'accepted', { status: 'Accepted' }); // a replayed answer
    clock.set('2026-01-15T16:15:00.000Z');
    await scheduler.tick();
    expect(await types(BOOKING_A)).toEqual([
      'BookingConfirmed',
      'BookingReminded',
      'BookingSlotStarted',
      'BookingReservationRequested',
      'BookingReservationAnswered',
      'BookingExpired',
      'BookingFeeCharged',
      'BookingReservationCancelRequested',
      'BookingReleased',
    ]);
    expect((await debits('c1')).map((d) => d.amount)).toEqual([60 * FEE]);
    expect(sent.map((s) => s.action)).toEqual(['ReserveNow', 'CancelReservation']);
    await scheduler.tick();
    expect(scheduler.size).toBe(0);
  });

  it('after its first pass the scheduler reads only the booking streams’ new events, and still misses none', async () => {
    const scheduler = new BookingScheduler(store, bookings, clock);
    await scheduler.tick();
    expect(scheduler.size).toBe(0);
    const readAll = vi.spyOn(store, 'readAll');
    const byIndex = vi.spyOn(store, 'readIndexBackward');
    // A busy network between two passes: other streams' events, a booking made, then more than a page (200) of
    // booking events newer than it (of bookings the scheduler does not hold), so it is found only a page back.
    for (let i = 0; i < 250; i++) await append(chargingStreams.session(`s-${i}`), 'SessionRequested', { sessionId: `s-${i}` });
    await book(BOOKING_A, 'c1');
    for (let i = 0; i < 250; i++) await append(bookingStreams.booking(`gone-${i}`), 'BookingReminded', { bookingId: `gone-${i}` });
    await scheduler.tick();
    expect(scheduler.size).toBe(1);
    expect(readAll).not.toHaveBeenCalled();
    const read = (await Promise.all(byIndex.mock.results.map((r) => r.value as Promise<{ streamId: string }[]>))).flat();
    expect(read.every((e) => e.streamId.startsWith('booking-'))).toBe(true);
    expect(read.filter((e) => e.streamId === bookingStreams.booking(BOOKING_A))).toHaveLength(1);
    // The booking folded this way is advanced at its slot; the pass after that reads nothing it read before.
    clock.set('2026-01-15T16:00:00.000Z');
    await scheduler.tick();
    expect(sent).toHaveLength(1);
  });

  it('the scheduler’s own timer starts a slot on time, tick after tick (no pass left hanging)', async () => {
    await book(BOOKING_A, 'c1');
    const scheduler = new BookingScheduler(store, bookings, clock);
    const timer = startBookingScheduler(scheduler, 10);
    try {
      await new Promise((r) => setTimeout(r, 50));
      expect(sent).toEqual([]);
      clock.set('2026-01-15T16:00:00.000Z');
      await expect.poll(() => sent.length, { timeout: 2000 }).toBe(1);
      expect(scheduler.busy).toBe(false);
    } finally {
      await timer.stop();
    }
  });

  it('an offline charger is asked again a minute later; never held, a no-show costs nothing', async () => {
    await book(BOOKING_A, 'c1');
    const scheduler = new BookingScheduler(store, bookings, clock);
    clock.set('2026-01-15T16:00:00.000Z');
    await scheduler.tick();
    await answer(sent[0]!.commandId, 'offline');
    clock.set('2026-01-15T16:00:30.000Z');
    await scheduler.tick();
    expect(sent).toHaveLength(1);
    clock.set('2026-01-15T16:01:01.000Z');
    await scheduler.tick();
    expect(sent.map((s) => s.commandId)).toHaveLength(2);
    expect(sent[1]!.commandId).not.toBe(sent[0]!.commandId);
    await answer(sent[1]!.commandId, 'rejected', { status: 'Occupied' });
    clock.set('2026-01-15T16:15:00.000Z');
    await scheduler.tick();
    const expired = (await store.readStream(bookingStreams.booking(BOOKING_A))).find((e) => e.type === 'BookingExpired');
    expect(expired?.data).toMatchObject({ held: false, fee: 0 });
    expect(await debits('c1')).toEqual([]);
  });

  it('a charger that connects after an ask it never answered is asked again at once, once however often the connection is told', async () => {
    await book(BOOKING_A, 'c1');
    const scheduler = new BookingScheduler(store, bookings, clock);
    clock.set('2026-01-15T16:00:00.000Z');
    await scheduler.tick();
    const asks = () => sent.filter((s) => s.action === 'ReserveNow');
    await answer(asks()[0]!.commandId, 'offline');
    // Each connection's notice arrives twenty times at once (redeliveries, replicas): one ask each, at once.
    const connect = async (at: string) => {
      clock.set(`2026-01-15T${at}.500Z`);
      await Promise.all(Array.from({ length: 20 }, () => scheduler.onChargerConnected('CH-1', new Date(`2026-01-15T${at}.000Z`))));
    };
    await connect('16:00:10');
    expect(asks()).toHaveLength(2);
    await answer(asks()[1]!.commandId, 'timeout');
    await connect('16:00:20');
    expect(asks()).toHaveLength(3);
    await connect('16:00:40'); // the last ask is still unanswered (it may have gone to the old connection)
    expect(asks()).toHaveLength(4);
    expect(new Set(asks().map((a) => a.commandId)).size).toBe(4);
    await answer(asks()[3]!.commandId, 'accepted');
    await connect('16:00:50'); // held: nothing more to ask
    expect(asks()).toHaveLength(4);
    const requested = (await store.readStream(bookingStreams.booking(BOOKING_A))).filter((e) => e.type === 'BookingReservationRequested');
    expect(requested.map((e) => (e.data as { attempt: number }).attempt)).toEqual([1, 2, 3, 4]);
  });

  it('a charger answering Faulted ends the booking without a fee', async () => {
    clock.set('2026-01-15T16:00:10.000Z');
    // A slot that begins now needs the connector free now: the charger online, the connector available.
    await append(networkStreams.chargerLive('CH-1'), 'ChargerConnected', {
      chargerId: 'CH-1',
      connectionId: 'k1',
      protocol: 'ocpp1.6',
      at: '',
    });
    await append(networkStreams.chargerLive('CH-1'), 'ConnectorStatusChanged', {
      chargerId: 'CH-1',
      connectionId: 'k1',
      messageId: 'm1',
      connectorId: 1,
      status: 'available',
      ocppStatus: 'Available',
      errorCode: null,
      at: '',
    });
    await book(BOOKING_A, 'c1', '18:00'); // the slot is now: ReserveNow at once (no tick)
    expect(sent).toHaveLength(1);
    await answer(sent[0]!.commandId, 'rejected', { status: 'Faulted' });
    expect(await types(BOOKING_A)).toEqual(expect.arrayContaining(['BookingFailed', 'BookingReleased']));
    expect(await debits('c1')).toEqual([]);
  });

  it('after downtime past the no-show time, a restarted scheduler expires the booking for free; two replicas never double a step', async () => {
    await book(BOOKING_A, 'c1');
    await book(BOOKING_B, 'c2', '19:00');
    clock.set('2026-01-15T17:00:00.000Z'); // 19:00 Cairo: A's slot passed unseen, B's begins
    const replicas = [
      new BookingScheduler(store, bookings, clock),
      new BookingScheduler(store, new Bookings(store, wallet, clock, sender), clock),
    ];
    await Promise.all(replicas.map((r) => r.tick()));
    const a = (await store.readStream(bookingStreams.booking(BOOKING_A))).map((e) => e.type);
    expect(a).toEqual(['BookingConfirmed', 'BookingExpired', 'BookingReleased']);
    expect(sent.filter((s) => s.action === 'ReserveNow')).toHaveLength(1);
    expect((await types(BOOKING_B)).filter((t) => t === 'BookingReservationRequested')).toHaveLength(1);
  });

  it('a cancel racing the no-show: one outcome and at most one fee', async () => {
    await book(BOOKING_A, 'c1');
    clock.set('2026-01-15T16:00:00.000Z');
    const scheduler = new BookingScheduler(store, bookings, clock);
    await scheduler.tick();
    await answer(sent[0]!.commandId, 'accepted', { status: 'Accepted' });
    clock.set('2026-01-15T16:15:00.000Z');
    const raced = await Promise.allSettled([cancelOwnBooking(bookings, BOOKING_A, 'c1', customer('c1')), scheduler.tick()]);
    const ended = (await types(BOOKING_A)).filter((t) => t === 'BookingCancelled' || t === 'BookingExpired');
    expect(ended).toHaveLength(1);
    expect(await debits('c1')).toHaveLength(1);
    if (ended[0] === 'BookingExpired') expect(raced[0]).toMatchObject({ status: 'rejected', reason: { code: 'booking.not_open' } });
  });

  it('a session of the customer on the booked connector within the slot fulfils it; others are not the holder', async () => {
    clock.set('2026-01-15T15:55:00.000Z');
    await book(BOOKING_A, 'c1', '18:00');
    clock.set('2026-01-15T16:02:00.000Z');
    expect(await bookings.holderAt('CH-1', 1, clock.now())).toEqual({
      bookingId: BOOKING_A,
      customerId: 'c1',
      idTag: expect.stringMatching(/^A[A-Z2-7]{19}$/),
    });
    await fulfilBooking(bookings, { sessionId: 's-2', customerId: 'c2', chargerId: 'CH-1', connectorId: 1 });
    await fulfilBooking(bookings, { sessionId: 's-1', customerId: 'c1', chargerId: 'CH-1', connectorId: 1 });
    const fulfilled = (await store.readStream(bookingStreams.booking(BOOKING_A))).find((e) => e.type === 'BookingFulfilled');
    expect(fulfilled?.data).toMatchObject({ sessionId: 's-1', minutes: 7, fee: 7 * FEE });
    expect(await bookings.holderAt('CH-1', 1, clock.now())).toBeNull();
    expect((await debits('c1')).map((d) => d.amount)).toEqual([7 * FEE]);
  });
});
