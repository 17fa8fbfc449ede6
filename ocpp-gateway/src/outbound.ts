import type { ChargerCommandOutcome, ChargerCommandRequest } from '@evc/contracts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

/** The OCPP call for a network command on a charger speaking `protocol`, or why it cannot be sent. */
export type OcppCall = { action: string; payload: Json } | { unsupported: string };

/** `Component.Variable` (or a bare variable name, of the ChargingStation component) as a 2.0.1 component/variable pair. */
function componentVariable(key: string): { component: { name: string }; variable: { name: string } } {
  const dot = key.indexOf('.');
  return dot > 0
    ? { component: { name: key.slice(0, dot) }, variable: { name: key.slice(dot + 1) } }
    : { component: { name: 'ChargingStation' }, variable: { name: key } };
}

/**
 * Network command → OCPP call. 1.6 takes the names as they are. 2.0.1 (the network numbers connectors by EVSE, one
 * connector per EVSE, as for StatusNotification): Reset Soft/Hard → OnIdle/Immediate; UnlockConnector n →
 * {evseId: n, connectorId: 1}; ChangeAvailability → {operationalStatus, evse: {id: n}} (no evse for 0, the whole
 * station); TriggerMessage connector n → evse {id: n}; GetConfiguration → GetVariables (keys required);
 * ChangeConfiguration → SetVariables with one Actual value.
 */
export function toOcppCall(request: ChargerCommandRequest, protocol: string, commandId = ''): OcppCall {
  const v201 = protocol === 'ocpp2.0.1';
  switch (request.action) {
    case 'Reset':
      return { action: 'Reset', payload: v201 ? { type: request.type === 'Hard' ? 'Immediate' : 'OnIdle' } : { type: request.type } };
    case 'UnlockConnector':
      return {
        action: 'UnlockConnector',
        payload: v201 ? { evseId: request.connectorId, connectorId: 1 } : { connectorId: request.connectorId },
      };
    case 'ChangeAvailability':
      if (!v201) return { action: 'ChangeAvailability', payload: { connectorId: request.connectorId, type: request.type } };
      return {
        action: 'ChangeAvailability',
        payload: { operationalStatus: request.type, ...(request.connectorId > 0 ? { evse: { id: request.connectorId } } : {}) },
      };
    case 'TriggerMessage': {
      const { requestedMessage, connectorId } = request;
      if (!v201) return { action: 'TriggerMessage', payload: { requestedMessage, ...(connectorId !== undefined ? { connectorId } : {}) } };
      return {
        action: 'TriggerMessage',
        payload: { requestedMessage, ...(connectorId !== undefined ? { evse: { id: connectorId } } : {}) },
      };
    }
    case 'GetConfiguration':
      if (!v201) return { action: 'GetConfiguration', payload: request.keys ? { key: request.keys } : {} };
      if (!request.keys?.length) return { unsupported: 'OCPP 2.0.1 reads configuration by key (GetVariables): name the keys' };
      return { action: 'GetVariables', payload: { getVariableData: request.keys.map(componentVariable) } };
    case 'ChangeConfiguration':
      if (!v201) return { action: 'ChangeConfiguration', payload: { key: request.key, value: request.value } };
      return {
        action: 'SetVariables',
        payload: { setVariableData: [{ attributeValue: request.value, ...componentVariable(request.key) }] },
      };
    case 'RemoteStartTransaction':
      if (!v201) return { action: 'RemoteStartTransaction', payload: { connectorId: request.connectorId, idTag: request.idTag } };
      return {
        action: 'RequestStartTransaction',
        payload: {
          idToken: { idToken: request.idTag, type: 'Central' },
          evseId: request.connectorId,
          remoteStartId: remoteStartIdOf(commandId),
        },
      };
    case 'RemoteStopTransaction': {
      if (v201) return { action: 'RequestStopTransaction', payload: { transactionId: request.transactionId } };
      const id = Number(request.transactionId);
      if (!Number.isSafeInteger(id)) return { unsupported: 'OCPP 1.6 transaction ids are integers' };
      return { action: 'RemoteStopTransaction', payload: { transactionId: id } };
    }
    case 'ReserveNow':
      if (!v201)
        return {
          action: 'ReserveNow',
          payload: {
            connectorId: request.connectorId,
            expiryDate: request.expiryDate,
            idTag: request.idTag,
            reservationId: request.reservationId,
          },
        };
      return {
        action: 'ReserveNow',
        payload: {
          id: request.reservationId,
          expiryDateTime: request.expiryDate,
          idToken: { idToken: request.idTag, type: 'Central' },
          evseId: request.connectorId,
        },
      };
    case 'CancelReservation':
      return { action: 'CancelReservation', payload: { reservationId: request.reservationId } };
    case 'SendLocalList':
      return sendLocalListCall(request, v201);
    case 'GetLocalListVersion':
      return { action: 'GetLocalListVersion', payload: {} };
    case 'SetChargingProfile':
      return setChargingProfileCall(request, v201);
    case 'ClearChargingProfile': {
      const { connectorId, purpose } = request;
      if (!v201)
        return { action: 'ClearChargingProfile', payload: { connectorId, ...(purpose ? { chargingProfilePurpose: purpose } : {}) } };
      const criteria = { ...(connectorId > 0 ? { evseId: connectorId } : {}), ...(purpose ? { chargingProfilePurpose: purpose } : {}) };
      return { action: 'ClearChargingProfile', payload: { chargingProfileCriteria: criteria } };
    }
    case 'GetDiagnostics':
      return getDiagnosticsCall(request, v201);
    case 'UpdateFirmware':
      return updateFirmwareCall(request, v201);
  }
}

