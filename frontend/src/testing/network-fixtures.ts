import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ChargerAdminView, StationAdminView } from '@evc/contracts/network';
import { resetBrowserState } from './render-app';

/** The fixed "now" of the charger tests, and an ISO time that many seconds before it. */
export const NOW = Date.parse('2026-03-01T10:00:00Z');
export const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

/** A stand-in for /api/live: records the last one opened; `emit` delivers a `change` message. */
export class FakeEventSource {
  static last: FakeEventSource | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(data: unknown) {
    for (const l of this.listeners.get('change') ?? []) l(new MessageEvent('change', { data: JSON.stringify(data) }));
  }
  close() {}
}

/** Each test starts signed out with the fake /api/live and fake timers at NOW (time still runs); cleans up after. */
export function setupLiveTests() {
  beforeEach(() => {
    resetBrowserState();
    FakeEventSource.last = null;
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** Moves the fake timers on, inside act. */
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Charger EVC-001 (Delta AC Max 22, online, two Type2 connectors: charging and faulted), with `over` applied. */
export const makeCharger = (over: Partial<ChargerAdminView> = {}): ChargerAdminView => ({
  chargerId: 'EVC-001',
  serialNumber: 'SN-1',
  model: 'AC Max 22',
  vendor: 'Delta',
  ocppVersion: '1.6',
  ipAddress: null,
  iccid: null,
  simNumber: null,
  imsi: null,
  comment: null,
  status: 'inService',
  online: true,
  modelState: 1,
  connectors: [
    { connectorId: 1, code: 'C1', type: 'Type2', current: 'AC', maxPowerKw: 22, status: 'charging' },
    { connectorId: 2, code: 'C2', type: 'Type2', current: 'AC', maxPowerKw: 22, status: 'faulted' },
  ],
  revision: 7,
  firmwareVersion: 'fw-2.4.1',
  reported: { vendor: 'Delta', model: 'AC Max 22', serialNumber: 'SN-1', iccid: null, imsi: null },
  lastBootAt: ago(3600),
  lastHeartbeatAt: ago(120),
  lastSeenAt: ago(120),
  lastConnectedAt: ago(3600),
  lastDisconnectedAt: null,
  ...over,
});

/** Station cai-zamalek (Zamalek, Cairo) holding `chargers`. */
export const makeStation = (chargers: ChargerAdminView[]): StationAdminView => ({
  stationId: 'cai-zamalek',
  nameEn: 'Zamalek',
  nameAr: 'الزمالك',
  governorateId: 'eg-c',
  governorateNameEn: 'Cairo',
  governorateNameAr: 'القاهرة',
  location: { lat: 30.06, lng: 31.22 },
  addressEn: '26th of July St',
  addressAr: 'شارع 26 يوليو',
  photoFileId: null,
  numberOfChargers: chargers.length,
  numberOutOfService: 0,
  chargers,
  revision: 2,
  updatedAt: '2026-01-01T00:00:00Z',
});
