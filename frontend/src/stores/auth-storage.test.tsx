import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@evc/contracts/shared';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../testing/render-app';
import { clearSession, restoreSession, saveSession } from './auth-storage';
import { sessionAtom } from './auth-state';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const AUTH_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.expiry,
  STORAGE_KEYS.roles,
  STORAGE_KEYS.user,
  STORAGE_KEYS.userType,
  STORAGE_KEYS.rememberMe,
];

describe('auth storage', () => {
  it('keeps a session in sessionStorage only without remember-me', () => {
    saveSession(makeSession('customer', { rememberMe: false }));
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('customer-token-1');
    expect(sessionStorage.getItem(STORAGE_KEYS.userType)).toBe('5');
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.user) ?? '{}').firstName).toBe('Omar');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('also keeps it in localStorage with remember-me', () => {
    saveSession(makeSession('staff', { rememberMe: true }));
    for (const key of AUTH_KEYS) {
      expect(localStorage.getItem(key), key).not.toBeNull();
      expect(sessionStorage.getItem(key), key).toBe(localStorage.getItem(key));
    }
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.roles) ?? '[]')).toEqual(['Super admin']);
  });

  it('restores from localStorage first, then sessionStorage', () => {
    storeSession(makeSession('customer', { token: 'from-session-storage' }), sessionStorage);
    expect(restoreSession()?.token).toBe('from-session-storage');
    storeSession(makeSession('staff', { token: 'from-local-storage', rememberMe: true }), localStorage);
    const restored = restoreSession();
    expect(restored?.token).toBe('from-local-storage');
    expect(restored?.userType).toBe(1);
  });

  it('ignores a corrupt stored session', () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'x');
    sessionStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(restoreSession()).toBeNull();
  });

  it('clearing removes every auth key from both storages but keeps the language', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'ar');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'legacy');
    saveSession(makeSession('staff', { rememberMe: true }));
    clearSession();
    for (const key of [...AUTH_KEYS, STORAGE_KEYS.refreshToken]) {
      expect(localStorage.getItem(key), key).toBeNull();
      expect(sessionStorage.getItem(key), key).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('ar');
  });
});

describe('sign-in and sign-out in the app', () => {
  it('customer sign-in with remember-me stores the session in both storages and shows the name in the header', async () => {
    const session = makeSession('customer', { rememberMe: true });
    const requests = stubApi((req) => (req.url === '/api/commands/auth.sign-in' ? { body: session } : undefined));
    await renderApp('/SignInUp');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'omar@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('customer-token-1'));
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('customer-token-1');
    expect(requests.find((r) => r.url === '/api/commands/auth.sign-in')?.body).toEqual({
      email: 'omar@example.com',
      password: 'Secret123',
      rememberMe: true,
      audience: 'customer',
    });
    expect(await screen.findByText('Omar Fathy')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('sign-out clears all auth keys and calls auth.sign-out', async () => {
    storeSession(makeSession('customer', { rememberMe: true }), localStorage);
    storeSession(makeSession('customer', { rememberMe: true }), sessionStorage);
    const requests = stubApi((req) => (req.url === '/api/commands/auth.sign-out' ? { body: { accepted: true } } : undefined));
    const { store } = await renderApp('/About');
    expect(store.get(sessionAtom)?.user.firstName).toBe('Omar');
    // (jsdom's 1024 px window: the header shows Sign out without the menu)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    await waitFor(() => expect(store.get(sessionAtom)).toBeNull());
    for (const key of AUTH_KEYS) {
      expect(localStorage.getItem(key), key).toBeNull();
      expect(sessionStorage.getItem(key), key).toBeNull();
    }
    expect(requests.some((r) => r.url === '/api/commands/auth.sign-out' && r.method === 'POST')).toBe(true);
    // the header's and the footer's
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
