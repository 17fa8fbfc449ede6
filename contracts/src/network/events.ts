import type { ChargerCommandOutcome, ChargerCommandRequest } from './charger-commands';
import type { ConnectorStatus, RegisterCharger, RegisterStation, SetPricing } from './schemas';

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

/** Events of `charger-live-<id>`, actor `{ type: 'charger', id }`. */
export type ChargerConnected = { type: 'ChargerConnected'; data: { chargerId: string; connectionId: string; protocol: string; at: string } };
/** `closed`: the socket closed; `silent`: nothing heard for too long (the charger comes back online if it speaks again). */
export type ChargerDisconnected = { type: 'ChargerDisconnected'; data: { chargerId: string; connectionId: string; reason: 'closed' | 'silent'; at: string } };
export type ChargerBooted = {
  type: 'ChargerBooted';
  data: {
    chargerId: string;
    connectionId: string;
    messageId: string;
    reason: string | null;
    vendor: string;
    model: string;
    serialNumber: string | null;
    firmwareVersion: string | null;
    iccid: string | null;
    imsi: string | null;
    at: string;
  };
};
/** A fault the charger reported with a status (OCPP 1.6 StatusNotification: errorCode other than NoError, info, vendorErrorCode). */
export interface ChargerFault {
  code: string;
  /** The charger's free text about it. */
  info: string | null;
  /** The vendor's own code: what an engineer looks up in the charger's manual. */
  vendorErrorCode: string | null;
}
/**
 * Schema version 2 (what is written now): `error` replaced version 1's `errorCode: string | null`, so the vendor's
 * code and text reach the charger's operations view. Stored version-1 events are upcast on read
 * (`network/upcasters.ts`): `errorCode: c` becomes `error: { code: c, info: null, vendorErrorCode: null }`.
 */
export type ConnectorStatusChanged = {
  type: 'ConnectorStatusChanged';
  data: { chargerId: string; connectionId: string; messageId: string; connectorId: number; status: ConnectorStatus; ocppStatus: string; error: ChargerFault | null; at: string };
};
export type ChargerLiveEvent = ChargerConnected | ChargerDisconnected | ChargerBooted | ConnectorStatusChanged;

/** Events of `charger-command-<commandId>`. */
export type ChargerCommandRequested = {
  type: 'ChargerCommandRequested';
  data: { commandId: string; chargerId: string; request: ChargerCommandRequest; at: string; sessionId?: string };
};
export type ChargerCommandSent = { type: 'ChargerCommandSent'; data: { commandId: string; chargerId: string; ocppAction: string | null; protocol: string | null; at: string } };
export type ChargerCommandAnswered = {
  type: 'ChargerCommandAnswered';
  data: { commandId: string; chargerId: string; status: ChargerCommandOutcome; response: unknown; error: string | null; at: string };
};
export type ChargerCommandEvent = ChargerCommandRequested | ChargerCommandSent | ChargerCommandAnswered;

/** `seed-demo`: the demo catalog, stations, chargers and prices are complete. */
export type DemoDataSeeded = { type: 'DemoDataSeeded'; data: { stations: number; chargers: number } };

export type NetworkEvent = StationEvent | ChargerEvent | ChargerSerialEvent | PricingSet | ChargerLiveEvent | ChargerCommandEvent | DemoDataSeeded;
