import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Toaster } from '../../components/ui/toaster';
import { NotFoundPage } from '../errors/error-pages';
import { PublicLayout } from '../layouts/public-layout';
import { SessionEffects } from '../../features/identity/components/session-effects';
import type { RouterContext } from '../../features/identity/guards';
import { showChosenLocale } from '../../lib/i18n/load-messages';
import { RouteEffects } from '../route-effects';
import { NewerVersion } from '../newer-version';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // nothing renders before the public catalog of the language has loaded (fetched alongside the page's chunk)
  loader: ({ context }) => showChosenLocale(context.store),
  component: () => (
    <>
      <RouteEffects />
      <SessionEffects />
      <NewerVersion />
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: () => (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  ),
});
