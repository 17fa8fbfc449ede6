import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChargerCommandView } from '@evc/contracts/chargers-live';
import type { SessionPowerView, SiteLoadPoint, SiteLoadView } from '@evc/contracts/smart-charging';
import { makeSession, renderApp, stubApi, storeSession, VIEWER_PRIVILEGES, type RecordedRequest } from '../../../testing/render-app';
import { NOW, ago, makeCharger, makeStation, setupLiveTests } from '../../../testing/network-fixtures';
import { SESSION_ID, asCustomer, makeSessionView } from '../../../testing/charging-fixtures';
import { chartPaths, scaleTop } from './load-chart';
import { wattsOf } from './grid-limit-form';

setupLiveTests();

const station = makeStation([makeCharger()]);
const SITE_LOAD = `/api/queries/admin/site-load/${station.stationId}`;
const SET_LIMIT = '/api/commands/smart-charging.set-grid-limit';
const COMMANDS = '/api/queries/admin/ocpp-commands';

const minute = (m: number) => new Date(NOW - (59 - m) * 60_000).toISOString();
const points = (drawn: (m: number) => number, limitW: number | null = 60_000): SiteLoadPoint[] =>
  Array.from({ length: 60 }, (_, m) => ({ at: minute(m), drawnW: drawn(m), limitW }));

const load = (over: Partial<SiteLoadView> = {}): SiteLoadView => ({
  stationId: station.stationId,
  limitW: 60_000,
  periods: [{ from: '18:00', to: '22:00', limitW: 40_000 }],
  limitReason: 'Mall supply contract',
  limitSetAt: ago(3600),
  limitSetBy: { type: 'staff', id: 'a1', name: 'Hala Said' },
  effectiveLimitW: 60_000,
  drawnW: 52_000,
  allottedW: 60_000,
  overSubscribed: false,
  overSubscribedReason: null,
  fullPowerChargers: [],
  lastCause: 'session-started',
  lastSharedAt: ago(60),
  sessions: [
    {
      sessionId: 's1',
      chargerId: 'EVC-001',
      connectorId: 1,
      powerW: 10_000,
      readAt: ago(5),
      allottedW: 10_000,
      waiting: false,
      counted: 'profile',
      answer: 'Accepted',
    },
    {
      sessionId: 's2',
      chargerId: 'EVC-001',
      connectorId: 2,
      powerW: 42_000,
      readAt: ago(5),
      allottedW: 50_000,
      waiting: false,
      counted: 'full-power',
      answer: 'NotSupported',
    },
  ],
  points: points((m) => (m < 30 ? 20_000 : 52_000)),
  windowHours: 1,
  now: new Date(NOW).toISOString(),
  ...over,
});

function staffApi(state: { site: SiteLoadView; commands?: ChargerCommandView[] }) {
  return stubApi((req) => {
    if (req.url.startsWith('/api/queries/admin/stations?')) return { body: { dataList: [station], totalCount: 1 } };
    if (req.url.startsWith(SITE_LOAD)) return { body: state.site };
    if (req.url.startsWith(COMMANDS)) return { body: { dataList: state.commands ?? [], totalCount: state.commands?.length ?? 0 } };
    if (req.url === SET_LIMIT) return { body: { streamId: `site-power-${station.stationId}`, revision: 1, position: 77 } };
    return undefined;
  });
}

async function openStation(lang: 'en' | 'ar' = 'en', privileges?: typeof VIEWER_PRIVILEGES) {
  storeSession(makeSession('staff', privileges ? { privileges, roles: ['Viewer'] } : {}));
  await renderApp(`/admin/chargerManagement${lang === 'ar' ? '?lang=ar' : ''}`);
  fireEvent.click(await screen.findByText(lang === 'ar' ? 'الزمالك' : 'Zamalek'));
  return screen.findByTestId('site-power');
}

