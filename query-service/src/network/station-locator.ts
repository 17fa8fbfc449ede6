import { randomUUID } from 'node:crypto';
import { BUS_TOPICS, CONNECTOR_TYPES, distanceMeters, type ConnectorType, type LiveChange } from '@evc/contracts';
import type { Bus, Collection, Consumer } from '@evc/platform';
import { READ_MODELS, type StationDoc } from '@evc/projections';

/** What the locator keeps per station: enough to rank and filter without touching the read model. */
const FIELDS = { _id: 1, location: 1, governorateId: 1, connectorTypes: 1, maxPowerKw: 1, availableConnectors: 1 } as const;
type Located = Pick<StationDoc, keyof typeof FIELDS>;

export interface LocatorFilter {
  governorateId?: string;
  connectorType?: ConnectorType;
  minPowerKw?: number;
  available?: boolean;
}

export interface Ranked {
  id: string;
  distanceM: number;
}

const typeBit = (t: ConnectorType) => 1 << Math.max(0, CONNECTOR_TYPES.indexOf(t));
/** Metres per degree, rounded down from the haversine's 111,195 so bounding boxes err on the large side. */
const DEG_M = 111_000;

/**
 * An in-memory spatial index of station positions, for "nearest first" at scale. Kept in flat typed arrays and
 * refreshed from the read model on every `readmodel.changed` notice for stations, so it works alike whether the
 * read models are in memory or in MongoDB. It answers ids and distances; documents still come from the read model.
 */
export class StationLocator {
  private lat = new Float64Array(1024);
  private lng = new Float64Array(1024);
  private power = new Float32Array(1024);
  private available = new Int32Array(1024);
  private types = new Uint8Array(1024);
  private gov: string[] = [];
  private ids: (string | null)[] = [];
  private slotOf = new Map<string, number>();
  private free: number[] = [];
  private consumer: Consumer | null = null;
  private refreshing: Promise<void> = Promise.resolve();
  private loaded = false;
  private readonly stations: Collection<Located>;

  constructor(stations: Collection<Located>) {
    this.stations = stations;
  }

  get size(): number {
    return this.slotOf.size;
  }

  get ready(): boolean {
    return this.loaded;
  }

  /** Loads every station and follows changes on the bus. */
  async start(bus?: Bus): Promise<void> {
    if (bus) {
      this.consumer = bus.subscribe<LiveChange>({ groupId: `locator-${randomUUID()}`, topics: [BUS_TOPICS.readModelChanged] }, (m) => {
        if (m.value.collection !== READ_MODELS.stations) return;
        return this.enqueue(() => (m.value.ids ? this.reload(m.value.ids) : this.loadAll()));
      });
      await this.consumer.ready;
    }
    await this.enqueue(() => this.loadAll());
    this.loaded = true;
  }

  async stop(): Promise<void> {
    await this.consumer?.stop();
  }

  /** Re-reads these stations from the read model (added, changed or gone). */
  async reload(ids: string[]): Promise<void> {
    const docs = await this.stations.find({ _id: { $in: ids } }, { projection: FIELDS }).toArray();
    const seen = new Set<string>();
    for (const doc of docs) {
      seen.add(doc._id);
      this.put(doc);
    }
    for (const id of ids) if (!seen.has(id)) this.remove(id);
  }

