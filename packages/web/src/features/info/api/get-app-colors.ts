import { queryOptions, useQuery } from '@tanstack/react-query';
import { infoRoutes, type AppColors } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getAppColors(): Promise<AppColors> {
  return apiRequest(infoRoutes.colors);
}

export const appColorsQueryOptions = () =>
  queryOptions({ queryKey: ['info', 'colors'], queryFn: getAppColors, staleTime: Infinity, retry: false });

/** The colours the start-up loaded (undefined until then, or if loading them failed). */
export function useAppColors() {
  return useQuery({ ...appColorsQueryOptions(), enabled: false }).data;
}
