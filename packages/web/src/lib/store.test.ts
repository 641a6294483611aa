import { describe, expect, it, vi } from 'vitest';
import { storeKey, syncStoreAcrossTabs, useAppStore } from './store';

describe('app store', () => {
  it('persists the whole store, uncompressed, under pluk_app_store', () => {
    useAppStore.getState().setTokens({ token: 'a', refreshToken: 'b' });
    useAppStore.getState().startImpersonating({ userId: 7, displayName: 'Tom' });
    expect(storeKey).toBe('pluk_app_store');
    const saved = JSON.parse(localStorage.getItem('pluk_app_store')!) as { state: Record<string, unknown> };
    expect(Object.keys(saved.state).sort()).toEqual([
      'admin',
      'analyst',
      'applicationManager',
      'auth',
      'front',
    ]);
    expect(saved.state.auth).toEqual({ token: 'a', refreshToken: 'b', loggedIn: true });
    expect(saved.state.admin).toEqual({ impersonating: { userId: 7, displayName: 'Tom' } });
  });

  it('clears token data and impersonation on logout', () => {
    useAppStore.getState().setTokens({ token: 'a', refreshToken: 'b' });
    useAppStore.getState().startImpersonating({ userId: 7, displayName: 'Tom' });
    useAppStore.getState().clearAuth();
    expect(useAppStore.getState().auth).toEqual({ token: null, refreshToken: null, loggedIn: false });
    expect(useAppStore.getState().admin.impersonating).toBeNull();
  });

  it('follows what another tab writes: a refreshed token pair, then a logout', async () => {
    useAppStore.getState().setTokens({ token: 'a', refreshToken: 'b' });
    const stop = syncStoreAcrossTabs();
    try {
      const otherTab = (auth: object) => {
        const saved = JSON.parse(localStorage.getItem(storeKey)!) as { state: Record<string, unknown> };
        saved.state.auth = auth;
        localStorage.setItem(storeKey, JSON.stringify(saved));
        window.dispatchEvent(new StorageEvent('storage', { key: storeKey }));
      };
      otherTab({ token: 'c', refreshToken: 'd', loggedIn: true });
      await vi.waitFor(() => expect(useAppStore.getState().auth.token).toBe('c'));
      otherTab({ token: null, refreshToken: null, loggedIn: false });
      await vi.waitFor(() => expect(useAppStore.getState().auth.loggedIn).toBe(false));
    } finally {
      stop();
    }
    // Once stopped, this tab no longer follows.
    useAppStore.getState().setTokens({ token: 'e', refreshToken: 'f' });
    window.dispatchEvent(new StorageEvent('storage', { key: storeKey }));
    expect(useAppStore.getState().auth.token).toBe('e');
  });
});
