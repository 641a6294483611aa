import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { screenRequests } from '../src/app/screen-requests';

const here = dirname(fileURLToPath(import.meta.url));
const templateFile = join(here, 'early-boot.js');
const marker = '/*ROUTE_PRELOADS*/ {}';

/**
 * The screens a phone most often opens the app on, by exact path, with the screen module React Router
 * loads lazily for it and whether it is for a signed-in member (`session: true`), a visitor (`false`).
 * Their code is asked for by `early-boot.js` next to the app's entry instead of after it has run
 * (decision 069). Other screens load as before.
 */
export const preloadedRoutes: Record<string, { module: string; session: boolean }> = {
  '/': { module: 'src/app/routes/home.tsx', session: true },
  '/login': { module: 'src/app/routes/auth/login.tsx', session: false },
  '/tasks': { module: 'src/app/routes/tasks/tasks-list.tsx', session: true },
  '/events': { module: 'src/app/routes/events/events-list.tsx', session: true },
  '/market': { module: 'src/app/routes/market/market-list.tsx', session: true },
  '/notifications': { module: 'src/app/routes/notifications/inbox.tsx', session: true },
};

/** Per path: whether it needs a session, the files of its screen, and the API answers it asks for. */
export type RoutePreloads = Record<string, { session: boolean; files: string[]; requests?: string[] }>;

/**
 * What each listed screen loads beyond the entry: its chunk, the chunks it imports and their CSS, and
 * for a member's screen the API answers it asks for (`src/app/screen-requests.ts`).
 */
export function routePreloadsOf(bundle: OutputBundle, root: string): RoutePreloads {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const css = (chunk: OutputChunk) => [
    ...((chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ??
      []),
  ];
  const closure = (start: OutputChunk[]) => {
    const seen = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const file of chunk.imports) visit(byFile.get(file)!);
    };
    start.forEach(visit);
    return seen;
  };
  // What index.html already loads: the entry and every chunk it imports statically.
  const loaded = closure(chunks.filter((chunk) => chunk.isEntry));
  const preloads: RoutePreloads = {};
  for (const [path, { module, session }] of Object.entries(preloadedRoutes)) {
    const source = join(root, module);
    const screen = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === source);
    if (!screen)
      throw new Error(`route-preloads: no lazy chunk for ${module} (${path}); update preloadedRoutes`);
    const files = [...closure([screen])].filter((file) => !loaded.has(file));
    const styles = files.flatMap((file) => css(byFile.get(file)!));
    preloads[path] = { session, files: [...files, ...new Set(styles)] };
    if (session && screenRequests[path]) preloads[path].requests = screenRequests[path];
  }
  return preloads;
}

/** `early-boot.js` with the map of preloads written in (`{}` while developing: no hashed files yet). */
export function earlyBootSource(preloads: RoutePreloads): string {
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes(marker)) throw new Error(`route-preloads: ${templateFile} lost its ${marker}`);
  return template.replace(marker, JSON.stringify(preloads));
}

/** Emits `/early-boot.js` with the screens' preloads in the build, and serves it while developing. */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'pluk-route-preloads',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use('/early-boot.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(earlyBootSource({}));
      });
    },
    async generateBundle(_options, bundle) {
      // Minified: it is part of every first load, and the template is mostly comments (decision 088).
      // esbuild is loaded here, not with the module: the tests load this file in jsdom, where it cannot run.
      const { transformWithEsbuild } = await import('vite');
      const { code } = await transformWithEsbuild(
        earlyBootSource(routePreloadsOf(bundle, root)),
        'early-boot.js',
        {
          minify: true,
          target: 'es2019',
        },
      );
      this.emitFile({ type: 'asset', fileName: 'early-boot.js', source: code });
    },
  };
}
