import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DashboardView } from '@evc/contracts/reporting';
import type { Privilege } from '@evc/contracts/shared';
import { makeSession, renderApp, storeSession, stubApi, type RecordedRequest } from '../../../testing/render-app';
import { FakeEventSource, setupLiveTests } from '../../../testing/network-fixtures';

setupLiveTests();

const DAY = '2026-03-01';
const full: DashboardView = {
  day: DAY,
  sessions: { count: 12, charging: 3, energyWh: 154_300, revenue: 48_575 },
  chargers: { total: 80, online: 61, offline: 17, faulted: 2 },
  cardRequests: { open: 4 },
  contactRequests: { open: 5, new: 3, needsAction: 2 },
};
const calls = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.url.split('?')[0] === path);

function withDashboard(view: DashboardView, privileges?: Privilege[]) {
  storeSession(makeSession('staff', privileges ? { privileges } : {}));
  return stubApi((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/queries/admin/dashboard') return { body: view };
    if (path === '/api/queries/page-views')
      return {
        body: {
          dataList: [
            { day: DAY, path: '/chargingstations', count: 42 },
            { day: '2026-02-28', path: '/', count: 7 },
          ],
          totalCount: 2,
        },
      };
    return undefined;
  });
}

describe('admin dashboard', () => {
  it("shows today's figures, each linking into its list, and page views per page and day", async () => {
    const requests = withDashboard(full);
    await renderApp('/admin');
    const tiles = await screen.findAllByTestId('dashboard-tile');
    const byLabel = (label: string) => tiles.find((t) => t.textContent?.startsWith(label)) as HTMLAnchorElement;
    expect(byLabel('Sessions today').textContent).toContain('12');
    expect(byLabel('Sessions today').textContent).toContain('3 charging now');
    expect(byLabel('Sessions today').getAttribute('href')).toBe(`/admin/sessions?from=${DAY}&to=${DAY}`);
    expect(byLabel('Energy today').textContent).toContain('154.3 kWh');
    expect(byLabel('Revenue billed today').textContent).toMatch(/EGP\s?485\.75/);
    expect(byLabel('Chargers online').textContent).toContain('of 80 chargers');
    expect(byLabel('Chargers faulted').getAttribute('href')).toBe('/admin/chargerManagement');
    expect(byLabel('Open card requests').getAttribute('href')).toBe('/admin/cardrequests');
    expect(byLabel('Open contact requests').getAttribute('href')).toBe('/admin/Contactusrequests?contactStatus=new');
    const views = await screen.findByRole('table', { name: 'Page views, last 7 days' });
    expect(within(views).getAllByRole('row')[1]?.textContent).toMatch(/Today.*\/chargingstations.*42/);
    expect(calls(requests, '/api/queries/page-views')[0]?.url).toContain(`from=2026-02-23&to=${DAY}`);
  });

  it('shows only the sections the privileges cover, and no page views without analytics.read', async () => {
    withDashboard({ ...full, sessions: null, cardRequests: null, contactRequests: null }, ['stations.write']);
    await renderApp('/admin');
    const tiles = await screen.findAllByTestId('dashboard-tile');
    expect(tiles.map((t) => t.textContent?.replace(/\d.*$/, ''))).toEqual(['Chargers online', 'Chargers offline', 'Chargers faulted']);
    expect(screen.queryByRole('heading', { name: 'Page views, last 7 days' })).toBeNull();
  });

  it('is live: a station change on /api/live reads the figures again', async () => {
    const requests = withDashboard(full);
    await renderApp('/admin');
    await screen.findAllByTestId('dashboard-tile');
    const before = calls(requests, '/api/queries/admin/dashboard').length;
    FakeEventSource.last?.emit({ collection: 'stations', ids: ['st-1'], position: 5 });
    await waitFor(() => expect(calls(requests, '/api/queries/admin/dashboard').length).toBeGreaterThan(before));
  });

  it('is live: a charger change comes on the staff stream (/api/live/me), off the public one', async () => {
    const requests = withDashboard(full);
    const encoder = new TextEncoder();
    let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/live/me'
        ? Promise.resolve(
            new Response(new ReadableStream<Uint8Array>({ start: (c) => void (stream = c) }), {
              status: 200,
              headers: { 'Content-Type': 'text/event-stream' },
            }),
          )
        : inner(input, init),
    );
    await renderApp('/admin');
    await screen.findAllByTestId('dashboard-tile');
    await waitFor(() => expect(stream).not.toBeNull());
    const before = calls(requests, '/api/queries/admin/dashboard').length;
    stream!.enqueue(encoder.encode('event: change\ndata: {"collection":"chargers","ids":["EVC-001"],"position":5}\n\n'));
    await waitFor(() => expect(calls(requests, '/api/queries/admin/dashboard').length).toBeGreaterThan(before));
  });
});
