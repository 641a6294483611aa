import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  harvestRoutes,
  type CropImportPreview,
  type CropImportResult,
  type ImportProgress,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { harvestKeys, invalidateHarvestQueries, newIdempotencyKey } from './keys';

export const cropTemplateFileName = 'gewassen-sjabloon.xlsx';
/** How often a running import is asked how far it is. */
export const progressPollMs = 500;

function fileData(file: File): FormData {
  const data = new FormData();
  data.append('file', file, file.name);
  return data;
}

/** Reads the spreadsheet on the server: every row with its Dutch errors; nothing is written. */
export function previewCropImport(file: File): Promise<CropImportPreview> {
  return apiRequest(harvestRoutes.cropImportPreview, { body: fileData(file) });
}

/** Imports the same file: all rows or nothing, as one batch; `progressKey` lets the screen count. */
export function confirmCropImport({
  file,
  progressKey,
}: {
  file: File;
  progressKey: string;
}): Promise<CropImportResult> {
  return apiRequest(harvestRoutes.cropImportConfirm, { query: { progressKey }, body: fileData(file) });
}

export const usePreviewCropImport = () => useMutation({ mutationFn: previewCropImport });

export function useConfirmCropImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCropImport,
    onSettled: () => invalidateHarvestQueries(queryClient),
  });
}

/** A key for one confirm: the screen asks progress by it (decision 094). */
export const newProgressKey = () => newIdempotencyKey().replace(/[^A-Za-z0-9_-]/g, '');

/** How far the confirm with this key is, asked every half second while `enabled`. */
export function useCropImportProgress(progressKey: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['harvest', 'import', 'progress', progressKey],
    queryFn: ({ signal }): Promise<ImportProgress> =>
      apiRequest(harvestRoutes.cropImportProgress, { query: { progressKey: progressKey! }, signal }),
    enabled: enabled && progressKey !== null,
    refetchInterval: enabled ? progressPollMs : false,
    retry: false,
    gcTime: 0,
  });
}

/** The empty spreadsheet with the Dutch headers, saved as a download. */
export function useDownloadCropTemplate() {
  return useMutation({
    mutationFn: async () =>
      saveBlob(await apiRequest(harvestRoutes.cropImportTemplate), cropTemplateFileName),
  });
}

export const cropImportBatchesKey = [...harvestKeys.crops, 'imports'] as const;

/** The farm's last crop imports, each saying whether it can still be undone. */
export function useCropImportBatches() {
  return useQuery({
    queryKey: cropImportBatchesKey,
    queryFn: ({ signal }) => apiRequest(harvestRoutes.cropImportBatches, { signal }),
  });
}

/** Undoes one import: its new crops go, its changed crops get their earlier values back. */
export function useUndoCropImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(harvestRoutes.cropImportUndo, { params: { id } }),
    onSettled: () => invalidateHarvestQueries(queryClient),
  });
}
