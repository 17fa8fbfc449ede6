import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DemoStatus } from '@evc/contracts/site';
import { renderApp, resetBrowserState, stubApi, type RecordedRequest } from '../../testing/render-app';

beforeEach(() => resetBrowserState());
afterEach(() => cleanup());

const idle: DemoStatus = {
  available: true,
  reason: null,
  running: false,
  startedAt: null,
  endsAt: null,
  chargers: [],
  step: 'idle',
  session: null,
  limits: { chargers: 3, runMinutes: 10 },
  token: null,
};
const running = (over: Partial<DemoStatus> = {}): DemoStatus => ({
  ...idle,
  running: true,
  startedAt: '2026-03-01T10:00:00Z',
  endsAt: '2026-03-01T10:10:00Z',
  chargers: [
    {
      chargerId: 'EVC-001-AC1',
      stationId: 'cai-zamalek',
      ocppVersion: '1.6',
      connected: true,
      connectors: [
        { connectorId: 1, status: 'Available' },
        { connectorId: 2, status: 'Available' },
      ],
    },
  ],
  ...over,
});
const calls = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.url.split('?')[0] === path);

function demoServer(states: DemoStatus[]) {
  let current = states[0]!;
  return stubApi((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/demo') return { body: current };
    if (path === '/api/demo/start' || path === '/api/demo/step') {
      current = states[Math.min(states.indexOf(current) + 1, states.length - 1)]!;
      return { body: current };
    }
    return undefined;
  });
}

describe('/demo', () => {
  it('says the cluster profile cannot run it, and offers no start', async () => {
    demoServer([{ ...idle, available: false, reason: 'cluster' }]);
    await renderApp('/demo');
    expect(await screen.findByText(/runs only on the single-process \(embedded\) installation/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start the demonstration' })).toBeNull();
  });

  it('starts (its limits said), then walks the session: plug in, start, charge, stop', async () => {
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
    const requests = demoServer([
      idle,
      running({ token: 'run-key' }),
      running({ step: 'plugged' }),
      running({ step: 'charging', session }),
      running({ step: 'stopped', session: { ...session, stoppedAt: '2026-03-01T10:03:00Z', endedBy: 'visitor' } }),
    ]);
    await renderApp('/demo?lang=en');
    expect(await screen.findByText(/Up to 3 simulated chargers for 10 minutes/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start the demonstration' }));
    // 10:10 UTC is 12:10 in Cairo
    expect(await screen.findByText(/running until 12:10/)).toBeTruthy();
    expect(screen.getByTestId('demo-charger').textContent).toContain('EVC-001-AC1');
    const step1 = screen.getByTestId('demo-step-1');
    expect(step1.getAttribute('aria-current')).toBe('step');
    fireEvent.click(within(step1).getByRole('button', { name: 'Plug the cable in' }));
    await waitFor(() => expect(screen.getByTestId('demo-step-2').getAttribute('aria-current')).toBe('step'));
    fireEvent.click(within(screen.getByTestId('demo-step-2')).getByRole('button', { name: 'Start charging' }));
    expect(await screen.findByTestId('demo-meter')).toBeTruthy();
    expect(screen.getByTestId('demo-meter').textContent).toBe('1.23 kWh delivered, battery at 41%');
    fireEvent.click(within(screen.getByTestId('demo-step-4')).getByRole('button', { name: 'Stop charging' }));
    expect((await screen.findByTestId('demo-ended')).textContent).toContain('The session ended: 1.23 kWh');
    expect(calls(requests, '/api/demo/step').map((r) => r.body)).toEqual(
      ['plug-in', 'start', 'stop'].map((action) => ({ action, token: 'run-key' })),
    );
  });

  it('says when the address made too many requests', async () => {
    stubApi((req) => {
      if (req.url === '/api/demo') return { body: idle };
      if (req.url === '/api/demo/start') return { status: 429, body: { code: 'demo.rate_limited', message: 'slow down' } };
      return undefined;
    });
    await renderApp('/demo?lang=ar');
    fireEvent.click(await screen.findByRole('button', { name: 'بدء العرض التوضيحي' }));
    expect(await screen.findByText('طلبات كثيرة للعرض التوضيحي من عنوانك. انتظر بضع دقائق من فضلك.')).toBeTruthy();
  });

  it("watches another visitor's run: no step can be taken, and the page says why", async () => {
    const requests = demoServer([running()]);
    await renderApp('/demo?lang=en');
    expect((await screen.findByTestId('demo-watching')).textContent).toContain('Another visitor is walking through this demonstration');
    expect(
      (within(screen.getByTestId('demo-step-1')).getByRole('button', { name: 'Plug the cable in' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls(requests, '/api/demo/step')).toHaveLength(0);
  });

  it('says, in Arabic too, when others hold every demo charger', async () => {
    demoServer([{ ...idle, available: false, reason: 'chargers_busy' }]);
    await renderApp('/demo?lang=ar');
    expect(await screen.findByText(/كل شواحن العرض متصلة بالشبكة الآن/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'بدء العرض التوضيحي' })).toBeNull();
  });
});
