import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { connectSession } from './session';
import { sessionAtom } from '../stores/auth-state';
import { makeSession, storeSession } from '../testing/render-app';
import { ApiRequestError, apiGet, connectAuthBridge } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  connectAuthBridge(null);
  sessionStorage.clear();
  localStorage.clear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthenticated = () => json(401, { code: 'auth.unauthenticated', message: 'Token expired' });

function signedInStore() {
  storeSession(makeSession('staff', { token: 'old-token' }));
  const store = createStore();
  connectSession(store);
  return store;
}

describe('api client auth', () => {
  it('sends the bearer token', async () => {
    signedInStore();
    const seen: (string | undefined)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push((init.headers as Record<string, string>).Authorization);
      return json(200, { dataList: [], totalCount: 0 });
    });
    await apiGet('/api/queries/admins');
    expect(seen).toEqual(['Bearer old-token']);
  });

  it('on 401 auth.unauthenticated refreshes once for concurrent requests and retries each with the new token', async () => {
    const store = signedInStore();
    const calls: { url: string; auth?: string }[] = [];
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      calls.push({ url, auth });
      if (url === '/api/commands/auth.refresh') {
        await refreshGate;
        return json(200, makeSession('staff', { token: 'new-token' }));
      }
      return auth === 'Bearer new-token' ? json(200, { dataList: [url], totalCount: 1 }) : unauthenticated();
    });

    const pending = Promise.all([
      apiGet<{ dataList: string[] }>('/api/queries/admins'),
      apiGet<{ dataList: string[] }>('/api/queries/roles'),
    ]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url !== '/api/commands/auth.refresh')).toHaveLength(2));
    releaseRefresh();
    const [admins, roles] = await pending;

    expect(admins.dataList).toEqual(['/api/queries/admins']);
    expect(roles.dataList).toEqual(['/api/queries/roles']);
    expect(calls.filter((c) => c.url === '/api/commands/auth.refresh')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/commands/auth.refresh')?.auth).toBeUndefined();
    expect(store.get(sessionAtom)?.token).toBe('new-token');
    expect(sessionStorage.getItem('token')).toBe('new-token');
  });

  it('refreshes a token the account outgrew (401 identity.session_expired after a password change here) and retries with the new one', async () => {
    const store = signedInStore();
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(url);
      if (url === '/api/commands/auth.refresh') return json(200, makeSession('staff', { token: 'new-token' }));
      return (init.headers as Record<string, string>).Authorization === 'Bearer new-token'
        ? json(200, { dataList: ['ok'], totalCount: 1 })
        : json(401, { code: 'identity.session_expired', message: 'outdated' });
    });
    const page = await apiGet<{ dataList: string[] }>('/api/queries/me');
    expect(page.dataList).toEqual(['ok']);
    expect(calls).toEqual(['/api/queries/me', '/api/commands/auth.refresh', '/api/queries/me']);
    expect(store.get(sessionAtom)?.token).toBe('new-token');
  });

  it('signs out when the refresh fails with identity.session_expired', async () => {
    const store = signedInStore();
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/commands/auth.refresh' ? json(401, { code: 'identity.session_expired', message: 'gone' }) : unauthenticated(),
    );
    const error = await apiGet('/api/queries/admins').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
    expect(store.get(sessionAtom)).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('does not refresh on other 401 codes (wrong password)', async () => {
    signedInStore();
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return json(401, { code: 'identity.invalid_credentials', message: 'no' });
    });
    await expect(apiGet('/api/queries/admins')).rejects.toMatchObject({ code: 'identity.invalid_credentials' });
    expect(urls).toEqual(['/api/queries/admins']);
  });

  it('refreshes shortly before expiry, before sending', async () => {
    storeSession(makeSession('staff', { token: 'old-token', tokenExpiry: new Date(Date.now() + 5_000).toISOString() }));
    const store = createStore();
    connectSession(store);
    const calls: { url: string; auth?: string }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, auth: (init.headers as Record<string, string>).Authorization });
      return url === '/api/commands/auth.refresh' ? json(200, makeSession('staff', { token: 'fresh' })) : json(200, {});
    });
    await apiGet('/api/queries/me');
    expect(calls).toEqual([
      { url: '/api/commands/auth.refresh', auth: undefined },
      { url: '/api/queries/me', auth: 'Bearer fresh' },
    ]);
  });
});
