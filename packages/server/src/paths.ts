import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder, found by walking up from this module to the package.json named
 * `@pluk/server`. Works the same from `src/` (tsx, vitest) and from the bundled `dist/server.js`,
 * so defaults never depend on the process's working directory.
 */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string };
      if (pkg.name === '@pluk/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Could not find the @pluk/server package folder');
    dir = parent;
  }
}

export const serverPackageRoot = findPackageRoot();
export const repoRoot = resolve(serverPackageRoot, '..', '..');
export const migrationsFolder = join(serverPackageRoot, 'drizzle');
export const defaultDataDir = join(repoRoot, 'data');
export const defaultWebDistDir = join(repoRoot, 'packages', 'web', 'dist');
/** The web's bundled Dutch texts (one folder per locale variant, one JSON file per namespace; decision 083). */
export const defaultLocalesDir = join(repoRoot, 'packages', 'web', 'src', 'locales');