/** UpdateFirmware: 1.6 `{location, retrieveDate}`; 2.0.1 `{requestId, firmware: {location, retrieveDateTime}}`. */
function updateFirmwareCall(request: Extract<ChargerCommandRequest, { action: 'UpdateFirmware' }>, v201: boolean): OcppCall {
  if (!v201) return { action: 'UpdateFirmware', payload: { location: request.location, retrieveDate: request.retrieveDate } };
  return {
    action: 'UpdateFirmware',
    payload: { requestId: request.requestId, firmware: { location: request.location, retrieveDateTime: request.retrieveDate } },
  };
}

/**
 * Smart charging's profile ids and stack levels, one per purpose and connector: a new limit for a connector replaces
 * its previous profile on the charger (same id), and a transaction's profile stacks above the connector's default.
 */
export const chargingProfileIdOf = (purpose: 'TxProfile' | 'TxDefaultProfile', connectorId: number): number =>
  (purpose === 'TxProfile' ? 200 : 100) + connectorId;
const STACK_LEVEL = { TxDefaultProfile: 0, TxProfile: 1 } as const;

/**
 * SetChargingProfile, an absolute cap in W from now on. 1.6: `{connectorId, csChargingProfiles: {chargingProfileId,
 * transactionId (integer, TxProfile only), stackLevel, chargingProfilePurpose, chargingProfileKind, chargingSchedule:
 * {chargingRateUnit, chargingSchedulePeriod}}}`; 2.0.1: `{evseId, chargingProfile: {id, …, transactionId,
 * chargingSchedule: [{id, chargingRateUnit, chargingSchedulePeriod}]}}` (one connector per EVSE).
 */
function setChargingProfileCall(request: Extract<ChargerCommandRequest, { action: 'SetChargingProfile' }>, v201: boolean): OcppCall {
  const { connectorId, transactionId, purpose, limitW, phases } = request;
  const id = chargingProfileIdOf(purpose, connectorId);
  const period = { startPeriod: 0, limit: limitW, ...(phases ? { numberPhases: phases } : {}) };
  const base = { stackLevel: STACK_LEVEL[purpose], chargingProfilePurpose: purpose, chargingProfileKind: 'Relative' };
  if (purpose === 'TxProfile' && !transactionId) return { unsupported: "A transaction's profile names its transaction" };
  if (!v201) {
    const tx = purpose === 'TxProfile' ? Number(transactionId) : undefined;
    if (tx !== undefined && !Number.isSafeInteger(tx)) return { unsupported: 'OCPP 1.6 transaction ids are integers' };
    return {
      action: 'SetChargingProfile',
      payload: {
        connectorId,
        csChargingProfiles: {
          chargingProfileId: id,
          ...(tx !== undefined ? { transactionId: tx } : {}),
          ...base,
          chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [period] },
        },
      },
    };
  }
  return {
    action: 'SetChargingProfile',
    payload: {
      evseId: connectorId,
      chargingProfile: {
        id,
        ...base,
        ...(purpose === 'TxProfile' ? { transactionId } : {}),
        chargingSchedule: [{ id, chargingRateUnit: 'W', chargingSchedulePeriod: [period] }],
      },
    },
  };
}

/**
 * SendLocalList: 1.6 `{listVersion, updateType, localAuthorizationList: [{idTag, idTagInfo: {status}}]}`; 2.0.1
 * `{versionNumber, updateType, localAuthorizationList: [{idToken: {idToken, type: ISO14443}, idTokenInfo: {status}}]}`
 * (cards are RFID cards: ISO14443).
 */
