import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSIONS, schemaVersionOf, upcastEvent, type Upcaster } from './upcasting';

const v1 = {
  type: 'ConnectorStatusChanged',
  data: {
    chargerId: 'CP-1',
    connectionId: 'c1',
    messageId: 'm1',
    connectorId: 1,
    status: 'faulted',
    ocppStatus: 'Faulted',
    errorCode: 'GroundFailure',
    at: '2026-01-01T00:00:00.000Z',
  },
  metadata: { schemaVersion: 1, correlationId: 'c', causationId: 'c1/m1' },
};

describe('event schema versions and upcasting', () => {
  it('writes ConnectorStatusChanged at version 2 and every unchanged type at 1', () => {
    expect(schemaVersionOf('ConnectorStatusChanged')).toBe(2);
    expect(schemaVersionOf('WalletDebited')).toBe(1);
    expect(CURRENT_SCHEMA_VERSIONS).toEqual({ ConnectorStatusChanged: 2 });
  });

  it('upcasts a stored version-1 ConnectorStatusChanged to version 2: errorCode becomes the fault', () => {
    const up = upcastEvent(v1);
    expect(up.metadata).toEqual({ ...v1.metadata, schemaVersion: 2 });
    expect(up.data).toEqual({
      chargerId: 'CP-1',
      connectionId: 'c1',
      messageId: 'm1',
      connectorId: 1,
      status: 'faulted',
      ocppStatus: 'Faulted',
      error: { code: 'GroundFailure', info: null, vendorErrorCode: null },
      at: v1.data.at,
    });
    expect(v1.data).toHaveProperty('errorCode', 'GroundFailure'); // the stored event is not touched
    const noFault = upcastEvent({ ...v1, data: { ...v1.data, errorCode: null } });
    expect(noFault.data).toMatchObject({ error: null });
    expect(noFault.data).not.toHaveProperty('errorCode');
  });

  it('leaves current events and other types alone (same object)', () => {
    const current = { ...v1, data: { ...v1.data, error: null }, metadata: { ...v1.metadata, schemaVersion: 2 } };
    expect(upcastEvent(current)).toBe(current);
    const other = { type: 'WalletDebited', data: { amount: 1 }, metadata: { schemaVersion: 1 } };
    expect(upcastEvent(other)).toBe(other);
  });

  it('applies a chain of upcasters in order, from the stored version up', () => {
    const chain: Upcaster[] = [
      { type: 'PricingSet', fromVersion: 2, upcast: (d) => ({ ...(d as object), step: `${(d as { step: string }).step}>3` }) },
      { type: 'PricingSet', fromVersion: 1, upcast: (d) => ({ ...(d as object), step: '2' }) },
    ];
    const event = { type: 'PricingSet', data: { step: '1' }, metadata: { schemaVersion: 1 } };
    expect(upcastEvent(event, chain)).toEqual({ type: 'PricingSet', data: { step: '2>3' }, metadata: { schemaVersion: 3 } });
    expect(upcastEvent({ ...event, data: { step: '2' }, metadata: { schemaVersion: 2 } }, chain).data).toEqual({ step: '2>3' });
  });
});
