import { z } from 'zod';
import {
  feedPageQuery,
  feedPageSchema,
  idField,
  idParam,
  idParamsSchema,
  isoDateTimeSchema,
} from './common.js';
import { defineRoute, multipart } from './define-route.js';
import {
  importBatchSchema,
  importProgressKeySchema,
  importProgressQuerySchema,
  importProgressSchema,
  importUndoResultSchema,
} from './imports.js';
import { idempotencyKeySchema } from './money.js';
import { harvestYearQueryField } from './subscription.js';

/**
 * Harvest (decision 074): crops (articles in the cooperative wording), fields, and pluk — per
 * crop and subscription, whether it may be picked now and how much per share.
 */
export const harvestLimits = {
  cropNameMax: 100,
  cropDescriptionMax: 5000,
  howToHarvestMax: 5000,
  hintMax: 200,
  unitMax: 50,
  fieldsPerCropMax: 20,
  photosMax: 6,
  fieldNameMax: 100,
  fieldDescriptionMax: 2000,
  amountPerShareMax: 100,
  /** Crop spreadsheet import (decision 074). */
  importMaxBytes: 5 * 1024 * 1024,
  importMaxRows: 5000,
  /** Longest text one cell may hold. */
  importCellMaxChars: 5000,
  /** An .xlsx is a zip: refused beyond this uncompressed size or this many entries (zip bomb). */
  importMaxUncompressedBytes: 50 * 1024 * 1024,
  importMaxZipEntries: 200,
  /** Pluk mail: subscriptions chosen at once. */
  mailSubscriptionsMax: 50,
} as const;

