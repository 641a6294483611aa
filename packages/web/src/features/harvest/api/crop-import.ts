import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { harvestRoutes, type CropImportPreview, type CropImportResult } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { useImportProgress } from '../../../components/import-parts';
import { harvestKeys, invalidateHarvestQueries } from './keys';

export const cropTemplateFileName = 'gewassen-sjabloon.xlsx';

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

/** How far the confirm with this key is, asked every half second while `enabled`. */
export function useCropImportProgress(progressKey: string | null, enabled: boolean) {
  return useImportProgress(['harvest', 'import', 'progress'], progressKey, enabled, (key, signal) =>
    apiRequest(harvestRoutes.cropImportProgress, { query: { progressKey: key }, signal }),
  );
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
