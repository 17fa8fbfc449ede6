import { describe, it } from 'vitest';
import type { RegisterCharger, RegisterStation, SetPricing } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
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
const stations = DeciderSpecification.for(stationDecider);

describe('station decider', () => {
  it('given no history, when registering, then StationRegistered', () => {
    stations.given([]).when({ kind: 'create', data: station }).then([registered]);
  });

  it('given the same registration, when repeated, then nothing new (a safe retry)', () => {
    stations.given([registered]).when({ kind: 'create', data: station }).thenNothingHappened();
  });

  it('given a station, when another registration uses its id, then station_exists', () => {
    stations
      .given([registered])
      .when({ kind: 'create', data: { ...station, nameEn: 'Other Name' } })
      .thenThrows('network.station_exists');
  });

  it('given a station with chargers, when deleted, then StationDeleted names them, and no charger can join afterwards', () => {
    stations
      .given([registered, { type: 'ChargerAttached', data: { stationId: 'cai-test', chargerId: 'CP-1' } }])
      .when({ kind: 'delete' })
      .then([{ type: 'StationDeleted', data: { stationId: 'cai-test', chargerIds: ['CP-1'] } }]);
    const deleted = stations.given([registered, { type: 'StationDeleted', data: { stationId: 'cai-test', chargerIds: [] } }]);
    deleted.when({ kind: 'attach', chargerId: 'CP-2' }).thenThrows('network.station_not_found');
    deleted.when({ kind: 'update', data: station }).thenThrows('network.station_not_found');
  });

  it('given a station, when updated with the same data, then nothing; with new data, then StationUpdated', () => {
    stations.given([registered]).when({ kind: 'update', data: station }).thenNothingHappened();
    stations
      .given([registered])
      .when({ kind: 'update', data: { ...station, nameEn: 'Renamed' } })
      .then([{ type: 'StationUpdated', data: { ...station, nameEn: 'Renamed' } }]);
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
const chargers = DeciderSpecification.for(chargerDecider);

describe('charger decider', () => {
  it('given a charger, when another registration uses its id, then charger_exists ("Charger already exists")', () => {
    chargers
      .given([chargerRegistered])
      .when({ kind: 'register', data: { ...charger, serialNumber: 'SN-2' } })
      .thenThrows('network.charger_exists', { message: 'Charger already exists' });
  });

  it('given a charger, when deleted, then ChargerMarkedDeleted (modelState 3); it stays taken and cannot change', () => {
    const events = chargers
      .given([chargerRegistered])
      .when({ kind: 'delete' })
      .then([{ type: 'ChargerMarkedDeleted', data: { chargerId: 'CP-1', stationId: 'cai-test' } }]);
    const deleted = chargers.given([chargerRegistered, ...events]);
    deleted.when({ kind: 'delete' }).thenNothingHappened();
    deleted.when({ kind: 'register', data: charger }).thenThrows('network.charger_exists');
    deleted.when({ kind: 'rotate-secret', secretHash: 'b'.repeat(64) }).thenThrows('network.charger_deleted');
  });

  it('given a charger, when its connectors change, then ChargerUpdated; unchanged fields cause nothing', () => {
    const { stationId: _s, secretHash: _h, ...fields } = charger;
    chargers.given([chargerRegistered]).when({ kind: 'update', data: fields }).thenNothingHappened();
    const more = {
      ...fields,
      connectors: [...fields.connectors, { connectorId: 2, code: 'A2', type: 'Type2' as const, current: 'AC' as const, maxPowerKw: 22 }],
    };
    chargers
      .given([chargerRegistered])
      .when({ kind: 'update', data: more })
      .then([{ type: 'ChargerUpdated', data: more }]);
  });

  it('given no charger, when updating or deleting, then charger_not_found', () => {
    chargers.given([]).when({ kind: 'delete' }).thenThrows('network.charger_not_found');
  });
});

describe('charger serial reservation', () => {
  const serials = DeciderSpecification.for(serialDecider);
  const reserved = { type: 'ChargerSerialReserved' as const, data: { serialNumber: 'SN-1', chargerId: 'CP-1' } };

  it('refuses a second charger with the same serial ("Charger already exists")', () => {
    serials.given([reserved]).when({ serialNumber: 'SN-1', chargerId: 'CP-1' }).thenNothingHappened();
    serials
      .given([reserved])
      .when({ serialNumber: 'SN-1', chargerId: 'CP-2' })
      .thenThrows('network.charger_exists', { message: 'Charger already exists' });
  });

  it('a released serial is free again; only its holder releases it', () => {
    serials.given([reserved]).when({ serialNumber: 'SN-1', chargerId: 'CP-2', release: true }).thenNothingHappened();
    serials
      .given([reserved])
      .when({ serialNumber: 'SN-1', chargerId: 'CP-1', release: true }, { serialNumber: 'SN-1', chargerId: 'CP-2' })
      .thenTypes(['ChargerSerialReleased', 'ChargerSerialReserved']);
  });
});

describe('pricing decider', () => {
  const prices: SetPricing = {
    acPricePerKwh: 189,
    dcPricePerKwh: 375,
    minimumCharge: 2000,
    bookingFeePerMinute: 50,
    effectiveFrom: '2026-01-01T00:00:00.000Z',
  };
  const pricing = DeciderSpecification.for(pricingDecider);

  it('records every change and skips a repeat of the prices in force', () => {
    const first = pricing
      .given([])
      .when(prices)
      .then([{ type: 'PricingSet', data: prices }]);
    pricing.given(first).when(prices).thenNothingHappened();
    const raised = { ...prices, dcPricePerKwh: 450 };
    pricing
      .given(first)
      .when(raised)
      .then([{ type: 'PricingSet', data: raised }]);
  });
});
