// i18n-catalog: app — the customer area's layout, loaded lazily by its route after the app catalog.
import styled from '@emotion/styled';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Container } from '../../components/ui/layout';
import { theme } from '../../styles/theme';
import { PublicLayout } from './public-layout';
import { NavLinkList } from '../../components/ui/nav-link-list';
import { useLiveMe } from '../../features/charging/hooks/use-live-me';
import { useSystemNotifications } from '../../features/charging/hooks/use-system-notifications';
import { customerNav } from './customer-nav';

/**
 * A side menu from 768 px; on phones one compact row of tabs that scrolls sideways (the current one scrolled into
 * view), so the page's own content is on the first screen. The entries are data (customer-nav.ts): one more fits.
 */
const Columns = styled(Container)`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  padding-block: 1rem 2rem;
  nav ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    gap: 0.25rem;
    overflow-x: auto;
    scrollbar-width: thin;
    border-block-end: 1px solid ${theme.color.border};
  }
  nav li {
    flex: none;
  }
  nav a {
    display: block;
    padding-block: 0.5rem;
    padding-inline: 0.75rem;
    white-space: nowrap;
    text-decoration: none;
    border-block-end: 3px solid transparent;
  }
  nav a[aria-current='page'] {
    border-block-end-color: ${theme.color.primary};
    font-weight: 700;
  }
  ${theme.bp.md} {
    grid-template-columns: 14rem minmax(0, 1fr);
    gap: 1.5rem;
    padding-block: 2rem;
    nav ul {
      display: grid;
      overflow: visible;
      border: 0;
    }
    nav a {
      white-space: normal;
      border-block-end: 0;
      border-radius: ${theme.radius.sm};
      font-weight: inherit;
    }
    nav a[aria-current='page'] {
      background: ${theme.color.primaryLight};
      font-weight: inherit;
    }
  }
`;

/** Keeps the current tab visible in the phone's sideways-scrolling row (a no-op where the menu is a column). */
function useCurrentTabInView(pathname: string) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const current = ref.current?.querySelector<HTMLElement>('a[aria-current="page"]');
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return ref;
}

/** Customer area: the public header/footer around a section menu. Sign-in guards arrive with the auth issue. */
export function CustomerLayout() {
  const intl = useIntl();
  const nav = useCurrentTabInView(useLocation({ select: (l) => l.pathname }));
  useLiveMe();
  useSystemNotifications();
  return (
    <PublicLayout>
      <Columns>
        <nav ref={nav} aria-label={intl.formatMessage({ id: 'customer.nav' })}>
          <NavLinkList items={customerNav} />
        </nav>
        <div>
          <Outlet />
        </div>
      </Columns>
    </PublicLayout>
  );
}
