import { registerSW } from 'virtual:pwa-register';
import type { TFunction } from 'i18next';
import { showUpdateNotice } from './pwa-update';

/** Registers /service-worker.js; a new version waits until the member chooses UPDATE. */
export function registerServiceWorker(t: TFunction): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh: () => showUpdateNotice(t, () => updateServiceWorker(true)),
    onRegisterError: (error: unknown) => console.error('Pluk: service worker registration failed', error),
  });
}
