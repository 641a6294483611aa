import { queryOptions, useQuery } from '@tanstack/react-query';
import { infoRoutes, type AppInfo } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getAppInfo(): Promise<AppInfo> {
  return apiRequest(infoRoutes.info);
}

/** App info is loaded once at start-up and does not change while the app runs. */
export const appInfoQueryOptions = () =>
  queryOptions({ queryKey: ['info'], queryFn: getAppInfo, staleTime: Infinity, retry: false });

/** The app info the start-up loaded (undefined only if loading it failed). */
export function useAppInfo() {
  return useQuery({ ...appInfoQueryOptions(), enabled: false }).data;
}
