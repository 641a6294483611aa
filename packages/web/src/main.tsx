import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-service-worker';
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

registerServiceWorker(i18n.t);
