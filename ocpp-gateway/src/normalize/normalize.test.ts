import { describe, expect, it } from 'vitest';
import { chargerMessageSchema, type ChargerMessage } from '@evc/contracts';
import type { Authorization } from '../authorizer';
import { INBOUND_CALLS } from './index';

const facts = { transactionIdFor: () => 42 };
const callOf = (protocol: string, action: string) => {
  const call = INBOUND_CALLS[protocol]![action];
  if (!call) throw new Error(`${protocol} ${action} is not handled`);
  return call;
};
const read = (protocol: string, action: string, params: unknown) => callOf(protocol, action).read(params as never, facts);
const ask = (protocol: string, action: string, params: unknown) => callOf(protocol, action).ask?.(params as never) ?? null;
const answer = (protocol: string, action: string, params: unknown, authorization: Authorization | null) =>
  callOf(protocol, action).answer?.(params as never, read(protocol, action, params), authorization) ?? {};

const T = '2026-01-01T10:00:00Z';
const iso = (minutes: number) => new Date(Date.parse(T) + minutes * 60_000).toISOString();
const sample = (minutes: number, energyWh: number | null, powerW: number | null = null, socPercent: number | null = null) => ({
  timestamp: iso(minutes),
  energyWh,
  powerW,
  socPercent,
});

type Row = [action: string, frame: unknown, message: ChargerMessage];

/** Every row's message also satisfies the contract's schema (what the command side parses). */
function checkTable(protocol: string, rows: Row[]) {
  it.each(rows)('%s', (action, frame, message) => {
    const translated = read(protocol, action, frame);
    expect(translated).toEqual(message);
    expect(chargerMessageSchema.parse(translated)).toEqual(message);
  });
}

