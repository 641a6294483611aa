import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersRoutes, type MemberImportPreview, type MemberImportResult } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { useImportProgress } from '../../../components/import-parts';

export const memberTemplateFileName = 'leden-sjabloon.xlsx';
export const memberImportBatchesKey = ['users', 'imports'] as const;

function fileData(file: File): FormData {
  const data = new FormData();
  data.append('file', file, file.name);
  return data;
}

/** Reads the members spreadsheet on the server: every row with its Dutch problems; nothing is written. */
export function previewMemberImport(file: File): Promise<MemberImportPreview> {
  return apiRequest(usersRoutes.importPreview, { body: fileData(file) });
}

/** Imports the same file as one batch (decision 097); the welcome e-mail only when asked. */
export function confirmMemberImport({
  file,
  progressKey,
  sendWelcomeEmail,
}: {
  file: File;
  progressKey: string;
  sendWelcomeEmail: boolean;
}): Promise<MemberImportResult> {
  return apiRequest(usersRoutes.importConfirm, {
    query: { progressKey, sendWelcomeEmail: sendWelcomeEmail ? 'true' : 'false' },
    body: fileData(file),
  });
}

// Every list of members may have changed: the users list, the waiting list, pickers.
const invalidateUsers = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['users'] });

export const usePreviewMemberImport = () => useMutation({ mutationFn: previewMemberImport });

export function useConfirmMemberImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmMemberImport, onSettled: () => invalidateUsers(queryClient) });
}

export function useMemberImportProgress(progressKey: string | null, enabled: boolean) {
  return useImportProgress(['users', 'import', 'progress'], progressKey, enabled, (key, signal) =>
    apiRequest(usersRoutes.importProgress, { query: { progressKey: key }, signal }),
  );
}

export function useDownloadMemberTemplate() {
  return useMutation({
    mutationFn: async () => saveBlob(await apiRequest(usersRoutes.importTemplate), memberTemplateFileName),
  });
}

export function useMemberImportBatches() {
  return useQuery({
    queryKey: memberImportBatchesKey,
    queryFn: ({ signal }) => apiRequest(usersRoutes.importBatches, { signal }),
  });
}

/** Undoes one member import: its members are deleted, in one go. */
export function useUndoMemberImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(usersRoutes.importUndo, { params: { id } }),
    onSettled: () => invalidateUsers(queryClient),
  });
}