function sendLocalListCall(request: Extract<ChargerCommandRequest, { action: 'SendLocalList' }>, v201: boolean): OcppCall {
  if (!v201) {
    const localAuthorizationList = request.entries.map((e) => ({ idTag: e.idTag, idTagInfo: { status: e.status } }));
    return {
      action: 'SendLocalList',
      payload: {
        listVersion: request.listVersion,
        updateType: request.updateType,
        ...(localAuthorizationList.length > 0 ? { localAuthorizationList } : {}),
      },
    };
  }
  const localAuthorizationList = request.entries.map((e) => ({
    idToken: { idToken: e.idTag, type: 'ISO14443' },
    idTokenInfo: { status: e.status },
  }));
  return {
    action: 'SendLocalList',
    payload: {
      versionNumber: request.listVersion,
      updateType: request.updateType,
      ...(localAuthorizationList.length > 0 ? { localAuthorizationList } : {}),
    },
  };
}

/** 2.0.1 remoteStartId: a positive 31-bit integer derived from the command id (the charger echoes it in TransactionEvent). */
export function remoteStartIdOf(commandId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < commandId.length; i++) h = Math.imul(h ^ commandId.charCodeAt(i), 0x01000193);
  return h >>> 1 || 1;
}

/**
 * A diagnostics request: 1.6 GetDiagnostics `{location, startTime?, stopTime?, retries?}`; 2.0.1 GetLog
 * `{logType: DiagnosticsLog, requestId, retries?, log: {remoteLocation, oldestTimestamp?, latestTimestamp?}}`.
 */
function getDiagnosticsCall(request: Extract<ChargerCommandRequest, { action: 'GetDiagnostics' }>, v201: boolean): OcppCall {
  const retries = request.retries === undefined ? {} : { retries: request.retries };
  if (!v201) {
    return {
      action: 'GetDiagnostics',
      payload: {
        location: request.location,
        ...(request.from ? { startTime: request.from } : {}),
        ...(request.to ? { stopTime: request.to } : {}),
        ...retries,
      },
    };
  }
  return {
    action: 'GetLog',
    payload: {
      logType: 'DiagnosticsLog',
      requestId: request.requestId,
      ...retries,
      log: {
        remoteLocation: request.location,
        ...(request.from ? { oldestTimestamp: request.from } : {}),
        ...(request.to ? { latestTimestamp: request.to } : {}),
      },
    },
  };
}

/** The network status of a charger's CALLRESULT to `ocppAction` (both protocols' status values). */
export function outcomeOf(ocppAction: string, response: unknown): ChargerCommandOutcome {
  const r = obj(response);
  const status = String(r.status ?? '');
  switch (ocppAction) {
    case 'GetConfiguration':
    case 'GetVariables':
    case 'GetLocalListVersion':
      return 'accepted'; // the answer carries the values (and unknown keys), or the list version
    case 'SetVariables': {
      const first = obj((r.setVariableResult as unknown[] | undefined)?.[0]);
      const s = String(first.attributeStatus ?? '');
      if (s === 'Accepted' || s === 'RebootRequired') return 'accepted';
      return s === 'Rejected' ? 'rejected' : 'not_supported'; // UnknownComponent, UnknownVariable, NotSupportedAttributeType
    }
    case 'ClearChargingProfile':
      return status === 'Accepted' || status === 'Unknown' ? 'accepted' : 'rejected'; // Unknown: nothing was left to clear
    case 'GetDiagnostics':
      // 1.6 answers only the name of the file it will upload; none means it has nothing to upload
      return typeof r.fileName === 'string' && r.fileName !== '' ? 'accepted' : 'rejected';
    case 'GetLog':
      return status === 'Accepted' || status === 'AcceptedCanceled' ? 'accepted' : 'rejected';
    case 'UpdateFirmware':
      // 1.6 answers an empty object (taken); 2.0.1 Accepted, AcceptedCanceled, Rejected, InvalidCertificate, RevokedCertificate
      if (status === '' || status === 'Accepted' || status === 'AcceptedCanceled') return 'accepted';
      return 'rejected';
    case 'UnlockConnector':
      if (status === 'Unlocked') return 'accepted';
      return status === 'NotSupported' ? 'not_supported' : 'rejected'; // UnlockFailed, OngoingAuthorizedTransaction, UnknownConnector
    default:
      // Reset, ChangeAvailability, TriggerMessage, ChangeConfiguration: Accepted | Scheduled | RebootRequired | Rejected | NotImplemented | NotSupported
      if (status === 'Accepted' || status === 'Scheduled' || status === 'RebootRequired') return 'accepted';
      if (status === 'NotImplemented' || status === 'NotSupported') return 'not_supported';
      return 'rejected';
  }
}

/** A CALLERROR: NotImplemented / NotSupported mean the charger does not do this (`not_supported`); others `error`. */
export const outcomeOfCallError = (code: string): ChargerCommandOutcome =>
  code === 'NotImplemented' || code === 'NotSupported' ? 'not_supported' : 'error';
