import { useEffect, useRef } from 'react';
import { rootRouteId, useRouterState } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { localeFromLangParam } from '@evc/contracts/shared';
import { recordPageView } from '../lib/page-view';
import { localeAtom } from '../stores/locale-state';
import { useDocumentTitle } from '../hooks/use-document-title';

/** On every route change: scroll to the top (or to the #anchor), record a page view of the route, honour ?lang=, title the document. */
export function RouteEffects() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hash = useRouterState({ select: (s) => s.location.hash });
  const lang = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).lang });
  const locale = useAtomValue(localeAtom);
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const setLocale = useSetAtom(localeAtom);
  useDocumentTitle(pathname);

  useEffect(() => {
    if (lang !== undefined) setLocale(localeFromLangParam(String(lang)));
  }, [lang, setLocale]);

  useEffect(() => {
    const target = hash ? document.getElementById(hash) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0 });
  }, [pathname, hash]);

  // The page shown, once its route matched: its address and its route ("/my-sessions/$sessionId"), so views count
  // pages, not one line per session or booking id. An address no route matches stops at the root: counted as typed
  // (the counter turns ids in it into `$id`), not as the home page.
  const page = useRouterState({
    select: (s) => {
      const match = s.matches[s.matches.length - 1];
      if (!match) return '';
      const unmatched = match.routeId === rootRouteId && s.location.pathname !== '/';
      return unmatched ? `${s.location.pathname}\n${s.location.pathname}` : `${match.pathname}\n${match.fullPath}`;
    },
  });
  useEffect(() => {
    if (!page) return;
    // a language switch alone is not a new page view, hence the ref
    recordPageView(page.split('\n')[1] || '/', localeRef.current);
  }, [page]);

  return null;
}
