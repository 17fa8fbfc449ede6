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
});
