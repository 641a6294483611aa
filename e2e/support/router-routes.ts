import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/** What a route of the web app's router says about itself (its React Router `handle`). */
export interface RoutedScreen {
  path: string;
  access:
    | 'public'
    | 'guest'
    | 'restricted'
    | 'member'
    | 'manager'
    | 'applicationManager'
    | 'admin'
    | { role: string };
  layout: string;
  titleKey?: string;
}

interface RouteLike {
  path?: string;
  handle?: { access?: RoutedScreen['access']; layout?: string; titleKey?: string };
  children?: RouteLike[];
}

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web');

/**
 * Every routed screen, read from the web app's router itself (`packages/web/src/app/router.tsx`):
 * Vite loads the module as the app does (TSX, CSS modules) without calling the lazy screens, and
 * the route objects are walked. A screen added to the router is checked without a list to keep.
 */
export async function loadRoutedScreens(): Promise<RoutedScreen[]> {
  const server = await createServer({
    root: webRoot,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const router = (await server.ssrLoadModule('/src/app/router.tsx')) as { routes: RouteLike[] };
    const screens: RoutedScreen[] = [];
    const walk = (routes: RouteLike[], parentPath: string) => {
      for (const route of routes) {
        const full = route.path
          ? route.path.startsWith('/')
            ? route.path
            : `${parentPath.replace(/\/$/, '')}/${route.path}`
          : parentPath;
        if (route.path && route.handle)
          screens.push({
            path: full,
            access: route.handle.access ?? 'member',
            layout: route.handle.layout ?? 'default',
            titleKey: route.handle.titleKey,
          });
        if (route.children) walk(route.children, full);
      }
    };
    walk(router.routes, '');
    return screens;
  } finally {
    await server.close();
  }
}
