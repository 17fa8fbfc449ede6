import {
  bookingStreams,
  type BookingEvent,
  type ConnectorScheduleEvent,
  type CustomerBookingsEvent,
  type SetPricing,
  networkStreams,
  type ChargerLiveEvent,
  type ChargerEvent,
  type StationEvent,
} from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { CachedDecider } from '../shared/cached-decider';
import type { Decider } from '../shared/decider';
import { chargerLiveDecider, type ChargerLiveCommand, type ChargerLiveState } from '../chargers-live/index';
import { chargerDecider, stationDecider } from '../network/index';
import type { ChargerCommand, ChargerState, StationCommand, StationState } from '../network/index';
import { bookingDecider, type BookingCommand, type BookingState } from './booking.decider';
import { connectorScheduleDecider, type ScheduleCommand, type ScheduleState } from './connector-schedule.decider';
import { customerBookingsDecider, type CustomerBookingsCommand, type CustomerBookingsState } from './customer-bookings.decider';

/** Streams of one kind kept folded in memory, least recently used dropped first. */
export const BOOKING_CACHE_LIMITS = { bookings: 50_000, schedules: 20_000, customers: 50_000, network: 20_000 };
/** A booking stream is written by the phone, staff, the scheduler and charger answers at once: retried on conflict. */
const ATTEMPTS = 8;

const pricingList: Decider<never, { type: string; data: SetPricing }, SetPricing[]> = {
  initialState: [],
  evolve: (s, e) => [...s, e.data],
  decide: () => [],
};

/**
 * The bookings context's streams behind CachedDeciders (a decision reads only the events after the cached revision),
 * plus the network streams it reads (stations, chargers, their live state, prices). After the last attempt on a
 * conflict the store's error is thrown (not a DomainError), so a consumer's message is delivered again.
 */
export class BookingStreams {
  readonly bookings: CachedDecider<BookingCommand, BookingEvent, BookingState>;
  readonly schedules: CachedDecider<ScheduleCommand, ConnectorScheduleEvent, ScheduleState>;
  readonly customers: CachedDecider<CustomerBookingsCommand, CustomerBookingsEvent, CustomerBookingsState>;
  readonly stations: CachedDecider<StationCommand, StationEvent, StationState>;
  readonly chargers: CachedDecider<ChargerCommand, ChargerEvent, ChargerState>;
  readonly live: CachedDecider<ChargerLiveCommand, ChargerLiveEvent, ChargerLiveState>;
  readonly pricing: CachedDecider<never, { type: string; data: SetPricing }, SetPricing[]>;

  constructor(store: EventStore, clock: Clock, limits = BOOKING_CACHE_LIMITS) {
    const options = (max: number) => ({ max, attempts: ATTEMPTS, onConflict: 'rethrow' as const, clock });
    this.bookings = new CachedDecider(store, bookingDecider, options(limits.bookings));
    this.schedules = new CachedDecider(store, connectorScheduleDecider, options(limits.schedules));
    this.customers = new CachedDecider(store, customerBookingsDecider, options(limits.customers));
    this.stations = new CachedDecider(store, stationDecider, options(limits.network));
    this.chargers = new CachedDecider(store, chargerDecider, options(limits.network));
    this.live = new CachedDecider(store, chargerLiveDecider, options(limits.network));
    this.pricing = new CachedDecider(store, pricingList, options(1));
  }

  booking = (bookingId: string) => this.bookings.state(bookingStreams.booking(bookingId));
  schedule = (chargerId: string, connectorId: number) => this.schedules.state(bookingStreams.connectorSchedule(chargerId, connectorId));
  customer = (customerId: string) => this.customers.state(bookingStreams.customer(customerId));
  station = (stationId: string) => this.stations.state(networkStreams.station(stationId));
  charger = (chargerId: string) => this.chargers.state(networkStreams.charger(chargerId));
  chargerLive = (chargerId: string) => this.live.state(networkStreams.chargerLive(chargerId));
  prices = () => this.pricing.state(networkStreams.pricing());
}
