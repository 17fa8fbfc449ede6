import { describe, expect, it } from 'vitest';
import type { RegisterStation, SetPricing } from '@evc/contracts';
import { fold } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { pricingDecider, serialDecider, stationDecider } from './network.deciders';

const station: RegisterStation = {
  stationId: 'cai-test',
  nameEn: 'Test Station',
  nameAr: 'محطة اختبار',
  governorateId: 'eg-c',
  location: { lat: 30.05, lng: 31.24 },
  addressEn: 'Tahrir Square',
  addressAr: 'ميدان التحرير',
};

describe('station decider', () => {
  it('given no history, when registering, then StationRegistered', () => {
    expect(stationDecider.decide(station, stationDecider.initialState)).toEqual([{ type: 'StationRegistered', data: station }]);
  });

  it('given the same registration, when repeated, then nothing new (a safe retry)', () => {
    const state = fold(stationDecider, [{ type: 'StationRegistered', data: station }]);
    expect(stationDecider.decide(station, state)).toEqual([]);
  });

  it('given a station, when another registration uses its id, then station_exists', () => {
    const state = fold(stationDecider, [{ type: 'StationRegistered', data: station }]);
    const attempt = () => stationDecider.decide({ ...station, nameEn: 'Other Name' }, state);
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'network.station_exists' }));
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
