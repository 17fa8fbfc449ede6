import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { chargingProfileIdOf, outcomeOf, outcomeOfCallError, toOcppCall } from './outbound';

describe('network commands as OCPP calls', () => {
  it('keeps 1.6 names and maps 2.0.1 fields', () => {
    expect(toOcppCall({ action: 'Reset', type: 'Soft' }, 'ocpp1.6')).toEqual({ action: 'Reset', payload: { type: 'Soft' } });
    expect(toOcppCall({ action: 'Reset', type: 'Soft' }, 'ocpp2.0.1')).toEqual({ action: 'Reset', payload: { type: 'OnIdle' } });
    expect(toOcppCall({ action: 'ChangeAvailability', connectorId: 2, type: 'Operative' }, 'ocpp2.0.1')).toEqual({
      action: 'ChangeAvailability',
      payload: { operationalStatus: 'Operative', evse: { id: 2 } },
    });
    expect(toOcppCall({ action: 'TriggerMessage', requestedMessage: 'Heartbeat' }, 'ocpp1.6')).toEqual({
      action: 'TriggerMessage',
      payload: { requestedMessage: 'Heartbeat' },
    });
    expect(toOcppCall({ action: 'GetConfiguration' }, 'ocpp1.6')).toEqual({ action: 'GetConfiguration', payload: {} });
    expect(toOcppCall({ action: 'GetConfiguration', keys: ['A.B', 'C'] }, 'ocpp2.0.1')).toEqual({
      action: 'GetVariables',
      payload: {
        getVariableData: [
          { component: { name: 'A' }, variable: { name: 'B' } },
          { component: { name: 'ChargingStation' }, variable: { name: 'C' } },
        ],
      },
    });
    expect(toOcppCall({ action: 'GetConfiguration' }, 'ocpp2.0.1')).toHaveProperty('unsupported');
  });

  it('reads both versions’ answers', () => {
    expect(outcomeOf('Reset', { status: 'Scheduled' })).toBe('accepted');
    expect(outcomeOf('TriggerMessage', { status: 'NotImplemented' })).toBe('not_supported');
    expect(outcomeOf('UnlockConnector', { status: 'UnlockFailed' })).toBe('rejected');
    expect(outcomeOf('ChangeConfiguration', { status: 'RebootRequired' })).toBe('accepted');
    expect(outcomeOf('SetVariables', { setVariableResult: [{ attributeStatus: 'UnknownVariable' }] })).toBe('not_supported');
    expect(outcomeOfCallError('GenericError')).toBe('error');
  });

  it('sends UpdateFirmware in both versions and reads its answers', () => {
    const request = {
      action: 'UpdateFirmware' as const,
      location: 'https://evc.example/firmware/t0k3n',
      retrieveDate: '2030-01-01T00:00:00.000Z',
      requestId: 12,
    };
    expect(toOcppCall(request, 'ocpp1.6')).toEqual({
      action: 'UpdateFirmware',
      payload: { location: request.location, retrieveDate: request.retrieveDate },
    });
    expect(toOcppCall(request, 'ocpp2.0.1')).toEqual({
      action: 'UpdateFirmware',
      payload: { requestId: 12, firmware: { location: request.location, retrieveDateTime: request.retrieveDate } },
    });
    expect(outcomeOf('UpdateFirmware', {})).toBe('accepted');
    expect(outcomeOf('UpdateFirmware', { status: 'Accepted' })).toBe('accepted');
    expect(outcomeOf('UpdateFirmware', { status: 'InvalidCertificate' })).toBe('rejected');
  });

  it('asks 1.6 for GetDiagnostics and 2.0.1 for GetLog, and reads their answers', () => {
    const request = {
      action: 'GetDiagnostics',
      location: 'https://evc.example/diagnostics-upload/CP-1/abc',
      requestId: 3,
      from: '2026-01-01T00:00:00.000Z',
    } as const;
    expect(toOcppCall(request, 'ocpp1.6')).toEqual({
      action: 'GetDiagnostics',
      payload: { location: request.location, startTime: request.from },
    });
    expect(toOcppCall({ ...request, retries: 2 }, 'ocpp2.0.1')).toEqual({
      action: 'GetLog',
      payload: {
        logType: 'DiagnosticsLog',
        requestId: 3,
        retries: 2,
        log: { remoteLocation: request.location, oldestTimestamp: request.from },
      },
    });
    expect(outcomeOf('GetDiagnostics', { fileName: 'diag.txt' })).toBe('accepted');
    expect(outcomeOf('GetDiagnostics', {})).toBe('rejected');
    expect(outcomeOf('GetLog', { status: 'AcceptedCanceled' })).toBe('accepted');
    expect(outcomeOf('GetLog', { status: 'Rejected' })).toBe('rejected');
  });
});

