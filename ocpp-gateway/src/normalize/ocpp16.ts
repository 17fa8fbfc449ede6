import { firmwareStatusOf } from '@evc/contracts';
import type { ChargerMessageOf, ConnectorStatus, IdTokenStatus } from '@evc/contracts';
import type { Authorization } from '../authorizer';
import { SHARED_CALLS, bootAccepted, callTime, text, type InboundCall, type InboundCalls, type Json } from './common';
import { finite, meterSamples, unitScale } from './meter-values';

// OCPP 1.6 field names are read here and nowhere else after the socket (the other version: ocpp201.ts).

interface SampledValue {
  value: string;
  measurand?: string;
  phase?: string;
  unit?: string;
}
interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}
interface BootNotification {
  chargePointVendor: string;
  chargePointModel: string;
  chargePointSerialNumber?: string;
  chargeBoxSerialNumber?: string;
  firmwareVersion?: string;
  iccid?: string;
  imsi?: string;
}
interface StartTransaction {
  connectorId: number;
  idTag: string;
  meterStart: number;
  timestamp: string;
}
interface StopTransaction {
  transactionId: number;
  idTag?: string;
  meterStop: number;
  timestamp: string;
  reason?: string;
  transactionData?: MeterValue[];
}

/** ChargePointStatus → the network's connector status. */
const STATUS: Record<string, ConnectorStatus> = {
  Available: 'available',
  Preparing: 'preparing',
  Charging: 'charging',
  SuspendedEV: 'suspended',
  SuspendedEVSE: 'suspended',
  Finishing: 'finishing',
  Reserved: 'reserved',
  Unavailable: 'unavailable',
  Faulted: 'faulted',
};

const samplesOf = (meterValues: MeterValue[] | undefined) =>
  meterSamples(meterValues, (v: SampledValue) => finite(Number(v.value) * unitScale(v.unit)));

/** 1.6 AuthorizationStatus has no NoCredit: Blocked. */
export const toOcpp16Status = (status: IdTokenStatus): string => (status === 'NoCredit' ? 'Blocked' : status);
const idTagInfo = (a: Authorization): Json => ({
  idTagInfo: { status: toOcpp16Status(a.status), ...(a.expiryDate ? { expiryDate: a.expiryDate } : {}) },
});

const startTransaction: InboundCall<StartTransaction, ChargerMessageOf<'TransactionStarted'>> = {
  read: (p, facts) => ({
    type: 'TransactionStarted',
    // The gateway gives 1.6 transactions their id (a positive 31-bit integer); the same start again gets the same one.
    transactionId: String(facts.transactionIdFor(`${p.connectorId}|${p.idTag}|${p.timestamp}|${p.meterStart}`)),
    connectorId: p.connectorId,
    idTag: p.idTag,
    meterStartWh: p.meterStart,
    startedAt: callTime(p.timestamp),
    samples: [],
  }),
  ask: (p) => ({ idTag: p.idTag, connectorId: p.connectorId, purpose: 'transaction' }),
  answer: (_p, m, a) => ({ ...idTagInfo(a!), transactionId: Number(m.transactionId) }),
};

export const OCPP16_CALLS: InboundCalls = {
  ...SHARED_CALLS,
  BootNotification: {
    read: (p: BootNotification) => ({
      type: 'Booted',
      reason: null,
      vendor: p.chargePointVendor,
      model: p.chargePointModel,
      serialNumber: text(p.chargePointSerialNumber ?? p.chargeBoxSerialNumber),
      firmwareVersion: text(p.firmwareVersion),
      iccid: text(p.iccid),
      imsi: text(p.imsi),
    }),
    answer: bootAccepted,
  },
  /** Connector 0 is the charger itself. */
  StatusNotification: {
    read: (p: { connectorId: number; errorCode: string; status: string; info?: string; vendorErrorCode?: string }) => ({
      type: 'StatusReported',
      connectorId: p.connectorId,
      status: STATUS[p.status] ?? 'unknown',
      reportedStatus: p.status,
      errorCode: p.errorCode === 'NoError' ? null : text(p.errorCode),
      errorInfo: text(p.info),
      vendorErrorCode: text(p.vendorErrorCode),
    }),
  },
  Authorize: {
    read: (p: { idTag: string }) => ({ type: 'AuthorizeRequested', idTag: p.idTag }),
    ask: (p: { idTag: string }) => ({ idTag: p.idTag, connectorId: null, purpose: 'authorize' }),
    answer: (_p, _m, a) => idTagInfo(a!),
  },
  StartTransaction: startTransaction,
  MeterValues: {
    read: (p: { connectorId: number; transactionId?: number; meterValue: MeterValue[] }) => ({
      type: 'MeterValuesReported',
      connectorId: p.connectorId,
      transactionId: p.transactionId === undefined ? null : String(p.transactionId),
      samples: samplesOf(p.meterValue),
    }),
  },
  /** DiagnosticsStatus names no request: the command side takes the charger's latest. */
  DiagnosticsStatusNotification: {
    read: (p: { status: string }) => ({
      type: 'DiagnosticsStatusReported',
      status: p.status === 'Idle' || p.status === 'Uploading' || p.status === 'Uploaded' ? p.status : 'UploadFailed',
      reportedStatus: p.status,
      requestId: null,
    }),
  },
  StopTransaction: {
    read: (p: StopTransaction) => ({
      type: 'TransactionEnded',
      transactionId: String(p.transactionId),
      meterStopWh: p.meterStop,
      endedAt: callTime(p.timestamp),
      reason: p.reason ?? null,
      samples: samplesOf(p.transactionData),
    }),
    answer: (p: StopTransaction) => (p.idTag !== undefined ? { idTagInfo: { status: 'Accepted' } } : {}),
  },
  /** Replaces the shared table's Notified: a campaign follows each status. 1.6 names no request. */
  FirmwareStatusNotification: {
    read: (p: { status: string }) => ({
      type: 'FirmwareStatusReported',
      status: firmwareStatusOf(p.status),
      reportedStatus: p.status,
      requestId: null,
    }),
  },
};
