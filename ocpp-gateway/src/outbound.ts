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