/** A controllable `/api/live/me` on top of the stubbed API: `push` sends one change. */
function liveMe() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/live/me'
      ? Promise.resolve(
          new Response(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), {
            status: 200,
            headers: { 'Content-Type': 'text/event-stream' },
          }),
        )
      : inner(input, init),
  );
  return {
    opened: () => controller !== null,
    push: (collection: string, id: string) =>
      act(async () =>
        controller?.enqueue(encoder.encode(`event: change\ndata: {"collection":"${collection}","ids":["${id}"],"position":90}\n\n`)),
      ),
  };
}

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.url === SET_LIMIT);
const loadCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.url.startsWith(SITE_LOAD));

describe('the load chart', () => {
  it('scales a little above the highest of power and limit, in whole kW', () => {
    expect(scaleTop(points(() => 52_000))).toBe(66_000);
    expect(scaleTop(points(() => 0, null))).toBe(1000);
  });

  it('draws the power as one area and breaks the limit line where there was none', () => {
    const series = [
      ...points(() => 10_000).slice(0, 2),
      { at: minute(2), drawnW: 10_000, limitW: null },
      ...points(() => 10_000).slice(3, 4),
    ];
    const { area, limit } = chartPaths(series);
    expect(area.match(/M/g)).toHaveLength(1);
    expect(area.endsWith('Z')).toBe(true);
    expect(limit.match(/M/g)).toHaveLength(2);
    expect(chartPaths([]).area).toBe('');
  });

  it('reads kW as typed, Eastern Arabic digits too', () => {
    expect(wattsOf('60')).toBe(60_000);
    expect(wattsOf('٧٫٤')).toBe(7_400);
    expect(wattsOf('7,4')).toBe(7_400);
    expect(Number.isNaN(wattsOf('six'))).toBe(true);
    expect(Number.isNaN(wattsOf(''))).toBe(true);
  });
});

