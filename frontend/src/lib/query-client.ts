import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // client errors will not fix themselves; retry only transient failures
        retry: (count, error) => count < 2 && !(error instanceof ApiRequestError && error.status < 500),
      },
    },
  });
}
