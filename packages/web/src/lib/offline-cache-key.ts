/**
 * Where the answers kept for offline reading live (decision 102), and their wiping: in the entry for the
 * logout, while the rest of `offline-cache.ts` loads lazily.
 */
export const offlineCacheKey = 'pluk_offline_cache';

export function clearOfflineCache(): void {
  try {
    localStorage.removeItem(offlineCacheKey);
  } catch {
    // storage unavailable: nothing was kept
  }
}
