import { useState } from 'react';
import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { paths } from '../../../config/paths';
import { FormattedMessage, useIntl } from 'react-intl';
import type { NotificationView } from '@evc/contracts/charging';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { useMarkNotificationsSeen, useNotifications } from '../api/charging-api';
import { dayLabel } from '../../../lib/format-day';
import { formatTime } from '../format';
import { Chip, DayHeading, Lines, Row, Stack } from './charging-ui';
import { notificationText } from './notification-text';

/** The profile's requests tab (features/identity's PROFILE_TABS), where a reply is read (a number: `?tab=4`). */
const REQUESTS_TAB = 4;

/** Day groups by `dateKey` (Cairo date), newest day first, in the server's newest-first order within a day. */
export function groupByDay(list: readonly NotificationView[]): { date: string; items: NotificationView[] }[] {
  const groups = new Map<string, NotificationView[]>();
  const seen = new Set<string>();
  for (const n of list) {
    if (seen.has(n.notificationId)) continue;
    seen.add(n.notificationId);
    groups.set(n.dateKey, [...(groups.get(n.dateKey) ?? []), n]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, items]) => ({ date, items: items.sort((x, y) => Date.parse(y.incomingDate) - Date.parse(x.incomingDate)) }));
}

/** Browser notifications: asked for only when the customer presses the button. */
function BrowserPermission() {
  const supported = typeof window !== 'undefined' && 'Notification' in window;
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied');
  if (!supported) return null;
  if (permission !== 'default') {
    return (
      <p>
        <FormattedMessage id={permission === 'granted' ? 'notification.browser.granted' : 'notification.browser.denied'} />
      </p>
    );
  }
  return (
    <Button type="button" variant="secondary" onClick={() => void Notification.requestPermission().then(setPermission)}>
      <FormattedMessage id="notification.browser.enable" />
    </Button>
  );
}

/** /Notifcation: notifications by day with a Today label and load more; each one is marked seen on its own. */
export function NotificationsPage() {
  const intl = useIntl();
  const locale = useLocale();
  const notifications = useNotifications();
  const markSeen = useMarkNotificationsSeen();
  const list = notifications.data?.pages.flatMap((p) => p.dataList) ?? [];
  const today = intl.formatMessage({ id: 'notification.today' });
  const first = notifications.data?.pages[0];
  return (
    <Stack>
      <PageTitle>
        <FormattedMessage id="nav.notifications" />
      </PageTitle>
      <Row>
        {first && (
          <Chip tone="info" data-testid="unseen-count">
            <FormattedMessage id="notification.unseenCount" values={{ count: first.unseenCount }} />
          </Chip>
        )}
        {first && first.unseenCount > 0 && (
          <Button type="button" variant="secondary" onClick={() => markSeen('all')}>
            <FormattedMessage id="notification.markAllSeen" />
          </Button>
        )}
        <BrowserPermission />
      </Row>
      {notifications.isPending && <Spinner />}
      {notifications.isError && (
        <p role="alert">
          {translateErrorCode(intl, notifications.error instanceof ApiRequestError ? notifications.error.code : 'server.error')}
        </p>
      )}
      {notifications.isSuccess && list.length === 0 && (
        <p>
          <FormattedMessage id="notification.empty" />
        </p>
      )}
      {groupByDay(list).map((g) => (
        <section key={g.date} aria-label={dayLabel(g.date, locale, today)}>
          <DayHeading>{dayLabel(g.date, locale, today)}</DayHeading>
          <Lines>
            {g.items.map((n) => (
              <NotificationLine key={n.notificationId} n={n} onSeen={() => markSeen([n.notificationId])} />
            ))}
          </Lines>
        </section>
      ))}
      {notifications.hasNextPage && (
        <Button
          type="button"
          variant="secondary"
          disabled={notifications.isFetchingNextPage}
          onClick={() => void notifications.fetchNextPage()}
        >
          <FormattedMessage id="notification.loadMore" />
        </Button>
      )}
    </Stack>
  );
}

/** An unseen notification stands out in bold; its time does not. */
const Line = styled.li<{ unseen: boolean }>`
  ${(p) => (p.unseen ? 'font-weight: 700;' : '')}
`;

const Time = styled.span`
  font-weight: 400;
`;

/** One notification: its text and time, "New" while unseen with its own "mark as seen", and where it leads. */
function NotificationLine({ n, onSeen }: { n: NotificationView; onSeen: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const text = notificationText(intl, locale, n);
  // following a notification's link means it was read
  const follow = () => (n.isSeen ? undefined : onSeen());
  return (
    <Line data-testid="notification" data-seen={n.isSeen} unseen={!n.isSeen}>
      <Row spread>
        <span>{text}</span>
        <Time>{formatTime(n.incomingDate, locale)}</Time>
      </Row>
      <Row>
        {!n.isSeen && (
          <>
            <Chip tone="busy">
              <FormattedMessage id="notification.new" />
            </Chip>
            <Button
              type="button"
              variant="ghost"
              onClick={onSeen}
              aria-label={intl.formatMessage({ id: 'notification.markSeen.one' }, { text })}
            >
              <FormattedMessage id="notification.markSeen" />
            </Button>
          </>
        )}
        {typeof n.params.bookingId === 'string' && (
          <Link to="/my-bookings/$bookingId" params={{ bookingId: n.params.bookingId }} onClick={follow}>
            <FormattedMessage id="notification.viewBooking" />
          </Link>
        )}
        {typeof n.params.sessionId === 'string' && (
          <Link to="/my-sessions/$sessionId" params={{ sessionId: n.params.sessionId }} onClick={follow}>
            <FormattedMessage id="notification.viewSession" />
          </Link>
        )}
        {n.kind === 'contact_replied' && (
          <Link to={paths.customer.profile} search={{ tab: REQUESTS_TAB } as never} onClick={follow}>
            <FormattedMessage id="notification.viewReply" />
          </Link>
        )}
        {n.kind === 'card_request_status' && (
          <Link to={paths.customer.cardRequest} onClick={follow}>
            <FormattedMessage id="notification.viewCardRequest" />
          </Link>
        )}
        {n.kind === 'card_status' && (
          <Link to={paths.customer.cards} onClick={follow}>
            <FormattedMessage id="notification.viewCards" />
          </Link>
        )}
      </Row>
    </Line>
  );
}
