import { describe, expect, it } from 'vitest';
import type { RegisterCharger, RegisterStation, SetPricing } from '@evc/contracts';
import { fold } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { chargerDecider, pricingDecider, serialDecider, stationDecider, type ChargerEvent, type StationEvent } from './network.deciders';

const station: RegisterStation = {
  stationId: 'cai-test',
  nameEn: 'Test Station',
  nameAr: 'محطة اختبار',
  governorateId: 'eg-c',
  location: { lat: 30.05, lng: 31.24 },
  addressEn: 'Tahrir Square',
  addressAr: 'ميدان التحرير',
};
const registered: StationEvent = { type: 'StationRegistered', data: station };

describe('station decider', () => {
  it('given no history, when registering, then StationRegistered', () => {
    expect(stationDecider.decide({ kind: 'create', data: station }, stationDecider.initialState)).toEqual([registered]);
  });

  it('given the same registration, when repeated, then nothing new (a safe retry)', () => {
    expect(stationDecider.decide({ kind: 'create', data: station }, fold(stationDecider, [registered]))).toEqual([]);
  });

  it('given a station, when another registration uses its id, then station_exists', () => {
    const attempt = () => stationDecider.decide({ kind: 'create', data: { ...station, nameEn: 'Other Name' } }, fold(stationDecider, [registered]));
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'network.station_exists' }));
  });

  it('given a station with chargers, when deleted, then StationDeleted names them, and no charger can join afterwards', () => {
    const state = fold(stationDecider, [registered, { type: 'ChargerAttached', data: { stationId: 'cai-test', chargerId: 'CP-1' } }]);
    expect(stationDecider.decide({ kind: 'delete' }, state)).toEqual([{ type: 'StationDeleted', data: { stationId: 'cai-test', chargerIds: ['CP-1'] } }]);
    const deleted = fold(stationDecider, [registered, { type: 'StationDeleted', data: { stationId: 'cai-test', chargerIds: [] } }]);
    expect(() => stationDecider.decide({ kind: 'attach', chargerId: 'CP-2' }, deleted)).toThrow(expect.objectContaining({ code: 'network.station_not_found' }));
    expect(() => stationDecider.decide({ kind: 'update', data: station }, deleted)).toThrow(expect.objectContaining({ code: 'network.station_not_found' }));
  });

  it('given a station, when updated with the same data, then nothing; with new data, then StationUpdated', () => {
    const state = fold(stationDecider, [registered]);
    expect(stationDecider.decide({ kind: 'update', data: station }, state)).toEqual([]);
    expect(stationDecider.decide({ kind: 'update', data: { ...station, nameEn: 'Renamed' } }, state)).toEqual([{ type: 'StationUpdated', data: { ...station, nameEn: 'Renamed' } }]);
  });
});

const charger: RegisterCharger = {
  chargerId: 'CP-1',
  stationId: 'cai-test',
  serialNumber: 'SN-1',
  model: 'AC Max 22',
  vendor: 'Delta',
  ocppVersion: '1.6',
  secretHash: 'a'.repeat(64),
  connectors: [{ connectorId: 1, code: 'A1', type: 'Type2', current: 'AC', maxPowerKw: 22 }],
};
const chargerRegistered: ChargerEvent = { type: 'ChargerRegistered', data: charger };

describe('charger decider', () => {
  it('given a charger, when another registration uses its id, then charger_exists ("Charger already exists")', () => {
    expect(() => chargerDecider.decide({ kind: 'register', data: { ...charger, serialNumber: 'SN-2' } }, fold(chargerDecider, [chargerRegistered]))).toThrow(
      expect.objectContaining({ code: 'network.charger_exists', message: 'Charger already exists' }),
    );
  });

  it('given a charger, when deleted, then ChargerMarkedDeleted (modelState 3); it stays taken and cannot change', () => {
    const state = fold(chargerDecider, [chargerRegistered]);
    const events = chargerDecider.decide({ kind: 'delete' }, state);
    expect(events).toEqual([{ type: 'ChargerMarkedDeleted', data: { chargerId: 'CP-1', stationId: 'cai-test' } }]);
    const deleted = fold(chargerDecider, [chargerRegistered, ...events]);
    expect(chargerDecider.decide({ kind: 'delete' }, deleted)).toEqual([]);
    expect(() => chargerDecider.decide({ kind: 'register', data: charger }, deleted)).toThrow(expect.objectContaining({ code: 'network.charger_exists' }));
    expect(() => chargerDecider.decide({ kind: 'rotate-secret', secretHash: 'b'.repeat(64) }, deleted)).toThrow(expect.objectContaining({ code: 'network.charger_deleted' }));
  });

  it('given a charger, when its connectors change, then ChargerUpdated; unchanged fields cause nothing', () => {
    const state = fold(chargerDecider, [chargerRegistered]);
    const { stationId: _s, secretHash: _h, ...fields } = charger;
    expect(chargerDecider.decide({ kind: 'update', data: fields }, state)).toEqual([]);
    const more = { ...fields, connectors: [...fields.connectors, { connectorId: 2, code: 'A2', type: 'Type2' as const, current: 'AC' as const, maxPowerKw: 22 }] };
    expect(chargerDecider.decide({ kind: 'update', data: more }, state)).toEqual([{ type: 'ChargerUpdated', data: more }]);
  });

  it('given no charger, when updating or deleting, then charger_not_found', () => {
    expect(() => chargerDecider.decide({ kind: 'delete' }, chargerDecider.initialState)).toThrow(expect.objectContaining({ code: 'network.charger_not_found' }));
  });
});

describe('charger serial reservation', () => {
  it('refuses a second charger with the same serial ("Charger already exists")', () => {
    const state = fold(serialDecider, [{ type: 'ChargerSerialReserved', data: { serialNumber: 'SN-1', chargerId: 'CP-1' } }]);
    expect(serialDecider.decide({ serialNumber: 'SN-1', chargerId: 'CP-1' }, state)).toEqual([]);
    expect(() => serialDecider.decide({ serialNumber: 'SN-1', chargerId: 'CP-2' }, state)).toThrow(
      expect.objectContaining({ code: 'network.charger_exists', message: 'Charger already exists' }),
    );
  });

  it('a released serial is free again; only its holder releases it', () => {
    const reserved = { type: 'ChargerSerialReserved' as const, data: { serialNumber: 'SN-1', chargerId: 'CP-1' } };
    expect(serialDecider.decide({ serialNumber: 'SN-1', chargerId: 'CP-2', release: true }, fold(serialDecider, [reserved]))).toEqual([]);
    const released = serialDecider.decide({ serialNumber: 'SN-1', chargerId: 'CP-1', release: true }, fold(serialDecider, [reserved]));
    expect(serialDecider.decide({ serialNumber: 'SN-1', chargerId: 'CP-2' }, fold(serialDecider, [reserved, ...released]))).toHaveLength(1);
  });
});

describe('pricing decider', () => {
  const prices: SetPricing = { acPricePerKwh: 189, dcPricePerKwh: 375, minimumCharge: 2000, bookingFeePerMinute: 50, effectiveFrom: '2026-01-01T00:00:00.000Z' };

  it('records every change and skips a repeat of the prices in force', () => {
    const first = pricingDecider.decide(prices, pricingDecider.initialState);
    expect(first).toEqual([{ type: 'PricingSet', data: prices }]);
    const state = fold(pricingDecider, first);
    expect(pricingDecider.decide(prices, state)).toEqual([]);
    const raised = { ...prices, dcPricePerKwh: 450 };
    expect(pricingDecider.decide(raised, state)).toEqual([{ type: 'PricingSet', data: raised }]);
  });
});
