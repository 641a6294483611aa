import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the request feature; every list and detail starts with 'requests'. */
export const requestKeys = {
  all: ['requests'] as const,
  list: (search: string) => ['requests', 'list', search] as const,
  detail: (id: number) => ['requests', 'detail', id] as const,
  mine: ['requests', 'mine'] as const,
};

/**
 * After any change to a request: every request query (lists, details, mine, the home's block) and what
 * taking, confirming or refusing changes elsewhere (the wallet's reserved money and movements,
 * notifications).
 */
export function invalidateRequestQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: requestKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  ]);
}
