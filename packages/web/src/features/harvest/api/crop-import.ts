import { useMutation, useQueryClient } from '@tanstack/react-query';
import { harvestRoutes, type CropImportPreview, type CropImportResult } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { invalidateHarvestQueries } from './keys';

function fileData(file: File): FormData {
  const data = new FormData();
  data.append('file', file, file.name);
  return data;
}

/** Reads the spreadsheet on the server: every row with its Dutch errors; nothing is written. */
export function previewCropImport(file: File): Promise<CropImportPreview> {
  return apiRequest(harvestRoutes.cropImportPreview, { body: fileData(file) });
}

/** Imports the same file: all rows or nothing; a known name updates that crop. */
export function confirmCropImport(file: File): Promise<CropImportResult> {
  return apiRequest(harvestRoutes.cropImportConfirm, { body: fileData(file) });
}

export const usePreviewCropImport = () => useMutation({ mutationFn: previewCropImport });

export function useConfirmCropImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCropImport,
    onSuccess: () => invalidateHarvestQueries(queryClient),
  });
}
