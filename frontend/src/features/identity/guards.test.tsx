import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@evc/contracts/shared';
import {
  CUSTOMER_PROFILE,
  VIEWER_PRIVILEGES,
  makeSession,
  renderApp,
  resetBrowserState,
  storeSession,
  stubApi,
} from '../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route guards', () => {
  it('a signed-out visitor of an admin route goes to the staff sign-in /Signin', async () => {
    stubApi();
    const { router } = await renderApp('/admin/admins');
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Signin');
    expect(router.state.location.search).toEqual({ redirect: '/admin/admins' });
  });

  it('a signed-out visitor of a customer route goes to /SignInUp', async () => {
    stubApi();
    const { router } = await renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/SignInUp');
  });

  it('a signed-out visitor whose stored user type is 1 goes to /Signin even from a customer route', async () => {
    stubApi();
    sessionStorage.setItem(STORAGE_KEYS.userType, '1');
    const { router } = await renderApp('/profile');
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(router.state.location.pathname).toBe('/Signin');
  });

  it('a signed-in customer visiting admin goes to /Error401', async () => {
    stubApi();
    storeSession(makeSession('customer'));
    const { router } = await renderApp('/admin/admins');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Error401');
  });

  it('staff lacking the privilege of a screen go to /Error401', async () => {
    stubApi();
    storeSession(makeSession('staff', { privileges: VIEWER_PRIVILEGES }));
    const { router } = await renderApp('/admin/mailbox');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Error401');
  });

  it('a signed-in customer reaches the profile with their personal info (me.profile)', async () => {
    const session = makeSession('customer');
    stubApi((req) =>
      req.url.startsWith('/api/queries/me/profile') ? { body: { ...CUSTOMER_PROFILE, email: session.user.email } } : undefined,
    );
    storeSession(session);
    await renderApp('/profile');
    expect(await screen.findByDisplayValue('omar@example.com')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Change password' })).toBeTruthy();
  });
});