  /**
   * The stations within radiusM of the point that pass the filter, nearest first: the page [offset, offset+limit)
   * and how many there are in all. Cost: one pass over typed arrays with a bounding-box test before any
   * great-circle distance, and a bounded selection of the first offset+limit.
   */
  nearest(
    centre: { lat: number; lng: number },
    radiusM: number,
    filter: LocatorFilter,
    offset: number,
    limit: number,
  ): { page: Ranked[]; total: number } {
    const dLat = radiusM / DEG_M;
    const dLng = radiusM / (DEG_M * Math.max(0.01, Math.cos((Math.min(89, Math.abs(centre.lat) + dLat) * Math.PI) / 180)));
    const [lat0, lat1, lng0, lng1] = [centre.lat - dLat, centre.lat + dLat, centre.lng - dLng, centre.lng + dLng];
    const wantType = filter.connectorType ? typeBit(filter.connectorType) : 0;
    const keep = offset + limit;
    // A max-heap of the `keep` nearest so far, as parallel arrays (distance, slot).
    const heapD: number[] = [];
    const heapS: number[] = [];
    let total = 0;
    const n = this.ids.length;
    for (let i = 0; i < n; i++) {
      const la = this.lat[i]!;
      if (!(la >= lat0 && la <= lat1)) continue; // also skips empty slots (NaN)
      const ln = this.lng[i]!;
      if (ln < lng0 || ln > lng1) continue;
      if (wantType && !(this.types[i]! & wantType)) continue;
      if (filter.minPowerKw !== undefined && this.power[i]! < filter.minPowerKw) continue;
      if (filter.available === true && this.available[i]! <= 0) continue;
      if (filter.available === false && this.available[i]! > 0) continue;
      if (filter.governorateId !== undefined && this.gov[i] !== filter.governorateId) continue;
      const d = distanceMeters(centre, { lat: la, lng: ln });
      if (d > radiusM) continue;
      total++;
      if (heapD.length < keep) {
        heapD.push(d);
        heapS.push(i);
        siftUp(heapD, heapS, heapD.length - 1);
      } else if (keep > 0 && d < heapD[0]!) {
        heapD[0] = d;
        heapS[0] = i;
        siftDown(heapD, heapS, 0);
      }
    }
    const ranked = heapS
      .map((slot, k) => ({ id: this.ids[slot]!, distanceM: heapD[k]! }))
      .sort((a, b) => a.distanceM - b.distanceM || a.id.localeCompare(b.id));
    return { page: ranked.slice(offset, offset + limit), total };
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.refreshing = this.refreshing.then(task, task);
    return this.refreshing;
  }

  private async loadAll(): Promise<void> {
    const docs = await this.stations.find({}, { projection: FIELDS }).toArray();
    const present = new Set(docs.map((d) => d._id));
    for (const id of [...this.slotOf.keys()]) if (!present.has(id)) this.remove(id);
    for (const doc of docs) this.put(doc);
  }

  private put(doc: Located): void {
    const id = doc._id;
    let slot = this.slotOf.get(id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.ids.length;
      if (slot >= this.lat.length) this.grow();
      this.slotOf.set(id, slot);
      this.ids[slot] = id;
    }
    this.lat[slot] = doc.location.lat;
    this.lng[slot] = doc.location.lng;
    this.power[slot] = doc.maxPowerKw;
    this.available[slot] = doc.availableConnectors;
    this.types[slot] = doc.connectorTypes.reduce((bits, t) => bits | typeBit(t), 0);
    this.gov[slot] = doc.governorateId;
  }

  private remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.ids[slot] = null;
    this.lat[slot] = NaN;
    this.free.push(slot);
  }

  private grow(): void {
    const size = this.lat.length * 2;
    const grown = <T extends Float64Array | Float32Array | Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.lat = grown(this.lat, (n) => new Float64Array(n).fill(NaN));
    this.lng = grown(this.lng, (n) => new Float64Array(n));
    this.power = grown(this.power, (n) => new Float32Array(n));
    this.available = grown(this.available, (n) => new Int32Array(n));
    this.types = grown(this.types, (n) => new Uint8Array(n));
  }
}

function siftUp(d: number[], s: number[], i: number): void {
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (d[p]! >= d[i]!) return;
    swap(d, s, i, p);
    i = p;
  }
}

function siftDown(d: number[], s: number[], i: number): void {
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < d.length && d[l]! > d[m]!) m = l;
    if (r < d.length && d[r]! > d[m]!) m = r;
    if (m === i) return;
    swap(d, s, i, m);
    i = m;
  }
}

function swap(d: number[], s: number[], a: number, b: number): void {
  [d[a], d[b]] = [d[b]!, d[a]!];
  [s[a], s[b]] = [s[b]!, s[a]!];
}
