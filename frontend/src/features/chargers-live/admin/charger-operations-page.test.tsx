import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ChargerOperationsView } from '@evc/contracts/audit';
import type { Privilege } from '@evc/contracts/shared';
import { makeSession, renderApp, storeSession, stubApi, type RecordedRequest } from '../../../testing/render-app';
import { makeEvent } from '../../../testing/event-fixtures';
import { ago, setupLiveTests } from '../../../testing/network-fixtures';

setupLiveTests();

function asStaff(respond: (req: RecordedRequest) => { status?: number; body: unknown } | undefined, privileges?: Privilege[]) {
  storeSession(makeSession('staff', privileges ? { privileges } : {}));
  return stubApi(respond);
}

describe("a charger's operations view", () => {
  const view: ChargerOperationsView = {
    chargerId: 'CP-1',
    stationId: 'st-1',
    online: true,
    from: ago(7 * 86_400),
    to: ago(0),
    connections: [
      { connectionId: 'k2', protocol: 'ocpp1.6', connectedAt: ago(100), disconnectedAt: null, reason: null },
      { connectionId: 'k1', protocol: 'ocpp1.6', connectedAt: ago(4000), disconnectedAt: ago(200), reason: 'silent' },
    ],
    boots: [{ at: ago(99), reason: 'PowerUp', vendor: 'Delta', model: 'DC Max', firmwareVersion: '1.2', connectionId: 'k2' }],
    faults: [
      {
        at: ago(300),
        connectorId: 1,
        status: 'faulted',
        ocppStatus: 'Faulted',
        code: 'GroundFailure',
        info: 'RCD tripped',
        vendorErrorCode: 'E-417',
        clearedAt: null,
      },
    ],
    dropped: [
      {
        sessionId: '00000000-0000-4000-8000-000000000001',
        connectorId: 1,
        status: 'stopped',
        stopReason: 'charger',
        failure: null,
        chargerReason: 'PowerLoss',
        endedAt: ago(250),
        around: [{ at: ago(300), type: 'ConnectorStatusChanged', position: 77, detail: '#1 Faulted · GroundFailure · E-417' }],
      },
    ],
    events: [makeEvent(80, { type: 'ChargerBooted', streamId: 'charger-live-CP-1' })],
  };

  it('shows why the charger dropped a session: the fault with its vendor code, the reconnection and the boot', async () => {
    const requests = asStaff((req) => (req.url.startsWith('/api/queries/admin/chargers/CP-1/operations') ? { body: view } : undefined));
    await renderApp('/admin/chargers/CP-1/operations');
    expect(await screen.findByRole('heading', { name: 'Charger CP-1: operations' })).toBeTruthy();
    const dropped = await screen.findByTestId('dropped-session');
    expect(dropped.textContent).toContain('(the charger said: PowerLoss)');
    expect(within(dropped).getByRole('link', { name: 'ConnectorStatusChanged' }).getAttribute('href')).toBe('/admin/events/77');
    expect(screen.getByTestId('fault').textContent).toMatch(/GroundFailure.*RCD tripped.*E-417.*not cleared/);
    expect(screen.getAllByTestId('connection').map((r) => r.textContent)).toEqual([
      expect.stringContaining('still connected'),
      expect.stringContaining('silent for too long'),
    ]);
    expect(screen.getByTestId('boot').textContent).toContain('PowerUp');
    const asked = requests.find((r) => r.url.startsWith('/api/queries/admin/chargers/CP-1/operations'))!;
    expect(new URL(asked.url, 'http://x').searchParams.get('from')).toBe(new Date(Date.parse(ago(7 * 86_400))).toISOString());
  });
});
