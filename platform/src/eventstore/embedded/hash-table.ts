/** Slots of a new table (a power of two). */
const INITIAL_SLOTS = 1024;
/** Entries at most per slot before the table doubles: linear probing stays short (a miss probes some 8 slots). */
const MAX_LOAD = 0.75;
/** Values are below this (positions of the log: 2^32 − 1 would be a log of some 3 TB). */
export const MAX_VALUE = 0xffff_ffff;

/**
 * A multimap from 31-bit keys (hashes) to unsigned 32-bit values, in two typed arrays with open addressing and linear
 * probing. For the embedded store's indexes of one entry per event (event ids, correlation ids): a JavaScript `Map`
 * holds at most 2^24 entries (16,777,216; past that `set` throws "Map maximum size exceeded", which an hour of the
 * ceiling's 1.8 million readings reaches in about nine), and its table is an array of tagged slots the garbage
 * collector walks at every full mark (56 MiB of the launcher's heap at two million events). Typed arrays have no such
 * bound (the table doubles) and hold nothing for the collector to trace. 8 bytes a slot, at most 4/3 slots an entry
 * once it has doubled: about 11 bytes an entry.
 */
export class HashTable31 {
  /** Key + 1 of each slot; 0 = empty. */
  private keys = new Uint32Array(INITIAL_SLOTS);
  private values = new Uint32Array(INITIAL_SLOTS);
  private mask = INITIAL_SLOTS - 1;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds an entry; a key may have several (`find` tells them apart). */
  add(key: number, value: number): void {
    if (!(key >= 0 && key <= 0x7fff_ffff && Number.isInteger(key))) throw new RangeError(`hash table key out of range: ${key}`);
    if (!(value >= 0 && value <= MAX_VALUE && Number.isInteger(value))) throw new RangeError(`hash table value out of range: ${value}`);
    if (this.count + 1 > this.keys.length * MAX_LOAD) this.grow();
    this.put(key + 1, value);
    this.count++;
  }

  /** The first value of `key` that passes `test`, in the order added; undefined when none does. */
  find(key: number, test: (value: number) => boolean): number | undefined {
    const k = key + 1;
    for (let i = this.slotOf(key); this.keys[i] !== 0; i = (i + 1) & this.mask) {
      if (this.keys[i] === k && test(this.values[i]!)) return this.values[i];
    }
    return undefined;
  }

  /** The first value added for `key`, or undefined. */
  first(key: number): number | undefined {
    const i = this.indexOf(key);
    return i < 0 ? undefined : this.values[i];
  }

  /** Replaces the first value added for `key` (which must have one). */
  replaceFirst(key: number, value: number): void {
    const i = this.indexOf(key);
    if (i < 0) throw new Error(`no entry for key ${key}`);
    if (!(value >= 0 && value <= MAX_VALUE && Number.isInteger(value))) throw new RangeError(`hash table value out of range: ${value}`);
    this.values[i] = value;
  }

  private indexOf(key: number): number {
    const k = key + 1;
    for (let i = this.slotOf(key); this.keys[i] !== 0; i = (i + 1) & this.mask) if (this.keys[i] === k) return i;
    return -1;
  }

  /** Where a key's probe starts: its bits mixed (a caller's hash may vary only in its high bits). */
  private slotOf(key: number): number {
    let h = Math.imul(key ^ (key >>> 15), 0x2c1b3c6d);
    h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
    return (h ^ (h >>> 15)) & this.mask;
  }

  private put(k: number, value: number): void {
    let i = this.slotOf(k - 1);
    while (this.keys[i] !== 0) i = (i + 1) & this.mask;
    this.keys[i] = k;
    this.values[i] = value;
  }

  /**
   * Twice the slots, every entry put again in the order of the old table's slots from the start of a probe run, so
   * that a key's entries keep their order (the first added is still found first).
   */
  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Uint32Array(keys.length * 2);
    this.values = new Uint32Array(keys.length * 2);
    this.mask = this.keys.length - 1;
    // A run of occupied slots may wrap past the end; start after an empty slot so each run is walked in order.
    let start = 0;
    while (keys[start] !== 0) start++;
    for (let n = 0, i = start; n < keys.length; n++, i = (i + 1) % keys.length) if (keys[i] !== 0) this.put(keys[i]!, values[i]!);
  }
}