describe('charging profiles as OCPP calls', () => {
  const validators = createRequire(import.meta.url)('ocpp-rpc/lib/standard-validators') as {
    subprotocol: string;
    validate(schemaId: string, params: unknown): boolean;
  }[];
  /** The call as the protocol's own JSON schema checks it (what a strict charger validates). */
  const valid = (protocol: string, call: ReturnType<typeof toOcppCall>) => {
    if (!('action' in call)) throw new Error(call.unsupported);
    return validators.find((v) => v.subprotocol === protocol)!.validate(`urn:${call.action}.req`, call.payload);
  };
  const tx = { action: 'SetChargingProfile', connectorId: 2, transactionId: '42', purpose: 'TxProfile', limitW: 10_000 } as const;
  const byDefault = { action: 'SetChargingProfile', connectorId: 0, purpose: 'TxDefaultProfile', limitW: 0 } as const;

  it('1.6: csChargingProfiles in W, the integer transaction id for a TxProfile, one id per purpose and connector', () => {
    const call = toOcppCall(tx, 'ocpp1.6');
    expect(call).toEqual({
      action: 'SetChargingProfile',
      payload: {
        connectorId: 2,
        csChargingProfiles: {
          chargingProfileId: chargingProfileIdOf('TxProfile', 2),
          transactionId: 42,
          stackLevel: 1,
          chargingProfilePurpose: 'TxProfile',
          chargingProfileKind: 'Relative',
          chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 10_000 }] },
        },
      },
    });
    expect(valid('ocpp1.6', call)).toBe(true);
    expect(valid('ocpp1.6', toOcppCall(byDefault, 'ocpp1.6'))).toBe(true);
    expect(toOcppCall({ ...tx, transactionId: 'abc' }, 'ocpp1.6')).toHaveProperty('unsupported');
    expect(toOcppCall({ ...tx, transactionId: undefined }, 'ocpp1.6')).toHaveProperty('unsupported');
    expect(valid('ocpp1.6', toOcppCall({ action: 'ClearChargingProfile', connectorId: 2, purpose: 'TxProfile' }, 'ocpp1.6'))).toBe(true);
  });

  it('2.0.1: the EVSE, the transaction id as it is, the schedule as a list', () => {
    const call = toOcppCall(tx, 'ocpp2.0.1');
    expect(call).toMatchObject({
      action: 'SetChargingProfile',
      payload: {
        evseId: 2,
        chargingProfile: { transactionId: '42', chargingProfilePurpose: 'TxProfile', chargingSchedule: [{ chargingRateUnit: 'W' }] },
      },
    });
    expect(valid('ocpp2.0.1', call)).toBe(true);
    expect(valid('ocpp2.0.1', toOcppCall(byDefault, 'ocpp2.0.1'))).toBe(true);
    const clear = toOcppCall({ action: 'ClearChargingProfile', connectorId: 0 }, 'ocpp2.0.1');
    expect(clear).toEqual({ action: 'ClearChargingProfile', payload: { chargingProfileCriteria: {} } });
    expect(valid('ocpp2.0.1', clear)).toBe(true);
  });

  it('reads the answers: Unknown to a clear means nothing was left', () => {
    expect(outcomeOf('SetChargingProfile', { status: 'Accepted' })).toBe('accepted');
    expect(outcomeOf('SetChargingProfile', { status: 'NotSupported' })).toBe('not_supported');
    expect(outcomeOf('SetChargingProfile', { status: 'Rejected' })).toBe('rejected');
    expect(outcomeOf('ClearChargingProfile', { status: 'Unknown' })).toBe('accepted');
  });
});
