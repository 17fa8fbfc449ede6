// i18n-catalog: app — used only in the customer area (its layout and pages), after the app catalog has loaded.
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { api } from '../../../lib/api';
import { useLocale } from '../../../hooks/use-locale';
import { chargingKeys } from '../api/query-keys';
import { notificationText } from '../components/notification-text';

/**
 * Once the customer allowed it (the button on /Notifcation), each new notification also shows as a system
 * notification. "New" means it arrived after this page was opened: those already there at load never pop up. The
 * query starts with `notifications`, so the customer's live stream refreshes it.
 */
export function useSystemNotifications(): void {
  const intl = useIntl();
  const locale = useLocale();
  const latest = useQuery({
    queryKey: chargingKeys.notificationLatest,
    queryFn: ({ signal }) => api.query('me.notifications', { page: 1, pageSize: 10 }, { signal }),
  });
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    const list = latest.data?.dataList;
    if (!list) return;
    if (known.current === null) {
      known.current = new Set(list.map((n) => n.notificationId));
      return;
    }
    const seen = known.current;
    const fresh = list.filter((n) => !seen.has(n.notificationId) && !n.isSeen);
    for (const n of list) seen.add(n.notificationId);
    if (fresh.length === 0 || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    for (const n of fresh.reverse()) {
      try {
        new Notification(intl.formatMessage({ id: 'notification.system.title' }), {
          body: notificationText(intl, locale, n),
          tag: n.notificationId,
          lang: locale,
          dir: locale === 'ar' ? 'rtl' : 'ltr',
        });
      } catch {
        // some mobile browsers only show notifications through a service worker: the page and the badge still tell
      }
    }
  }, [latest.data, intl, locale]);
}
