import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TokenData } from '@pluk/contract';

/**
 * localStorage key of the whole store (`pluk_app_store`, uncompressed: docs/product/api-and-routes.md,
 * "Calls").
 */
export const storeKey = 'pluk_app_store';

export interface AuthState {
  token: string | null;
  refreshToken: string | null;
  loggedIn: boolean;
}

/** The user an Admin has chosen to act as (sent as `X-Impersonate-User`). */
export interface Impersonation {
  userId: number;
  displayName: string;
}

export interface AppStoreState {
  auth: AuthState;
  /** Member-area state that outlives a reload; later features add their parts. */
  front: Record<string, never>;
  /** Manager-area state; later features add their parts. */
  applicationManager: Record<string, never>;
  admin: { impersonating: Impersonation | null };
  /** Analyst-area state; later features add their parts. */
  analyst: Record<string, never>;
}

export interface AppStoreActions {
  setTokens: (tokens: TokenData) => void;
  /** Clears the token data (forced or chosen logout) and any impersonation. */
  clearAuth: () => void;
  startImpersonating: (impersonation: Impersonation) => void;
  stopImpersonating: () => void;
}

export type AppStore = AppStoreState & AppStoreActions;

export const initialStoreState: AppStoreState = {
  auth: { token: null, refreshToken: null, loggedIn: false },
  front: {},
  applicationManager: {},
  admin: { impersonating: null },
  analyst: {},
};

export const useAppStore = create<AppStore>()(
  persist(
    (set) => ({
      ...initialStoreState,
      setTokens: ({ token, refreshToken }) => set({ auth: { token, refreshToken, loggedIn: true } }),
      clearAuth: () => set({ auth: initialStoreState.auth, admin: { impersonating: null } }),
      startImpersonating: (impersonation) => set({ admin: { impersonating: impersonation } }),
      stopImpersonating: () => set({ admin: { impersonating: null } }),
    }),
    {
      name: storeKey,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ auth, front, applicationManager, admin, analyst }): AppStoreState => ({
        auth,
        front,
        applicationManager,
        admin,
        analyst,
      }),
    },
  ),
);

/** Resets the store to its initial state (tests, and a full sign-out). */
export function resetAppStore(): void {
  useAppStore.setState(initialStoreState);
}

/**
 * Keeps every open tab on the same session: when another tab writes the store (a login, a refreshed
 * token pair, a logout), this tab re-reads it. Returns the function that stops listening.
 */
export function syncStoreAcrossTabs(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === storeKey) void useAppStore.persist.rehydrate();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
