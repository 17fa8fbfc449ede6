import type { ConnectorStatus } from '../network/index';
import type { ChargerCommandOutcome, ChargerCommandRequest } from './charger-commands';

/** Events of `charger-live-<id>`, actor `{ type: 'charger', id }`. */
export type ChargerConnected = {
  type: 'ChargerConnected';
  data: { chargerId: string; connectionId: string; protocol: string; at: string };
};
/** `closed`: the socket closed; `silent`: nothing heard for too long (the charger comes back online if it speaks again). */
export type ChargerDisconnected = {
  type: 'ChargerDisconnected';
  data: { chargerId: string; connectionId: string; reason: 'closed' | 'silent'; at: string };
};
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
 * Schema version 2: `error` replaced version 1's `errorCode: string | null`, so the vendor's
 * code and text reach the charger's operations view. Stored version-1 events are upcast on read
 * (`chargers-live/upcasters.ts`): `errorCode: c` becomes `error: { code: c, info: null, vendorErrorCode: null }`.
 */
export type ConnectorStatusChanged = {
  type: 'ConnectorStatusChanged';
  data: {
    chargerId: string;
    connectionId: string;
    messageId: string;
    connectorId: number;
    status: ConnectorStatus;
    ocppStatus: string;
    error: ChargerFault | null;
    at: string;
  };
};
export type ChargerLiveEvent = ChargerConnected | ChargerDisconnected | ChargerBooted | ConnectorStatusChanged;

/** Events of `charger-command-<commandId>`. */
export type ChargerCommandRequested = {
  type: 'ChargerCommandRequested';
  data: { commandId: string; chargerId: string; request: ChargerCommandRequest; at: string; sessionId?: string };
};
export type ChargerCommandSent = {
  type: 'ChargerCommandSent';
  data: { commandId: string; chargerId: string; ocppAction: string | null; protocol: string | null; at: string };
};
export type ChargerCommandAnswered = {
  type: 'ChargerCommandAnswered';
  data: { commandId: string; chargerId: string; status: ChargerCommandOutcome; response: unknown; error: string | null; at: string };
};
export type ChargerCommandEvent = ChargerCommandRequested | ChargerCommandSent | ChargerCommandAnswered;

export type ChargersLiveEvent = ChargerLiveEvent | ChargerCommandEvent;
