import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { flushSync } from 'react-dom';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { Boot } from './boot/boot';
import type { BootStatus } from './boot/run-boot';
import { DocumentBranding } from './boot/branding';
import { AppProvider } from './provider';

/** ReactDOM's flushSync in the shape RouterProvider takes (what `react-router/dom` passes). */
const routerFlushSync = (fn: () => unknown): undefined => {
  flushSync(fn);
};

type Router = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  queryClient: QueryClient;
  i18n: I18n;
  router: Router;
  env?: 'default' | 'test';
  /** The outcome of a start-up already run before this render (`main.tsx`); without it the app runs it. */
  bootStatus?: Exclude<BootStatus, 'loading'>;
}

/** The whole app: providers, start-up, then the router. */
export function App({ queryClient, i18n, router, env, bootStatus }: AppProps) {
  return (
    <AppProvider queryClient={queryClient} i18n={i18n} env={env}>
      <DocumentBranding />
      <Boot done={bootStatus}>
        {/* flushSync lets a navigation commit before a store change (see use-sign-out.ts). */}
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </Boot>
    </AppProvider>
  );
}
