import { z } from 'zod';
import { idParamsSchema, isoDateTimeSchema } from './common.js';
import { defineRoute } from './define-route.js';

/**
 * "Mijn gegevens" (decision 101): a member's copy of their data (GDPR articles 15 and 20) and
 * deleting their own account (article 17).
 */

/** How long a prepared ZIP can be downloaded, from the moment it is ready. */
export const myDataExportTtlHours = 24;

export const myDataExportStatuses = ['preparing', 'ready', 'failed'] as const;
export const myDataExportStatusSchema = z.enum(myDataExportStatuses);
export type MyDataExportStatus = z.infer<typeof myDataExportStatusSchema>;

export const myDataExportSchema = z.object({
  id: z.number().int(),
  status: myDataExportStatusSchema,
  requestedAt: isoDateTimeSchema,
  readyAt: isoDateTimeSchema.nullable(),
  /** Until when the ZIP can be downloaded; null while preparing. */
  expiresAt: isoDateTimeSchema.nullable(),
  /** True once `expiresAt` has passed: the download answers 410. */
  expired: z.boolean(),
  sizeBytes: z.number().int().nullable(),
});
export type MyDataExport = z.infer<typeof myDataExportSchema>;

/** My latest export, if any. */
export const myDataStateSchema = z.object({ export: myDataExportSchema.nullable() });
export type MyDataState = z.infer<typeof myDataStateSchema>;

/**
 * The answer to asking for an export: `queued` is false when one was already being prepared (the same
 * answer as a repeated welcome e-mail: nothing new is started, the one under way is shown).
 */
export const myDataRequestedSchema = z.object({
  queued: z.boolean(),
  export: myDataExportSchema,
});
export type MyDataRequested = z.infer<typeof myDataRequestedSchema>;

export const deleteMyAccountBodySchema = z.object({
  password: z
    .string({ error: 'Vul je wachtwoord in.' })
    .min(1, 'Vul je wachtwoord in.')
    .max(200, 'Een wachtwoord heeft hoogstens 200 tekens.'),
});
export type DeleteMyAccountBody = z.infer<typeof deleteMyAccountBodySchema>;

/** The files in the ZIP: one JSON with everything, and one readable spreadsheet. */
export const myDataFiles = ['mijn-gegevens.json', 'mijn-gegevens.xlsx', 'LEESMIJ.txt'] as const;

/** The sections of the export, in the JSON and as the spreadsheet's sheets. */
export const myDataSections = [
  'profile',
  'household',
  'subscriptions',
  'payments',
  'walletMovements',
  'chores',
  'events',
  'posts',
  'comments',
  'notifications',
  'logins',
] as const;
export type MyDataSection = (typeof myDataSections)[number];

export const myDataRoutes = {
  myData: defineRoute({
    feature: 'user',
    method: 'GET',
    path: 'User/MyData',
    permission: 'member',
    summary: 'My latest copy of my data (decision 101): preparing, ready until when, or none.',
    response: { 200: myDataStateSchema },
  }),
  requestMyData: defineRoute({
    feature: 'user',
    method: 'POST',
    path: 'User/MyData',
    permission: 'member',
    summary:
      'Asks for a ZIP of my data, prepared by a background job and offered by e-mail and notification ' +
      'for 24 hours. While one is being prepared, nothing new starts (`queued: false`). Not while an ' +
      'Admin works as the member (403).',
    response: { 200: myDataRequestedSchema },
  }),
  downloadMyData: defineRoute({
    feature: 'user',
    method: 'GET',
    path: 'User/MyData/:id/Download',
    permission: 'member',
    summary:
      'The ZIP of one of my exports (only my own; 410 once its 24 hours have passed). Not while an ' +
      'Admin works as the member (403).',
    params: idParamsSchema,
    response: 'file',
  }),
  deleteMyAccount: defineRoute({
    feature: 'user',
    method: 'POST',
    path: 'User/DeleteMyAccount',
    permission: 'member',
    summary:
      'Deletes my account with my password: anonymised like a manager’s delete (money history kept), ' +
      'the managers told. Refused (409) while a payment is open, a chore waits, or a trade is open; ' +
      'not while an Admin works as the member (403).',
    body: deleteMyAccountBodySchema,
    response: { 204: z.null() },
  }),
} as const;
