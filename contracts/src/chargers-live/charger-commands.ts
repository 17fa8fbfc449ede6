import { z } from 'zod';
import type { Actor } from '../shared/envelope';

/**
 * Commands staff send to a charger over OCPP. One network-level vocabulary; the gateway node that
 * holds the charger's socket translates it to the charger's protocol (1.6 or 2.0.1, see ocpp-gateway/README.md).
 */
const connectorId = z.number().int().min(1).max(99);
const reset = z.strictObject({ action: z.literal('Reset'), type: z.enum(['Soft', 'Hard']) });
const unlock = z.strictObject({ action: z.literal('UnlockConnector'), connectorId });
/** connectorId 0: the whole charger. */
const availability = z.strictObject({
  action: z.literal('ChangeAvailability'),
  connectorId: z.number().int().min(0).max(99),
  type: z.enum(['Operative', 'Inoperative']),
});
const trigger = z.strictObject({
  action: z.literal('TriggerMessage'),
  requestedMessage: z.enum(['BootNotification', 'Heartbeat', 'StatusNotification', 'MeterValues']),
  connectorId: connectorId.optional(),
});
/** No keys: all of them (1.6 only; a 2.0.1 charger needs the keys, as Component.Variable or Variable). */
const getConfiguration = z.strictObject({
  action: z.literal('GetConfiguration'),
  keys: z.array(z.string().min(1).max(100)).min(1).max(50).optional(),
});
const changeConfiguration = z.strictObject({
  action: z.literal('ChangeConfiguration'),
  key: z.string().min(1).max(100),
  value: z.string().max(500),
});
const idTag = z.string().regex(/^[A-Z0-9-]{4,20}$/);
/** 1.6 RemoteStartTransaction / 2.0.1 RequestStartTransaction (remoteStartId derived from the command). */
const remoteStart = z.strictObject({ action: z.literal('RemoteStartTransaction'), connectorId, idTag });
/** 1.6 RemoteStopTransaction (integer ids) / 2.0.1 RequestStopTransaction (string ids). */
const remoteStop = z.strictObject({ action: z.literal('RemoteStopTransaction'), transactionId: z.string().min(1).max(36) });
/** 1.6 ReserveNow / 2.0.1 ReserveNow (evseId, idToken). */
const reserveNow = z.strictObject({
  action: z.literal('ReserveNow'),
  connectorId,
  idTag,
  reservationId: z.number().int().min(1).max(2_147_483_647),
  expiryDate: z.iso.datetime(),
});
const cancelReservation = z.strictObject({
  action: z.literal('CancelReservation'),
  reservationId: z.number().int().min(1).max(2_147_483_647),
});
/**
 * The local authorisation list (1.6 SendLocalList / GetLocalListVersion, the same in 2.0.1): sent by the cards
 * context's list sync only, never by staff. `Full` replaces the charger's list; `Differential` changes these entries.
 */
const localListEntry = z.strictObject({ idTag, status: z.enum(['Accepted', 'Blocked']) });
const sendLocalList = z.strictObject({
  action: z.literal('SendLocalList'),
  listVersion: z.number().int().min(1).max(2_147_483_647),
  updateType: z.enum(['Full', 'Differential']),
  entries: z.array(localListEntry).max(10_000),
});
const getLocalListVersion = z.strictObject({ action: z.literal('GetLocalListVersion') });
export type LocalListEntry = z.infer<typeof localListEntry>;
/**
 * Smart charging's profiles (sent by the smart-charging context only, never by staff): a connector's power cap in W.
 * `TxProfile` caps one transaction (the charger's `transactionId`); `TxDefaultProfile` caps every transaction a
 * connector starts (connectorId 0: the whole charger), sent when a charger boots. The gateway derives the profile's
 * id and stack level from the purpose and connector, so a new limit replaces the old one on the charger.
 */
const setChargingProfile = z.strictObject({
  action: z.literal('SetChargingProfile'),
  connectorId: z.number().int().min(0).max(99),
  transactionId: z.string().min(1).max(36).optional(),
  purpose: z.enum(['TxProfile', 'TxDefaultProfile']),
  limitW: z.number().int().min(0).max(10_000_000),
  phases: z.number().int().min(1).max(3).optional(),
});
/** Removes smart charging's profiles of a connector (0: the whole charger), of one purpose or all. */
const clearChargingProfile = z.strictObject({
  action: z.literal('ClearChargingProfile'),
  connectorId: z.number().int().min(0).max(99),
  purpose: z.enum(['TxProfile', 'TxDefaultProfile']).optional(),
});
/**
 * A diagnostics request (the diagnostics context only; not a staff command of `chargers.send-command`): 1.6
 * GetDiagnostics {location, startTime, stopTime, retries}; 2.0.1 GetLog {logType DiagnosticsLog, requestId, log}.
 */
const getDiagnostics = z.strictObject({
  action: z.literal('GetDiagnostics'),
  location: z.url({ protocol: /^https?$/ }),
  requestId: z.number().int().min(1).max(2_147_483_647),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  retries: z.number().int().min(0).max(10).optional(),
});
export const diagnosticsCommandSchema = z.discriminatedUnion('action', [getDiagnostics]);
/**
 * A firmware update (the firmware context's campaigns only, never staff's own command): 1.6 UpdateFirmware
 * {location, retrieveDate}; 2.0.1 UpdateFirmware {requestId, firmware {location, retrieveDateTime}}. `location` is a
 * signed, expiring URL of this product for this charger alone.
 */
