import { HashTable31 } from './hash-table';
import { hash31 } from './indexes';

/**
 * Event id → position, for the idempotency check of every append (is this batch, or part of it, already stored?),
 * without a string per stored event. A Map keyed by the ids themselves held one string (about 56 bytes for a UUID)
 * and an entry per event: some 100 bytes and one more object for the collector to mark, for every event ever
 * appended (1.8 million meter readings are an hour of the ceiling's 5,000 sessions). Here the key is a 31-bit hash
 * of the id and the value the position, or the positions, whose ids share that hash, in a `HashTable31` (a Map of
 * one entry per event stops at 2^24 entries, within hours at the ceiling's rate of readings, and its table is a large
 * set of tagged slots for the collector); a lookup confirms a candidate by the id stored at its position
 * (`idAt`: the recent records in memory, else the record read from the file). A fresh id meets a candidate only on a
 * hash collision, about one lookup in 1,000 at two million events, one in 50 at forty million.
 */
export class EventIdIndex {
  /** Hash → the positions whose ids share it, in typed arrays (no Map bound of 2^24 entries, nothing to mark). */
  private readonly table = new HashTable31();

  constructor(private readonly hash: (id: string) => number = hash31) {}

  get size(): number {
    return this.table.size;
  }

  /** Records that `eventId` is stored at `position` (positions are added in ascending order, each once). */
  add(eventId: string, position: number): void {
    this.table.add(this.hash(eventId), position);
  }

  /** The position of `eventId`, or undefined; `idAt` answers the event id stored at a position. */
  get(eventId: string, idAt: (position: number) => string): number | undefined {
    return this.table.find(this.hash(eventId), (position) => idAt(position) === eventId);
  }
}
