/**
 * Kafka's default partitioner hash (murmur2, seed 0x9747b28c), as in the Java client and kafkajs'
 * DefaultPartitioner. Using the same function in the in-process bus means a key lands on the same partition
 * number in both profiles, which keeps logs and tests comparable.
 */
const SEED = 0x9747b28c;
const M = 0x5bd1e995;
const R = 24;

export function murmur2(data: Uint8Array): number {
  const length = data.length;
  let h = SEED ^ length;
  const length4 = length >>> 2;
  for (let i = 0; i < length4; i++) {
    const i4 = i * 4;
    let k = data[i4]! | (data[i4 + 1]! << 8) | (data[i4 + 2]! << 16) | (data[i4 + 3]! << 24);
    k = Math.imul(k, M);
    k ^= k >>> R;
    k = Math.imul(k, M);
    h = Math.imul(h, M);
    h ^= k;
  }
  const tail = length & ~3;
  const rest = length & 3;
  if (rest === 3) h ^= data[tail + 2]! << 16;
  if (rest >= 2) h ^= data[tail + 1]! << 8;
  if (rest >= 1) {
    h ^= data[tail]!;
    h = Math.imul(h, M);
  }
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

const encoder = new TextEncoder();

/** Bytes of an ASCII key (its UTF-8), in a reused buffer: keys are charger, customer and session ids. */
let scratch = new Uint8Array(64);
function asciiBytes(key: string): Uint8Array | null {
  if (key.length > scratch.length) scratch = new Uint8Array(key.length * 2);
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c > 0x7f) return null;
    scratch[i] = c;
  }
  return scratch.subarray(0, key.length);
}

/**
 * Partition for a key, exactly as Kafka's default partitioner: toPositive(murmur2(utf8(key))) % n. An ASCII key's
 * UTF-8 is its characters, read without encoding the key anew (TextEncoder allocated an array for every message
 * published; some 2 % of the launcher's time in a burst of 1,000 starts).
 */
export function partitionForKey(key: string, partitions: number): number {
  return (murmur2(asciiBytes(key) ?? encoder.encode(key)) & 0x7fffffff) % partitions;
}
