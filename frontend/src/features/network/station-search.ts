import type { ConnectorType } from '@evc/contracts/network';
import { CONNECTOR_TYPES } from '@evc/contracts/shared';

/** The /ChargingStations URL state: filters, page and the station shown in detail. */
export interface StationSearch {
  governorateId?: string;
  connectorType?: ConnectorType;
  minPowerKw?: number;
  available?: boolean;
  page?: number;
  station?: string;
}

/** Connector types offered as filters (product brief: Type2, CCS2, CHAdeMO). */
export const FILTER_CONNECTOR_TYPES = CONNECTOR_TYPES.filter((t) => t !== 'GBT');
export const MIN_POWER_OPTIONS = [7, 22, 50, 120] as const;

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

export function parseStationSearch(raw: Record<string, unknown>): StationSearch {
  const out: StationSearch = {};
  const gov = str(raw.governorateId);
  if (gov && gov.length <= 64) out.governorateId = gov;
  const type = str(raw.connectorType);
  if (type && (CONNECTOR_TYPES as readonly string[]).includes(type)) out.connectorType = type as ConnectorType;
  const power = Number(raw.minPowerKw);
  if (Number.isFinite(power) && power > 0 && power <= 400) out.minPowerKw = power;
  if (raw.available === true || raw.available === 'true') out.available = true;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  const station = str(raw.station);
  if (station) out.station = station;
  return out;
}

/** Query string of GET /api/queries/stations (stationsQuerySchema). */
export function toStationsQuery(search: StationSearch, pageSize: number) {
  return {
    governorateId: search.governorateId,
    connectorType: search.connectorType,
    minPowerKw: search.minPowerKw,
    available: search.available ? ('true' as const) : undefined,
    page: search.page ?? 1,
    pageSize,
  };
}
