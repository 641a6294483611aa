import { sql } from 'drizzle-orm';
import {
  overrideProblem,
  type WordReplacePreview,
  type WordReplaceResult,
  type wordReplaceSchema,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { translationOverrides } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { variantText, type BundledTexts } from './bundled-texts.js';
import { farmOverrides } from './overrides.js';
import type { TextFarm } from './service.js';

type WordReplace = z.output<typeof wordReplaceSchema>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The replacement in the capitals of what it replaces: "Klusjes" → "Taken", "klusjes" → "taken". */
function inCaseOf(found: string, replacement: string): string {
  if (found.length > 1 && found === found.toUpperCase() && found !== found.toLowerCase())
    return replacement.toUpperCase();
  const first = found[0]!;
  const head =
    first === first.toUpperCase() && first !== first.toLowerCase()
      ? replacement[0]!.toUpperCase()
      : replacement[0]!.toLowerCase();
  return head + replacement.slice(1);
}

/**
 * The text with the word replaced outside its placeholders (`{{…}}` and `$t(…)` stay as they are), and how
 * often; matched without regard to capitals, written in the capitals it found.
 */
export function replaceWord(text: string, input: WordReplace): { text: string; count: number } {
  const word = escapeRegExp(input.find);
  const pattern = input.wholeWord
    ? new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'giu')
    : new RegExp(word, 'giu');
  let count = 0;
  const replaced = text
    .split(/(\{\{[^{}]*\}\}|\$t\([^)]*\))/)
    .map((part, index) => {
      if (index % 2 === 1) return part; // a placeholder
      return part.replace(pattern, (found) => {
        count += 1;
        return inCaseOf(found, input.replace);
      });
    })
    .join('');
  return { text: replaced, count };
}

/** Every text the farm sees that holds the word, before and after (decision 094). */
async function changesOf(
  db: Database | Transaction,
  texts: BundledTexts,
  farm: TextFarm,
  input: WordReplace,
) {
  const overrides = new Map(
    (await farmOverrides(db, farm.appId)).map((row) => [`${row.namespace}\u0000${row.key}`, row.value]),
  );
  const changes: { namespace: string; key: string; before: string; after: string; count: number }[] = [];
  for (const entry of texts.entries) {
    const bundled = variantText(entry, farm.localeVariant);
    const before = overrides.get(`${entry.namespace}\u0000${entry.key}`) ?? bundled;
    const { text: after, count } = replaceWord(before, input);
    // A replacement that would break the text's placeholders is left out (it cannot: they are skipped).
    if (count === 0 || after === before || overrideProblem(bundled, after)) continue;
    changes.push({ namespace: entry.namespace, key: entry.key, before, after, count });
  }
  return changes;
}

export async function previewWordReplace(
  db: Database,
  texts: BundledTexts,
  farm: TextFarm,
  input: WordReplace,
): Promise<WordReplacePreview> {
  const changes = await changesOf(db, texts, farm, input);
  return {
    changes: changes.map(({ namespace, key, before, after }) => ({ namespace, key, before, after })),
    occurrences: changes.reduce((sum, change) => sum + change.count, 0),
  };
}

/** Writes every change of the preview as the farm's own text, in one transaction. */
export async function applyWordReplace(
  db: Database,
  texts: BundledTexts,
  farm: TextFarm,
  userId: number,
  input: WordReplace,
): Promise<WordReplaceResult> {
  return inTransaction(db, async (tx) => {
    const changes = await changesOf(tx, texts, farm, input);
    for (let start = 0; start < changes.length; start += 200) {
      await tenantDb(tx, farm.appId)
        .insert(translationOverrides)
        .values(
          changes.slice(start, start + 200).map((change) => ({
            appId: farm.appId,
            namespace: change.namespace,
            key: change.key,
            value: change.after,
            updatedByUserId: userId,
          })),
        )
        .onConflictDoUpdate({
          target: [translationOverrides.appId, translationOverrides.namespace, translationOverrides.key],
          set: { value: sql`excluded.value`, updatedByUserId: userId, updatedAt: sql`now()` },
        });
    }
    return { changed: changes.length };
  });
}
