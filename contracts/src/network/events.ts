import type { UsedBy } from '../catalog/index';
import type { RegisterCharger, RegisterCountry, RegisterGovernorate, RegisterStation, SetPricing } from './schemas';

export const networkStreams = {
  station: (id: string) => `station-${id}`,
  charger: (id: string) => `charger-${id}`,
  /**
   * What a charger reports about itself (boot, connector status, connections), apart from the staff-edited
   * `charger-<id>` stream, so telemetry never moves the revision a staff editor holds.
   */
  chargerLive: (id: string) => `charger-live-${id}`,
  /** One staff command to a charger (OCPP outbound): requested, sent, answered. Keyed by the client's command id. */
  chargerCommand: (commandId: string) => `charger-command-${commandId}`,
  /** Reserves a serial number network-wide, so "Charger already exists" holds for serials too. */
  chargerSerial: (serial: string) => `charger-serial-${serial.toLowerCase()}`,
  pricing: () => 'pricing-network',
  country: (id: string) => `country-${id}`,
  governorate: (id: string) => `governorate-${id}`,
};

/** Events of `station-<id>`. The station's stream records its chargers, so none joins a station being deleted. */
export type StationRegistered = { type: 'StationRegistered'; data: RegisterStation };
export type StationUpdated = { type: 'StationUpdated'; data: RegisterStation };
export type StationDeleted = { type: 'StationDeleted'; data: { stationId: string; chargerIds: string[] } };
export type ChargerAttached = { type: 'ChargerAttached'; data: { stationId: string; chargerId: string } };
export type ChargerDetached = { type: 'ChargerDetached'; data: { stationId: string; chargerId: string } };
export type StationEvent = StationRegistered | StationUpdated | StationDeleted | ChargerAttached | ChargerDetached;

/** What staff may change on a charger: everything but its id, station and key. */
export type ChargerFields = Omit<RegisterCharger, 'chargerId' | 'stationId' | 'secretHash'>;
/** Events of `charger-<id>`. */
export type ChargerRegistered = { type: 'ChargerRegistered'; data: RegisterCharger };
export type ChargerUpdated = { type: 'ChargerUpdated'; data: ChargerFields & { chargerId: string } };
/** modelState 3: hidden from lists, kept in history, refused by the gateway. The id and serial stay taken. */
export type ChargerMarkedDeleted = { type: 'ChargerMarkedDeleted'; data: { chargerId: string; stationId: string } };
export type ChargerSecretRotated = { type: 'ChargerSecretRotated'; data: { chargerId: string; secretHash: string } };
export type ChargerEvent = ChargerRegistered | ChargerUpdated | ChargerMarkedDeleted | ChargerSecretRotated;

/** Events of `charger-serial-<serial>`: a serial held for one charger id; released when the charger's serial is corrected. */
export type ChargerSerialReserved = { type: 'ChargerSerialReserved'; data: { serialNumber: string; chargerId: string } };
export type ChargerSerialReleased = { type: 'ChargerSerialReleased'; data: { serialNumber: string; chargerId: string } };
export type ChargerSerialEvent = ChargerSerialReserved | ChargerSerialReleased;

/** `pricing-network`: every price change. */
export type PricingSet = { type: 'PricingSet'; data: SetPricing };

/** `seed-demo`: the demo catalog, stations, chargers and prices are complete. */
export type DemoDataSeeded = { type: 'DemoDataSeeded'; data: { stations: number; chargers: number } };

/** `country-<id>`. The update carries the whole form (and `isActive`). */
export type CountryData = RegisterCountry & { isActive?: boolean };
export type CountryRegistered = { type: 'CountryRegistered'; data: CountryData };
export type CountryUpdated = { type: 'CountryUpdated'; data: CountryData };

/** `governorate-<id>`. Stations link themselves here (`…UsageLinked`), so a used governorate stays. */
export type GovernorateData = RegisterGovernorate & { isActive?: boolean };
export type GovernorateRegistered = { type: 'GovernorateRegistered'; data: GovernorateData };
export type GovernorateUpdated = { type: 'GovernorateUpdated'; data: GovernorateData };
export type GovernorateDeleted = { type: 'GovernorateDeleted'; data: { governorateId: string } };
export type GovernorateUsageLinked = { type: 'GovernorateUsageLinked'; data: { governorateId: string; usedBy: UsedBy } };
export type GovernorateUsageUnlinked = { type: 'GovernorateUsageUnlinked'; data: { governorateId: string; usedById: string } };

export type GeographyEvent =
  | CountryRegistered
  | CountryUpdated
  | GovernorateRegistered
  | GovernorateUpdated
  | GovernorateDeleted
  | GovernorateUsageLinked
  | GovernorateUsageUnlinked;

export type NetworkEvent = StationEvent | ChargerEvent | ChargerSerialEvent | PricingSet | DemoDataSeeded | GeographyEvent;
