// Starting from the map lists each station's free connectors and its distance, nearest first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, resetBrowserState } from '../../../testing/render-app';
import { asCustomer, calls, makePublicStation } from '../../../testing/charging-fixtures';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

const far = makePublicStation({ stationId: 'alx', nameEn: 'Montaza', nameAr: 'المنتزه', distanceM: 180_400 });
const near = makePublicStation({
  stationId: 'cai',
  nameEn: 'Zamalek',
  nameAr: 'الزمالك',
  distanceM: 2_400,
  chargers: [
    {
      ...makePublicStation().chargers[0]!,
      connectors: makePublicStation().chargers[0]!.connectors.map((c) => ({ ...c, status: 'available' as const })),
    },
  ],
});
const offline = makePublicStation({
  stationId: 'gz',
  nameEn: 'Dokki',
  nameAr: 'الدقي',
  distanceM: 9_000,
  chargers: [{ ...makePublicStation().chargers[0]!, online: false }],
});

function stations(withPosition: boolean) {
  if (withPosition) {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 30.05, longitude: 31.23 } } as GeolocationPosition) },
    });
  }
  return asCustomer((req) => {
    // the server answers nearest first; the list must not depend on it
    if (req.url.startsWith('/api/queries/stations/nearby')) return { body: { dataList: [far, offline, near], totalCount: 3 } };
    if (req.url.startsWith('/api/queries/stations?'))
      return { body: { dataList: [far, near].map(({ distanceM: _d, ...s }) => s), totalCount: 2 } };
    return undefined;
  });
}

const lines = () => screen.getAllByTestId('start-station');

describe('start from the map', () => {
  it('en: nearest first with the distance and the free connectors by type and power', async () => {
    const requests = stations(true);
    await renderApp('/start-charging');
    fireEvent.click(await screen.findByLabelText('By choosing a station on the map'));
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(calls(requests, '/api/queries/stations/nearby')[0]?.url).toMatch(/lat=30\.05&lng=31\.23/);
    expect(lines().map((l) => within(l).getByRole('strong').textContent)).toEqual(['Zamalek', 'Dokki', 'Montaza']);
    expect(within(lines()[0]!).getByTestId('start-station-distance').textContent).toBe('2.4 km away');
    expect(within(lines()[0]!).getByTestId('start-station-free').textContent).toBe('Free now: CCS2 60 kW and Type2 22 kW ×2');
    expect(within(lines()[1]!).getByTestId('start-station-free').textContent).toBe('No free connector now');
    expect(within(lines()[2]!).getByTestId('start-station-free').textContent).toBe('Free now: Type2 22 kW');
    expect(screen.getByTestId('start-station-order').textContent).toBe('Nearest first, from your location');
  });

  it('ar: the same in Arabic digits and words', async () => {
    stations(true);
    await renderApp('/start-charging?lang=ar');
    fireEvent.click(await screen.findByLabelText('باختيار محطة على الخريطة'));
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(within(lines()[0]!).getByTestId('start-station-distance').textContent).toBe('على بعد ٢٫٤ كم');
    expect(within(lines()[0]!).getByTestId('start-station-free').textContent).toBe('متاح الآن: CCS2 ٦٠ كيلوواط وType2 ٢٢ كيلوواط ×٢');
  });

  it('without a position: by name, saying why there are no distances, with a button to try again', async () => {
    stations(false);
    await renderApp('/start-charging');
    fireEvent.click(await screen.findByLabelText('By choosing a station on the map'));
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(screen.queryByTestId('start-station-distance')).toBeNull();
    expect(screen.getByTestId('start-station-order').textContent).toMatch(/your location is not available/);
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeTruthy();
  });
});
