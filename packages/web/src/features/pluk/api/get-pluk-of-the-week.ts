import { queryOptions, useQuery } from '@tanstack/react-query';
import { harvestRoutes, type PlukOfTheWeek } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { plukKeys } from './keys';

export function getPlukOfTheWeek(): Promise<PlukOfTheWeek> {
  return apiRequest(harvestRoutes.plukOfTheWeek);
}

export const plukOfTheWeekQueryOptions = () =>
  queryOptions({ queryKey: plukKeys.ofTheWeek, queryFn: getPlukOfTheWeek });

/** For each of my subscriptions of this harvest year, what I may pick now (`GET pluk/plukoftheweek`). */
export function usePlukOfTheWeek() {
  return useQuery(plukOfTheWeekQueryOptions());
}
