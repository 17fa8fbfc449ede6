import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@evc/contracts/shared';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../testing/render-app';
import { catalogsAtom } from '../lib/i18n/load-messages';
import enApp from '../locales/en/app.json';
import enPublic from '../locales/en/public.json';
import { asCustomer, makeSessionView } from '../testing/charging-fixtures';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routing', () => {
  it('shows "Page not found" for an unknown path, leading home (not "Back to admin" for a visitor)', async () => {
    stubApi();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Back to admin' })).toBeNull();
  });

  it('an unknown admin path keeps its button back to /admin', async () => {
    stubApi();
    storeSession(makeSession('staff'));
    await renderApp('/admin/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to admin' }).getAttribute('href')).toBe('/admin');
  });

  it.each(['/About', '/about', '/ABOUT'])('matches %s case-insensitively', async (path) => {
    stubApi();
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('serves every spec path of the later issues with its own screen, none of them a "coming soon" placeholder', async () => {
    stubApi();
    storeSession(makeSession('staff'));
    const { router } = await renderApp('/admin/Contactusrequests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact requests' })).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
    await act(() => router.navigate({ to: '/demo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Guided demo' })).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
    cleanup();
    sessionStorage.clear();
    storeSession(makeSession('customer'));
    const customer = await renderApp('/registerCarInfo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register car info' })).toBeTruthy();
    await act(() => customer.router.navigate({ to: '/my-bookings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it("shows the rules' texts on the error screens", async () => {
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

describe('page views of pages with ids', () => {
  it('count the route, not the address with its id', async () => {
    const requests = asCustomer((req) => (req.url.startsWith('/api/queries/me/sessions/') ? { body: makeSessionView() } : undefined));
    const { router } = await renderApp('/terms');
    await act(() => router.navigate({ to: '/my-sessions/$sessionId', params: { sessionId: 'a1b2c3d4-0000-4000-8000-000000000001' } }));
    await act(() => router.navigate({ to: '/my-sessions/$sessionId', params: { sessionId: 'a1b2c3d4-0000-4000-8000-000000000002' } }));
    await waitFor(() => {
      const views = requests.filter((r) => r.url === '/api/page-views').map((r) => (r.body as { path: string }).path);
      expect(views).toEqual(['/terms', '/my-sessions/$sessionId', '/my-sessions/$sessionId']);
    });
  });

  it('an address no route matches is counted as typed, not as the home page', async () => {
    const requests = stubApi();
    await renderApp('/no-such-page');
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/page-views').map((r) => (r.body as { path: string }).path)).toEqual(['/no-such-page']),
    );
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
    // jsdom's window is 1024 px wide: a laptop, whose header shows its links and the switcher without the menu
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
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

/**
 * Watches the page for message ids shown as text or attributes (a message rendered before its catalog loaded) and for
 * react-intl's missing-translation reports.
 */
function watchForRawIds() {
  const ids = [...Object.keys(enPublic), ...Object.keys(enApp)].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<![\\w./-])(${ids.map((id) => id.replace(/[.]/g, '\\.')).join('|')})(?![\\w-]|\\.\\w)`, 'g');
  const seen = new Set<string>();
  const check = () => {
    for (const m of document.body.innerHTML.matchAll(pattern)) seen.add(m[1] ?? '');
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  const errors = vi.spyOn(console, 'error');
  return () => {
    check();
    observer.disconnect();
    const missing = errors.mock.calls.map((args) => String(args[0])).filter((m) => /MISSING_TRANSLATION|@formatjs/.test(m));
    errors.mockRestore();
    return { rawIds: [...seen], missing };
  };
}

describe('catalogs', () => {
  it('the landing page loads the public catalog of its language only; an app screen adds the app catalog', async () => {
    stubApi();
    const { store, router } = await renderApp('/?lang=ar');
    await screen.findByRole('heading', { level: 1, name: 'اشحن سيارتك الكهربائية في كل أنحاء مصر' });
    expect(Object.keys(store.get(catalogsAtom))).toEqual(['ar/public']);
    await act(() => router.navigate({ to: '/Signin' }));
    expect(await screen.findByRole('heading', { name: 'دخول الموظفين' })).toBeTruthy();
    expect(Object.keys(store.get(catalogsAtom)).sort()).toEqual(['ar/app', 'ar/public']);
  });

  it.each([
    ['/Signin?lang=ar', null, 'دخول الموظفين'],
    ['/SignUp?lang=ar', null, 'أنشئ حسابك'],
    ['/admin/roles?lang=ar', 'staff', 'الأدوار'],
    ['/admin/admins', 'staff', 'Admins'],
    ['/profile?lang=ar', 'customer', 'البيانات الشخصية'],
  ] as const)('%s renders translated from its first paint (signed in: %s)', async (url, who, text) => {
    stubApi();
    if (who) storeSession(makeSession(who));
    const stop = watchForRawIds();
    await renderApp(url);
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
    expect(stop()).toEqual({ rawIds: [], missing: [] });
  });

  it("switching language on an admin screen loads the other language's app catalog before switching", async () => {
    stubApi();
    storeSession(makeSession('staff'));
    await renderApp('/admin/roles');
    await screen.findByRole('heading', { name: 'Roles' });
    const stop = watchForRawIds();
    fireEvent.click(screen.getByRole('button', { name: 'Switch language' }));
    expect(await screen.findByRole('heading', { name: 'الأدوار' })).toBeTruthy();
    expect(stop()).toEqual({ rawIds: [], missing: [] });
  });
});
