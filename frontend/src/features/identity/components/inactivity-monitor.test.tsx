import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { LIMITS, STORAGE_KEYS } from '@evc/contracts/shared';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../../../testing/render-app';
import { sessionAtom } from '../../../stores/auth-state';

beforeEach(() => {
  resetBrowserState();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const dialog = () => screen.queryByRole('alertdialog');

async function signedInAt(path: string) {
  stubApi((req) => (req.url === '/api/commands/auth.sign-out' ? { body: { accepted: true } } : undefined));
  // a long-lived token: this test is about inactivity, not refresh
  storeSession(makeSession('staff', { tokenExpiry: new Date(Date.now() + 24 * 3_600_000).toISOString() }));
  const app = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'My profile' });
  // the monitor is its own chunk: let it load and start
  await act(() => vi.dynamicImportSettled());
  await advance(0);
  return app;
}

describe('inactivity', () => {
  it('warns after 30 minutes without input', async () => {
    await signedInAt('/admin/settings');
    await advance(LIMITS.inactivityTimeoutMs - 1_000);
    expect(dialog()).toBeNull();
    await advance(1_000);
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(screen.getByText('Are you still there?')).toBeTruthy();
  });

  it('"Stay signed in" closes the warning and restarts the 30 minutes', async () => {
    const { store } = await signedInAt('/admin/settings');
    await advance(LIMITS.inactivityTimeoutMs);
    fireEvent.click(await screen.findByRole('button', { name: 'Stay signed in' }));
    expect(dialog()).toBeNull();
    await advance(LIMITS.inactivityWarningMs + 5_000);
    expect(store.get(sessionAtom)).not.toBeNull();
    expect(dialog()).toBeNull();
    // 30 minutes after "stay" (not after the first warning) the warning comes back
    await advance(LIMITS.inactivityTimeoutMs - LIMITS.inactivityWarningMs - 5_000);
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });

  it('input before the warning restarts the quiet period', async () => {
    await signedInAt('/admin/settings');
    await advance(LIMITS.inactivityTimeoutMs - 60_000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(60_000 + 1_000);
    expect(dialog()).toBeNull();
  });

  it('without an answer signs out after one more minute and goes to /timed-out', async () => {
    const { store, router } = await signedInAt('/admin/settings');
    await advance(LIMITS.inactivityTimeoutMs);
    await screen.findByRole('alertdialog');
    await advance(LIMITS.inactivityWarningMs - 1_000);
    expect(store.get(sessionAtom)).not.toBeNull();
    await advance(1_000);
    expect(await screen.findByRole('heading', { name: 'Session timed out' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/timed-out');
    expect(store.get(sessionAtom)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // staff are sent back to the staff sign-in
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/Signin');
  });
});
