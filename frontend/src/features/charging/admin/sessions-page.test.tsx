import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionAdminDetailView, SessionAdminView } from '@evc/contracts/charging';
import { makeSession, renderApp, storeSession, stubApi, VIEWER_PRIVILEGES, type RecordedRequest } from '../../../testing/render-app';
import { advance, ago, makeStation, setupLiveTests } from '../../../testing/network-fixtures';

const LIST = '/api/queries/admin/sessions';
const STOP = '/api/commands/sessions.staff-stop';

setupLiveTests();

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const makeRow = (n: number, over: Partial<SessionAdminView> = {}): SessionAdminView => ({
  sessionId: id(n),
  origin: 'app',
  status: 'stopped',
  failure: null,
  stopReason: 'customer',
  chargerId: 'EVC-001',
  stationId: 'cai-zamalek',
  stationNameEn: 'Zamalek',
  stationNameAr: 'الزمالك',
  connectorId: 1,
  connectorType: 'Type2',
  current: 'AC',
  carId: null,
  carLabel: 'Nissan Leaf',
  carLabelAr: 'نيسان ليف',
  target: { kind: 'none' },
  pricePerKwh: 250,
  minimumCharge: 1000,
  requestedAt: ago(3 * 3600),
  startedAt: ago(3 * 3600 - 60),
  stoppedAt: ago(3 * 3600 - 60 - 75 * 60),
  energyWh: 12_340,
  powerW: null,
  socPercent: null,
  cost: 3085,
  billed: true,
  lastReadingAt: ago(3600),
  customerName: 'Omar Fathy',
  customerId: 'c1',
  refusal: null,
  ...over,
});
const ROWS = [
  makeRow(1, { status: 'charging', stopReason: null, stoppedAt: null, billed: false, powerW: 7400, socPercent: 62 }),
  makeRow(2, { customerId: null, customerName: 'Mona Adel' }),
];
const detailOf = (row: SessionAdminView, over: Partial<SessionAdminDetailView> = {}): SessionAdminDetailView => ({
  ...row,
  transactionId: '4711',
  meterStartWh: 100_000,
  meterStopWh: null,
  readings: [
    { timestamp: ago(1800), energyWh: 105_000, powerW: 7200, socPercent: 55 },
    { timestamp: ago(900), energyWh: 112_340, powerW: 7400, socPercent: 62 },
  ],
  timeline: [
    { type: 'SessionRequested', at: ago(3 * 3600), actor: { type: 'customer', id: 'c1', name: 'Omar Fathy' }, reason: null },
    { type: 'SessionCharging', at: ago(3 * 3600 - 60), actor: { type: 'charger', id: 'EVC-001', name: null }, reason: null },
    { type: 'SessionStopRequested', at: ago(60), actor: { type: 'staff', id: 'a2', name: 'Karim Nabil' }, reason: 'staff' },
  ],
  shortfall: 0,
  ...over,
});

const listCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.url.startsWith(LIST + '?'));
const detailCalls = (requests: RecordedRequest[], n: number) =>
  requests.filter((r) => r.url.startsWith(`${LIST}/${id(n)}`) && !r.url.includes('/receipt'));
const receiptCalls = (requests: RecordedRequest[], n: number) => requests.filter((r) => r.url.startsWith(`${LIST}/${id(n)}/receipt`));
const lastQuery = (requests: RecordedRequest[]) => new URL(listCalls(requests).at(-1)!.url, 'http://x').searchParams;

function api(rows: SessionAdminView[] = ROWS, stop?: () => { status?: number; body: unknown }) {
  return stubApi((req) => {
    if (req.url.startsWith('/api/queries/admin/stations')) return { body: { dataList: [makeStation([])], totalCount: 1 } };
    if (req.url.startsWith(LIST + '?')) return { body: { dataList: rows, totalCount: rows.length } };
    if (req.url.includes('/receipt') && req.url.includes('format=pdf')) return { body: '%PDF-1.4' };
    if (req.url.includes('/receipt')) return { body: { receiptNumber: 'EVC-S-20261124-00000000' } };
    if (req.url.startsWith(LIST + '/')) {
      const row = rows.find((r) => req.url.includes(r.sessionId));
      return row ? { body: detailOf(row) } : { status: 404, body: { code: 'charging.session_not_found', message: 'no' } };
    }
    if (req.url === STOP) return stop?.() ?? { body: { streamId: 'session-x', revision: 5, position: 77 } };
    return undefined;
  });
}

async function open(url = '/admin/sessions', privileges?: typeof VIEWER_PRIVILEGES) {
  storeSession(makeSession('staff', privileges ? { privileges, roles: ['Viewer'] } : {}));
  await renderApp(url);
  return screen.findByRole('table', { name: url.includes('lang=ar') ? 'جلسات الشحن' : 'Charging sessions' });
}