describe("the station's power on its admin page", () => {
  it('shows the limit, who set it and why, the load now, each session and the chart, and switches the window', async () => {
    const requests = staffApi({ site: load() });
    const panel = await openStation();
    expect(within(panel).getByTestId('grid-limit').textContent).toBe('60 kW');
    expect(within(panel).getByTestId('grid-limit-periods').textContent).toBe('18:00 to 22:00: 40 kW');
    expect(within(panel).getByTestId('site-drawn').textContent).toBe('52 kW of 60 kW');
    expect(within(panel).getByTestId('grid-limit-set-by').textContent).toContain('Hala Said');
    expect(within(panel).getByTestId('grid-limit-set-by').textContent).toContain('Mall supply contract');
    const rows = within(within(panel).getByTestId('site-sessions')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Charger and connectorPower nowAllottedStatus',
      'EVC-001 #110 kW10 kWProfile accepted',
      'EVC-001 #242 kW50 kWCounted at full power',
    ]);
    const chart = within(panel).getByRole('img', { name: 'Last hour: highest load 52 kW; limit now 60 kW' });
    expect(chart.querySelector('[data-testid="load-chart-power"]')?.getAttribute('d')).toMatch(/^M48,176/);
    expect(chart.querySelector('[data-testid="load-chart-limit"]')).not.toBeNull();
    expect(loadCalls(requests).at(-1)!.url).toContain('hours=1');

    fireEvent.click(within(panel).getByRole('button', { name: '6 hours' }));
    await waitFor(() => expect(loadCalls(requests).at(-1)!.url).toContain('hours=6'));
  });

  it('moves with the staff live stream: a change of the load or its chart reloads it, no reload of the page', async () => {
    const state = { site: load() };
    const requests = staffApi(state);
    const live = liveMe();
    const panel = await openStation();
    await waitFor(() => expect(live.opened()).toBe(true));
    expect(within(panel).getByTestId('site-drawn').textContent).toBe('52 kW of 60 kW');
    const before = loadCalls(requests).length;
    state.site = load({ drawnW: 41_000, sessions: load().sessions.slice(0, 1) });
    await live.push('site_load_points', station.stationId);
    await waitFor(() => expect(within(panel).getByTestId('site-drawn').textContent).toBe('41 kW of 60 kW'));
    expect(within(within(panel).getByTestId('site-sessions')).getAllByRole('row')).toHaveLength(2);
    expect(loadCalls(requests).length).toBeGreaterThan(before);
  });

  it('warns when the site is over-subscribed, with the reason recorded', async () => {
    staffApi({
      site: load({
        overSubscribed: true,
        overSubscribedReason: 'charger-answer; EVC-001 answered NotSupported: counted at full power',
        fullPowerChargers: ['EVC-001'],
      }),
    });
    const panel = await openStation();
    expect(within(panel).getByRole('alert').textContent).toBe(
      'The site is over-subscribed: charger EVC-001 refuses charging profiles and is counted at full power.',
    );
  });

  it('sets the limit in kW with a lower evening limit and a reason, and reads its own write', async () => {
    const requests = staffApi({ site: load({ limitW: 0, periods: [], effectiveLimitW: null, limitSetAt: null, limitSetBy: null }) });
    const panel = await openStation();
    expect(within(panel).getByTestId('grid-limit').textContent).toBe('No limit');
    fireEvent.click(within(panel).getByRole('button', { name: 'Set grid limit' }));
    const form = panel.querySelector('form')!;
    fireEvent.change(within(form).getByLabelText('Grid limit (kW)'), { target: { value: '60' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a lower limit' }));
    fireEvent.change(within(form).getByLabelText('From (HH:MM)'), { target: { value: '18:00' } });
    fireEvent.change(within(form).getByLabelText('To (HH:MM)'), { target: { value: '22:00' } });
    fireEvent.change(within(form).getByLabelText('Limit (kW)'), { target: { value: '70' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // above the day's limit, and no reason: nothing is sent, both errors show beside their fields
    expect(await within(form).findByText('A lower limit must not be above the grid limit')).toBeTruthy();
    expect(within(form).getByText(/Enter a reason|at least 3/)).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Limit (kW)'), { target: { value: '40' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Mall supply contract' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]!.body).toEqual({
      stationId: station.stationId,
      limitW: 60_000,
      periods: [{ from: '18:00', to: '22:00', limitW: 40_000 }],
      reason: 'Mall supply contract',
    });
    await waitFor(() => expect(new URL(loadCalls(requests).at(-1)!.url, 'http://x').searchParams.get('position')).toBe('77'));
  });

  it('in Arabic: the same page right to left, Arabic words and digits, Eastern Arabic kW accepted', async () => {
    const requests = staffApi({ site: load() });
    const panel = await openStation('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(panel).getByRole('heading', { name: 'القدرة وحد الشبكة' })).toBeTruthy();
    expect(within(panel).getByTestId('grid-limit').textContent).toBe('٦٠ كيلوواط');
    expect(within(panel).getByTestId('site-drawn').textContent).toBe('٥٢ كيلوواط من ٦٠ كيلوواط');
    expect(within(panel).getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'ضبط حد الشبكة' }));
    const form = panel.querySelector('form')!;
    fireEvent.change(within(form).getByLabelText('حد الشبكة (كيلوواط)'), { target: { value: '٨٠' } });
    fireEvent.click(within(form).getAllByRole('button', { name: 'حذف' })[0]!);
    fireEvent.change(within(form).getByLabelText('السبب'), { target: { value: 'ترقية الوصلة' } });
    fireEvent.click(within(form).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]!.body).toMatchObject({ limitW: 80_000, periods: [], reason: 'ترقية الوصلة' });
  });

  it('shows no limit button to staff without stations.write', async () => {
    staffApi({ site: load() });
    const panel = await openStation('en', VIEWER_PRIVILEGES);
    expect(within(panel).getByTestId('grid-limit').textContent).toBe('60 kW');
    expect(within(panel).queryByRole('button', { name: 'Set grid limit' })).toBeNull();
  });

  it("lists the profiles sent in the charger's command history with their cause, translated", async () => {
    const profile: ChargerCommandView = {
      commandId: '00000000-0000-4000-8000-000000000001',
      chargerId: 'EVC-001',
      action: 'SetChargingProfile',
      request: { connectorId: 1, purpose: 'TxProfile', limitW: 10_000, transactionId: '4711' },
      status: 'accepted',
      ocppAction: 'SetChargingProfile',
      protocol: '1.6',
      response: { status: 'Accepted' },
      error: null,
      requestedBy: { type: 'system', id: 'smart-charging', name: null },
      reason: 'session-started: 10000 W of 60000 W, shared with 5 other cars',
      requestedAt: ago(30),
      sentAt: ago(29),
      answeredAt: ago(29),
    };
    staffApi({ site: load(), commands: [profile] });
    storeSession(makeSession('staff'));
    await renderApp('/admin/chargerManagement?lang=ar');
    fireEvent.click(await screen.findByText('الزمالك'));
    const chargers = await screen.findByRole('region', { name: 'شواحن الزمالك' });
    fireEvent.click(
      within(chargers)
        .getAllByRole('button', { name: /EVC-001/ })
        .find((b) => b.textContent === 'الأوامر')!,
    );
    const history = await screen.findByRole('region', { name: /EVC-001/ });
    expect(await within(history).findByText('ضبط ملف الشحن')).toBeTruthy();
    expect(within(history).getByTestId('command-reason').textContent).toBe('بدأت جلسة');
  });
});

describe("the driver's allotted power", () => {
  const SESSION_POWER = `/api/queries/me/sessions/${SESSION_ID}/power`;
  const power = (over: Partial<SessionPowerView> = {}): SessionPowerView => ({
    sessionId: SESSION_ID,
    limited: true,
    charging: true,
    allottedW: 10_000,
    sharedWith: 3,
    waiting: false,
    counted: 'profile',
    cause: 'session-started',
    sharedAt: ago(10),
    ...over,
  });
  const driver = (p: SessionPowerView) =>
    asCustomer((req) => {
      if (req.url.startsWith(SESSION_POWER)) return { body: p };
      if (req.url.startsWith(`/api/queries/me/sessions/${SESSION_ID}`)) return { body: makeSessionView() };
      return undefined;
    });

  it('shows the power allotted and that it is shared with the other cars', async () => {
    driver(power());
    await renderApp(`/my-sessions/${SESSION_ID}`);
    expect((await screen.findByTestId('session-power')).textContent).toContain('Power allotted to you: 10 kW');
    expect(screen.getByTestId('session-power-why').textContent).toBe("The station's grid limit is shared with 3 other cars.");
  });

  it('says the car waits for power, in Arabic with the plural its number needs', async () => {
    driver(power({ waiting: true, allottedW: 0, sharedWith: 2 }));
    await renderApp(`/my-sessions/${SESSION_ID}?lang=ar`);
    expect((await screen.findByTestId('session-power')).textContent).toContain('في انتظار القدرة');
    expect(screen.getByTestId('session-power-why').textContent).toContain('من سيارتين أخريين');
  });

  it("follows the driver's live stream: a new share shows without a reload", async () => {
    const state = { power: power() };
    asCustomer((req) => {
      if (req.url.startsWith(SESSION_POWER)) return { body: state.power };
      if (req.url.startsWith(`/api/queries/me/sessions/${SESSION_ID}`)) return { body: makeSessionView() };
      return undefined;
    });
    const live = liveMe();
    await renderApp(`/my-sessions/${SESSION_ID}`);
    expect((await screen.findByTestId('session-power')).textContent).toContain('10 kW');
    await waitFor(() => expect(live.opened()).toBe(true));
    state.power = power({ allottedW: 12_000, sharedWith: 4, cause: 'session-ended' });
    await live.push('session_power', SESSION_ID);
    await waitFor(() => expect(screen.getByTestId('session-power').textContent).toContain('12 kW'));
  });

  it('shows nothing at a station without a limit', async () => {
    const requests = driver(power({ limited: false, allottedW: null, sharedWith: 0 }));
    await renderApp(`/my-sessions/${SESSION_ID}`);
    await screen.findByTestId('session-status');
    await waitFor(() => expect(requests.some((r) => r.url.startsWith(SESSION_POWER))).toBe(true));
    expect(screen.queryByTestId('session-power')).toBeNull();
  });
});
