import { and, eq, sql } from 'drizzle-orm';
import {
  overrideProblem,
  pageCountCap,
  type LocaleVariant,
  type TranslationEntry,
  type TranslationOverrides,
  type TranslationPage,
} from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { translationOverrides } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { decodeCursor, encodeCursor, type PageKey } from '../../lib/paging.js';
import { placeholdersOf, variantText, type BundledText, type BundledTexts } from './bundled-texts.js';
import { farmOverrides, type OverrideRow } from './overrides.js';

/** The farm a translation call works for: its id and locale variant. */
export interface TextFarm {
  appId: string;
  localeVariant: LocaleVariant;
}

const idOf = (namespace: string, key: string) => `${namespace}\u0000${key}`;

function present(entry: BundledText, farm: TextFarm, override: OverrideRow | undefined): TranslationEntry {
  return {
    namespace: entry.namespace,
    key: entry.key,
    text: entry.text,
    cooperativeText: entry.cooperativeText,
    placeholders: placeholdersOf(entry, farm.localeVariant),
    override: override?.value ?? null,
    updatedAt: override?.updatedAt.toISOString() ?? null,
  };
}

function unknownNamespace(namespace: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', undefined, {
    namespace: `De naamruimte "${namespace}" bestaat niet.`,
  });
}

/** The bundled text named, or 400 (unknown namespace) / 404 (unknown key), in Dutch. */
function bundledText(texts: BundledTexts, namespace: string, key: string): BundledText {
  if (!texts.hasNamespace(namespace)) throw unknownNamespace(namespace);
  const entry = texts.find(namespace, key);
  if (!entry) throw new HttpError(404, 'NOT_FOUND', `De tekst "${namespace}:${key}" bestaat niet.`);
  return entry;
}

/** Lower case without accents: "Één" finds "een". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The list's order, as a cursor names it: the last row's `[namespace, key]` (ADR 056's cursor, kept in memory). */
const cursorKeys: PageKey[] = [
  { column: translationOverrides.namespace, type: 'text' },
  { column: translationOverrides.key, type: 'text' },
];

const isAfter = (entry: BundledText, [namespace, key]: [string, string]) =>
  entry.namespace > namespace || (entry.namespace === namespace && entry.key > key);

export interface ListRequest {
  search?: string | undefined;
  namespace?: string | undefined;
  overridden?: boolean | undefined;
  page: number;
  pageSize: number;
  after?: string | undefined;
}

/**
 * The Admin's list: the bundled texts (in memory, namespace and key order) beside the farm's overrides
 * (one read), filtered and paged like every list (`?page`, `?pageSize`, the `after` cursor; totals up to
 * `pageCountCap`).
 */
export async function listTranslations(
  db: Database,
  texts: BundledTexts,
  farm: TextFarm,
  query: ListRequest,
): Promise<TranslationPage> {
  if (query.namespace !== undefined && !texts.hasNamespace(query.namespace))
    throw unknownNamespace(query.namespace);
  const overrides = new Map(
    (await farmOverrides(db, farm.appId)).map((row) => [idOf(row.namespace, row.key), row]),
  );
  const search = query.search ? folded(query.search) : '';
  const matches = texts.entries.filter((entry) => {
    if (query.namespace !== undefined && entry.namespace !== query.namespace) return false;
    const override = overrides.get(idOf(entry.namespace, entry.key));
    if (query.overridden === true && !override) return false;
    if (query.overridden === false && override) return false;
    if (!search) return true;
    return [`${entry.namespace}:${entry.key}`, entry.text, entry.cooperativeText, override?.value].some(
      (text) => text !== null && text !== undefined && folded(text).includes(search),
    );
  });
  const start = query.after
    ? ((cursor) => {
        const index = matches.findIndex((entry) => isAfter(entry, cursor));
        return index === -1 ? matches.length : index;
      })(decodeCursor(cursorKeys, query.after) as [string, string])
    : query.page * query.pageSize;
  const shown = matches.slice(start, start + query.pageSize);
  const last = shown[shown.length - 1];
  const hasMore = start + query.pageSize < matches.length;
  return {
    items: shown.map((entry) => present(entry, farm, overrides.get(idOf(entry.namespace, entry.key)))),
    total: Math.min(matches.length, pageCountCap),
    totalIsLowerBound: matches.length > pageCountCap,
    nextCursor: hasMore && last ? encodeCursor(JSON.stringify([last.namespace, last.key])) : null,
    page: query.page,
    pageSize: query.pageSize,
    namespaces: [...texts.namespaces],
  };
}

/**
 * Sets the farm's own wording of a bundled text. The value keeps every placeholder of the text the farm
 * would otherwise see and invents none (400 naming it); an unknown text is refused.
 */
export async function updateTranslation(
  db: Database,
  texts: BundledTexts,
  farm: TextFarm,
  userId: number,
  input: { namespace: string; key: string; value: string },
): Promise<TranslationEntry> {
  const entry = bundledText(texts, input.namespace, input.key);
  const problem = overrideProblem(variantText(entry, farm.localeVariant), input.value);
  if (problem) throw new HttpError(400, 'VALIDATION_ERROR', problem, { value: problem });
  const [row] = await inTransaction(db, (tx) =>
    tenantDb(tx, farm.appId)
      .insert(translationOverrides)
      .values({
        appId: farm.appId,
        namespace: entry.namespace,
        key: entry.key,
        value: input.value,
        updatedByUserId: userId,
      })
      .onConflictDoUpdate({
        target: [translationOverrides.appId, translationOverrides.namespace, translationOverrides.key],
        set: { value: input.value, updatedByUserId: userId, updatedAt: sql`now()` },
      })
      .returning({
        namespace: translationOverrides.namespace,
        key: translationOverrides.key,
        value: translationOverrides.value,
        updatedAt: translationOverrides.updatedAt,
      }),
  );
  return present(entry, farm, row);
}

/** Removes the farm's own wording: the bundled text shows again. Resetting a bundled text is no error. */
export async function resetTranslation(
  db: Database,
  texts: BundledTexts,
  farm: TextFarm,
  input: { namespace: string; key: string },
): Promise<TranslationEntry> {
  const entry = bundledText(texts, input.namespace, input.key);
  await inTransaction(db, (tx) =>
    tenantDb(tx, farm.appId)
      .delete(translationOverrides)
      .where(
        and(eq(translationOverrides.namespace, entry.namespace), eq(translationOverrides.key, entry.key)),
      ),
  );
  return present(entry, farm, undefined);
}

/**
 * The farm's overrides for the web, by namespace. Only those of texts that are still bundled: a text a
 * later release removed is not sent.
 */
export async function publicOverrides(
  db: Database,
  texts: BundledTexts,
  appId: string,
  version: string | null,
): Promise<TranslationOverrides> {
  const overrides: Record<string, Record<string, string>> = {};
  if (version === null) return { version, overrides };
  for (const row of await farmOverrides(db, appId)) {
    if (!texts.find(row.namespace, row.key)) continue;
    (overrides[row.namespace] ??= {})[row.key] = row.value;
  }
  return { version, overrides };
}
