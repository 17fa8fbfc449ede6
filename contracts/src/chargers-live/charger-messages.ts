import { z } from 'zod';
import { authorizationOutcomeSchema } from '../charging/index';
import { CONNECTOR_STATUSES } from '../network/index';
import { FIRMWARE_STATUSES } from '../firmware/index';

/*
 * What a charger said, version-neutral: the gateway reads each call's OCPP 1.6 or 2.0.1 field names once
 * (ocpp-gateway/src/normalize) and publishes one of these on `ocpp.inbound`; nothing after the gateway reads OCPP
 * field names. Units are the network's: energy integer Wh, power integer W, state of charge integer %, times
 * ISO-8601 UTC with milliseconds. Connectors are the network's numbers: 1.6 connectorId, 2.0.1 evseId (one connector
 * per EVSE); 0 is the charger as a whole.
 */

const time = z.string();
const int = z.number().int();
const text = z.string().nullable();

/** One meter sample (one timestamp): the totals it carried, per phase values left out. */
export const meterSampleSchema = z.object({
  timestamp: time,
  /** Energy.Active.Import.Register: the absolute register (not the energy of this session). */
  energyWh: int.nullable(),
  /** Power.Active.Import. */
  powerW: int.nullable(),
  socPercent: int.nullable(),
});
export type MeterSample = z.infer<typeof meterSampleSchema>;

const samples = z.array(meterSampleSchema);

export const chargerMessageSchema = z.discriminatedUnion('type', [
  /** The charger's socket opened (the protocol is on the envelope). */
  z.object({ type: z.literal('Connected') }),
  z.object({ type: z.literal('Disconnected') }),
  /** Published by the projections' presence sweep: the charger was not heard from for too long. */
  z.object({ type: z.literal('Silent') }),
  z.object({ type: z.literal('Heartbeat') }),
  z.object({
    type: z.literal('Booted'),
    /** 2.0.1 BootReason; 1.6 gives none. */
    reason: text,
    vendor: z.string(),
    model: z.string(),
    serialNumber: text,
    firmwareVersion: text,
    iccid: text,
    imsi: text,
  }),
  z.object({
    type: z.literal('StatusReported'),
    connectorId: int.min(0),
    status: z.enum(CONNECTOR_STATUSES),
    /** The status as the charger named it (1.6 ChargePointStatus, 2.0.1 ConnectorStatus). */
    reportedStatus: z.string(),
    /** 1.6 errorCode other than NoError. */
    errorCode: text,
    /** 1.6 `info` and `vendorErrorCode` of that error (absent from an older gateway's messages). */
    errorInfo: text.optional(),
    vendorErrorCode: text.optional(),
  }),
  z.object({ type: z.literal('AuthorizeRequested'), idTag: z.string() }),
  /**
   * A transaction with a token on a connector: 1.6 StartTransaction (the gateway gives the transaction id); 2.0.1
   * every TransactionEvent Started or Updated that carries an idToken and an EVSE (a charger may start on the cable
   * and send the token later: repeats are the same start). `meterStartWh`: 1.6 meterStart; 2.0.1 the event's register
   * at its own time, else its first, else 0. `samples`: the event's own meter values.
   */
  z.object({
    type: z.literal('TransactionStarted'),
    transactionId: z.string(),
    connectorId: int,
    idTag: z.string(),
    meterStartWh: int,
    startedAt: time,
    samples,
  }),
  /** 1.6 MeterValues; 2.0.1 MeterValues (no transaction) and TransactionEvent Started / Updated without a token. */
  z.object({ type: z.literal('MeterValuesReported'), connectorId: int.nullable(), transactionId: z.string().nullable(), samples }),
  /**
   * 1.6 StopTransaction (`samples` its transactionData); 2.0.1 TransactionEvent Ended (`meterStopWh` the register of
   * its latest sample, null without one).
   */
  z.object({
    type: z.literal('TransactionEnded'),
    transactionId: z.string(),
    meterStopWh: int.nullable(),
    endedAt: time,
    reason: text,
    samples,
  }),
  z.object({ type: z.literal('DataTransfer'), vendorId: z.string(), messageId: text, data: z.unknown() }),
  /**
   * 1.6 DiagnosticsStatusNotification (no request id: the charger's latest request); 2.0.1 LogStatusNotification
   * (`requestId`). `status` in the network's words (UploadFailure and the 2.0.1 refusals are UploadFailed).
   */
  z.object({
    type: z.literal('DiagnosticsStatusReported'),
    status: z.enum(['Idle', 'Uploading', 'Uploaded', 'UploadFailed']),
    reportedStatus: z.string(),
    requestId: int.nullable(),
  }),
  /**
   * 1.6 and 2.0.1 FirmwareStatusNotification: the neutral status, the charger's own word, and (2.0.1) the request id
   * of the UpdateFirmware it is about (1.6 names none).
   */
  z.object({
    type: z.literal('FirmwareStatusReported'),
    status: z.enum(FIRMWARE_STATUSES),
    reportedStatus: z.string(),
    requestId: int.nullable(),
  }),
  /** A call with no meaning for the network yet (firmware, diagnostics, security events, reports...): a sign of life. */
  z.object({ type: z.literal('Notified'), action: z.string() }),
]);
export type ChargerMessage = z.infer<typeof chargerMessageSchema>;
export type ChargerMessageType = ChargerMessage['type'];
export type ChargerMessageOf<T extends ChargerMessageType> = Extract<ChargerMessage, { type: T }>;

/**
 * The envelope on `ocpp.inbound` (keyed by charger id, so one charger's messages stay in order). Idempotency rests on
 * it: OCPP-J message ids are unique only within one connection, so `<connectionId>/<messageId>` names a call.
 */
export const inboundChargerMessageSchema = z.object({
  chargerId: z.string(),
  /** The connection's subprotocol (`ocpp1.6`, `ocpp2.0.1`); empty for the presence sweep's Silent. */
  protocol: z.string(),
  connectionId: z.string(),
  /** The charger's OCPP message id; for Connected / Disconnected / Silent, derived from the connection id. */
  messageId: z.string(),
  receivedAt: time,
  /** The call carried a token the gateway asked the command side about: what the charger was told, and who decided. */
  authorization: authorizationOutcomeSchema.optional(),
  message: chargerMessageSchema,
});
export type InboundChargerMessage = z.infer<typeof inboundChargerMessageSchema>;

/** Connected, Disconnected and Silent describe the connection, not anything the charger said. */
export const isPresenceNote = (m: ChargerMessage): boolean => m.type === 'Connected' || m.type === 'Disconnected' || m.type === 'Silent';

/**
 * The projections' presence sweep's note for a charger shown online but not heard from for too long (its gateway
 * node may have died): its connection is taken as gone until that same connection speaks again.
 */
export const silentNote = (chargerId: string, connectionId: string, receivedAt: string): InboundChargerMessage => ({
  chargerId,
  protocol: '',
  connectionId,
  messageId: `${connectionId}$silent`,
  receivedAt,
  message: { type: 'Silent' },
});
