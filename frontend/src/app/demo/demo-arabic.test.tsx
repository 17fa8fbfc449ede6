import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { DemoStatus } from '@evc/contracts/site';
import { renderApp, resetBrowserState, stubApi } from '../../testing/render-app';

beforeEach(() => resetBrowserState());
afterEach(() => cleanup());

const session = {
  chargerId: 'EVC-001-AC1',
  connectorId: 1,
  idTag: 'DEMO-CARD-0001',
  energyWh: 1234,
  socPercent: 41,
  startedAt: '2026-03-01T10:01:00Z',
  stoppedAt: null,
  endedBy: null,
};
const status: DemoStatus = {
  available: true,
  reason: null,
  token: null,
  running: true,
  startedAt: '2026-03-01T10:00:00Z',
  endsAt: '2026-03-01T10:10:00Z',
  chargers: [
    {
      chargerId: 'EVC-001-AC1',
      stationId: 'cai-zamalek',
      ocppVersion: '1.6',
      connected: true,
      connectors: [{ connectorId: 1, status: 'Charging' }],
    },
    {
      chargerId: 'EVC-001-DC2',
      stationId: 'cai-zamalek',
      ocppVersion: '2.0.1',
      connected: true,
      connectors: [{ connectorId: 2, status: 'Available' }],
    },
  ],
  step: 'charging',
  session,
  limits: { chargers: 3, runMinutes: 10 },
};

describe('/demo in Arabic', () => {
  it('writes every number in Eastern Arabic digits (charger ids and the card id stay as printed on them)', async () => {
    stubApi((req) => (req.url.split('?')[0] === '/api/demo' ? { body: status } : undefined));
    await renderApp('/demo?lang=ar');
    await screen.findByTestId('demo-meter');
    const text = screen.getByRole('main').textContent!.replace(/EVC-001-(AC1|DC2)|DEMO-CARD-0001/g, '');
    expect(text.match(/.{0,20}[0-9].{0,20}/g) ?? []).toEqual([]);
    expect(text).toContain('OCPP ١٫٦');
    expect(text).toContain('حتى ٣ شواحن محاكاة لمدة ١٠ دقائق');
  });
});
