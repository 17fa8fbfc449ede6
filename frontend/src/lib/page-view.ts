import type { Locale } from '@evc/contracts/shared';
import { pathOf } from './api';

/** Fire-and-forget page view (docs/rules.md §2: each route change records a page view). */
export function recordPageView(path: string, locale: Locale): void {
  const url = pathOf('site.page-view', {});
  const body = JSON.stringify({ path: path.slice(0, 200) || '/', locale });
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      const sent = navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
      if (sent) return;
    }
    void fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
    }).catch(() => undefined);
  } catch {
    // analytics must never break navigation
  }
}
