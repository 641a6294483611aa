import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textPlaceholders, type LocaleVariant } from '@pluk/contract';

/** One bundled text: its nl-be wording and, where it words it differently, the cooperative variant's. */
export interface BundledText {
  namespace: string;
  /** i18next's nested key flattened with dots: `blocks.tasks.title`. */
  key: string;
  text: string;
  /** The cooperative variant's text where it differs from nl-be, else null. */
  cooperativeText: string | null;
}

/** The web's bundled texts (decision 083): every namespace and key of nl-be, in namespace and key order. */
export interface BundledTexts {
  readonly namespaces: readonly string[];
  readonly entries: readonly BundledText[];
  find(namespace: string, key: string): BundledText | undefined;
  hasNamespace(namespace: string): boolean;
}

/** The text a farm of `variant` sees when it has no override. */
export function variantText(entry: BundledText, variant: LocaleVariant): string {
  return variant === 'nl-be-cooperative' ? (entry.cooperativeText ?? entry.text) : entry.text;
}

/** The placeholders an override of `entry` must keep, for a farm of `variant`. */
export function placeholdersOf(entry: BundledText, variant: LocaleVariant): string[] {
  return textPlaceholders(variantText(entry, variant));
}

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`; only strings are texts. */
export function flattenTexts(texts: unknown, prefix = '', into: Record<string, string> = {}) {
  if (texts && typeof texts === 'object' && !Array.isArray(texts)) {
    for (const [name, value] of Object.entries(texts)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (typeof value === 'string') into[key] = value;
      else flattenTexts(value, key, into);
    }
  }
  return into;
}

function readFolder(folder: string): Map<string, Record<string, string>> {
  const namespaces = new Map<string, Record<string, string>>();
  if (!existsSync(folder)) return namespaces;
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const texts: unknown = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    namespaces.set(file.slice(0, -'.json'.length), flattenTexts(texts));
  }
  return namespaces;
}

const idOf = (namespace: string, key: string) => `${namespace}\u0000${key}`;

/** Reads `nl-be/*.json` and `nl-be-cooperative/*.json` of the locales folder. */
export function readBundledTexts(localesDir: string): BundledTexts {
  const dutch = readFolder(join(localesDir, 'nl-be'));
  const cooperative = readFolder(join(localesDir, 'nl-be-cooperative'));
  const entries: BundledText[] = [];
  const namespaces = [...dutch.keys()];
  for (const namespace of namespaces) {
    const texts = dutch.get(namespace)!;
    const coop = cooperative.get(namespace) ?? {};
    for (const key of Object.keys(texts).sort()) {
      const text = texts[key]!;
      const cooperativeText = coop[key] !== undefined && coop[key] !== text ? coop[key] : null;
      entries.push({ namespace, key, text, cooperativeText });
    }
  }
  const byId = new Map(entries.map((entry) => [idOf(entry.namespace, entry.key), entry]));
  const known = new Set(namespaces);
  return {
    namespaces,
    entries,
    find: (namespace, key) => byId.get(idOf(namespace, key)),
    hasNamespace: (namespace) => known.has(namespace),
  };
}

const cache = new Map<string, BundledTexts>();

/** The bundled texts of a locales folder, read once per process (every test app shares them). */
export function bundledTexts(localesDir: string): BundledTexts {
  let texts = cache.get(localesDir);
  if (!texts) {
    texts = readBundledTexts(localesDir);
    cache.set(localesDir, texts);
  }
  return texts;
}
