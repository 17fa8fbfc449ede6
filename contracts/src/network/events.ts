import type { ConnectorStatus, RegisterCharger, RegisterStation, SetPricing } from './schemas';

export type StationRegistered = { type: 'StationRegistered'; data: RegisterStation };
export type ChargerRegistered = { type: 'ChargerRegistered'; data: RegisterCharger };
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
export type ConnectorStatusChanged = {
  type: 'ConnectorStatusChanged';
  data: { chargerId: string; connectionId: string; messageId: string; connectorId: number; status: ConnectorStatus; ocppStatus: string; errorCode: string | null; at: string };
};
export type ChargerLiveEvent = ChargerConnected | ChargerDisconnected | ChargerBooted | ConnectorStatusChanged;

export type NetworkEvent = StationRegistered | ChargerRegistered | PricingSet;

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
