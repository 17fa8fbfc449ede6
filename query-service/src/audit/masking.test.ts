import { describe, expect, it } from 'vitest';
import { fieldsOf, masked, maskOf, streamSeenBy } from './masking';

const staff = { personalData: false, contact: false, frames: false };
const manager = { personalData: true, contact: true, frames: true };
/** Sees customers but not contact requests (the seeded Viewer role). */
const customersOnly = { personalData: true, contact: false, frames: false };

describe('masking an event for its viewer', () => {
  it('never shows secrets, to anyone', () => {
    for (const key of ['passwordHash', 'secretHash', 'tokenHash', 'apiKey', 'refreshToken', 'password']) {
      expect(maskOf(key, 'account-1', manager), key).toBe('secret');
    }
  });

  it('shows personal data only to staff who may read customers; a station address is not personal', () => {
    for (const key of [
      'email',
      'phone',
      'firstName',
      'lastName',
      'fullName',
      'customerName',
      'referenceName',
      'deliveryAddress',
      'idTag',
      'idToken',
      'cardId',
    ]) {
      expect(maskOf(key, 'account-1', staff), key).toBe('personal');
      expect(maskOf(key, 'account-1', manager), key).toBeNull();
    }
    expect(maskOf('addressEn', 'station-st-1', staff)).toBeNull();
    expect(maskOf('addressEn', 'card-request-1', staff)).toBe('personal');
    for (const key of ['to', 'details', 'message', 'text']) expect(maskOf(key, 'charger-1', staff), key).toBeNull();
    for (const key of ['amount', 'transactionId', 'chargerId', 'nameEn', 'name', 'iccid'])
      expect(maskOf(key, 'charger-1', staff), key).toBeNull();
  });

  it('shows what a contact request holds only to staff who manage contact requests, whatever else they may read', () => {
    for (const key of ['fullName', 'email', 'title', 'details', 'to', 'message', 'text', 'error']) {
      expect(maskOf(key, 'contact-request-1', staff), key).toBe('contact');
      expect(maskOf(key, 'contact-request-1', customersOnly), key).toBe('contact');
      expect(maskOf(key, 'contact-request-1', manager), key).toBeNull();
    }
    expect(maskOf('status', 'contact-request-1', staff)).toBeNull();
  });

  it('masks a charging token in a stream name or an item cause, whatever its kind, without customers.read', () => {
    for (const stream of ['id-token-CARD-0001', 'id-token-APP-9f3c', 'id-token-ses-123e4567', 'card-CARD-0001']) {
      expect(streamSeenBy(stream, staff), stream).toBe(stream.startsWith('card-') ? 'card-***' : 'id-token-***');
      expect(streamSeenBy(stream, manager), stream).toBe(stream);
    }
    expect(streamSeenBy('id-token:CARD-0001', staff)).toBe('id-token:***');
    for (const stream of ['card-request-1', 'card-customer-1', 'session-1', 'charger-tx-CP1-5', 'local-auth-list'])
      expect(streamSeenBy(stream, staff), stream).toBe(stream);
  });

  it('flattens a payload to dotted fields, masking a whole object under a personal key', () => {
    const data = {
      amount: 500,
      reference: { type: 'session', id: 's-1' },
      address: { line1: 'Tahrir 1', city: 'Cairo' },
      readings: [{ energyWh: 10 }, { energyWh: 20 }],
      tags: [],
      passwordHash: 'x',
    };
    expect(fieldsOf(data, 'wallet-1', staff)).toEqual({
      truncated: false,
      fields: [
        { path: 'amount', value: 500, masked: null },
        { path: 'reference.type', value: 'session', masked: null },
        { path: 'reference.id', value: 's-1', masked: null },
        { path: 'address', value: null, masked: 'personal' },
        { path: 'readings.0.energyWh', value: 10, masked: null },
        { path: 'readings.1.energyWh', value: 20, masked: null },
        { path: 'tags', value: '[]', masked: null },
        { path: 'passwordHash', value: null, masked: 'secret' },
      ],
    });
    expect(fieldsOf(data, 'wallet-1', manager).fields.find((f) => f.path === 'address.city')).toEqual({
      path: 'address.city',
      value: 'Cairo',
      masked: null,
    });
  });

  it('caps very large payloads and says so', () => {
    const big = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]));
    const { fields, truncated } = fieldsOf(big, 'charger-command-1', staff);
    expect(fields).toHaveLength(200);
    expect(truncated).toBe(true);
  });

  it('masks OCPP payloads the same way (a card tag in a frame)', () => {
    expect(masked({ connectorId: 1, idTag: 'CARD-1', idTagInfo: { status: 'Accepted' } }, 'ocpp', staff)).toEqual({
      connectorId: 1,
      idTag: null,
      idTagInfo: { status: 'Accepted' },
    });
    expect(masked({ idTag: 'CARD-1' }, 'ocpp', manager)).toEqual({ idTag: 'CARD-1' });
  });
});
