import { categoryOf, type Clock, type Consumer, type EventStore, type RecordedEvent } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { breather } from '@evc/platform/runtime/time-slice';
import type { BookingEvent } from '@evc/contracts';
import { eachInIndex } from '../shared/index-pages';
import { toDomainEvent } from '../shared/run-decider';
import { bookingDecider, dueSteps, isEnded, isOpen, type BookingState } from './booking.decider';
import { advanceBooking, reserveOnConnect } from './booking-steps';
import type { Bookings } from './bookings';

const log = createLogger('booking-scheduler');
/** Events decoded per read: small, so a busy log is folded in short steps between which sockets are served. */
const PAGE = 200;
/** How often the clock's steps are looked at: the delay from a slot's start to its ReserveNow is at most this. */
export const BOOKING_TICK_MS = 1000;
/** Bookings advanced at once (each is independent; their appends share the event store's group commit). */
const CONCURRENCY = 256;
/** The booking streams' category (`booking-<id>`): picked out of the log in the first pass, read through the index after it. */
const BOOKING_CATEGORY = 'booking';

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The time-driven steps of bookings (reminder, "starting soon", the slot's start and ReserveNow, retries, no-show,
 * settling what a crash left undone), driven by the injected clock. It folds every booking stream from the log's
 * tail into an index of open or unsettled bookings (the first tick reads the whole log, so a restart loses nothing;
 * later ticks the booking streams' new events only),
 * and advances (`advanceBooking`) those with a step due. Every step is idempotent on the booking's stream, so several
 * replicas ticking together, or a tick after downtime, never double anything: after downtime a slot that began
 * while the process was down starts late (ReserveNow at once) if its no-show time has not passed, else it expires
 * (free: the charger never held it).
 */
export class BookingScheduler {
  private readonly index = new Map<string, BookingState>();
  private after = 0;
  /** The first pass (the whole log) is done; later passes read the booking category's index only. */
  private folded = false;
  private running: Promise<number> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly bookings: Bookings,
    private readonly clock: Clock,
  ) {}

  /** A pass is under way (the timer skips its tick then). */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Waits for the pass under way, if any. */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** Bookings the index holds (open, or ended with something still owed). */
  get size(): number {
    return this.index.size;
  }

  /** One pass at `now` (default the clock's); answers how many bookings had a step due. Passes never overlap. */
  tick(now: Date = this.clock.now()): Promise<number> {
    const run = async () => {
      await this.catchUp();
      const due = [...this.index.entries()].filter(([, s]) => dueSteps(s, now.getTime()).length > 0).map(([id]) => id);
      await eachLimited(due, CONCURRENCY, async (bookingId) => {
        try {
          await advanceBooking(this.bookings, bookingId, now);
        } catch (error) {
          log.error('booking step failed; the next tick retries', { bookingId, error: String(error) });
        }
      });
      return due.length;
    };
    const chained = (this.running ?? Promise.resolve(0)).then(run, run);
    const tracked: Promise<number> = chained
      .catch(() => 0)
      .finally(() => {
        if (this.running === tracked) this.running = null;
      });
    this.running = tracked;
    return chained;
  }

  /**
   * A charger connected: the open bookings of the index on it whose slot has begun are handed to
   * `reserveOnConnect`, which reads each as it is now and asks the charger at once to hold a connector
   * it has not held yet. The index may show a booking the last pass started as still confirmed: that is why
   * the slot's time, not the phase, picks them.
   */
  async onChargerConnected(chargerId: string, connectedAt: Date, now: Date = this.clock.now()): Promise<void> {
    const begun = [...this.index.entries()].filter(
      ([, s]) => isOpen(s) && s.terms?.chargerId === chargerId && Date.parse(s.terms.startsAt) <= now.getTime(),
    );
    for (const [bookingId] of begun) await reserveOnConnect(this.bookings, bookingId, connectedAt);
  }

  /**
   * Folds the booking events written since the last pass (by any process) into the index. The first pass reads the
   * whole log; later ones only the booking streams' events after the newest one folded, through the category index,
   * rather than decoding every event of the network again each second (a dozen events a phone start, every
   * meter reading). An index that lags the log (EventStoreDB's system projections) still lists its events in log
   * order, so what it shows later lies after what was folded.
   */
  private async catchUp() {
    if (this.folded) return this.catchUpBookings();
    for (;;) {
      const page = await this.store.readAll({ after: this.after, maxCount: PAGE });
      for (const e of page) if (categoryOf(e.streamId) === BOOKING_CATEGORY) this.fold(e);
      if (page.length > 0) this.after = page.at(-1)!.position;
      if (page.length < PAGE) break;
      const wait = breather();
      if (wait) await wait;
    }
    this.folded = true;
  }

  private async catchUpBookings() {
    const newestFirst: RecordedEvent[] = [];
    await eachInIndex(
      this.store,
      { kind: 'category', category: BOOKING_CATEGORY },
      { after: this.after, pageSize: PAGE },
      (e) => void newestFirst.push(e),
    );
    for (let i = newestFirst.length - 1; i >= 0; i--) this.fold(newestFirst[i]!);
    if (newestFirst.length > 0) this.after = newestFirst[0]!.position;
  }

  private fold(e: RecordedEvent) {
    const event = toDomainEvent<BookingEvent>(e);
    const bookingId = (event.data as { bookingId: string }).bookingId;
    const before = this.index.get(bookingId);
    if (!before && event.type !== 'BookingConfirmed') return; // settled and forgotten: a late answer changes nothing due
    const after = bookingDecider.evolve(before ?? bookingDecider.initialState, event);
    if (isEnded(after) && dueSteps(after, 0).length === 0) this.index.delete(bookingId);
    else this.index.set(bookingId, after);
  }
}

/** Ticks every `everyMs` on the clock (unref'd: it never keeps the process alive); 0 leaves ticking to the caller. */
export function startBookingScheduler(scheduler: BookingScheduler, everyMs = BOOKING_TICK_MS): Consumer {
  const tick = () => {
    if (!scheduler.busy) scheduler.tick().catch((error: unknown) => log.error('booking tick failed', { error: String(error) }));
  };
  const timer = everyMs > 0 ? setInterval(tick, everyMs) : null;
  timer?.unref();
  return {
    ready: Promise.resolve(),
    async stop() {
      if (timer) clearInterval(timer);
      await scheduler.idle();
    },
  };
}
