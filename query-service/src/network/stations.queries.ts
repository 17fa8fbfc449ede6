import { distanceMeters, geoCellsAround, type NearbyStationsQuery, type Paged, type StationView, type StationsQuery } from '@evc/contracts';
import type { Collection, Filter } from '@evc/platform';
import { READ_MODELS, type StationDoc } from '@evc/projections';
import { exactly } from '../shared/exact-view';
import type { Ranked, StationLocator } from './station-locator';

const INTERNAL = { geoCell: 0, searchText: 0, position: 0, updatedAt: 0, revision: 0 } as const;
/** What a public station query reads: the document without `stationView`'s fields (less to copy out of the store). */
export const STATION_HIDDEN = { _id: 0, ...INTERNAL } as const;

/** The public station: the document without what queries filter on and staff edit against (field order as stored). */
export function stationView(d: StationDoc): StationView {
  const { _id, geoCell, searchText, position, updatedAt, revision, ...view } = d;
  return exactly<StationView>()(view);
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function stationFilter(q: Omit<StationsQuery, 'page' | 'pageSize' | 'position'>): Filter {
  const filter: Filter = {};
  if (q.governorateId) filter.governorateId = q.governorateId;
  if (q.connectorType) filter.connectorTypes = q.connectorType;
  if (q.minPowerKw !== undefined) filter.maxPowerKw = { $gte: q.minPowerKw };
  if (q.available === true) filter.availableConnectors = { $gt: 0 };
  if (q.available === false) filter.availableConnectors = 0;
  if (q.q) filter.searchText = { $regex: escapeRegex(q.q.toLowerCase()) };
  return filter;
}

/** Public station queries over the `stations` read model. */
export class StationsQueries {
  private readonly stations: Collection<StationDoc>;

  constructor(
    stations: Collection<StationDoc>,
    /** Spatial index for nearby queries; without it (or while it loads) the read model answers alone. */
    private readonly locator?: StationLocator,
  ) {
    this.stations = stations;
  }

  static collectionName = READ_MODELS.stations;

  async list(q: StationsQuery): Promise<Paged<StationView>> {
    const filter = stationFilter(q);
    const [docs, totalCount] = await Promise.all([
      this.stations
        .find(filter, {
          sort: { governorateNameEn: 1, nameEn: 1 },
          skip: (q.page - 1) * q.pageSize,
          limit: q.pageSize,
          projection: STATION_HIDDEN,
        })
        .toArray(),
      this.stations.countDocuments(filter),
    ]);
    return { dataList: docs.map(stationView), totalCount };
  }

  /**
   * Nearest first within radiusKm. The spatial index ranks when it can; a text search, or a caller waiting for its
   * own write (`position`), reads the read model directly so the answer is exact and current.
   */
  async nearby(q: NearbyStationsQuery): Promise<Paged<StationView>> {
    const centre = { lat: q.lat, lng: q.lng };
    const radiusM = q.radiusKm * 1000;
    if (this.locator?.ready && !q.q && q.position === undefined) {
      const { page, total } = this.locator.nearest(centre, radiusM, q, (q.page - 1) * q.pageSize, q.pageSize);
      return { dataList: await this.pageOf(page), totalCount: total };
    }
    return this.nearbyFromReadModel(q, centre, radiusM);
  }

  /** Candidates from the grid cells the circle touches (an indexed $in), ranked by great-circle distance. */
  private async nearbyFromReadModel(
    q: NearbyStationsQuery,
    centre: { lat: number; lng: number },
    radiusM: number,
  ): Promise<Paged<StationView>> {
    const filter = stationFilter(q);
    const cells = geoCellsAround(centre, radiusM);
    if (cells) filter.geoCell = { $in: cells };
    const candidates = await this.stations.find(filter, { projection: { _id: 1, location: 1 } }).toArray();
    const ranked = candidates
      .map((d) => ({ id: d._id, distanceM: distanceMeters(centre, d.location) }))
      .filter((c) => c.distanceM <= radiusM)
      .sort((a, b) => a.distanceM - b.distanceM || a.id.localeCompare(b.id));
    const page = ranked.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
    return { dataList: await this.pageOf(page), totalCount: ranked.length };
  }

  /** The whole documents of one page of ranked ids, in rank order, with their distances. */
  private async pageOf(page: Ranked[]): Promise<StationView[]> {
    const docs = await this.stations.find({ _id: { $in: page.map((p) => p.id) } }, { projection: INTERNAL }).toArray();
    const byId = new Map(docs.map((d) => [d._id, d]));
    return page.flatMap((p) => {
      const doc = byId.get(p.id);
      return doc ? [{ ...stationView(doc), distanceM: Math.round(p.distanceM) }] : [];
    });
  }

  async get(stationId: string): Promise<StationView | null> {
    const doc = await this.stations.findOne({ _id: stationId }, { projection: STATION_HIDDEN });
    return doc ? stationView(doc) : null;
  }
}
