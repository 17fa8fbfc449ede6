import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChargerAdminView } from '@evc/contracts/network';
import type { OcppMessageView } from '@evc/contracts/chargers-live';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi, type RecordedRequest } from '../../../testing/render-app';
import { advance, ago, makeCharger, makeStation, NOW, setupLiveTests } from '../../../testing/network-fixtures';
import { formatRelativeTime } from './charger-live';

setupLiveTests();

const online = makeCharger({});
const offline = makeCharger({
  chargerId: 'EVC-002',
  online: false,
  firmwareVersion: null,
  lastHeartbeatAt: null,
  connectors: [{ connectorId: 1, code: 'D1', type: 'CCS2', current: 'DC', maxPowerKw: 60, status: 'unavailable' }],
});
const frame = (n: number, over: Partial<OcppMessageView> = {}): OcppMessageView => ({
  frameId: `f${n}`,
  chargerId: 'EVC-001',
  connectionId: 'conn-1',
  direction: 'in',
  kind: 'call',
  messageId: `m${n}`,
  action: 'Heartbeat',
  payload: {},
  error: null,
  at: ago(n * 10),
  ...over,
});
const LOG = '/api/queries/admin/ocpp-messages';
const logCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.url.startsWith(LOG + '?'));
const params = (req: RecordedRequest) => new URL(req.url, 'http://x').searchParams;

function networkApi(state: { chargers: ChargerAdminView[] }) {
  return stubApi((req) => {
    if (req.url.startsWith('/api/queries/admin/stations')) return { body: { dataList: [makeStation(state.chargers)], totalCount: 1 } };
    if (req.url.startsWith(LOG)) {
      const page = Number(params(req).get('page'));
      const dataList =
        page === 1
          ? [
              frame(1, { direction: 'in', kind: 'call', action: 'StatusNotification', payload: { connectorId: 1, status: 'Charging' } }),
              frame(2, {
                direction: 'out',
                kind: 'error',
                action: 'RemoteStartTransaction',
                payload: {},
                error: 'NotSupported: not implemented',
              }),
            ]
          : [frame(30, { direction: 'out', kind: 'result', action: 'BootNotification', payload: { status: 'Accepted', interval: 300 } })];
      return { body: { dataList, totalCount: 30 } };
    }
    return undefined;
  });
}

async function openStation(lang: 'en' | 'ar' = 'en') {
  storeSession(makeSession('staff'));
  await renderApp(`/admin/chargerManagement${lang === 'ar' ? '?lang=ar' : ''}`);
  fireEvent.click(await screen.findByText(lang === 'ar' ? 'الزمالك' : 'Zamalek'));
  return screen.findByRole('region', { name: lang === 'ar' ? 'شواحن الزمالك' : 'Chargers of Zamalek' });
}
const rowOf = (panel: HTMLElement, chargerId: string) => within(panel).getByRole('cell', { name: chargerId }).closest('tr')!;

describe('relative time', () => {
  it('says how long ago in the UI language, with the largest whole unit', () => {
    expect(formatRelativeTime(ago(120), NOW, 'en')).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(3), NOW, 'en')).toBe('now');
    expect(formatRelativeTime(ago(40), NOW, 'en')).toBe('40 seconds ago');
    expect(formatRelativeTime(ago(2 * 3600 + 1800), NOW, 'en')).toBe('2 hours ago');
    expect(formatRelativeTime(ago(86_400 + 60), NOW, 'en')).toBe('yesterday');
    expect(formatRelativeTime(new Date(NOW + 3 * 3600 * 1000).toISOString(), NOW, 'en')).toBe('in 3 hours');
    expect(formatRelativeTime(ago(120), NOW, 'ar')).toBe('قبل دقيقتين');
    expect(formatRelativeTime(ago(300), NOW, 'ar')).toBe('قبل ٥ دقائق');
    expect(formatRelativeTime(ago(3), NOW, 'ar')).toBe('الآن');
  });
});

