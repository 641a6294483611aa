import { queryOptions, useQuery } from '@tanstack/react-query';
import { harvestRoutes, type PlukDetail } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { plukKeys } from './keys';

export function getPlukDetail(cropId: number, subscriptionId: number): Promise<PlukDetail> {
  return apiRequest(harvestRoutes.plukDetail, { params: { id: cropId, subscriptionId } });
}

export const plukDetailQueryOptions = (cropId: number, subscriptionId: number) =>
  queryOptions({
    queryKey: plukKeys.detail(cropId, subscriptionId),
    queryFn: () => getPlukDetail(cropId, subscriptionId),
  });

/** One crop I may pick now for one of my subscriptions (`GET pluk/{id}/{subscriptionId}`). */
export function usePlukDetail(cropId: number, subscriptionId: number) {
  return useQuery(plukDetailQueryOptions(cropId, subscriptionId));
}
