import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Boot } from './boot/boot';
import { DocumentBranding } from './boot/branding';
import { AppProvider } from './provider';

type Router = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  queryClient: QueryClient;
  i18n: I18n;
  router: Router;
  env?: 'default' | 'test';
}

/** The whole app: providers, start-up, then the router. */
export function App({ queryClient, i18n, router, env }: AppProps) {
  return (
    <AppProvider queryClient={queryClient} i18n={i18n} env={env}>
      <DocumentBranding />
      <Boot>
        <RouterProvider router={router} />
      </Boot>
    </AppProvider>
  );
}
