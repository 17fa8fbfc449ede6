import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { STORAGE_KEYS } from '@evc/contracts/shared';
import { initialLocale, localeAtom } from './locale-state';

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('locale state', () => {
  it('?lang=ar selects Arabic and stores it; any other value selects English', () => {
    expect(initialLocale('?lang=ar')).toBe('ar');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('ar');
    expect(initialLocale('?lang=fr')).toBe('en');
    expect(initialLocale('')).toBe('en');
  });

  it('an explicit switch drops ?lang= from the address, so a reload keeps the choice', () => {
    window.history.replaceState(null, '', '/ChargingStations?lang=ar&governorateId=eg-c');
    const store = createStore();
    store.set(localeAtom, 'en');
    expect(window.location.search).toBe('?governorateId=eg-c');
    expect(initialLocale(window.location.search)).toBe('en');
  });
});
