import { z } from 'zod';
import { feedPageQuery, feedPageSchema, isoDateTimeSchema, urlBooleanSchema } from './common.js';
import { defineRoute } from './define-route.js';

/**
 * Translations (docs/product/settings-and-farms.md, "Translations", decision 083): the web's bundled Dutch
 * texts (nl-be and the cooperative variant, `packages/web/src/locales`), which an Admin may word differently
 * for one farm. A text is named by its namespace (the locale file, `home`) and its key: i18next's nested key
 * flattened with dots (`blocks.tasks.title`). An override wins over the bundled text of the farm's locale
 * variant, for every member. Overrides are plain text (never HTML) and keep the bundled text's placeholders
 * (`{{name}}`).
 */
export const translationLimits = {
  valueMax: 2000,
  searchMax: 100,
  namespaceMax: 60,
  keyMax: 200,
  pageSize: 50,
  pageSizeMax: 200,
} as const;

/** `{{name}}`, `{{ name }}`, `{{- name}}` and `{{date, datetime}}` all name `name` / `date`. */
const placeholderPattern = /\{\{-?\s*([^{}\s,]+)[^{}]*\}\}/g;

/** The placeholders a text uses, by name, each once, in order of appearance. */
export function textPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(placeholderPattern)].map((match) => match[1]!))];
}

/**
 * Why an override of `bundled` may not be `value`: a placeholder dropped or invented, or a reference to
 * another text; null when it may. Shared by the server (the rule) and the web's form (the same message).
 */
export function overrideProblem(bundled: string, value: string): string | null {
  const expected = textPlaceholders(bundled);
  const given = textPlaceholders(value);
  const missing = expected.find((name) => !given.includes(name));
  if (missing) return `De tekst moet {{${missing}}} behouden: daar komt de juiste waarde in.`;
  const invented = given.find((name) => !expected.includes(name));
  if (invented)
    return expected.length
      ? `{{${invented}}} bestaat niet in deze tekst; gebruik enkel ${expected.map((name) => `{{${name}}}`).join(', ')}.`
      : `{{${invented}}} bestaat niet in deze tekst; deze tekst heeft geen invulvelden.`;
  if (value.includes('$t(')) return 'Een verwijzing naar een andere tekst ($t(…)) is niet toegelaten.';
  return null;
}

const namespaceField = z
  .string({ error: 'Kies een naamruimte.' })
  .trim()
  .min(1, 'Kies een naamruimte.')
  .max(translationLimits.namespaceMax, 'Deze naamruimte bestaat niet.')
  .regex(/^[A-Za-z][\w-]*$/, 'Deze naamruimte bestaat niet.');

const keyField = z
  .string({ error: 'Kies een tekst.' })
  .trim()
  .min(1, 'Kies een tekst.')
  .max(translationLimits.keyMax, 'Deze tekst bestaat niet.')
  .regex(/^[\w$-]+(\.[\w$-]+)*$/, 'Deze tekst bestaat niet.');

/** One text: namespace and dotted key. */
export const translationKeySchema = z.object({ namespace: namespaceField, key: keyField });
export type TranslationKey = z.input<typeof translationKeySchema>;

export const translationUpdateSchema = translationKeySchema.extend({
  value: z
    .string({ error: 'Vul de tekst in.' })
    .trim()
    .min(1, 'Vul de tekst in. Wil je de gewone tekst terug? Kies dan "Terugzetten".')
    .max(translationLimits.valueMax, `De tekst is hoogstens ${translationLimits.valueMax} tekens lang.`),
});
export type TranslationUpdate = z.input<typeof translationUpdateSchema>;

export const translationListQuerySchema = z.object({
  search: z.string().trim().max(translationLimits.searchMax, 'De zoekterm is te lang.').optional(),
  namespace: namespaceField.optional(),
  /** Only the texts this farm words differently. */
  overridden: urlBooleanSchema.optional(),
  ...feedPageQuery({ defaultSize: translationLimits.pageSize, maxSize: translationLimits.pageSizeMax }),
});
export type TranslationListQuery = z.input<typeof translationListQuerySchema>;

/** A text as the Admin sees it: the bundled wordings and this farm's own. */
export const translationEntrySchema = z.object({
  namespace: z.string(),
  key: z.string(),
  /** The bundled nl-be text. */
  text: z.string(),
  /** The cooperative variant's text where it differs from nl-be, else null. */
  cooperativeText: z.string().nullable(),
  /** The placeholders the text uses (`name` for `{{name}}`); an override keeps them all. */
  placeholders: z.array(z.string()),
  /** This farm's own text, or null (the bundled text of its locale variant shows). */
  override: z.string().nullable(),
  updatedAt: isoDateTimeSchema.nullable(),
});
export type TranslationEntry = z.infer<typeof translationEntrySchema>;

