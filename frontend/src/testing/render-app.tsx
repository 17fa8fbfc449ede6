import { act, render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { vi } from 'vitest';
import { createApp } from '../app/app';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

type Responder = (req: RecordedRequest) => { status?: number; body: unknown } | undefined;

/**
 * Stubs fetch at the network boundary: every request is recorded, answered by `respond` or, by default,
 * with empty read models. Returns the recorded requests.
 */
export function stubApi(respond: Responder = () => undefined): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const req: RecordedRequest = { method: init?.method ?? 'GET', url, body };
    requests.push(req);
    const answer = respond(req) ?? defaultAnswer(url);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return requests;
}

function defaultAnswer(url: string): { status?: number; body: unknown } {
  if (url.startsWith('/api/config')) return { body: { mapTileUrl: null, mapAttribution: null, version: '1.11.55' } };
  if (url.startsWith('/api/queries/network-stats'))
    return { body: { stations: 3, chargingPoints: 12, governoratesCovered: 2, energyDeliveredWh: 1_500_000, sessions: 40 } };
  if (url.startsWith('/api/queries/pricing'))
    return { body: { acPricePerKwh: 250, dcPricePerKwh: 450, minimumCharge: 1000, bookingFeePerMinute: 10, effectiveFrom: '2024-01-01T00:00:00Z' } };
  if (url.startsWith('/api/queries/')) return { body: { dataList: [], totalCount: 0 } };
  if (url.startsWith('/api/page-views')) return { status: 202, body: { accepted: true } };
  return { status: 404, body: { code: 'not_found', message: 'Not found' } };
}

/** Renders the whole app at `url` with a memory history. */
export async function renderApp(url: string) {
  const [, search = ''] = url.split('?');
  const history = createMemoryHistory({ initialEntries: [url] });
  const app = createApp({ history, search: search ? `?${search}` : '' });
  const view = render(app.element);
  await act(async () => {
    await app.router.load();
  });
  return { ...view, ...app };
}

export function resetBrowserState() {
  localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  window.scrollTo = () => undefined;
}
