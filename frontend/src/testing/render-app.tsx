import { act, render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { vi } from 'vitest';
import { PRIVILEGES, STORAGE_KEYS, type Privilege } from '@evc/contracts/shared';
import { SEEDED_ROLES, userTypeOf, type AuthSession } from '@evc/contracts/identity';
import { createApp } from '../app/app';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
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
    const headers = { ...((init?.headers as Record<string, string> | undefined) ?? {}) };
    const req: RecordedRequest = { method: init?.method ?? 'GET', url, body, headers };
    requests.push(req);
    const answer = respond(req) ?? defaultAnswer(url);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return requests;
}

/** The signed-in customer's personal info (me.profile) the stubbed API answers by default. */
export const CUSTOMER_PROFILE = {
  customerId: 'c-1',
  firstName: 'Mona',
  lastName: 'Hassan',
  email: 'mona@example.com',
  phone: '01012345678',
  gender: 'female',
  address: null,
  deliveryAddress: { sameAsHome: true, address: null },
  pictureFileId: null,
  birthDate: null,
  locale: 'en',
  revision: 3,
};

const emptySiteLoad = (url: string) => ({
  stationId: decodeURIComponent(url.split('?')[0]!.split('/').at(-1) ?? ''),
  limitW: 0,
  periods: [],
  limitReason: null,
  limitSetAt: null,
  limitSetBy: null,
  effectiveLimitW: null,
  drawnW: 0,
  allottedW: 0,
  overSubscribed: false,
  overSubscribedReason: null,
  fullPowerChargers: [],
  lastCause: null,
  lastSharedAt: null,
  sessions: [],
  points: [],
  windowHours: 1,
  now: new Date().toISOString(),
});

function defaultAnswer(url: string): { status?: number; body: unknown } {
  if (url.startsWith('/api/config')) return { body: { mapTileUrl: null, mapAttribution: null, version: '1.11.55' } };
  if (url.startsWith('/api/queries/network-stats'))
    return { body: { stations: 3, chargingPoints: 12, governoratesCovered: 2, energyDeliveredWh: 1_500_000, sessions: 40 } };
  if (url.startsWith('/api/queries/pricing'))
    return {
      body: { acPricePerKwh: 250, dcPricePerKwh: 450, minimumCharge: 1000, bookingFeePerMinute: 10, effectiveFrom: '2024-01-01T00:00:00Z' },
    };
  if (url.startsWith('/api/queries/me/profile')) return { body: CUSTOMER_PROFILE };
  // a station's power on its admin page (smart charging): no limit, nothing charging
  if (url.startsWith('/api/queries/admin/site-load/')) return { body: emptySiteLoad(url) };
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
  sessionStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  window.scrollTo = () => undefined;
}

/** The seeded viewer's privileges, and every privilege there is (the super admin's). */
export const VIEWER_PRIVILEGES: Privilege[] = [...(SEEDED_ROLES.find((role) => role.roleId === 'role-viewer')?.privileges ?? [])];
export const SUPER_PRIVILEGES: Privilege[] = [...PRIVILEGES];

/** A session as the server answers sign-in and refresh. */
export function makeSession(kind: 'staff' | 'customer', overrides: Partial<AuthSession> & { privileges?: Privilege[] } = {}): AuthSession {
  const { privileges, ...rest } = overrides;
  const staff = kind === 'staff';
  return {
    token: staff ? 'staff-token-1' : 'customer-token-1',
    tokenExpiry: new Date(Date.now() + 15 * 60_000).toISOString(),
    userType: userTypeOf(staff ? 'staff' : 'customer'),
    roles: staff ? ['Super admin'] : ['customer'],
    rememberMe: false,
    user: {
      userId: staff ? 'a1' : 'c1',
      userType: userTypeOf(staff ? 'staff' : 'customer'),
      firstName: staff ? 'Hala' : 'Omar',
      lastName: staff ? 'Said' : 'Fathy',
      email: staff ? 'hala@evc.example' : 'omar@example.com',
      locale: 'en',
      roles: staff ? ['Super admin'] : ['customer'],
      privileges: privileges ?? (staff ? SUPER_PRIVILEGES : []),
    },
    ...rest,
  };
}

/** Seeds sessionStorage as a sign-in would, so the app restores it at start. */
export function storeSession(session: AuthSession, storage: Storage = sessionStorage) {
  storage.setItem(STORAGE_KEYS.token, session.token);
  storage.setItem(STORAGE_KEYS.expiry, session.tokenExpiry);
  storage.setItem(STORAGE_KEYS.roles, JSON.stringify(session.roles));
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  storage.setItem(STORAGE_KEYS.userType, String(session.userType));
  storage.setItem(STORAGE_KEYS.rememberMe, String(session.rememberMe));
}
