import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  harvestRoutes,
  type CropDetail,
  type CropInput,
  type CropPage,
  type CropUpdate,
  type FieldRef,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { harvestKeys, invalidateHarvestQueries } from './keys';

export function getCrops(page: FeedPageParam = { page: 0 }, filter = '', pageSize = 25): Promise<CropPage> {
  return apiRequest(harvestRoutes.cropList, {
    query: { ...page, pageSize, ...(filter ? { filter } : {}) },
  });
}

/**
 * The crops of the farm by name, a page at a time (25, 50 or 100: ADR 096), optionally those whose
 * name holds `filter`.
 */
export function useCrops(filter = '', pageSize = 25) {
  return useInfiniteQuery({
    queryKey: harvestKeys.cropList(filter, pageSize),
    queryFn: ({ pageParam }) => getCrops(pageParam, filter, pageSize),
    ...feedPaging,
  });
}

export function getCropFieldOptions(): Promise<FieldRef[]> {
  return apiRequest(harvestRoutes.cropFieldOptions);
}

/** The fields a CropManager may choose from in the crop form (id and name). */
export function useCropFieldOptions() {
  return useQuery({ queryKey: harvestKeys.cropFieldOptions, queryFn: getCropFieldOptions });
}

export function getCrop(id: number): Promise<CropDetail> {
  return apiRequest(harvestRoutes.cropDetail, { params: { id } });
}

/** One crop with its fields, photos and pluk rows. */
export function useCrop(id: number) {
  return useQuery({ queryKey: harvestKeys.crop(id), queryFn: () => getCrop(id) });
}

/** A mutation answering a crop's new state: stored at once, then every harvest query refreshed. */
function useCropMutation<V>(mutationFn: (variables: V) => Promise<CropDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (crop) => {
      queryClient.setQueryData(harvestKeys.crop(crop.id), crop);
      return invalidateHarvestQueries(queryClient);
    },
  });
}

export const useCreateCrop = () =>
  useCropMutation((input: CropInput) => apiRequest(harvestRoutes.cropCreate, { body: input }));

export const useUpdateCrop = () =>
  useCropMutation((input: CropUpdate) => apiRequest(harvestRoutes.cropUpdate, { body: input }));

export const useActivateCrop = () =>
  useCropMutation((id: number) => apiRequest(harvestRoutes.cropActivate, { body: { id } }));

export const useDisableCrop = () =>
  useCropMutation((id: number) => apiRequest(harvestRoutes.cropDisable, { body: { id } }));

/** The photos of a crop: the ones kept (in order) and the new files, as `UpdateMedia`'s multipart body. */
export interface CropPhotosPayload {
  id: number;
  keepPhotoIds: number[];
  photos: File[];
}

export function cropPhotosFormData({ id, keepPhotoIds, photos }: CropPhotosPayload): FormData {
  const data = new FormData();
  data.append('id', String(id));
  // One empty value says "keep none" (no value at all would keep everything).
  if (keepPhotoIds.length === 0) data.append('keepPhotoIds', '');
  for (const photoId of keepPhotoIds) data.append('keepPhotoIds', String(photoId));
  for (const file of photos) data.append('photos', file, file.name);
  return data;
}

export const useUpdateCropPhotos = () =>
  useCropMutation((payload: CropPhotosPayload) =>
    apiRequest(harvestRoutes.cropUpdateMedia, { body: cropPhotosFormData(payload) }),
  );

/** Deletes a crop; its query is dropped, the lists refreshed. */
export function useDeleteCrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(harvestRoutes.cropDelete, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: harvestKeys.crop(id) });
      return invalidateHarvestQueries(queryClient);
    },
  });
}
