// i18n-catalog: app — the customer area's layout, loaded lazily by its route after the app catalog.
import styled from '@emotion/styled';
import { Outlet } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { Container } from '../../components/ui/layout';
import { theme } from '../../styles/theme';
import { PublicLayout } from './public-layout';
import { NavLinkList } from '../../components/ui/nav-link-list';
import { useLiveMe } from '../../features/charging/hooks/use-live-me';
import { useSystemNotifications } from '../../features/charging/hooks/use-system-notifications';
import { customerNav } from './customer-nav';

const Columns = styled(Container)`
  display: grid;
  gap: 1.5rem;
  padding-block: 2rem;
  ${theme.bp.md} {
    grid-template-columns: 14rem 1fr;
  }
  nav ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.25rem;
  }
  nav a {
    display: block;
    padding-block: 0.5rem;
    padding-inline: 0.75rem;
    border-radius: ${theme.radius.sm};
    text-decoration: none;
  }
  nav a[aria-current='page'] {
    background: ${theme.color.primaryLight};
  }
`;

/** Customer area: the public header/footer around a section menu. Sign-in guards arrive with the auth issue. */
export function CustomerLayout() {
  const intl = useIntl();
  useLiveMe();
  useSystemNotifications();
  return (
    <PublicLayout>
      <Columns>
        <nav aria-label={intl.formatMessage({ id: 'customer.nav' })}>
          <NavLinkList items={customerNav} />
        </nav>
        <div>
          <Outlet />
        </div>
      </Columns>
    </PublicLayout>
  );
}
