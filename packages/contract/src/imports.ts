import { z } from 'zod';
import { isoDateTimeSchema } from './common.js';

/*
 * What every spreadsheet import shares (crops: decisions 074 and 094; members: decision 097): the limits
 * of a file, the progress key and count, and the batch that can be undone.
 */

/** A key the browser picks for one confirm, to ask how far it is (decision 094). */
export const importProgressKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Deze voortgangssleutel is ongeldig.');
export const importProgressQuerySchema = z.object({ progressKey: importProgressKeySchema });

/** How far a running import is: `done` rows of `total` written (`1.200 van 3.000`). */
export const importProgressSchema = z.object({
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  finished: z.boolean(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** An import batch: what it created and changed, and whether it can still be undone. */
export const importBatchSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  createdAt: isoDateTimeSchema,
  createdBy: z.string().nullable(),
  createdCount: z.number().int().min(0),
  updatedCount: z.number().int().min(0),
  undoneAt: isoDateTimeSchema.nullable(),
  /** Null when it can be undone; else why not, in Dutch. */
  blockedBecause: z.string().nullable(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importUndoResultSchema = z.object({
  deleted: z.number().int().min(0),
  restored: z.number().int().min(0),
});
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;
