import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { createStore } from 'jotai';
import { RouteErrorPage } from './errors/error-pages';
import { PageLoading } from '../components/ui/spinner';
import { routeTree } from './route-tree';

export function createAppRouter(store: ReturnType<typeof createStore>, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { store },
    // Route paths are matched case-insensitively (docs/rules.md §2): /About and /about are the same page.
    caseSensitive: false,
    defaultPreload: 'intent',
    defaultPendingComponent: PageLoading,
    defaultErrorComponent: RouteErrorPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
