import { atom } from 'jotai';
import type { Locale } from '@evc/contracts/constants';
import { LOCALES, STORAGE_KEYS, localeFromLangParam } from '@evc/contracts/constants';

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
    set(baseLocaleAtom, next);
  },
);

export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');

export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
