import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { StationView } from '@evc/contracts/network';
import { renderApp, resetBrowserState, stubApi } from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const maadi: StationView = {
  stationId: 'maadi',
  nameEn: 'Maadi Hub',
  nameAr: 'محطة المعادي',
  governorateId: 'cairo',
  governorateNameEn: 'Cairo',
  governorateNameAr: 'القاهرة',
  location: { lat: 29.96, lng: 31.25 },
  addressEn: 'Road 9, Maadi',
  addressAr: 'شارع ٩، المعادي',
  numberOfChargers: 1,
  numberOutOfService: 0,
  totalConnectors: 2,
  availableConnectors: 1,
  connectorTypes: ['Type2', 'CCS2'],
  maxPowerKw: 50,
  chargers: [
    {
      chargerId: 'CP-1',
      serialNumber: 'SN-001',
      model: 'DualAC',
      vendor: 'Acme',
      ocppVersion: '1.6',
      online: true,
      connectors: [
        { connectorId: 1, code: 'A', type: 'Type2', current: 'AC', maxPowerKw: 22, status: 'available' },
        { connectorId: 2, code: 'B', type: 'CCS2', current: 'DC', maxPowerKw: 50, status: 'charging' },
      ],
    },
  ],
};

describe('stations page', () => {
  it('sends the filters as query parameters and shows prices per kWh', async () => {
    const requests = stubApi((req) =>
      req.url.startsWith('/api/queries/stations?') ? { body: { dataList: [maadi], totalCount: 1 } } : undefined,
    );
    await renderApp('/ChargingStations');
    expect(await screen.findByRole('heading', { name: 'Maadi Hub' })).toBeTruthy();
    expect(await screen.findByText(/AC: EGP\s?2\.50\/kWh/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Connector type'), { target: { value: 'CCS2' } });
    fireEvent.click(screen.getByLabelText('Available now only'));
    await waitFor(() => {
      const last = requests.filter((r) => r.url.startsWith('/api/queries/stations?')).at(-1);
      const params = new URL(last?.url ?? '', 'http://x').searchParams;
      expect(params.get('connectorType')).toBe('CCS2');
      expect(params.get('available')).toBe('true');
      expect(params.get('page')).toBe('1');
    });
  });

  it('shows a station with its chargers and the live connector status', async () => {
    stubApi((req) => (req.url === '/api/queries/stations/maadi' ? { body: maadi } : undefined));
    await renderApp('/ChargingStations?station=maadi');
    expect(await screen.findByRole('heading', { level: 2, name: /Maadi Hub/ })).toBeTruthy();
    expect(screen.getByText('Charger SN-001 (DualAC)')).toBeTruthy();
    expect(screen.getByText('charging')).toBeTruthy();
  });
});
