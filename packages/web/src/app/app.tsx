import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { Boot } from './boot/boot';
import { DocumentBranding } from './boot/branding';
import { AppProvider } from './provider';

type Router = ReturnType<typeof createBrowserRouter>;

/** The whole app: providers, start-up, then the router. */
export function App({ queryClient, i18n, router }: { queryClient: QueryClient; i18n: I18n; router: Router }) {
  return (
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <DocumentBranding />
      <Boot>
        <RouterProvider router={router} />
      </Boot>
    </AppProvider>
  );
}
