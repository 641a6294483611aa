import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { RouteDef } from '@pluk/contract';
import { apiRequest, earlyAnswer, type ApiResult, type RequestOptions } from './api-client';

/**
 * A GET of a screen that early-boot.js asks for before the app has started (`app/screen-requests.ts`):
 * the query starts with that answer when it is already in and read, so the screen's first render shows
 * it (decision 071); otherwise it asks the usual way, taking the early response if it is on its way.
 */
export function screenQueryOptions<R extends RouteDef, K extends QueryKey>(
  queryKey: K,
  route: R,
  options: RequestOptions = {},
) {
  return queryOptions<ApiResult<R>, Error, ApiResult<R>, K>({
    queryKey,
    queryFn: () => apiRequest(route, options),
    initialData: () => earlyAnswer(route, options),
  });
}
