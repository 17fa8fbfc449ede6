import { describe, expect, it } from 'vitest';
import type { StationView } from '@evc/contracts';
import { harness, type Given } from '../testing/projection-harness';
import { stationTotals } from './stations.projection';
import { READ_MODELS } from '../shared/read-models';

const connectors = [
  { connectorId: 1, code: 'c1', type: 'CCS2', current: 'DC', maxPowerKw: 50 },
  { connectorId: 2, code: 'c2', type: 'Type2', current: 'AC', maxPowerKw: 22 },
];
const register = (chargerId: string): Given => ({
  stream: `charger-${chargerId}`,
  type: 'ChargerRegistered',
  data: {
    chargerId,
    stationId: 'st1',
    serialNumber: `SN-${chargerId}`,
    model: 'M',
    vendor: 'V',
    ocppVersion: '1.6',
    secretHash: 'h',
    connectors,
  },
});
const live = (chargerId: string, type: string, data: Record<string, unknown>): Given => ({
  stream: `charger-live-${chargerId}`,
  type,
  data: { chargerId, connectionId: `conn-${chargerId}`, at: '2026-03-02T10:00:00.000Z', ...data },
});
const status = (chargerId: string, connectorId: number, s: string) =>
  live(chargerId, 'ConnectorStatusChanged', { messageId: 'm', connectorId, status: s, ocppStatus: s, error: null });

/**
 * A charger's live change updates its station in place (its element, and the totals by difference) instead
 * of copying every charger of the station out and back. The station must read exactly as a full recomputation would.
 */
describe('stations projection: live changes on a station of several chargers', () => {
  it('keeps the chargers in order and the totals equal to a recount after every connection, status and disconnection', async () => {
    const h = harness();
    await h.given(
      {
        stream: 'station-st1',
        type: 'StationRegistered',
        data: {
          stationId: 'st1',
          nameEn: 'Hub',
          nameAr: 'مركز',
          governorateId: 'eg-c',
          location: { lat: 30, lng: 31 },
          addressEn: 'a',
          addressAr: 'b',
        },
      },
      ...['A', 'B', 'C'].map(register),
    );
    const steps: Given[] = [
      live('A', 'ChargerConnected', { protocol: 'ocpp1.6' }),
      live('B', 'ChargerConnected', { protocol: 'ocpp1.6' }),
      status('A', 1, 'available'),
      status('A', 2, 'available'),
      status('B', 1, 'available'),
      status('B', 2, 'faulted'),
      status('B', 1, 'unavailable'), // B out of service
      status('A', 1, 'charging'),
      status('C', 1, 'available'), // C is offline: not available to drivers
      status('A', 9, 'faulted'), // a connector A was not registered with: ignored
      live('A', 'ChargerDisconnected', { reason: 'closed' }),
      status('B', 1, 'available'), // B back in service
      live('C', 'ChargerConnected', { protocol: 'ocpp1.6' }),
      live('A', 'ChargerConnected', { protocol: 'ocpp1.6' }),
    ];
    for (const step of steps) {
      await h.given(step);
      const station = (await h.get(READ_MODELS.stations, 'st1')) as unknown as StationView;
      expect(
        station.chargers.map((c) => c.chargerId),
        JSON.stringify(step),
      ).toEqual(['A', 'B', 'C']);
      expect(station, JSON.stringify(step)).toMatchObject(stationTotals(station.chargers));
      for (const c of station.chargers) {
        const staffView = (await h.get(READ_MODELS.chargers, c.chargerId)) as unknown as { online: boolean; connectors: unknown[] };
        expect({ online: c.online, connectors: c.connectors }).toEqual({ online: staffView.online, connectors: staffView.connectors });
      }
    }
    const station = (await h.get(READ_MODELS.stations, 'st1')) as unknown as StationView;
    expect(station).toMatchObject({ numberOfChargers: 3, numberOutOfService: 0, totalConnectors: 6, availableConnectors: 3 });
    expect(station.chargers.map((c) => c.connectors.map((k) => k.status))).toEqual([
      ['charging', 'available'],
      ['available', 'faulted'],
      ['available', 'unknown'],
    ]);
  });
});
