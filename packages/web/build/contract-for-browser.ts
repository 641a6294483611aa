import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// Paths from this file's own (Node's URL parsing: the web tests run under jsdom's `URL`).
const here = dirname(fileURLToPath(import.meta.url));
const contractEntry = resolve(here, '../../contract/src/index.ts');
const contractDir = resolve(here, '../../contract/src') + sep;
const virtualId = '\0pluk-contract-for-browser';

interface RouteLike {
  method: string;
  path: string;
  permission: unknown;
  response: unknown;
}

/**
 * The module the build puts in place of `@pluk/contract` (see `contractForBrowser`): the contract
 * itself, and every feature's route object and `api` as plain tables.
 */
export function browserContractModule(contract: Record<string, unknown>): string {
  const api = contract.api as Record<string, Record<string, RouteLike>>;
  const tables = Object.entries(api).map(([feature, routes]) => {
    // The name the contract exports this feature's route object by (`authRoutes`).
    const name = Object.keys(contract).find((key) => key !== 'api' && contract[key] === routes);
    if (!name) throw new Error(`the contract exports no route object for api.${feature}`);
    const table = Object.fromEntries(
      Object.entries(routes).map(([route, def]) => [
        route,
        {
          method: def.method,
          path: def.path,
          // The client only asks whether a route is public (no token, no refresh): the other
          // permissions are the server's to check, and would cost every first load bytes.
          ...(def.permission === 'public' ? { permission: 'public' } : {}),
          ...(def.response === 'file' ? { response: 'file' } : {}),
        },
      ]),
    );
    return { feature, name, table };
  });
  return [
    `export * from ${JSON.stringify(contractEntry)};`,
    ...tables.map(({ name, table }) => `export const ${name} = ${JSON.stringify(table)};`),
    `export const api = { ${tables.map(({ feature, name }) => `${JSON.stringify(feature)}: ${name}`).join(', ')} };`,
    '',
  ].join('\n');
}

/**
 * The contract in the browser build without its zod schemas where a screen does not validate
 * (decision 045). The API client needs of each route only its method, path, whether it is public and whether
 * it answers a file, but a route object holds its request and response schemas: through them, zod
 * and the contract's schemas would land in every member's first load. In the build, `@pluk/contract`
 * becomes the contract itself (`export *`, tree-shaken) with every feature's route object
 * (`authRoutes`, …) and `api` replaced by such plain tables, and the contract's top-level `z.…`
 * schemas are marked side-effect free, so only the forms that validate with a schema (lazy screens)
 * bring zod. Tests and the dev server use the contract as it is.
 *
 * The web imports a feature's route object, not `api` (web round 10). The tables stay one module,
 * in the entry (all of them: about 2.8 KB gzip): a module per table was tried, and Rollup merged the
 * small table chunks into screens' shared chunks, so `/login` and `/tasks` downloaded more code.
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
      return browserContractModule(await tsImport(contractEntry, import.meta.url));
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
