import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  harvestRoutes,
  type CropPluk,
  type PlukAvailability,
  type PlukKeyBody,
  type PlukOverview,
  type UpdateAvailabilityBody,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { harvestKeys, invalidateHarvestQueries } from './keys';

export function getPlukOverview(harvestYear: number | null): Promise<PlukOverview> {
  return apiRequest(harvestRoutes.plukOverview, {
    query: harvestYear === null ? {} : { harvestYear },
  });
}

/** Active crops × subscriptions of a harvest year (null: the current one); the last year shows while another loads. */
export function usePlukOverview(harvestYear: number | null = null) {
  return useQuery({
    queryKey: harvestKeys.plukOverview(harvestYear),
    queryFn: () => getPlukOverview(harvestYear),
    placeholderData: keepPreviousData,
  });
}

export function getPlukOfCrop(id: number): Promise<CropPluk> {
  return apiRequest(harvestRoutes.plukOfCrop, { params: { id } });
}

/** One crop with its pluk row for every subscription of the current and next harvest years. */
export function usePlukOfCrop(id: number) {
  return useQuery({ queryKey: harvestKeys.plukOfCrop(id), queryFn: () => getPlukOfCrop(id) });
}

function usePlukMutation<V>(mutationFn: (variables: V) => Promise<PlukAvailability>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateHarvestQueries(queryClient) });
}

/** Switches whether the crop is pickable now for the subscription. */
export const useTogglePluk = () =>
  usePlukMutation((key: PlukKeyBody) => apiRequest(harvestRoutes.plukToggle, { body: key }));

export const useActivatePluk = () =>
  usePlukMutation((key: PlukKeyBody) => apiRequest(harvestRoutes.plukActivate, { body: key }));

export const useDisablePluk = () =>
  usePlukMutation((key: PlukKeyBody) => apiRequest(harvestRoutes.plukDisable, { body: key }));

export function updateAvailability(body: UpdateAvailabilityBody): Promise<PlukAvailability> {
  return apiRequest(harvestRoutes.updateAvailability, { body });
}

/**
 * Saves several pluk rows at once (the week's grid, a crop's edit form): one `Crop/UpdateAvailability`
 * per changed row, one after the other, so a failure names how far it got and nothing runs twice.
 */
export function useUpdateAvailabilities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rows: UpdateAvailabilityBody[]) => {
      const saved: PlukAvailability[] = [];
      for (const row of rows) saved.push(await updateAvailability(row));
      return saved;
    },
    onSettled: () => invalidateHarvestQueries(queryClient),
  });
}
