import { useMutation } from '@tanstack/react-query';
import { adminRoutes, type RemovedApp } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** Deletes this farm and all its data, confirmed with its typed name (`GET Admin/AdminAction/removeApp`). */
export function removeApp(confirmName: string): Promise<RemovedApp> {
  return apiRequest(adminRoutes.removeApp, { query: { confirmName } });
}

export const useRemoveApp = () => useMutation({ mutationFn: removeApp });
