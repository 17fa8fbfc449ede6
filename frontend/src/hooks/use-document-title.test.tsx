// The document title per page and language.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { renderApp, resetBrowserState, stubApi } from '../testing/render-app';
import { documentTitle } from './use-document-title';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('document title', () => {
  it('is the heading then the name, or the name alone', () => {
    expect(documentTitle(' About\n us ', 'EV Charge Egypt')).toBe('About us · EV Charge Egypt');
    expect(documentTitle(null, 'EV Charge Egypt')).toBe('EV Charge Egypt');
  });

  it.each([
    ['/About', 'About us · EV Charge Egypt'],
    ['/About?lang=ar', 'من نحن · شحن مصر الكهربائي'],
    ['/ChargingStations?lang=ar', 'محطات الشحن · شحن مصر الكهربائي'],
    ['/no/such/page?lang=ar', 'الصفحة غير موجودة · شحن مصر الكهربائي'],
  ])('%s → %s', async (url, title) => {
    stubApi();
    await renderApp(url);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follows a navigation to the next page', async () => {
    stubApi();
    const { router } = await renderApp('/About');
    await waitFor(() => expect(document.title).toBe('About us · EV Charge Egypt'));
    await act(() => router.navigate({ to: '/howitworks' }));
    await waitFor(() => expect(document.title).toBe('How it works · EV Charge Egypt'));
  });
});