describe('live state of the chargers', () => {
  it('shows online/offline, connector status chips, firmware and the last heartbeat (English)', async () => {
    networkApi({ chargers: [online, offline] });
    const panel = await openStation();
    const first = rowOf(panel, 'EVC-001');
    const second = rowOf(panel, 'EVC-002');
    expect(within(first).getByText('Online').getAttribute('data-online')).toBe('true');
    expect(within(second).getByText('Offline').getAttribute('data-online')).toBe('false');
    const connectors = within(first).getByRole('list', { name: 'Connectors of charger EVC-001' });
    expect(
      within(connectors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['C1 Type2 22 kWCharging', 'C2 Type2 22 kWFaulted']);
    expect(within(second).getByText('Unavailable').getAttribute('data-status')).toBe('unavailable');
    expect(within(first).getByText('fw-2.4.1')).toBeTruthy();
    expect(within(second).getByText('Not reported')).toBeTruthy();
    const heartbeat = within(first).getByText('2 minutes ago');
    expect(heartbeat.tagName).toBe('TIME');
    expect(heartbeat.getAttribute('dateTime')).toBe(online.lastHeartbeatAt);
    expect(heartbeat.getAttribute('title')).toBe(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Africa/Cairo' }).format(new Date(ago(120))),
    );
    expect(within(second).getByText('Never')).toBeTruthy();
    // the relative time moves on while the screen is open
    await advance(60_000);
    expect(within(first).getByText('3 minutes ago')).toBeTruthy();
  });

  it('shows them in Arabic', async () => {
    networkApi({ chargers: [online, offline] });
    const panel = await openStation('ar');
    const first = rowOf(panel, 'EVC-001');
    const second = rowOf(panel, 'EVC-002');
    expect(within(first).getByText('متصل')).toBeTruthy();
    expect(within(second).getByText('غير متصل')).toBeTruthy();
    expect(within(first).getByText('يشحن').getAttribute('data-status')).toBe('charging');
    expect(within(first).getByText('معطل').getAttribute('data-status')).toBe('faulted');
    expect(within(second).getByText('غير متاح')).toBeTruthy();
    expect(within(first).getByText('قبل دقيقتين').tagName).toBe('TIME');
    expect(within(second).getByText('أبدًا')).toBeTruthy();
  });

  it('names every connector status in both languages', async () => {
    const statuses = [
      'available',
      'preparing',
      'charging',
      'suspended',
      'finishing',
      'reserved',
      'unavailable',
      'faulted',
      'unknown',
    ] as const;
    const all = makeCharger({
      connectors: statuses.map((status, i) => ({
        connectorId: i + 1,
        code: `K${i + 1}`,
        type: 'Type2' as const,
        current: 'AC' as const,
        maxPowerKw: 22,
        status,
      })),
    });
    networkApi({ chargers: [all] });
    const panel = await openStation();
    const chips = (root: HTMLElement) =>
      within(within(root).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.lastElementChild?.textContent);
    expect(chips(rowOf(panel, 'EVC-001'))).toEqual([
      'Available',
      'Preparing',
      'Charging',
      'Suspended',
      'Finishing',
      'Reserved',
      'Unavailable',
      'Faulted',
      'Unknown',
    ]);
    cleanup();
    resetBrowserState();
    const arPanel = await openStation('ar');
    expect(chips(rowOf(arPanel, 'EVC-001'))).toEqual([
      'متاح',
      'قيد التحضير',
      'يشحن',
      'متوقف مؤقتًا',
      'ينهي الشحن',
      'محجوز',
      'غير متاح',
      'معطل',
      'غير معروف',
    ]);
  });

  it('follows the staff stream (/api/live/me): a chargers change reloads the station list and the new state shows without a reload', async () => {
    const state = { chargers: [online] };
    const requests = networkApi(state);
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
    const panel = await openStation();
    expect(within(rowOf(panel, 'EVC-001')).getByText('Online')).toBeTruthy();
    await waitFor(() => expect(stream).not.toBeNull());
    const before = requests.filter((r) => r.url.startsWith('/api/queries/admin/stations')).length;
    state.chargers = [
      makeCharger({
        online: false,
        connectors: [{ connectorId: 1, code: 'C1', type: 'Type2', current: 'AC', maxPowerKw: 22, status: 'faulted' }],
      }),
    ];
    await act(async () =>
      stream!.enqueue(encoder.encode('event: change\ndata: {"collection":"chargers","ids":["EVC-001"],"position":40}\n\n')),
    );
    await waitFor(() => expect(within(rowOf(panel, 'EVC-001')).getByText('Offline')).toBeTruthy());
    expect(within(rowOf(panel, 'EVC-001')).getByText('Faulted')).toBeTruthy();
    expect(requests.filter((r) => r.url.startsWith('/api/queries/admin/stations')).length).toBe(before + 1);
  });
});

describe('message log of a charger', () => {
  it('asks ocpp.messages with the bearer token, lists frames in and out, pages, refreshes and polls every 5 s while open', async () => {
    const requests = networkApi({ chargers: [online] });
    const panel = await openStation();
    expect(logCalls(requests)).toHaveLength(0);
    fireEvent.click(within(panel).getByRole('button', { name: 'Message log of charger EVC-001' }));
    const log = await screen.findByRole('region', { name: 'Message log of charger EVC-001' });
    await within(log).findByText('StatusNotification');

    const first = logCalls(requests)[0]!;
    expect(first.method).toBe('GET');
    expect(first.url).toBe(`${LOG}?chargerId=EVC-001&page=1&pageSize=25`);
    expect(new Headers(first.headers).get('Authorization')).toBe('Bearer staff-token-1');

    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.getAttribute('data-direction')).toBe('in');
    expect(within(rows[0]!).getByText('In')).toBeTruthy();
    expect(within(rows[0]!).getByText('Call')).toBeTruthy();
    expect(within(rows[0]!).getByText('←').className).toContain('mirror-rtl');
    const payload = rows[0]!.querySelector('pre')!;
    expect(payload.getAttribute('dir')).toBe('ltr');
    expect(payload.textContent).toBe('{\n  "connectorId": 1,\n  "status": "Charging"\n}');
    expect(rows[0]!.querySelector('details')!.open).toBe(false);
    expect(rows[1]!.getAttribute('data-direction')).toBe('out');
    expect(within(rows[1]!).getByText('Out')).toBeTruthy();
    expect(within(rows[1]!).getByText('→').className).toContain('mirror-rtl');
    expect(within(rows[1]!).getByText('NotSupported: not implemented')).toBeTruthy();

    // polls every 5 s while open
    const polled = logCalls(requests).length;
    await advance(5_000);
    await waitFor(() => expect(logCalls(requests).length).toBe(polled + 1));
    await advance(5_000);
    await waitFor(() => expect(logCalls(requests).length).toBe(polled + 2));

    // Refresh asks at once
    fireEvent.click(within(log).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(logCalls(requests).length).toBe(polled + 3));

    // paging
    fireEvent.click(within(log).getByRole('button', { name: 'Next' }));
    await within(log).findByText('BootNotification');
    expect(params(logCalls(requests).at(-1)!).get('page')).toBe('2');
    expect(within(log).getByText('Result')).toBeTruthy();

    // closed: no more polling
    fireEvent.click(within(log).getByRole('button', { name: 'Close the message log' }));
    expect(screen.queryByRole('region', { name: 'Message log of charger EVC-001' })).toBeNull();
    const closed = logCalls(requests).length;
    await advance(15_000);
    expect(logCalls(requests).length).toBe(closed);
  });

  it('is labelled in Arabic and keeps the payload left to right', async () => {
    networkApi({ chargers: [online] });
    const panel = await openStation('ar');
    fireEvent.click(within(panel).getByRole('button', { name: 'سجل رسائل الشاحن EVC-001' }));
    const log = await screen.findByRole('region', { name: 'سجل رسائل الشاحن EVC-001' });
    await within(log).findByText('StatusNotification');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(log).getByText('وارد')).toBeTruthy();
    expect(within(log).getByText('صادر')).toBeTruthy();
    expect(log.querySelector('pre')!.getAttribute('dir')).toBe('ltr');
    expect(within(log).getByRole('button', { name: 'تحديث' })).toBeTruthy();
  });
});
