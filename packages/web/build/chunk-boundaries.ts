import type { Plugin } from 'vite';

const iconModule = /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
const routeModule = /[\\/]src[\\/]app[\\/]routes[\\/][^?]+\.tsx$/;

/** An icon module with its one top-level call marked pure, or null when it is not one. */
export function markIconPure(code: string, id: string): string | null {
  if (!iconModule.test(id)) return null;
  const marked = code.replace(/=\s*createReactComponent\(/, '= /* @__PURE__ */ createReactComponent(');
  return marked === code ? null : marked;
}

/** True for a screen module of the app (src/app/routes/…): one lazy chunk per screen. */
export function isScreenModule(id: string): boolean {
  return routeModule.test(id) && !id.includes('node_modules') && !/\.test\.tsx$/.test(id);
}

/**
 * Where the build draws its chunk lines (decision 073), so a member's first screen needs few files:
 *
 * - **Icons are pure.** Each Tabler icon module's one top-level statement, `createReactComponent(…)`,
 *   only builds the component, but is not marked so: Rollup kept each icon two screens share as a chunk
 *   of its own (0.2–0.6 KB), and the member home asked for eight of them, each a request on a phone's
 *   few connections before its first blocks could show. Marked pure, Rollup's
 *   `experimentalMinChunkSize` merges them into a chunk loaded with them.
 * - **A screen is a chunk of its own.** Once icons are pure, whole screens turn pure too, and Rollup would
 *   merge small ones into each other (the member's chore list into the managers' chore screens, which a
 *   member would then download). A screen module is kept whole and counted as having effects
 *   (`moduleSideEffects: 'no-treeshake'`), so its chunk is never merged into another: every screen loads
 *   only its own code and what it shares, as build/route-preloads.ts expects.
 * - **What the app imports lazily stays lazy.** The same holds for every module of the app that code
 *   imports with `import('./…')` (the login rules with zod, the notifications host, the service worker's
 *   registration, …): counted as having effects, its chunk is never merged into the entry, which Rollup
 *   otherwise does with a small chunk free of effects (zod was 25 KB gzip of every first load; decision 088).
 */
export function chunkBoundaries(): Plugin {
  /** The app's own modules that some code imports lazily (`import('./…')`). */
  const lazyModules = new Set<string>();
  return {
    name: 'pluk-chunk-boundaries',
    enforce: 'pre',
    apply: 'build',
    async resolveDynamicImport(specifier, importer) {
      if (typeof specifier !== 'string' || !importer || importer.includes('node_modules')) return null;
      const resolved = await this.resolve(specifier, importer, { skipSelf: true });
      if (resolved && !resolved.id.includes('node_modules')) lazyModules.add(resolved.id);
      return null;
    },
    transform(code, id) {
      const icon = markIconPure(code, id);
      if (icon !== null) return { code: icon, map: null };
      if (isScreenModule(id) || lazyModules.has(id))
        return { code, map: null, moduleSideEffects: 'no-treeshake' };
      return null;
    },
  };
}
