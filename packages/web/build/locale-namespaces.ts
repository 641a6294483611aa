import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// From the file's own path (a string): the web tests run this under jsdom, whose URL is not Node's.
const srcDir = join(dirname(fileURLToPath(import.meta.url)), '../src/');
const localesDir = `${srcDir}locales/`;
const i18nModule = `${srcDir}lib/i18n.ts`;
const virtualPrefix = 'virtual:pluk-locale/';

/** Every namespace of the complete locale (nl-be) but `common`, which i18n.ts always holds. */
export function splitNamespaces(): string[] {
  return readdirSync(`${localesDir}nl-be`)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((ns) => ns !== 'common')
    .sort();
}

/**
 * The locale namespaces a source file uses: the namespaces named in `useTranslation(…)` and every
 * string that starts with `<namespace>:` (a key handed to `t` elsewhere, e.g. a link list's
 * `labelKey: 'notifications:titles.inbox'`). A `useTranslation` whose argument is not written out
 * cannot be followed: that is an error, not a namespace silently missing in the build.
 */
export function namespacesUsedIn(code: string, known: readonly string[], file = 'source'): Set<string> {
  const used = new Set<string>();
  const isKnown = (ns: string) => known.includes(ns);
  for (const match of code.matchAll(/\buseTranslation\(([^)]*)\)/g)) {
    const args = match[1]!.trim();
    if (!args) continue;
    const literals = [...args.matchAll(/(['"])([\w-]+)\1/g)].map((m) => m[2]!);
    const rest = args.replace(/(['"])[\w-]+\1/g, '').replace(/[\s,[\]]/g, '');
    if (rest || literals.length === 0)
      throw new Error(
        `${file}: useTranslation(${args}) names its namespaces in a way the build cannot follow`,
      );
    for (const ns of literals) if (isKnown(ns)) used.add(ns);
  }
  for (const match of code.matchAll(/['"`]([\w-]+):[\w$]/g)) if (isKnown(match[1]!)) used.add(match[1]!);
  return used;
}

/** The route tables only name title keys; the screen a route loads brings that namespace. */
const isRouteTable = (id: string) =>
  id === `${srcDir}app/router.tsx` || /\/app\/routes\/[^/]+\/routes\.tsx$/.test(id);

/**
 * Locale namespaces travel with the code that uses them (decision 057). Each source file that uses a
 * namespace other than `common` gets an import of `virtual:pluk-locale/<ns>`, a module that registers
 * that namespace's texts (nl-be and, where it exists, the cooperative variant) with i18n.ts. Rollup
 * then puts a namespace in the chunk of the screens that use it, as it does with a library: the first
 * load carries only the texts of its own screen, and a screen's texts arrive in the same request as
 * its code (no extra round trip, no suspense). Active in the build, the dev server and the tests
 * alike, so the tests exercise what members get.
 */
export function localeNamespaces(): Plugin {
  const known = splitNamespaces();
  return {
    name: 'pluk-locale-namespaces',
    enforce: 'pre',
    resolveId(source) {
      if (source.startsWith(virtualPrefix)) return `\0${source}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(`\0${virtualPrefix}`)) return null;
      const ns = id.slice(`\0${virtualPrefix}`.length);
      if (!known.includes(ns)) throw new Error(`no locale namespace ${ns}`);
      const coop = `${localesDir}nl-be-cooperative/${ns}.json`;
      const hasCoop = existsSync(coop);
      return [
        `import { registerNamespace } from ${JSON.stringify(i18nModule)};`,
        `import nlBe from ${JSON.stringify(`${localesDir}nl-be/${ns}.json`)};`,
        hasCoop ? `import coop from ${JSON.stringify(coop)};` : '',
        `registerNamespace(${JSON.stringify(ns)}, { 'nl-be': nlBe${hasCoop ? `, 'nl-be-cooperative': coop` : ''} });`,
      ].join('\n');
    },
    transform(code, id) {
      if (!id.startsWith(srcDir) || !/\.tsx?$/.test(id) || /\.test\.tsx?$/.test(id) || isRouteTable(id))
        return null;
      const used = namespacesUsedIn(code, known, id);
      if (used.size === 0) return null;
      // On the first line, so the source map of every other line stays exact.
      const imports = [...used].map((ns) => `import '${virtualPrefix}${ns}';`).join('');
      return { code: imports + code, map: null };
    },
  };
}
