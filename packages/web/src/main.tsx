import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { i18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { syncStoreAcrossTabs } from './lib/store';

const queryClient = createQueryClient();
const router = createAppRouter();
syncStoreAcrossTabs();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} i18n={i18n} router={router} />
  </StrictMode>,
);

// The service worker (and workbox-window) after the page has loaded: not in the first load's way.
function registerServiceWorkerLater() {
  void import('./app/register-service-worker').then(({ registerServiceWorker }) =>
    registerServiceWorker(i18n.t),
  );
}
if (document.readyState === 'complete') registerServiceWorkerLater();
else window.addEventListener('load', registerServiceWorkerLater, { once: true });
