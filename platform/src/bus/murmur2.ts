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

/** Partition for a key, exactly as Kafka's default partitioner: toPositive(murmur2(utf8(key))) % n. */
export function partitionForKey(key: string, partitions: number): number {
  return (murmur2(encoder.encode(key)) & 0x7fffffff) % partitions;
}
