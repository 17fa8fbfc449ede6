import { describe, expect, it } from 'vitest';
import { outcomeOf, outcomeOfCallError, toOcppCall } from './outbound';

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
