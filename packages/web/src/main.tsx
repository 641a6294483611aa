import { onlineManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { runBoot } from './app/boot/run-boot';
import { createAppRouter } from './app/router';
import { endSession } from './features/auth/api/logout';
import { appColorsQueryOptions } from './features/info/api/get-app-colors';
import { startUpDone } from './lib/early-requests';
import { i18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { defaultColors } from './lib/theme';
import { themeVariablesCss } from './lib/theme-css';
import { syncStoreAcrossTabs } from './lib/store';

/** Lets the browser paint and handle input between start-up steps (each is a task of its own on a phone). */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Start-up before the first render (decision 069): the growing plant of index.html shows meanwhile,
// and the app renders once, with its colours, language and account, instead of rendering the loader
// first and everything again when start-up is done (two passes of Mantine's theme on a slow phone).
// Evaluating this module, creating the router and rendering are three tasks, not one long one.
async function start() {
  const queryClient = createQueryClient();
  // Offline from the start (decision 102): TanStack Query takes the browser as online until it hears
  // otherwise, and the kept answers of the listed screens are shown, start-up's own among them (their
  // module from the service worker's cache; without it, start-up goes on as before).
  onlineManager.setOnline(navigator.onLine);
  if (!navigator.onLine) {
    await import('./lib/offline-cache').then(
      ({ restoreOfflineCache, sessionOwner }) => restoreOfflineCache(queryClient, sessionOwner()),
      () => undefined,
    );
  }
  const booted = runBoot({ queryClient, i18n, logout: () => endSession(queryClient) });
  await yieldToMain();
  const router = createAppRouter();
  syncStoreAcrossTabs();
  const bootStatus = await booted;
  startUpDone();
  await yieldToMain();
  // The theme's CSS variables in a task of their own, not in the first render (decision 071).
  themeVariablesCss(queryClient.getQueryData(appColorsQueryOptions().queryKey) ?? defaultColors);
  await yieldToMain();
  // Keeping the answers for offline reading is no part of the first load (decision 088's budget).
  void import('./lib/offline-cache').then(
    ({ keepOfflineCache }) => keepOfflineCache(queryClient),
    () => undefined,
  );
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} i18n={i18n} router={router} bootStatus={bootStatus} />
    </StrictMode>,
  );
}
void start();

// The service worker (and workbox-window) once the first screen is up: installing it fetches every
// file of the app for offline use, which must not compete with the first screen's own requests and
// rendering on a phone. `load` comes early in a single-page app (the screen's chunks and data come
// after it), so it waits a few seconds more and then for an idle moment.
const serviceWorkerDelayMs = 3_000;
function registerServiceWorkerLater() {
  const register = () =>
    void import('./app/register-service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(i18n.t),
    );
  setTimeout(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 2_000 });
    else register();
  }, serviceWorkerDelayMs);
}
if (document.readyState === 'complete') registerServiceWorkerLater();
else window.addEventListener('load', registerServiceWorkerLater, { once: true });