/** The columns of the crop spreadsheet, in order, by their Dutch header (first row). */
export const cropImportColumns = [
  { key: 'name', header: 'Naam', required: true },
  { key: 'description', header: 'Beschrijving', required: false },
  { key: 'howToHarvest', header: 'Hoe oogsten', required: false },
  { key: 'hint', header: 'Tip', required: false },
  { key: 'unit', header: 'Eenheid', required: false },
  { key: 'fields', header: 'Velden', required: false },
  { key: 'isActive', header: 'Actief', required: false },
] as const;

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} is hoogstens ${max} tekens lang.`).default('');

const cropNameField = z
  .string({ error: 'Vul een naam in.' })
  .trim()
  .min(1, 'Vul een naam in.')
  .max(harvestLimits.cropNameMax, `De naam is hoogstens ${harvestLimits.cropNameMax} tekens lang.`);

/** A field (place on the farm) as everyone sees it. */
export const fieldRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type FieldRef = z.infer<typeof fieldRefSchema>;

export const fieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Order in lists (low first). */
  position: z.number().int(),
  /** How many crops grow there. */
  cropCount: z.number().int().min(0),
  createdAt: isoDateTimeSchema,
});
export type Field = z.infer<typeof fieldSchema>;

export const fieldInputSchema = z.object({
  name: z
    .string({ error: 'Vul een naam in.' })
    .trim()
    .min(1, 'Vul een naam in.')
    .max(harvestLimits.fieldNameMax, `De naam is hoogstens ${harvestLimits.fieldNameMax} tekens lang.`),
  description: text('De beschrijving', harvestLimits.fieldDescriptionMax),
  position: z
    .number({ error: 'De volgorde is een getal.' })
    .int('De volgorde is een geheel getal.')
    .min(0, 'De volgorde is minstens 0.')
    .max(10_000, 'De volgorde is hoogstens 10000.')
    .default(0),
});
export type FieldInput = z.input<typeof fieldInputSchema>;

/** `DELETE applicationManager/Field/DeleteRow?id=` names the field in its query. */
export const fieldIdQuerySchema = z.object({ id: idParam('id') });

const cropInputShape = {
  name: cropNameField,
  description: text('De beschrijving', harvestLimits.cropDescriptionMax),
  howToHarvest: text('Hoe oogsten', harvestLimits.howToHarvestMax),
  /** One line for the pluk list ("Snij boven de grond"). */
  hint: z
    .string()
    .trim()
    .max(harvestLimits.hintMax, `De tip is hoogstens ${harvestLimits.hintMax} tekens lang.`)
    .refine((value) => !/[\r\n]/.test(value), 'De tip is één regel.')
    .default(''),
  unit: text('De eenheid', harvestLimits.unitMax),
  fieldIds: z
    .array(idField('fieldIds'))
    .max(harvestLimits.fieldsPerCropMax, `Kies hoogstens ${harvestLimits.fieldsPerCropMax} velden.`)
    .default([]),
  isActive: z.boolean({ error: 'Kies of het gewas actief is.' }).default(true),
};

/** A new crop (`applicationManager/Crop/Create`); the name is unique per farm, case-insensitively. */
export const cropInputSchema = z.object(cropInputShape);
export type CropInput = z.input<typeof cropInputSchema>;
export const cropUpdateSchema = z.object({ id: idField('id'), ...cropInputShape });
export type CropUpdate = z.input<typeof cropUpdateSchema>;

export const cropIdBodySchema = z.object({ id: idField('id') });

/** A crop in the manager's list. */
export const cropListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  hint: z.string(),
  isActive: z.boolean(),
  /** The first photo (a media id for `GET Media/{id}`), or null. */
  photoId: z.number().int().nullable(),
  fields: z.array(fieldRefSchema),
  /** For how many subscriptions it is pickable now. */
  pickableCount: z.number().int().min(0),
  updatedAt: isoDateTimeSchema,
});
export type CropListItem = z.infer<typeof cropListItemSchema>;

/** The manager's crop list, paged (ADR 056), by name; `filter` searches the name, `isActive` filters. */
export const cropListQuerySchema = z.object({
  ...feedPageQuery({ defaultSize: 50, maxSize: 200 }),
  filter: z.string().trim().max(100, 'Zoek op hoogstens 100 tekens.').optional(),
  isActive: z
    .enum(['true', 'false'], { error: 'Gebruik true of false.' })
    .transform((value) => value === 'true')
    .optional(),
});
export type CropListQuery = z.input<typeof cropListQuerySchema>;
export const cropPageSchema = feedPageSchema(cropListItemSchema);
export type CropPage = z.infer<typeof cropPageSchema>;

/** Per crop and subscription: may it be picked now, and how much per share. */
export const plukAvailabilitySchema = z.object({
  cropId: z.number().int(),
  subscriptionId: z.number().int(),
  subscriptionName: z.string(),
  harvestYear: z.number().int(),
  isPickable: z.boolean(),
  /** "2 kroppen per week"; empty when not set. */
  amountPerShare: z.string(),
  updatedAt: isoDateTimeSchema.nullable(),
});
export type PlukAvailability = z.infer<typeof plukAvailabilitySchema>;

/** One crop as the CropManager sees it. */
export const cropDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  howToHarvest: z.string(),
  hint: z.string(),
  unit: z.string(),
  isActive: z.boolean(),
  fields: z.array(fieldRefSchema),
  /** Photos in order (`GET Media/{id}`); the first is the cover. */
  photoIds: z.array(z.number().int()),
  /** Its pluk rows for the subscriptions of the current and next harvest years. */
  availability: z.array(plukAvailabilitySchema),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type CropDetail = z.infer<typeof cropDetailSchema>;

/** One error of the crop import, naming its row (1 = the header) and column (its Dutch header). */
export const cropImportErrorSchema = z.object({
  row: z.number().int().min(1),
  /** The column's header (`Naam`), or null for an error of the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});
export type CropImportError = z.infer<typeof cropImportErrorSchema>;

export const cropImportRowSchema = z.object({
  /** The spreadsheet row (2 is the first row after the header). */
  row: z.number().int().min(2),
  name: z.string(),
  description: z.string(),
  howToHarvest: z.string(),
  hint: z.string(),
  unit: z.string(),
  fieldNames: z.array(z.string()),
  isActive: z.boolean(),
  /** A new crop, or an update of the crop of the same name (case-insensitive). */
  action: z.enum(['create', 'update']),
  errors: z.array(cropImportErrorSchema),
});
export type CropImportRow = z.infer<typeof cropImportRowSchema>;

/** What the file would do: every row with its errors; `canImport` when none has any. */
export const cropImportPreviewSchema = z.object({
  rows: z.array(cropImportRowSchema),
  creates: z.number().int().min(0),
  updates: z.number().int().min(0),
  errorCount: z.number().int().min(0),
  canImport: z.boolean(),
});
export type CropImportPreview = z.infer<typeof cropImportPreviewSchema>;

export const cropImportResultSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  /** The batch that can be undone while nothing uses its rows (decision 094). */
  batchId: z.number().int(),
});

export const cropImportConfirmQuerySchema = z.object({ progressKey: importProgressKeySchema.optional() });
export type CropImportResult = z.infer<typeof cropImportResultSchema>;

/** A pickable crop in the member's pluk list. */
export const plukCropSchema = z.object({
  cropId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  hint: z.string(),
  amountPerShare: z.string(),
  photoId: z.number().int().nullable(),
  fields: z.array(fieldRefSchema),
});
export type PlukCrop = z.infer<typeof plukCropSchema>;

/** `pluk/plukoftheweek`: for each of my subscriptions of the current harvest year, what I may pick now. */
export const plukOfTheWeekSchema = z.object({
  harvestYear: z.number().int(),
  subscriptions: z.array(
    z.object({
      subscriptionId: z.number().int(),
      subscriptionName: z.string(),
      /** By name. */
      crops: z.array(plukCropSchema),
    }),
  ),
});
export type PlukOfTheWeek = z.infer<typeof plukOfTheWeekSchema>;

/** `pluk/{id}/{subscriptionId}`: one pickable crop of one of my subscriptions. */
export const plukDetailSchema = z.object({
  cropId: z.number().int(),
  subscriptionId: z.number().int(),
  subscriptionName: z.string(),
  name: z.string(),
  description: z.string(),
  howToHarvest: z.string(),
  hint: z.string(),
  unit: z.string(),
  amountPerShare: z.string(),
  photoIds: z.array(z.number().int()),
  fields: z.array(fieldRefSchema.extend({ description: z.string() })),
});
export type PlukDetail = z.infer<typeof plukDetailSchema>;

export const plukDetailParamsSchema = z.object({
  id: idParam('id'),
  subscriptionId: idParam('subscriptionId'),
});

/** One crop for one subscription: the body of toggle, Activate, Disable and `Crop/UpdateAvailability`. */
export const plukKeyBodySchema = z.object({
  cropId: idField('cropId'),
  subscriptionId: idField('subscriptionId'),
});
export type PlukKeyBody = z.input<typeof plukKeyBodySchema>;

const amountPerShareField = z
  .string({ error: 'Vul de hoeveelheid per aandeel in.' })
  .trim()
  .max(
    harvestLimits.amountPerShareMax,
    `De hoeveelheid per aandeel is hoogstens ${harvestLimits.amountPerShareMax} tekens lang.`,
  )
  .refine((value) => !/[\r\n]/.test(value), 'De hoeveelheid per aandeel is één regel.');

/**
 * `Crop/UpdateAvailability`: sets whether the crop is pickable for the subscription (default: pickable)
 * and, when given, the amount per share.
 */
export const updateAvailabilityBodySchema = plukKeyBodySchema.extend({
  isPickable: z.boolean({ error: 'Kies of het plukbaar is.' }).default(true),
  amountPerShare: amountPerShareField.optional(),
});
export type UpdateAvailabilityBody = z.input<typeof updateAvailabilityBodySchema>;

/** Sets the amount per share only (pickable or not stays). */
export const setAmountBodySchema = plukKeyBodySchema.extend({ amountPerShare: amountPerShareField });
export type SetAmountBody = z.input<typeof setAmountBodySchema>;

/** The manager's pluk of one crop: its row for every subscription of the current and next harvest years. */
export const cropPlukSchema = z.object({
  cropId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  isActive: z.boolean(),
  /** Every subscription of the current and next year; a missing row is shown as not pickable. */
  availability: z.array(plukAvailabilitySchema),
});
export type CropPluk = z.infer<typeof cropPlukSchema>;

export const plukOverviewQuerySchema = z.object({ harvestYear: harvestYearQueryField.optional() });
export type PlukOverviewQuery = z.input<typeof plukOverviewQuerySchema>;

/** The grid: active crops × subscriptions of one harvest year (default the current one). */
export const plukOverviewSchema = z.object({
  harvestYear: z.number().int(),
  subscriptions: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() })),
  crops: z.array(z.object({ id: z.number().int(), name: z.string(), unit: z.string() })),
  /** Only the cells with a row; a missing cell is not pickable and has no amount. */
  cells: z.array(
    z.object({
      cropId: z.number().int(),
      subscriptionId: z.number().int(),
      isPickable: z.boolean(),
      amountPerShare: z.string(),
    }),
  ),
});
export type PlukOverview = z.infer<typeof plukOverviewSchema>;

/** The pluk mail: the subscriptions whose members get it. */
export const plukMailPreviewBodySchema = z.object({
  subscriptionIds: z
    .array(idField('subscriptionIds'), { error: 'Kies de abonnementen.' })
    .min(1, 'Kies minstens één abonnement.')
    .max(
      harvestLimits.mailSubscriptionsMax,
      `Kies hoogstens ${harvestLimits.mailSubscriptionsMax} abonnementen.`,
    ),
});
export type PlukMailPreviewBody = z.input<typeof plukMailPreviewBodySchema>;

/**
 * Starts a pluk mail round. The client makes one `idempotencyKey` per click (a UUID) and sends it again
 * on a retry: the same key answers the same round, and every recipient's job has its own key, so a
 * double click mails nobody twice.
 */
export const generatePlukMailBodySchema = plukMailPreviewBodySchema.extend({
  idempotencyKey: idempotencyKeySchema,
});
export type GeneratePlukMailBody = z.input<typeof generatePlukMailBodySchema>;

export const plukMailPreviewSchema = z.object({
  /** Approved, active members of these subscriptions who receive e-mails (one e-mail each). */
  recipients: z.number().int().min(0),
  subject: z.string(),
  /** What each subscription's members read: its pickable crops now, by name. */
  subscriptions: z.array(
    z.object({
      subscriptionId: z.number().int(),
      subscriptionName: z.string(),
      recipients: z.number().int().min(0),
      crops: z.array(z.object({ name: z.string(), amountPerShare: z.string(), unit: z.string() })),
    }),
  ),
  /** The plain text of the e-mail for the first recipient (an example), or null without recipients. */
  exampleText: z.string().nullable(),
});
export type PlukMailPreview = z.infer<typeof plukMailPreviewSchema>;

export const plukMailRecipientStatusSchema = z.enum(['waiting', 'sent', 'notSent', 'failed']);
export type PlukMailRecipientStatus = z.infer<typeof plukMailRecipientStatusSchema>;

/** One round of the pluk mail: one e-mail job per recipient, sent in the background. */
export const plukMailRoundSchema = z.object({
  id: z.number().int(),
  startedAt: isoDateTimeSchema,
  subscriptionNames: z.array(z.string()),
  recipients: z.number().int().min(0),
  sent: z.number().int().min(0),
  /** Not sent: the farm has no mail settings (recorded only). */
  notSent: z.number().int().min(0),
  failed: z.number().int().min(0),
  waiting: z.number().int().min(0),
});
export type PlukMailRound = z.infer<typeof plukMailRoundSchema>;

export const plukMailRecipientSchema = z.object({
  userId: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  status: plukMailRecipientStatusSchema,
  /** When it was sent or failed for good. */
  finishedAt: isoDateTimeSchema.nullable(),
});
export type PlukMailRecipient = z.infer<typeof plukMailRecipientSchema>;

export const plukMailRoundDetailSchema = plukMailRoundSchema.extend({
  recipientList: z.array(plukMailRecipientSchema),
});
export type PlukMailRoundDetail = z.infer<typeof plukMailRoundDetailSchema>;

const cropManager = { role: 'CropManager' } as const;
const fieldManager = { role: 'FieldManager' } as const;
const plukManager = { role: 'PlukManager' } as const;

export const harvestRoutes = {
  plukOfTheWeek: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'pluk/plukoftheweek',
    permission: 'member',
    summary:
      'For each of my subscriptions of the current harvest year, the active crops I may pick now, with the ' +
      'amount per share, first photo, fields and one-line hint.',
    response: { 200: plukOfTheWeekSchema },
  }),
  plukDetail: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'pluk/:id/:subscriptionId',
    permission: 'member',
    summary:
      'One crop for one of my subscriptions: how to harvest, fields, amount, photos. 404 unless I have the ' +
      'subscription and the crop is pickable for it now.',
    params: plukDetailParamsSchema,
    response: { 200: plukDetailSchema },
  }),
  cropList: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/Crop',
    permission: cropManager,
    summary: 'The crops, paged (page 0-based, or after=nextCursor), by name; filter on the name, isActive.',
    query: cropListQuerySchema,
    response: { 200: cropPageSchema },
  }),
  cropFieldOptions: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/Crop/fields',
    permission: cropManager,
    summary: "The farm's fields to choose from in the crop form (id and name), by position, then name.",
    response: { 200: z.array(fieldRefSchema) },
  }),
  cropDetail: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/Crop/:id',
    permission: cropManager,
    summary: 'One crop with its fields, photos and pluk rows.',
    params: idParamsSchema,
    response: { 200: cropDetailSchema },
  }),
  cropCreate: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Crop/Create',
    permission: cropManager,
    summary: 'Creates a crop; its name is unique per farm, case-insensitively (409 CROP_NAME_TAKEN).',
    body: cropInputSchema,
    response: { 200: cropDetailSchema },
  }),
  cropUpdate: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Crop/Update',
    permission: cropManager,
    summary: 'Changes a crop (texts, unit, fields, active).',
    body: cropUpdateSchema,
    response: { 200: cropDetailSchema },
  }),
  cropActivate: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Crop/Activate',
    permission: cropManager,
    summary: 'Makes a crop active (again); an active crop is answered the same.',
    body: cropIdBodySchema,
    response: { 200: cropDetailSchema },
  }),
  cropDisable: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Crop/Disable',
    permission: cropManager,
    summary:
      'Disables a crop: members see it no more; its pluk rows stay. A disabled crop is answered the same.',
    body: cropIdBodySchema,
    response: { 200: cropDetailSchema },
  }),
  cropUpdateMedia: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Crop/UpdateMedia',
    permission: cropManager,
    summary:
      "A crop's photos from multipart fields `id`, repeated `keepPhotoIds` (photos to keep, in order; absent " +
      'keeps all, one empty value keeps none) and repeated `photos` (new images, at most 6 in all).',
    body: multipart,
    response: { 200: cropDetailSchema },
  }),
  cropDelete: defineRoute({
    feature: 'harvest',
    method: 'DELETE',
    path: 'applicationManager/Crop/:id',
    permission: cropManager,
    summary: 'Deletes a crop with its pluk rows and its photos that nothing else uses.',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  cropImportPreview: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Crop/Import/Preview',
    permission: cropManager,
    summary:
      'Reads a crop spreadsheet (multipart field `file`, .xlsx or .csv, header row Naam, Beschrijving, Hoe ' +
      'oogsten, Tip, Eenheid, Velden, Actief) and answers every row with its Dutch errors (row and column); ' +
      'changes nothing. A file that cannot be read safely (formulas, huge cells, zip bomb) answers 400 ' +
      'IMPORT_FILE_REFUSED.',
    body: multipart,
    response: { 200: cropImportPreviewSchema },
  }),
  cropImportConfirm: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Crop/Import/Confirm',
    permission: cropManager,
    summary:
      'Imports the same file: all rows in one transaction, or nothing (400 IMPORT_INVALID naming the first ' +
      'errors). A name already known (case-insensitive) updates that crop; importing again duplicates nothing.',
    query: cropImportConfirmQuerySchema,
    body: multipart,
    response: { 200: cropImportResultSchema },
  }),
  cropImportTemplate: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/Crop/Import/Template',
    permission: cropManager,
    summary: 'An empty crop spreadsheet (.xlsx) with the Dutch headers and one example row to start from.',
    response: 'file',
  }),
  cropImportProgress: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/Crop/Import/Progress',
    permission: cropManager,
    summary:
      "How far the confirm started with this `progressKey` is (rows written of all); 404 when this farm's " +
      'server knows no such import.',
    query: importProgressQuerySchema,
    response: { 200: importProgressSchema },
  }),
  cropImportBatches: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/Crop/Import/Batches',
    permission: cropManager,
    summary: "The farm's last 20 crop imports, newest first, each saying whether it can still be undone.",
    response: { 200: z.array(importBatchSchema) },
  }),
  cropImportUndo: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Crop/Import/Batches/:id/Undo',
    permission: cropManager,
    summary:
      'Undoes a crop import in one transaction: deletes the crops it created and puts back the ones it ' +
      'changed; 409 IMPORT_IN_USE naming the crops that are used (photos, pluk) or changed since.',
    params: idParamsSchema,
    response: { 200: importUndoResultSchema },
  }),
  fieldList: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/Field',
    permission: fieldManager,
    summary: 'The fields of the farm by position, then name, with how many crops use each.',
    response: { 200: z.array(fieldSchema) },
  }),
  fieldDetail: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/Field/:id',
    permission: fieldManager,
    summary: 'One field.',
    params: idParamsSchema,
    response: { 200: fieldSchema },
  }),
  fieldCreate: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Field/Create',
    permission: fieldManager,
    summary: 'Creates a field; its name is unique per farm, case-insensitively (409 FIELD_NAME_TAKEN).',
    body: fieldInputSchema,
    response: { 200: fieldSchema },
  }),
  fieldDelete: defineRoute({
    feature: 'harvest',
    method: 'DELETE',
    path: 'applicationManager/Field/DeleteRow',
    permission: fieldManager,
    summary: 'Deletes the field `?id=`; refused with 409 FIELD_IN_USE while a crop grows there.',
    query: fieldIdQuerySchema,
    response: { 204: z.null() },
  }),
  plukOverview: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/pluk/overview',
    permission: plukManager,
    summary: 'The grid of active crops × subscriptions of a harvest year (default the current one).',
    query: plukOverviewQuerySchema,
    response: { 200: plukOverviewSchema },
  }),
  plukOfCrop: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/pluk/:id',
    permission: plukManager,
    summary: 'One crop (id) with its pluk row for every subscription of the current and next harvest years.',
    params: idParamsSchema,
    response: { 200: cropPlukSchema },
  }),
  plukOne: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/pluk/:id/:subscriptionId',
    permission: plukManager,
    summary: 'The pluk row of one crop (id) for one subscription (not pickable and no amount when unset).',
    params: plukDetailParamsSchema,
    response: { 200: plukAvailabilitySchema },
  }),
  plukToggle: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/pluk/toggle',
    permission: plukManager,
    summary: 'Switches whether the crop is pickable now for the subscription.',
    body: plukKeyBodySchema,
    response: { 200: plukAvailabilitySchema },
  }),
  plukActivate: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/pluk/Activate',
    permission: plukManager,
    summary: 'Makes the crop pickable for the subscription; already pickable is answered the same.',
    body: plukKeyBodySchema,
    response: { 200: plukAvailabilitySchema },
  }),
  plukDisable: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/pluk/Disable',
    permission: plukManager,
    summary: 'Makes the crop not pickable for the subscription; already so is answered the same.',
    body: plukKeyBodySchema,
    response: { 200: plukAvailabilitySchema },
  }),
  plukSetAmount: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/pluk/SetAmount',
    permission: plukManager,
    summary: 'Sets the amount per share ("2 kroppen per week") of the crop for the subscription.',
    body: setAmountBodySchema,
    response: { 200: plukAvailabilitySchema },
  }),
  updateAvailability: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'Crop/UpdateAvailability',
    permission: plukManager,
    summary:
      'Sets whether the crop is pickable for the subscription (isPickable, default true) and, when given, ' +
      'the amount per share.',
    body: updateAvailabilityBodySchema,
    response: { 200: plukAvailabilitySchema },
  }),
  plukMailPreview: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/PlukOfTheWeekEmails/Preview',
    permission: plukManager,
    summary: 'What the pluk mail to the members of these subscriptions would say, and to how many.',
    body: plukMailPreviewBodySchema,
    response: { 200: plukMailPreviewSchema },
  }),
  plukMailGenerate: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/Management/GeneratePlukOfTheWeekEmails',
    permission: plukManager,
    summary:
      'Starts a pluk mail round: one queued e-mail per approved, active member of the chosen subscriptions ' +
      'who receives e-mails. The same idempotencyKey again answers the same round and mails nobody twice.',
    body: generatePlukMailBodySchema,
    response: { 200: plukMailRoundSchema },
  }),
  /**
   * The path the pluk mail answered at before it moved under Management (decision 092): a web app still open
   * from before the update keeps working until it reloads.
   */
  plukMailGenerateOldPath: defineRoute({
    feature: 'harvest',
    method: 'POST',
    path: 'applicationManager/GeneratePlukOfTheWeekEmails',
    permission: plukManager,
    summary: 'The same as POST applicationManager/Management/GeneratePlukOfTheWeekEmails (its former path).',
    body: generatePlukMailBodySchema,
    response: { 200: plukMailRoundSchema },
  }),
  plukMailRounds: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/PlukOfTheWeekEmails',
    permission: plukManager,
    summary:
      'The latest 20 pluk mail rounds with their progress (sent, not sent, failed, waiting), newest first.',
    response: { 200: z.array(plukMailRoundSchema) },
  }),
  plukMailRound: defineRoute({
    feature: 'harvest',
    method: 'GET',
    path: 'applicationManager/PlukOfTheWeekEmails/:id',
    permission: plukManager,
    summary: 'One pluk mail round with the state of every recipient.',
    params: idParamsSchema,
    response: { 200: plukMailRoundDetailSchema },
  }),
} as const;
