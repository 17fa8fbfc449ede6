import { Outlet, createRootRoute } from '@tanstack/react-router';
import { Toaster } from '../../features/toasts/toaster';
import { NotFoundPage } from '../../features/errors/components/error-pages';
import { PublicLayout } from '../../features/layout/components/public-layout';
import { RouteEffects } from '../route-effects';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Message id of a placeholder page's title. */
    titleId?: string;
  }
}

export const rootRoute = createRootRoute({
  component: () => (
    <>
      <RouteEffects />
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
