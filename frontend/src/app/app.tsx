import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { createStore } from 'jotai';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { initialLocale, localeAtom } from '../stores/locale-state';
import { connectSession } from '../lib/session';
import { connectI18n } from '../lib/i18n/load-messages';
import { Providers } from './providers';
import { createAppRouter } from './router';

export interface AppInstance {
  element: React.JSX.Element;
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
  router: ReturnType<typeof createAppRouter>;
}

/** Builds the whole app; tests pass a memory history, the browser uses the default one. */
export function createApp(options: { history?: RouterHistory; search?: string } = {}): AppInstance {
  const store = createStore();
  store.set(localeAtom, initialLocale(options.search ?? window.location.search));
  connectI18n(store);
  connectSession(store);
  const queryClient = createQueryClient();
  const router = createAppRouter(store, options.history);
  const element = (
    <Providers store={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
  return { element, queryClient, store, router };
}