describe('OCPP 1.6 frames → version-neutral messages', () => {
  checkTable('ocpp1.6', [
    [
      'BootNotification',
      {
        chargePointVendor: 'Delta',
        chargePointModel: 'DC Wallbox',
        chargeBoxSerialNumber: 'SB-1',
        firmwareVersion: 'f1',
        iccid: '8920',
        imsi: '6020',
      },
      {
        type: 'Booted',
        reason: null,
        vendor: 'Delta',
        model: 'DC Wallbox',
        serialNumber: 'SB-1',
        firmwareVersion: 'f1',
        iccid: '8920',
        imsi: '6020',
      },
    ],
    ['Heartbeat', {}, { type: 'Heartbeat' }],
    [
      'StatusNotification',
      { connectorId: 2, errorCode: 'GroundFailure', status: 'SuspendedEV', info: 'RCD tripped', vendorErrorCode: 'E-417' },
      {
        type: 'StatusReported',
        connectorId: 2,
        status: 'suspended',
        reportedStatus: 'SuspendedEV',
        errorCode: 'GroundFailure',
        errorInfo: 'RCD tripped',
        vendorErrorCode: 'E-417',
      },
    ],
    [
      'StatusNotification',
      { connectorId: 0, errorCode: 'NoError', status: 'Unavailable' },
      {
        type: 'StatusReported',
        connectorId: 0,
        status: 'unavailable',
        reportedStatus: 'Unavailable',
        errorCode: null,
        errorInfo: null,
        vendorErrorCode: null,
      },
    ],
    ['Authorize', { idTag: 'TAG1' }, { type: 'AuthorizeRequested', idTag: 'TAG1' }],
    [
      'StartTransaction',
      { connectorId: 1, idTag: 'TAG1', meterStart: 1500, timestamp: T },
      {
        type: 'TransactionStarted',
        transactionId: '42',
        connectorId: 1,
        idTag: 'TAG1',
        meterStartWh: 1500,
        startedAt: iso(0),
        samples: [],
      },
    ],
    [
      'MeterValues',
      {
        connectorId: 1,
        transactionId: 42,
        meterValue: [
          // No measurand: the energy register; power in kW; SoC rounded; a value per phase is left out.
          {
            timestamp: iso(1),
            sampledValue: [
              { value: '2500' },
              { value: '7.2', measurand: 'Power.Active.Import', unit: 'kW' },
              { value: '55.4', measurand: 'SoC', unit: 'Percent' },
              { value: '9', phase: 'L1' },
            ],
          },
          {
            timestamp: iso(2),
            sampledValue: [
              { value: '3.1', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
              { value: '7000', measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
          { timestamp: iso(3), sampledValue: [{ value: '60', measurand: 'SoC' }] },
          // Nothing the network reads (a voltage, a value that is not a number): no sample.
          { timestamp: iso(4), sampledValue: [{ value: '230', measurand: 'Voltage', unit: 'V' }, { value: 'n/a' }] },
        ],
      },
      {
        type: 'MeterValuesReported',
        connectorId: 1,
        transactionId: '42',
        samples: [sample(1, 2500, 7200, 55), sample(2, 3100, 7000), sample(3, null, null, 60)],
      },
    ],
    [
      'MeterValues',
      { connectorId: 0, meterValue: [{ timestamp: T, sampledValue: [{ value: '12' }] }] },
      { type: 'MeterValuesReported', connectorId: 0, transactionId: null, samples: [sample(0, 12)] },
    ],
    [
      'StopTransaction',
      {
        transactionId: 42,
        idTag: 'TAG1',
        meterStop: 9000,
        timestamp: iso(60),
        reason: 'Remote',
        transactionData: [{ timestamp: iso(59), sampledValue: [{ value: '8.9', unit: 'kWh' }] }],
      },
      { type: 'TransactionEnded', transactionId: '42', meterStopWh: 9000, endedAt: iso(60), reason: 'Remote', samples: [sample(59, 8900)] },
    ],
    [
      'StopTransaction',
      { transactionId: 7, meterStop: 10, timestamp: T },
      { type: 'TransactionEnded', transactionId: '7', meterStopWh: 10, endedAt: iso(0), reason: null, samples: [] },
    ],
    [
      'DataTransfer',
      { vendorId: 'com.example', messageId: 'x', data: 'y' },
      { type: 'DataTransfer', vendorId: 'com.example', messageId: 'x', data: 'y' },
    ],
    [
      'DiagnosticsStatusNotification',
      { status: 'Uploading' },
      { type: 'DiagnosticsStatusReported', status: 'Uploading', reportedStatus: 'Uploading', requestId: null },
    ],
    [
      'DiagnosticsStatusNotification',
      { status: 'UploadFailed' },
      { type: 'DiagnosticsStatusReported', status: 'UploadFailed', reportedStatus: 'UploadFailed', requestId: null },
    ],
    [
      'FirmwareStatusNotification',
      { status: 'Installed' },
      { type: 'FirmwareStatusReported', status: 'installed', reportedStatus: 'Installed', requestId: null },
    ],
    [
      'FirmwareStatusNotification',
      { status: 'DownloadFailed' },
      { type: 'FirmwareStatusReported', status: 'download-failed', reportedStatus: 'DownloadFailed', requestId: null },
    ],
  ]);
});

describe('OCPP 2.0.1 frames → version-neutral messages', () => {
  const tx = (eventType: string, minutes: number, extra: Record<string, unknown> = {}) => ({
    eventType,
    timestamp: iso(minutes),
    triggerReason: 'MeterValuePeriodic',
    seqNo: 0,
    transactionInfo: { transactionId: 'tx-a' },
    ...extra,
  });
  const register = (minutes: number, value: number, unitOfMeasure?: object) => ({
    timestamp: iso(minutes),
    sampledValue: [{ value, measurand: 'Energy.Active.Import.Register', ...(unitOfMeasure ? { unitOfMeasure } : {}) }],
  });
  const token = { idToken: { idToken: 'TAG1', type: 'ISO14443' }, evse: { id: 2, connectorId: 1 } };
  checkTable('ocpp2.0.1', [
    [
      'BootNotification',
      {
        reason: 'PowerUp',
        chargingStation: {
          vendorName: 'ABB',
          model: 'Terra 54',
          serialNumber: 'S-9',
          firmwareVersion: 'f2',
          modem: { iccid: 'i2', imsi: 's2' },
        },
      },
      {
        type: 'Booted',
        reason: 'PowerUp',
        vendor: 'ABB',
        model: 'Terra 54',
        serialNumber: 'S-9',
        firmwareVersion: 'f2',
        iccid: 'i2',
        imsi: 's2',
      },
    ],
    // The EVSE is the network's connector.
    [
      'StatusNotification',
      { timestamp: T, connectorStatus: 'Occupied', evseId: 2, connectorId: 1 },
      { type: 'StatusReported', connectorId: 2, status: 'preparing', reportedStatus: 'Occupied', errorCode: null },
    ],
    ['Authorize', { idToken: { idToken: 'TAG1', type: 'ISO14443' } }, { type: 'AuthorizeRequested', idTag: 'TAG1' }],
    [
      'TransactionEvent',
      { ...tx('Started', 0, token), meterValue: [register(-1, 650), register(0, 700)] },
      {
        type: 'TransactionStarted',
        transactionId: 'tx-a',
        connectorId: 2,
        idTag: 'TAG1',
        meterStartWh: 700,
        startedAt: iso(0),
        samples: [sample(-1, 650), sample(0, 700)],
      },
    ],
    // Started on the cable, the token comes later: meter values until then, then a start with that event's register.
    [
      'TransactionEvent',
      { ...tx('Started', 0, { evse: { id: 2 } }), meterValue: [register(0, 700)] },
      { type: 'MeterValuesReported', connectorId: 2, transactionId: 'tx-a', samples: [sample(0, 700)] },
    ],
    [
      'TransactionEvent',
      { ...tx('Updated', 1, token), meterValue: [register(1, 900)] },
      {
        type: 'TransactionStarted',
        transactionId: 'tx-a',
        connectorId: 2,
        idTag: 'TAG1',
        meterStartWh: 900,
        startedAt: iso(1),
        samples: [sample(1, 900)],
      },
    ],
    [
      'TransactionEvent',
      {
        ...tx('Updated', 5),
        meterValue: [
          {
            timestamp: iso(5),
            sampledValue: [
              { value: 1.5, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh', multiplier: 3 } },
              { value: 11, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'kW' } },
            ],
          },
        ],
      },
      { type: 'MeterValuesReported', connectorId: null, transactionId: 'tx-a', samples: [sample(5, 1500, 11_000)] },
    ],
    [
      'TransactionEvent',
      {
        ...tx('Ended', 30, { transactionInfo: { transactionId: 'tx-a', stoppedReason: 'EVDisconnected' } }),
        meterValue: [register(30, 5.7, { unit: 'kWh' }), register(29, 5600)],
      },
      {
        type: 'TransactionEnded',
        transactionId: 'tx-a',
        meterStopWh: 5700,
        endedAt: iso(30),
        reason: 'EVDisconnected',
        samples: [sample(30, 5700), sample(29, 5600)],
      },
    ],
    [
      'TransactionEvent',
      tx('Ended', 30),
      { type: 'TransactionEnded', transactionId: 'tx-a', meterStopWh: null, endedAt: iso(30), reason: null, samples: [] },
    ],
    [
      'MeterValues',
      { evseId: 0, meterValue: [register(0, 42_000)] },
      { type: 'MeterValuesReported', connectorId: 0, transactionId: null, samples: [sample(0, 42_000)] },
    ],
    ['DataTransfer', { vendorId: 'com.example' }, { type: 'DataTransfer', vendorId: 'com.example', messageId: null, data: null }],
    ['NotifyReport', { requestId: 1, generatedAt: T, seqNo: 0 }, { type: 'Notified', action: 'NotifyReport' }],
    [
      'LogStatusNotification',
      { status: 'Uploaded', requestId: 7 },
      { type: 'DiagnosticsStatusReported', status: 'Uploaded', reportedStatus: 'Uploaded', requestId: 7 },
    ],
    [
      'LogStatusNotification',
      { status: 'PermissionDenied', requestId: 7 },
      { type: 'DiagnosticsStatusReported', status: 'UploadFailed', reportedStatus: 'PermissionDenied', requestId: 7 },
    ],
    [
      'FirmwareStatusNotification',
      { status: 'InstallRebooting', requestId: 7 },
      { type: 'FirmwareStatusReported', status: 'installing', reportedStatus: 'InstallRebooting', requestId: 7 },
    ],
    [
      'FirmwareStatusNotification',
      { status: 'InvalidSignature', requestId: 7 },
      { type: 'FirmwareStatusReported', status: 'install-failed', reportedStatus: 'InvalidSignature', requestId: 7 },
    ],
  ]);
});

describe('tokens the charger waits on, and the answers on the wire', () => {
  const noCredit: Authorization = { status: 'NoCredit', expiryDate: '2030-01-01T00:00:00.000Z', source: 'command-side' };
  const start16 = { connectorId: 1, idTag: 'TAG1', meterStart: 0, timestamp: T };
  const event201 = {
    eventType: 'Started',
    timestamp: T,
    triggerReason: 'Authorized',
    seqNo: 0,
    transactionInfo: { transactionId: 'tx-b' },
    evse: { id: 3 },
  };

  it('1.6: Authorize and StartTransaction ask; NoCredit is said Blocked; the transaction id is a number', () => {
    expect(ask('ocpp1.6', 'Authorize', { idTag: 'TAG1' })).toEqual({ idTag: 'TAG1', connectorId: null, purpose: 'authorize' });
    expect(ask('ocpp1.6', 'StartTransaction', start16)).toEqual({ idTag: 'TAG1', connectorId: 1, purpose: 'transaction' });
    expect(answer('ocpp1.6', 'Authorize', { idTag: 'TAG1' }, noCredit)).toEqual({
      idTagInfo: { status: 'Blocked', expiryDate: noCredit.expiryDate },
    });
    expect(answer('ocpp1.6', 'StartTransaction', start16, { ...noCredit, status: 'Accepted', expiryDate: null })).toEqual({
      idTagInfo: { status: 'Accepted' },
      transactionId: 42,
    });
    expect(answer('ocpp1.6', 'StopTransaction', { transactionId: 42, idTag: 'TAG1', meterStop: 1, timestamp: T }, null)).toEqual({
      idTagInfo: { status: 'Accepted' },
    });
    expect(answer('ocpp1.6', 'StopTransaction', { transactionId: 42, meterStop: 1, timestamp: T }, null)).toEqual({});
  });

  it('2.0.1: a TransactionEvent asks only with a real idToken; NoCredit is said as it is', () => {
    expect(ask('ocpp2.0.1', 'TransactionEvent', event201)).toBeNull();
    expect(ask('ocpp2.0.1', 'TransactionEvent', { ...event201, idToken: { idToken: '', type: 'NoAuthorization' } })).toBeNull();
    expect(ask('ocpp2.0.1', 'TransactionEvent', { ...event201, idToken: { idToken: 'TAG1', type: 'Central' } })).toEqual({
      idTag: 'TAG1',
      connectorId: 3,
      purpose: 'transaction',
    });
    expect(answer('ocpp2.0.1', 'Authorize', { idToken: { idToken: 'TAG1', type: 'Central' } }, noCredit)).toEqual({
      idTokenInfo: { status: 'NoCredit', cacheExpiryDateTime: noCredit.expiryDate },
    });
    expect(answer('ocpp2.0.1', 'TransactionEvent', event201, null)).toEqual({});
  });

  it('both: boot accepted with the heartbeat interval, DataTransfer UnknownVendorId', () => {
    for (const protocol of ['ocpp1.6', 'ocpp2.0.1']) {
      expect(answer(protocol, 'Heartbeat', {}, null)).toEqual({ currentTime: expect.any(String) });
      expect(answer(protocol, 'DataTransfer', { vendorId: 'x' }, null)).toEqual({ status: 'UnknownVendorId' });
    }
    expect(answer('ocpp1.6', 'BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' }, null)).toEqual({
      status: 'Accepted',
      currentTime: expect.any(String),
      interval: 60,
    });
  });
});