export const translationPageSchema = feedPageSchema(translationEntrySchema).extend({
  /** Every namespace there is (the filter's choices). */
  namespaces: z.array(z.string()),
});
export type TranslationPage = z.infer<typeof translationPageSchema>;

/** The farm's overrides for the web: `{ namespace: { 'dotted.key': text } }`. */
export const translationOverridesSchema = z.object({
  /** The same as `GET info`'s `translationsVersion`. */
  version: z.string().nullable(),
  overrides: z.record(z.string(), z.record(z.string(), z.string())),
});
export type TranslationOverrides = z.infer<typeof translationOverridesSchema>;

/**
 * 'Replace a word everywhere' (decision 094): one word in every text the farm sees, as overrides, in one
 * action after a preview. Placeholders (`{{…}}`) are never touched.
 */
export const wordReplaceSchema = z.object({
  find: z
    .string({ error: 'Vul het woord in dat je wil vervangen.' })
    .trim()
    .min(2, 'Vul het woord in dat je wil vervangen (minstens 2 tekens).')
    .max(translationLimits.searchMax, 'Het woord is te lang.')
    .refine(
      (value) => !/[{}]/.test(value),
      'Accolades ({ }) horen bij invulvelden en worden niet vervangen.',
    ),
  replace: z
    .string({ error: 'Vul het nieuwe woord in.' })
    .trim()
    .min(1, 'Vul het nieuwe woord in.')
    .max(translationLimits.searchMax, 'Het nieuwe woord is te lang.')
    .refine((value) => !/[{}]/.test(value), 'Accolades ({ }) horen bij invulvelden en mogen er niet in.'),
  /** True: only whole words ("Klusjes", not "Klusjesbeheerder"). */
  wholeWord: z.boolean().default(true),
});
export type WordReplace = z.input<typeof wordReplaceSchema>;

export const wordReplaceChangeSchema = z.object({
  namespace: z.string(),
  key: z.string(),
  /** The text the farm sees now (its override, else the bundled text of its variant). */
  before: z.string(),
  after: z.string(),
});
export type WordReplaceChange = z.infer<typeof wordReplaceChangeSchema>;

export const wordReplacePreviewSchema = z.object({
  changes: z.array(wordReplaceChangeSchema),
  /** How many times the word occurs in them. */
  occurrences: z.number().int().min(0),
});
export type WordReplacePreview = z.infer<typeof wordReplacePreviewSchema>;

export const wordReplaceResultSchema = z.object({ changed: z.number().int().min(0) });
export type WordReplaceResult = z.infer<typeof wordReplaceResultSchema>;

const admin = { role: 'Admin' } as const;

export const translationRoutes = {
  list: defineRoute({
    feature: 'translation',
    method: 'GET',
    path: 'admin/translation',
    permission: admin,
    summary:
      'Every bundled text with the cooperative wording and this farm’s override, by namespace and key; ' +
      'searchable (key and texts), filtered by namespace and by "only overridden", paged.',
    query: translationListQuerySchema,
    response: { 200: translationPageSchema },
  }),
  update: defineRoute({
    feature: 'translation',
    method: 'POST',
    path: 'admin/translation/Update',
    permission: admin,
    summary:
      'Sets this farm’s own text for a bundled one. Unknown texts: 404; a placeholder dropped or invented: ' +
      '400 naming it.',
    body: translationUpdateSchema,
    response: { 200: translationEntrySchema },
  }),
  reset: defineRoute({
    feature: 'translation',
    method: 'DELETE',
    path: 'admin/translation',
    permission: admin,
    summary: 'Removes this farm’s own text of `?namespace=&key=`: the bundled text shows again.',
    query: translationKeySchema,
    response: { 200: translationEntrySchema },
  }),
  replacePreview: defineRoute({
    feature: 'translation',
    method: 'POST',
    path: 'admin/translation/Replace/Preview',
    permission: admin,
    summary:
      'Every text the farm sees that holds the word, before and after replacing it (capitals kept as the ' +
      'text had them, placeholders untouched); changes nothing.',
    body: wordReplaceSchema,
    response: { 200: wordReplacePreviewSchema },
  }),
  replace: defineRoute({
    feature: 'translation',
    method: 'POST',
    path: 'admin/translation/Replace',
    permission: admin,
    summary:
      'Replaces the word in every text the farm sees, as its own texts, in one transaction; answers how many ' +
      'texts changed (the same as the preview).',
    body: wordReplaceSchema,
    response: { 200: wordReplaceResultSchema },
  }),
  overrides: defineRoute({
    feature: 'translation',
    method: 'GET',
    path: 'info/translations',
    permission: 'public',
    summary:
      'This farm’s overridden texts for the web, by namespace. With `?v=` equal to `GET info`’s ' +
      '`translationsVersion` the answer may be cached.',
    query: z.object({ v: z.string().max(100).optional() }),
    response: { 200: translationOverridesSchema },
  }),
} as const;
