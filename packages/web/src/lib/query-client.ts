import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

/**
 * Client errors (4xx) and missing responses are not retried: the API client already refreshed once.
 * Offline (decision 102), a query pauses with the answer it has (TanStack's `networkMode: 'online'`), but
 * a mutation runs at once (`'always'`) so the API client refuses it with its message: TanStack would
 * otherwise hold it, unseen, until the network came back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
