import { firmwareStatusOf } from '@evc/contracts';
import type { ChargerMessage, ConnectorStatus, MeterSample } from '@evc/contracts';
import type { Authorization } from '../authorizer';
import { SHARED_CALLS, bootAccepted, callTime, text, type InboundCall, type InboundCalls, type Json } from './common';
import { finite, meterSamples, unitScale } from './meter-values';

// OCPP 2.0.1 field names are read here and nowhere else after the socket (the other version: ocpp16.ts). The network
// numbers connectors by EVSE: a 2.0.1 evseId is the network's connector number (one connector per EVSE).

interface SampledValue {
  value: number;
  measurand?: string;
  phase?: string;
  unitOfMeasure?: { unit?: string; multiplier?: number };
}
interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}
interface IdToken {
  idToken: string;
  type: string;
}
interface BootNotification {
  reason: string;
  chargingStation: {
    model: string;
    vendorName: string;
    serialNumber?: string;
    firmwareVersion?: string;
    modem?: { iccid?: string; imsi?: string };
  };
}
interface TransactionEvent {
  eventType: 'Started' | 'Updated' | 'Ended';
  timestamp: string;
  transactionInfo: { transactionId: string; stoppedReason?: string };
  idToken?: IdToken;
  evse?: { id: number };
  meterValue?: MeterValue[];
}

/** ConnectorStatusEnumType → the network's connector status (Occupied: plugged in or in use). */
const STATUS: Record<string, ConnectorStatus> = {
  Available: 'available',
  Occupied: 'preparing',
  Reserved: 'reserved',
  Unavailable: 'unavailable',
  Faulted: 'faulted',
};

const valueOf = (v: SampledValue): number | null => {
  const multiplier = v.unitOfMeasure?.multiplier;
  return finite(v.value * (multiplier === undefined ? 1 : 10 ** multiplier) * unitScale(v.unitOfMeasure?.unit));
};
const samplesOf = (meterValues: MeterValue[] | undefined) => meterSamples(meterValues, valueOf);

const idTokenInfo = (a: Authorization): Json => ({
  idTokenInfo: { status: a.status, ...(a.expiryDate ? { cacheExpiryDateTime: a.expiryDate } : {}) },
});

const withEnergy = (samples: MeterSample[]) => samples.filter((s) => s.energyWh !== null);
/** The register at the event's own time, else its first one, else 0. */
const registerAt = (samples: MeterSample[], at: string): number => {
  const registers = withEnergy(samples);
  return (registers.find((s) => s.timestamp === at) ?? registers[0])?.energyWh ?? 0;
};
/** The register of the latest sample by time, null without one. */
const latestRegister = (samples: MeterSample[]): number | null =>
  withEnergy(samples).reduce<MeterSample | null>((latest, s) => (latest === null || s.timestamp >= latest.timestamp ? s : latest), null)
    ?.energyWh ?? null;

/**
 * Ended ends; Started or Updated with an idToken and an EVSE is a start (a charger may start on the cable and send the
 * token in a later Updated; the command side takes repeats as the same start); anything else is meter values.
 */
function transactionMessage(p: TransactionEvent): ChargerMessage {
  const transactionId = p.transactionInfo.transactionId;
  const at = callTime(p.timestamp);
  const samples = samplesOf(p.meterValue);
  const connectorId = p.evse?.id ?? null;
  if (p.eventType === 'Ended') {
    return {
      type: 'TransactionEnded',
      transactionId,
      meterStopWh: latestRegister(samples),
      endedAt: at,
      reason: p.transactionInfo.stoppedReason ?? null,
      samples,
    };
  }
  if (p.idToken && connectorId !== null) {
    return {
      type: 'TransactionStarted',
      transactionId,
      connectorId,
      idTag: p.idToken.idToken,
      meterStartWh: registerAt(samples, at),
      startedAt: at,
      samples,
    };
  }
  return { type: 'MeterValuesReported', connectorId, transactionId, samples };
}

const transactionEvent: InboundCall<TransactionEvent> = {
  read: transactionMessage,
  /** The charger chooses the transaction id; an idToken (at the start or later) is checked with the command side. */
  ask: (p) =>
    p.idToken && p.idToken.type !== 'NoAuthorization'
      ? { idTag: p.idToken.idToken, connectorId: p.evse?.id ?? null, purpose: 'transaction' }
      : null,
  answer: (_p, _m, a) => (a ? idTokenInfo(a) : {}),
};

export const OCPP201_CALLS: InboundCalls = {
  ...SHARED_CALLS,
  BootNotification: {
    read: ({ reason, chargingStation: s }: BootNotification) => ({
      type: 'Booted',
      reason: text(reason),
      vendor: s.vendorName,
      model: s.model,
      serialNumber: text(s.serialNumber),
      firmwareVersion: text(s.firmwareVersion),
      iccid: text(s.modem?.iccid),
      imsi: text(s.modem?.imsi),
    }),
    answer: bootAccepted,
  },
  StatusNotification: {
    read: (p: { connectorStatus: string; evseId: number }) => ({
      type: 'StatusReported',
      connectorId: p.evseId,
      status: STATUS[p.connectorStatus] ?? 'unknown',
      reportedStatus: p.connectorStatus,
      errorCode: null,
    }),
  },
  Authorize: {
    read: (p: { idToken: IdToken }) => ({ type: 'AuthorizeRequested', idTag: p.idToken.idToken }),
    ask: (p: { idToken: IdToken }) => ({ idTag: p.idToken.idToken, connectorId: null, purpose: 'authorize' }),
    answer: (_p, _m, a) => idTokenInfo(a!),
  },
  TransactionEvent: transactionEvent,
  /** Not a transaction's: evseId 0 is the charger's main meter. */
  MeterValues: {
    read: (p: { evseId: number; meterValue: MeterValue[] }) => ({
      type: 'MeterValuesReported',
      connectorId: p.evseId,
      transactionId: null,
      samples: samplesOf(p.meterValue),
    }),
  },
  /** UploadLogStatusEnumType: UploadFailure and the refusals (BadMessage, NotSupportedOperation, PermissionDenied) fail it. */
  LogStatusNotification: {
    read: (p: { status: string; requestId?: number }) => ({
      type: 'DiagnosticsStatusReported',
      status: p.status === 'Idle' || p.status === 'Uploading' || p.status === 'Uploaded' ? p.status : 'UploadFailed',
      reportedStatus: p.status,
      requestId: p.requestId ?? null,
    }),
  },
  /** Replaces the shared table's Notified: a campaign follows each status, by the UpdateFirmware's requestId. */
  FirmwareStatusNotification: {
    read: (p: { status: string; requestId?: number }) => ({
      type: 'FirmwareStatusReported',
      status: firmwareStatusOf(p.status),
      reportedStatus: p.status,
      requestId: p.requestId ?? null,
    }),
  },
};
