import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../../../testing/render-app';
import enPublic from '../../../locales/en/public.json';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('/charge', () => {
  it('tells a visitor how to start (no "coming soon") and offers sign-in and the stations', async () => {
    stubApi();
    await renderApp('/charge');
    expect(await screen.findByRole('heading', { level: 1, name: enPublic['charge.title'] })).toBeTruthy();
    expect(screen.getByText(enPublic['charge.signInNote'])).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/coming soon/i);
    const main = screen.getByRole('main');
    expect(main.querySelector('a[href="/SignInUp"]')).not.toBeNull();
    expect(main.querySelector('a[href="/start-charging"]')).toBeNull();
    expect(hrefOf(enPublic['home.hero.find'])).toBe('/ChargingStations');
  });

  it('offers a signed-in customer the start itself', async () => {
    stubApi();
    storeSession(makeSession('customer'));
    await renderApp('/charge');
    expect(await screen.findByRole('heading', { level: 1, name: enPublic['charge.title'] })).toBeTruthy();
    expect(screen.getByText(enPublic['charge.customerNote'])).toBeTruthy();
    expect(hrefOf(enPublic['charge.startNow'])).toBe('/start-charging');
    expect(screen.getByRole('main').querySelector('a[href="/SignInUp"]')).toBeNull();
  });

  it('offers staff neither sign-in nor a start (staff do not charge), only the stations', async () => {
    stubApi();
    storeSession(makeSession('staff'));
    await renderApp('/charge');
    expect(await screen.findByRole('heading', { level: 1, name: enPublic['charge.title'] })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.querySelector('a[href="/SignInUp"]')).toBeNull();
    expect(main.querySelector('a[href="/start-charging"]')).toBeNull();
    expect(hrefOf(enPublic['home.hero.find'])).toBe('/ChargingStations');
  });
});
