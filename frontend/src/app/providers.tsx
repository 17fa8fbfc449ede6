import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { I18nProvider } from './i18n-provider';
import { GlobalStyles } from '../styles/global-styles';

interface ProvidersProps {
  store: ReturnType<typeof createStore>;
  queryClient: QueryClient;
  children: ReactNode;
}

export function Providers({ store, queryClient, children }: ProvidersProps) {
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <GlobalStyles />
          {children}
        </I18nProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
