import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const contractEntry = fileURLToPath(new URL('../../contract/src/index.ts', import.meta.url));
const contractDir = fileURLToPath(new URL('../../contract/src/', import.meta.url));
const virtualId = '\0pluk-contract-for-browser';

interface RouteLike {
  method: string;
  path: string;
  permission: unknown;
  response: unknown;
}

/**
 * The contract in the browser build without its zod schemas where a screen does not validate
 * (decision 045). The API client needs of each route only its method, path, permission and whether
 * it answers a file, but `api` holds every request and response schema: through it, zod and all of
 * the contract's schemas landed in every member's first load. In the build, `@pluk/contract` becomes
 * the contract itself (`export *`, tree-shaken) with `api` replaced by that plain table, and the
 * contract's top-level `z.…` schemas are marked side-effect free, so only the forms that validate
 * with a schema (lazy screens) bring zod. Tests and the dev server use the contract as it is.
 */
export function contractForBrowser(): Plugin {
  return {
    name: 'pluk-contract-for-browser',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@pluk/contract' && importer !== virtualId) return virtualId;
      return null;
    },
    async load(id) {
      if (id !== virtualId) return null;
      const { tsImport } = await import('tsx/esm/api');
      const { api } = (await tsImport(contractEntry, import.meta.url)) as {
        api: Record<string, Record<string, RouteLike>>;
      };
      const table = Object.fromEntries(
        Object.entries(api).map(([feature, routes]) => [
          feature,
          Object.fromEntries(
            Object.entries(routes).map(([name, route]) => [
              name,
              {
                method: route.method,
                path: route.path,
                permission: route.permission,
                ...(route.response === 'file' ? { response: 'file' } : {}),
              },
            ]),
          ),
        ]),
      );
      return `export * from ${JSON.stringify(contractEntry)};\nexport const api = ${JSON.stringify(table)};\n`;
    },
    transform(code, id) {
      if (!id.startsWith(contractDir)) return null;
      // The contract only declares: building a schema (`z.…`, `fooSchema.extend(…)`,
      // `feedPageSchema(…)`) or a top-level table (`= Object.values(…)`) changes nothing else. Marked
      // pure, what no screen of a chunk uses is left out of it.
      // Comments are left as they are: a `z.coerce` named in a doc comment would get a `*/` that ends
      // the comment early and breaks the build.
      const markPure = (part: string) =>
        part
          .replace(/^((?:export )?const \w+(?::[^=]+)? = )(?=[A-Za-z_$][\w$.]*\()/gm, '$1/* @__PURE__ */ ')
          .replace(/(?<![\w$.])(z|[a-z]\w*Schema)(?=\s*[.(])/g, '/* @__PURE__ */ $1');
      const pure = code
        .split(/(\/\*[\s\S]*?\*\/|^\s*\/\/[^\n]*)/m)
        .map((part, index) => (index % 2 === 1 ? part : markPure(part)))
        .join('');
      // A contract file is only part of a chunk when that chunk uses one of its exports.
      return { code: pure, map: null, moduleSideEffects: false };
    },
  };
}
