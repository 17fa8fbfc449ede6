import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@evc/contracts/constants';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routing', () => {
  it('shows "Page not found" with a button back to /admin for an unknown path', async () => {
    stubApi();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to admin' });
    expect(back.getAttribute('href')).toBe('/admin');
  });

  it.each(['/About', '/about', '/ABOUT'])('matches %s case-insensitively', async (path) => {
    stubApi();
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('serves the spec paths of later issues as bilingual "coming soon" placeholders', async () => {
    stubApi();
    storeSession(makeSession('staff'));
    const { router } = await renderApp('/admin/chargerManagement');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stations and chargers' })).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    await act(() => router.navigate({ to: '/demo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo' })).toBeTruthy();
    cleanup();
    sessionStorage.clear();
    storeSession(makeSession('customer'));
    await renderApp('/registerCarInfo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register car info' })).toBeTruthy();
  });

  it('shows the spec texts on the error screens', async () => {
    stubApi();
    const { router } = await renderApp('/Error403');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText(/you do not have access to this page or resource/)).toBeTruthy();
    await act(() => router.navigate({ to: '/Error401' }));
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    expect(screen.getByText('Sorry, your request could not be processed.')).toBeTruthy();
  });

  it('records a page view with path and locale on each route change', async () => {
    const requests = stubApi();
    const { router } = await renderApp('/terms');
    await act(() => router.navigate({ to: '/howitworks' }));
    await waitFor(() => {
      const views = requests.filter((r) => r.url === '/api/page-views').map((r) => r.body);
      expect(views).toEqual([
        { path: '/terms', locale: 'en' },
        { path: '/howitworks', locale: 'en' },
      ]);
    });
  });
});

describe('language', () => {
  it('?lang=ar selects Arabic: rtl, lang ar, Arabic text, stored choice', async () => {
    stubApi();
    await renderApp('/About?lang=ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'من نحن' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('ar');
  });

  it('any other ?lang value selects English, even over a stored Arabic choice', async () => {
    stubApi();
    localStorage.setItem(STORAGE_KEYS.locale, 'ar');
    await renderApp('/About?lang=fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
  });

  it('the stored choice is used when there is no ?lang', async () => {
    stubApi();
    localStorage.setItem(STORAGE_KEYS.locale, 'ar');
    await renderApp('/About');
    expect(await screen.findByRole('heading', { level: 1, name: 'من نحن' })).toBeTruthy();
  });

  it('the header switcher toggles dir and lang both ways', async () => {
    stubApi();
    await renderApp('/About');
    await screen.findByRole('heading', { level: 1, name: 'About us' });
    // jsdom's 1024px window is below the wide header breakpoint: the links sit behind the menu button
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Switch language' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'من نحن' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('ar');
    fireEvent.click(screen.getByRole('button', { name: 'تغيير اللغة' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(document.documentElement.lang).toBe('en');
  });
});
