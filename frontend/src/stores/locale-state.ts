import { atom } from 'jotai';
import type { Locale } from '@evc/contracts/shared';
import { LOCALES, STORAGE_KEYS, localeFromLangParam } from '@evc/contracts/shared';

function readStored(): Locale | null {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.locale);
    return (LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale) : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEYS.locale, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** `?lang=` wins (ar → Arabic, anything else → English); then the stored choice; then English. */
export function initialLocale(search: string): Locale {
  const lang = new URLSearchParams(search).get('lang');
  if (lang !== null) {
    const locale = localeFromLangParam(lang);
    storeLocale(locale);
    return locale;
  }
  return readStored() ?? 'en';
}

const baseLocaleAtom = atom<Locale>('en');

/** The UI language; writing it also persists it under STORAGE_KEYS.locale. */
export const localeAtom = atom(
  (get) => get(baseLocaleAtom),
  (_get, set, next: Locale) => {
    storeLocale(next);
    dropLangParam();
    set(baseLocaleAtom, next);
  },
);

/** After an explicit switch, a stale `?lang=` in the address must not override the choice on reload. */
function dropLangParam(): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang')) return;
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', url);
}

export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');

export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
