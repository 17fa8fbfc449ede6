import { atom, type createStore } from 'jotai';
import type { Locale } from '@evc/contracts/shared';
import type { MessageFormatElement } from 'react-intl';
import { localeAtom } from '../../stores/locale-state';

/** Strings in dev and tests; pre-parsed ICU ASTs in production builds (see vite.config.ts). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

type Store = ReturnType<typeof createStore>;

/**
 * The catalogs, split by audience: `public` (shell, layout, public pages, their errors and validation messages,
 * toasts) and `app` (auth screens, admin panel, customer area). Each is its own chunk; the public catalog of the
 * language is loaded before the first route renders, the app catalog only when a route or component needs it.
 */
export type CatalogName = 'public' | 'app';
type CatalogKey = `${Locale}/${CatalogName}`;

const importers: Record<CatalogKey, () => Promise<{ default: unknown }>> = {
  'en/public': () => import('../../locales/en/public.json'),
  'en/app': () => import('../../locales/en/app.json'),
  'ar/public': () => import('../../locales/ar/public.json'),
  'ar/app': () => import('../../locales/ar/app.json'),
};

/** Module-level: a catalog is fetched once per page, whichever store asks. */
const fetched = new Map<CatalogKey, Promise<Messages>>();

function fetchCatalog(key: CatalogKey): Promise<Messages> {
  let pending = fetched.get(key);
  if (!pending) {
    pending = importers[key]().then((m) => m.default as Messages);
    // a failed fetch (offline, new deployment) may be retried by the next navigation
    pending.catch(() => fetched.delete(key));
    fetched.set(key, pending);
  }
  return pending;
}

/** The catalogs loaded so far, by `locale/name`. */
export const catalogsAtom = atom<Partial<Record<CatalogKey, Messages>>>({});
/** Set once a route or component has needed the app catalog: a language switch then loads it too. */
export const appCatalogNeededAtom = atom(false);
/** The language rendered: follows localeAtom once that language's catalogs have loaded; null before the first. */
export const shownLocaleAtom = atom<Locale | null>(null);

async function loadCatalog(store: Store, locale: Locale, name: CatalogName): Promise<void> {
  const key: CatalogKey = `${locale}/${name}`;
  if (store.get(catalogsAtom)[key]) return;
  const messages = await fetchCatalog(key);
  if (!store.get(catalogsAtom)[key]) store.set(catalogsAtom, (all) => ({ ...all, [key]: messages }));
}

/** Loads what the chosen language needs (public, and app once needed), then shows it. */
export async function showChosenLocale(store: Store): Promise<void> {
  const wanted = store.get(localeAtom);
  const names: CatalogName[] = store.get(appCatalogNeededAtom) ? ['public', 'app'] : ['public'];
  await Promise.all(names.map((name) => loadCatalog(store, wanted, name)));
  if (store.get(localeAtom) === wanted && store.get(shownLocaleAtom) !== wanted) store.set(shownLocaleAtom, wanted);
}

/**
 * Resolves once the app catalog is part of the messages of the shown language (and of the language being switched
 * to). Route loaders of the auth, admin and customer routes await it, so those screens never render raw ids.
 */
export async function requireAppCatalog(store: Store): Promise<void> {
  store.set(appCatalogNeededAtom, true);
  const locales = new Set<Locale>([store.get(localeAtom)]);
  const shown = store.get(shownLocaleAtom);
  if (shown) locales.add(shown);
  await Promise.all([...locales].map((locale) => loadCatalog(store, locale, 'app')));
}

/** Keeps the shown language in step with the chosen one. */
export function connectI18n(store: Store): void {
  void showChosenLocale(store);
  store.sub(localeAtom, () => void showChosenLocale(store));
}

/** The messages of a language: its public catalog, merged with its app catalog once loaded. */
export function messagesOf(catalogs: Partial<Record<CatalogKey, Messages>>, locale: Locale): Messages {
  return { ...catalogs[`${locale}/public`], ...catalogs[`${locale}/app`] } as Messages;
}
