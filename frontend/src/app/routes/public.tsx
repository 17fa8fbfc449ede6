import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { CONTACT_TYPES } from '@evc/contracts/shared';
import type { ContactType } from '@evc/contracts/contact';
import { paths } from '../../config/paths';
import { PublicLayout } from '../layouts/public-layout';
import { parseStationSearch } from '../../features/network/station-search';
import { rootRoute } from './root';

export const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: () => <PublicLayout />,
});

const page = <P extends string>(path: P, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({ getParentRoute: () => publicLayoutRoute, path, component: lazyRouteComponent(load as never, name as never) });

export const publicRoutes = [
  page(paths.home, () => import('../../features/site/components/landing-page'), 'LandingPage'),
  page(paths.about, () => import('../../features/site/components/about-page'), 'AboutPage'),
  page(paths.howItWorks, () => import('../../features/site/components/how-it-works-page'), 'HowItWorksPage'),
  page(paths.terms, () => import('../../features/site/components/terms-page'), 'TermsPage'),
  page(paths.charge, () => import('../../features/site/components/charge-page'), 'ChargePage'),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: paths.stations,
    validateSearch: parseStationSearch,
    component: lazyRouteComponent(() => import('../../features/network/components/stations-page'), 'StationsPage'),
  }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: paths.contact,
    validateSearch: (search: Record<string, unknown>): { type?: ContactType } =>
      CONTACT_TYPES.includes(search.type as ContactType) ? { type: search.type as ContactType } : {},
    component: lazyRouteComponent(() => import('../../features/contact/components/contact-page'), 'ContactPage'),
  }),
];