const updateFirmware = z.strictObject({
  action: z.literal('UpdateFirmware'),
  location: z.url().max(2000),
  retrieveDate: z.iso.datetime(),
  requestId: z.number().int().min(1).max(2_147_483_647),
});
export const firmwareCommandSchema = updateFirmware;
export const chargerCommandRequestSchema = z.discriminatedUnion('action', [
  reset,
  unlock,
  availability,
  trigger,
  getConfiguration,
  changeConfiguration,
  remoteStart,
  remoteStop,
  reserveNow,
  cancelReservation,
]);
/** The local list commands (the cards context's list sync only; not a staff command). */
export const localListCommandSchema = z.discriminatedUnion('action', [sendLocalList, getLocalListVersion]);
/** The charging profiles (the smart-charging context only; not a staff command). */
export const chargingProfileCommandSchema = z.discriminatedUnion('action', [setChargingProfile, clearChargingProfile]);
export type ChargingProfileCommand = z.infer<typeof chargingProfileCommandSchema>;
/** Every command the gateway sends to chargers: staff's and the charging context's, the local list's, and the other contexts' own. */
export type ChargerCommandRequest =
  | z.infer<typeof chargerCommandRequestSchema>
  | z.infer<typeof localListCommandSchema>
  | ChargingProfileCommand
  | z.infer<typeof diagnosticsCommandSchema>
  | z.infer<typeof firmwareCommandSchema>;
/** The actions staff (and charging sessions) send. */
export type ChargerCommandAction = z.infer<typeof chargerCommandRequestSchema>['action'];
export type AnyChargerCommandAction = ChargerCommandRequest['action'];

const ids = { commandId: z.uuid(), chargerId: z.string().regex(/^[A-Za-z0-9_-]{3,48}$/) };
/** Body of `chargers.send-command`: the request's fields, the charger, and a client-chosen command id (idempotent). */
export const sendChargerCommandSchema = z.discriminatedUnion('action', [
  reset.extend(ids),
  unlock.extend(ids),
  availability.extend(ids),
  trigger.extend(ids),
  getConfiguration.extend(ids),
  changeConfiguration.extend(ids),
  remoteStart.extend(ids),
  remoteStop.extend(ids),
  reserveNow.extend(ids),
  cancelReservation.extend(ids),
]);
export type SendChargerCommand = z.infer<typeof sendChargerCommandSchema>;

/** `sent` is not a status of its own: a sent command stays `pending` until the charger answers. */
export const CHARGER_COMMAND_STATUSES = ['pending', 'accepted', 'rejected', 'not_supported', 'offline', 'timeout', 'error'] as const;
export type ChargerCommandStatus = (typeof CHARGER_COMMAND_STATUSES)[number];
export type ChargerCommandOutcome = Exclude<ChargerCommandStatus, 'pending'>;

/** No gateway node took the command within this time: `offline` (the gateway drops commands older than this). */
export const COMMAND_OFFLINE_AFTER_MS = 5_000;
/** A charger that does not answer a sent command within this time: `timeout`. */
export const COMMAND_TIMEOUT_MS = 30_000;
/**
 * The gateway reports a command `sent` only when the charger has not answered it within this time (well before
 * COMMAND_OFFLINE_AFTER_MS); an answer that comes sooner carries `sentAt` and stands for both.
 */
export const COMMAND_SENT_REPORT_AFTER_MS = 1_000;

/** On `ocpp.outbound`, keyed by charger id: every gateway node receives it; the one holding the socket sends it. */
export interface OutboundOcppCommand {
  commandId: string;
  chargerId: string;
  request: ChargerCommandRequest;
  requestedAt: string;
  /** Set when a charging session asked (remote start/stop): the result is also recorded on `session-<id>`. */
  sessionId?: string;
}

/**
 * On `ocpp.outbound.results`, keyed by charger id. `sent`: a node holds the socket and sent the call, and the charger
 * has not answered within COMMAND_SENT_REPORT_AFTER_MS (the command stays pending); anything else is the outcome.
 * Published by the gateway, and by the projections' command sweep for `offline` (no node took it) and `timeout` (the
 * node that sent it died).
 */
export interface OutboundOcppResult {
  commandId: string;
  chargerId: string;
  status: 'sent' | ChargerCommandOutcome;
  /** The OCPP action actually sent (e.g. GetVariables for GetConfiguration on 2.0.1) and the protocol. */
  ocppAction: string | null;
  protocol: string | null;
  /** The charger's CALLRESULT payload, or the CALLERROR details. */
  response: unknown;
  /** For `error`: the OCPP error code and description; for other failures, why. */
  error: string | null;
  at: string;
  /**
   * On an outcome the gateway had not reported `sent` before (the charger answered within
   * COMMAND_SENT_REPORT_AFTER_MS): when it sent the call. The outcome then stands for `sent` too (one result
   * message, and one append, fewer a command).
   */
  sentAt?: string;
  /** Echoed from the command. */
  sessionId?: string;
}

export const chargerCommandViewSchema = z.object({
  commandId: z.string(),
  chargerId: z.string(),
  action: z.string(),
  request: z.record(z.string(), z.unknown()),
  status: z.enum(CHARGER_COMMAND_STATUSES),
  ocppAction: z.string().nullable(),
  protocol: z.string().nullable(),
  response: z.unknown(),
  error: z.string().nullable(),
  requestedBy: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  /** Why it was sent: a staff note, or the cause smart charging recorded for a profile. */
  reason: z.string().nullable(),
  requestedAt: z.string(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type ChargerCommandView = z.infer<typeof chargerCommandViewSchema> & { requestedBy: Actor & { name: string | null } };

export const ocppCommandsQuerySchema = z.object({
  chargerId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{3,48}$/)
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  position: z.coerce.number().int().min(0).optional(),
});
export type OcppCommandsQuery = z.infer<typeof ocppCommandsQuerySchema>;
