import { queryOptions, useQuery } from '@tanstack/react-query';
import { weatherRoutes } from '@pluk/contract';
import { screenQueryOptions } from '../../../lib/screen-query';

export const weatherQueryOptions = () =>
  queryOptions({ ...screenQueryOptions(['weather'], weatherRoutes.forecast), staleTime: 10 * 60 * 1000 });

/** Today's weather at the farm (the server caches it 30 minutes per farm). */
export function useWeather() {
  return useQuery(weatherQueryOptions());
}
