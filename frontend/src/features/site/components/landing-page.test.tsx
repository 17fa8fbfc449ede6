import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StationView } from '@evc/contracts/network';
import { renderApp, resetBrowserState, stubApi } from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const station = (n: number): StationView => ({
  stationId: `st-${n}`,
  nameEn: `Station ${n}`,
  nameAr: `محطة ${n}`,
  governorateId: 'cairo',
  governorateNameEn: 'Cairo',
  governorateNameAr: 'القاهرة',
  location: { lat: 30 + n / 100, lng: 31.2 },
  addressEn: `${n} Nile Street`,
  addressAr: `${n} شارع النيل`,
  numberOfChargers: 1,
  numberOutOfService: 0,
  totalConnectors: 2,
  availableConnectors: 1,
  connectorTypes: ['Type2'],
  maxPowerKw: 22,
  chargers: [],
  distanceM: n * 1000,
});

const governorates = {
  dataList: [
    {
      governorateId: 'cairo',
      countryId: 'eg',
      nameEn: 'Cairo',
      nameAr: 'القاهرة',
      isActive: true,
      centre: { lat: 30.04, lng: 31.24 },
      stationCount: 3,
    },
  ],
  totalCount: 1,
};

describe('landing page', () => {
  it('shows network statistics formatted for the locale', async () => {
    stubApi();
    await renderApp('/');
    expect(await screen.findByText('1.5 MWh')).toBeTruthy();
    expect(screen.getByText('Charging points').closest('div')?.querySelector('dd')?.textContent).toBe('12');
  });

  it('searches by a typed governorate and appends "load more" pages without duplicates', async () => {
    const pages: Record<string, StationView[]> = { '1': [station(1), station(2)], '2': [station(2), station(3)] };
    const requests = stubApi((req) => {
      if (req.url.startsWith('/api/queries/governorates')) return { body: governorates };
      if (req.url.startsWith('/api/queries/stations/nearby')) {
        const page = new URL(req.url, 'http://x').searchParams.get('page') ?? '1';
        return { body: { dataList: pages[page] ?? [], totalCount: 3 } };
      }
      return undefined;
    });
    await renderApp('/');
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/queries/governorates'))).toBe(true));
    fireEvent.change(screen.getByLabelText('City or governorate'), { target: { value: 'cair' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(2));
    const nearby = new URL(requests.find((r) => r.url.startsWith('/api/queries/stations/nearby'))?.url ?? '', 'http://x');
    expect(nearby.searchParams.get('lat')).toBe('30.04');
    expect(nearby.searchParams.get('lng')).toBe('31.24');
    expect(within(screen.getAllByTestId('station-card')[0] as HTMLElement).getByText('1 km away')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(3));
    const names = screen.getAllByTestId('station-card').map((c) => within(c).getByRole('heading').textContent);
    expect(names).toEqual(['Station 1', 'Station 2', 'Station 3']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('explains when a typed place is unknown', async () => {
    stubApi((req) => (req.url.startsWith('/api/queries/governorates') ? { body: governorates } : undefined));
    await renderApp('/');
    fireEvent.change(screen.getByLabelText('City or governorate'), { target: { value: 'Atlantis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('We could not find that place. Choose a governorate from the list.')).toBeTruthy();
  });
});
