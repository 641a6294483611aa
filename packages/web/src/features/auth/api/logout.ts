import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { clearOfflineCache } from '../../../lib/offline-cache-key';
import { useAppStore } from '../../../lib/store';

/**
 * Revokes the refresh token on the server; a failure is ignored (docs/product/api-and-routes.md, "Calls").
 */
export async function logout(refreshToken: string | null): Promise<void> {
  try {
    await apiRequest(authRoutes.logout, { body: refreshToken ? { refreshToken } : {} });
  } catch {
    // the local session ends whatever the server answers
  }
}

/**
 * Ends the session: revoke, clear the token data, every cached answer but the app info, and the answers
 * kept for offline reading (decision 102). Offline the revoke is refused unsent; the rest still happens.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  const { auth, clearAuth } = useAppStore.getState();
  clearAuth();
  clearOfflineCache();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'info' });
  await logout(auth.refreshToken);
}

/** `endSession` with the app's query client. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(() => endSession(queryClient), [queryClient]);
}
