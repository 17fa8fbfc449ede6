import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, resetBrowserState, type RecordedRequest } from '../../../testing/render-app';
import { SESSION_ID, asCustomer, calls, commandOk, makeSessionView } from '../../../testing/charging-fixtures';
import type { SessionDetailView } from '@evc/contracts/charging';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const SESSION = `/api/queries/me/sessions/${SESSION_ID}`;

beforeEach(() => {
  resetBrowserState();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A controllable /api/live/me: `push` sends SSE text; answers the token it was opened with. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let auth: string | null = null;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/live/me') {
      auth = (init?.headers as Record<string, string>).Authorization ?? null;
      return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
    }
    return inner(input, init);
  });
  return { push: (text: string) => controller?.enqueue(encoder.encode(text)), auth: () => auth };
}

function customerWith(session: () => SessionDetailView): RecordedRequest[] {
  return asCustomer((req) => {
    if (req.url.startsWith(SESSION)) return { body: session() };
    if (req.url === '/api/commands/sessions.stop') return commandOk;
    return undefined;
  });
}

describe('live session', () => {
  it('shows status, energy, power, SoC, running cost and a ticking elapsed time', async () => {
    customerWith(() => makeSessionView());
    await renderApp(`/my-sessions/${SESSION_ID}`);
    expect((await screen.findByTestId('session-status')).textContent).toBe('Charging');
    expect(screen.getByRole('list', { name: 'Session progress' }).querySelector('[aria-current="step"]')?.textContent).toBe('Charging');
    expect(screen.getByTestId('session-energy').textContent).toBe('3.2 kWh');
    expect(screen.getByText('7.4 kW')).toBeTruthy();
    expect(screen.getByText('56%')).toBeTruthy();
    expect(screen.getByTestId('session-cost').textContent).toMatch(/EGP\s?8\.00/);
    expect(screen.getByText('None: until you stop it')).toBeTruthy();
    expect(screen.getByTestId('elapsed').textContent).toBe('0:01:00');
    await advance(3000);
    expect(screen.getByTestId('elapsed').textContent).toBe('0:01:03');
  });

  it('a change on /api/live/me (bearer token) refetches the session', async () => {
    let energy = 3200;
    const requests = customerWith(() => makeSessionView({ energyWh: energy }));
    const live = liveStream();
    await renderApp(`/my-sessions/${SESSION_ID}`);
    await screen.findByText('3.2 kWh');
    await waitFor(() => expect(live.auth()).toBe('Bearer customer-token-1'));
    const before = calls(requests, SESSION).length;
    energy = 4500;
    live.push(`event: change\ndata: {"collection":"sessions","ids":["${SESSION_ID}"],"position":12}\n\n`);
    expect(await screen.findByText('4.5 kWh')).toBeTruthy();
    expect(calls(requests, SESSION).length).toBe(before + 1);
    // a collection the page does not show changes nothing
    live.push(': keep-alive\n\nevent: change\ndata: {"collection":"stations","position":13}\n\n');
    await advance(100);
    expect(calls(requests, SESSION).length).toBe(before + 1);
  });

  it('falls back to polling every 5 s when the stream fails', async () => {
    const requests = customerWith(() => makeSessionView());
    await renderApp(`/my-sessions/${SESSION_ID}`);
    await screen.findByText('3.2 kWh');
    const before = calls(requests, SESSION).length;
    await advance(5000);
    await waitFor(() => expect(calls(requests, SESSION).length).toBe(before + 1));
    await advance(5000);
    await waitFor(() => expect(calls(requests, SESSION).length).toBe(before + 2));
  });

  it('Stop asks first, then sends sessions.stop', async () => {
    const requests = customerWith(() => makeSessionView());
    await renderApp(`/my-sessions/${SESSION_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop charging' }));
    expect(calls(requests, '/api/commands/sessions.stop')).toHaveLength(0);
    expect(screen.getByText('Stop this charging session now?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, stop' }));
    await waitFor(() => expect(calls(requests, '/api/commands/sessions.stop')).toHaveLength(1));
    expect(calls(requests, '/api/commands/sessions.stop')[0]?.body).toEqual({ sessionId: SESSION_ID });
  });

  it('after the stop: final energy and cost, the reason, and a link to the wallet line', async () => {
    customerWith(() =>
      makeSessionView({
        status: 'stopped',
        stopReason: 'low_balance',
        stoppedAt: '2026-03-01T09:59:40Z',
        energyWh: 12_340,
        cost: 3085,
        billed: true,
        powerW: null,
      }),
    );
    await renderApp(`/my-sessions/${SESSION_ID}`);
    expect(await screen.findByText(/Charged 12\.34 kWh for EGP\s?30\.85\./)).toBeTruthy();
    expect(screen.getByText('Your balance ran low')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop charging' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See it in your wallet' }).getAttribute('href')).toBe(`/wallet#tx-session:${SESSION_ID}`);
    expect(screen.getByTestId('elapsed').textContent).toBe('0:00:40');
  });

  it('a stopped session says when it stopped, Cairo time, in English and Arabic', async () => {
    customerWith(() =>
      makeSessionView({ status: 'stopped', stopReason: 'customer', stoppedAt: '2026-03-01T09:59:40Z', billed: true, powerW: null }),
    );
    await renderApp(`/my-sessions/${SESSION_ID}`);
    // 09:59 UTC is 11:59 in Cairo
    expect((await screen.findByTestId('session-stopped-at')).textContent).toMatch(/11:59/);
    expect(screen.getByTestId('session-stopped-at').previousElementSibling?.textContent).toBe('Stopped');
    cleanup();
    await renderApp(`/my-sessions/${SESSION_ID}?lang=ar`);
    expect((await screen.findByTestId('session-stopped-at')).textContent).toMatch(/١١:٥٩/);
  });

  it('a running session shows no stop time', async () => {
    customerWith(() => makeSessionView());
    await renderApp(`/my-sessions/${SESSION_ID}`);
    await screen.findByTestId('session-status');
    expect(screen.queryByTestId('session-stopped-at')).toBeNull();
  });

  it('a failed start shows the translated reason', async () => {
    customerWith(() => makeSessionView({ status: 'failed', failure: 'no_cable', startedAt: null, energyWh: 0, cost: 0 }));
    await renderApp(`/my-sessions/${SESSION_ID}`);
    expect(await screen.findByText('The cable was not plugged in in time.')).toBeTruthy();
    expect(screen.getByTestId('session-status').textContent).toBe('Failed');
  });
});
