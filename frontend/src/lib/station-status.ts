import type { StationView } from '@evc/contracts/network';
import type { ConnectorStatus } from '@evc/contracts/network';

export type Availability = 'available' | 'busy' | 'offline';

/** Marker colour and badge of a station: any free connector → available; none online → offline. */
export function stationAvailability(station: StationView): Availability {
  if (station.availableConnectors > 0) return 'available';
  const anyOnline = station.chargers.length
    ? station.chargers.some((c) => c.online)
    : station.numberOutOfService < station.numberOfChargers;
  return anyOnline ? 'busy' : 'offline';
}

export function connectorAvailability(status: ConnectorStatus, chargerOnline: boolean): Availability {
  if (!chargerOnline || status === 'unavailable' || status === 'faulted' || status === 'unknown') return 'offline';
  return status === 'available' ? 'available' : 'busy';
}

/**
 * The connector's own status word beside its badge, only where it says more than the badge: "Busy · charging",
 * "Offline · faulted"; never "Available available" nor "Offline unavailable".
 */
export function connectorStatusDetail(status: ConnectorStatus, chargerOnline: boolean): ConnectorStatus | null {
  const availability = connectorAvailability(status, chargerOnline);
  if (availability === 'busy') return status;
  return availability === 'offline' && chargerOnline && status === 'faulted' ? status : null;
}

export const localName = (s: { nameEn: string; nameAr: string }, locale: 'en' | 'ar') =>
  locale === 'ar' ? s.nameAr || s.nameEn : s.nameEn;