describe('/admin/sessions', () => {
  it('lists sessions with the customer link only where the row has a customerId', async () => {
    api();
    const table = await open();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole('link', { name: 'Omar Fathy' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/admin/users');
    expect(href.searchParams.get('selected')).toBe('c1');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).getByText('Mona Adel')).toBeTruthy();
    expect(within(rows[1]!).getByText('12.34 kWh')).toBeTruthy();
    expect(within(rows[1]!).getByText('1 h 15 min')).toBeTruthy();
    expect(rows[0]!.querySelector('[data-status]')!.textContent).toBe('Charging');
    expect(rows[1]!.querySelector('[data-status]')!.textContent).toBe('Stopped');
  });

  it('marks a refused card start with the status it was given, its energy shown, in both languages', async () => {
    const refused = makeRow(3, { origin: 'card', cost: 0, billed: false, stopReason: 'token_invalid', refusal: 'Blocked' });
    api([refused]);
    let rows = within(await open())
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]!.querySelector('[data-refusal]')!.textContent).toBe('Refused (Blocked): not billed');
    expect(within(rows[0]!).getByText('12.34 kWh')).toBeTruthy();
    api([refused]);
    rows = within(await open('/admin/sessions?lang=ar'))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]!.querySelector('[data-refusal]')!.textContent).toBe('مرفوضة (Blocked): بلا تحصيل');
  });

  it('sends the filters, the search and the sort as the query string', async () => {
    const requests = api();
    await open();
    fireEvent.change(screen.getByLabelText('Filter by session status'), { target: { value: 'charging' } });
    await waitFor(() => expect(lastQuery(requests).get('status')).toBe('charging'));
    await waitFor(() => expect(screen.getByLabelText('Filter by station').querySelectorAll('option')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Filter by station'), { target: { value: 'cai-zamalek' } });
    await waitFor(() => expect(lastQuery(requests).get('stationId')).toBe('cai-zamalek'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-28' } });
    await waitFor(() => expect([lastQuery(requests).get('from'), lastQuery(requests).get('to')]).toEqual(['2026-02-01', '2026-02-28']));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Omar' } });
    await advance(300);
    await waitFor(() => expect(lastQuery(requests).get('q')).toBe('Omar'));
    fireEvent.click(screen.getByRole('button', { name: /Cost/ }));
    await waitFor(() => expect([lastQuery(requests).get('sort'), lastQuery(requests).get('dir')]).toEqual(['cost', 'asc']));
    fireEvent.click(screen.getByRole('button', { name: /Energy/ }));
    await waitFor(() => expect(lastQuery(requests).get('sort')).toBe('energyWh'));
    const q = lastQuery(requests);
    expect([q.get('status'), q.get('stationId'), q.get('from'), q.get('to'), q.get('q'), q.get('page')]).toEqual([
      'charging',
      'cai-zamalek',
      '2026-02-01',
      '2026-02-28',
      'Omar',
      '1',
    ]);
  });

  it('opens the detail of the selected row: summary, prices, readings and timeline; refreshes every 10 s while running', async () => {
    const requests = api();
    const table = await open();
    fireEvent.click(within(table).getAllByRole('row')[1]!);
    const detail = await screen.findByRole('region', { name: 'Session 00000000' });
    expect(within(detail).getByText('4711')).toBeTruthy();
    expect(within(detail).getByText('Nissan Leaf')).toBeTruthy();
    const readings = within(detail).getByRole('table', { name: 'Meter readings' });
    const cells = within(readings)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['105 kWh', '7.2 kW', '55%'],
      ['112.34 kWh', '7.4 kW', '62%'],
    ]);
    const timeline = within(within(detail).getByRole('list', { name: 'Timeline' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(timeline[0]).toContain('Session requested');
    expect(timeline[0]).toContain('Omar Fathy');
    expect(timeline[1]).toContain('Charging started');
    expect(timeline[1]).toContain('Charger');
    expect(timeline[2]).toContain('Stop requested');
    expect(timeline[2]).toContain('Karim Nabil');
    expect(timeline[2]).toContain('Stopped by staff');

    const before = detailCalls(requests, 1).length;
    await advance(10_000);
    await waitFor(() => expect(detailCalls(requests, 1).length).toBe(before + 1));

    // a stopped session is not asked again
    fireEvent.click(within(table).getAllByRole('row')[2]!);
    await screen.findByRole('region', { name: 'Session 00000000' });
    await waitFor(() => expect(detailCalls(requests, 2).length).toBe(1));
    await advance(30_000);
    expect(detailCalls(requests, 2)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Stop session' })).toBeNull();
  });

  it('stops a running session after the confirmation (stations.write), reading its own write', async () => {
    const requests = api();
    const table = await open();
    fireEvent.click(within(table).getAllByRole('row')[1]!);
    const detail = await screen.findByRole('region', { name: 'Session 00000000' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Stop session' }));
    const dialog = within(detail).getByRole('alertdialog');
    expect(requests.filter((r) => r.url === STOP)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, stop it' }));
    await waitFor(() => expect(requests.filter((r) => r.url === STOP)).toHaveLength(1));
    expect(requests.find((r) => r.url === STOP)!.body).toEqual({ sessionId: id(1) });
    expect(await screen.findByText('The stop was sent to the charger.')).toBeTruthy();
    await waitFor(() => expect(new URL(detailCalls(requests, 1).at(-1)!.url, 'http://x').searchParams.get('position')).toBe('77'));
  });

  it('shows no Stop button without stations.write, and names everything in Arabic', async () => {
    api();
    const table = await open('/admin/sessions?lang=ar', VIEWER_PRIVILEGES);
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(table).getByRole('columnheader', { name: 'العميل' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.querySelector('[data-status]')!.textContent).toBe('يشحن');
    fireEvent.click(rows[0]!);
    const detail = await screen.findByRole('region', { name: 'الجلسة 00000000' });
    expect(within(detail).getByRole('table', { name: 'قراءات العداد' })).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'إيقاف الجلسة' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop session' })).toBeNull();
  });

  it("a billed session's receipt for staff who may read customers: its number and the PDF in either language", async () => {
    const requests = api();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => undefined }));
    const table = await open('/admin/sessions?lang=ar');
    // The running session is not billed: no receipt is asked for.
    fireEvent.click(within(table).getAllByRole('row')[1]!);
    await screen.findByRole('region', { name: 'الجلسة 00000000' });
    expect(screen.queryByRole('group', { name: 'الإيصال' })).toBeNull();
    fireEvent.click(within(table).getAllByRole('row')[2]!);
    const receipt = await screen.findByRole('group', { name: 'الإيصال' });
    expect(await within(receipt).findByText('EVC-S-20261124-00000000')).toBeTruthy();
    fireEvent.click(within(receipt).getByRole('button', { name: 'PDF بالإنجليزية' }));
    await waitFor(() =>
      expect(receiptCalls(requests, 2).some((r) => r.url.includes('format=pdf') && r.url.includes('lang=en'))).toBe(true),
    );
    expect(receiptCalls(requests, 1)).toHaveLength(0);
  });

  it('no receipt without customers.read', async () => {
    const requests = api();
    const table = await open(
      '/admin/sessions',
      VIEWER_PRIVILEGES.filter((p) => p !== 'customers.read'),
    );
    fireEvent.click(within(table).getAllByRole('row')[2]!);
    await screen.findByRole('region', { name: 'Session 00000000' });
    expect(screen.queryByRole('group', { name: 'Receipt' })).toBeNull();
    expect(receiptCalls(requests, 2)).toHaveLength(0);
  });

  it("filters by the customer of a profile link (customerId) until 'Show all customers'", async () => {
    const requests = api();
    await open('/admin/sessions?customerId=c1');
    await waitFor(() => expect(lastQuery(requests).get('customerId')).toBe('c1'));
    fireEvent.click(screen.getByRole('button', { name: 'Show all customers' }));
    await waitFor(() => expect(lastQuery(requests).has('customerId')).toBe(false));
    expect(screen.queryByRole('button', { name: 'Show all customers' })).toBeNull();
  });

  for (const shortfall of [3670, 0]) {
    it(`shows staff the part of the cost the wallet could not cover (${shortfall} piastres), nothing when it paid all`, async () => {
      const row = makeRow(3);
      stubApi((req) => (req.url.startsWith(`${LIST}/${row.sessionId}`) ? { body: detailOf(row, { shortfall }) } : undefined));
      await open(`/admin/sessions?selected=${row.sessionId}`);
      const detail = await screen.findByRole('region', { name: 'Session 00000000' });
      expect(within(detail).queryByText('Not covered by the wallet') !== null).toBe(shortfall > 0);
    });
  }

  it('opens a session by link even when it is not on the current page', async () => {
    const row = makeRow(3);
    stubApi((req) => {
      if (req.url.startsWith(`${LIST}/${row.sessionId}`)) return { body: detailOf(row) };
      return undefined;
    });
    await open(`/admin/sessions?selected=${row.sessionId}`);
    const detail = await screen.findByRole('region', { name: 'Session 00000000' });
    expect(within(detail).getByText('4711')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Charging sessions' })).toBeTruthy();
  });
});
