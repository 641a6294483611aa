import { describe, expect, it } from 'vitest';
import { storeKey, useAppStore } from './store';

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
});
