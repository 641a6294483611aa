import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, usernameSchema } from './auth.js';
import { defineRoute, multipart } from './define-route.js';
import { errorBodySchema } from './errors.js';
import { hexColorSchema, localeVariantSchema } from './info.js';

/**
 * The Admin's actions on installations and on all members of a farm (decision 084):
 * `createApp` makes a new farm with its first Admin, `removeApp` deletes this request's farm and all its
 * data after its name was typed, `ReSendWelcomeEmails` and `ResetAllPasswords` act on every member.
 */
export const adminLimits = {
  nameMax: 100,
  appIdMax: 40,
  hostsMax: 10,
  hostMax: 253,
  /** A logo is shown on every screen of every member: kept small. */
  logoMaxBytes: 2 * 1024 * 1024,
} as const;

export const appIdSchema = z
  .string({ error: 'Vul een app-id in.' })
  .trim()
  .min(1, 'Vul een app-id in.')
  .max(adminLimits.appIdMax, `Een app-id heeft hoogstens ${adminLimits.appIdMax} tekens.`)
  .regex(
    /^[a-z0-9][a-z0-9-]*$/,
    'Een app-id bevat enkel kleine letters, cijfers en koppeltekens, en begint met een letter of cijfer.',
  );

const hostLabel = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const hostPattern = new RegExp(`^${hostLabel}(?:\\.${hostLabel})*$`);

/** A host name the farm answers on: lower-case, without scheme, port or path (`nieuw.localhost`). */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(adminLimits.hostMax, `Een hostnaam heeft hoogstens ${adminLimits.hostMax} tekens.`)
  .regex(
    hostPattern,
    'Een hostnaam is zoals boerderij.example.be: letters, cijfers, koppeltekens en punten, zonder http:// of poort.',
  );

/** Host names as typed in one field: separated by commas, spaces or new lines. */
export function splitHostNames(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((host) => host.trim())
    .filter((host) => host !== '');
}

export const hostNamesSchema = z
  .array(hostNameSchema, { error: 'Vul minstens één hostnaam in.' })
  .min(1, 'Vul minstens één hostnaam in.')
  .max(adminLimits.hostsMax, `Hoogstens ${adminLimits.hostsMax} hostnamen.`)
  .refine((hosts) => new Set(hosts).size === hosts.length, 'Elke hostnaam komt maar één keer voor.');

/**
 * The text fields of the new-farm form (multipart, with the optional `logo` file): the farm, its host
 * names (repeated `hosts` fields, or one field with several names), its colours and locale variant, and
 * its first Admin, who chooses a password here with the registration's rules.
 */
export const createAppFieldsSchema = z.object({
  name: z
    .string({ error: 'Vul de naam van de boerderij in.' })
    .trim()
    .min(1, 'Vul de naam van de boerderij in.')
    .max(adminLimits.nameMax, `De naam heeft hoogstens ${adminLimits.nameMax} tekens.`),
  appId: appIdSchema,
  hosts: hostNamesSchema,
  colorPrimary: hexColorSchema,
  colorSecondary: hexColorSchema,
  colorBackground: hexColorSchema,
  localeVariant: localeVariantSchema,
  adminUsername: usernameSchema,
  adminEmail: emailSchema,
  adminPassword: passwordSchema,
  adminFirstName: nameSchema('voornaam'),
  adminLastName: nameSchema('achternaam'),
});
export type CreateAppFields = z.input<typeof createAppFieldsSchema>;

export const createdAppSchema = z.object({
  appId: z.string(),
  name: z.string(),
  hosts: z.array(z.string()),
  /** Where the new farm opens (its first host on this server's scheme and port). */
  address: z.string(),
  /** The first Admin's user id on the new farm. */
  adminUserId: z.number().int(),
});
export type CreatedApp = z.infer<typeof createdAppSchema>;

/** The farm's name exactly as typed to confirm (case and spaces around it do not matter). */
export const removeAppQuerySchema = z.object({
  confirmName: z
    .string({ error: 'Typ de naam van de boerderij om te bevestigen.' })
    .trim()
    .min(1, 'Typ de naam van de boerderij om te bevestigen.')
    .max(200, 'Typ de naam van de boerderij om te bevestigen.'),
});

export const removedAppSchema = z.object({ appId: z.string(), name: z.string() });
export type RemovedApp = z.infer<typeof removedAppSchema>;

/**
 * What a bulk mail to the members did: `queued` members get one now; `skipped` had theirs already
 * (the welcome e-mail this farm day, a reset link that still works).
 */
export const memberMailResultSchema = z.object({
  queued: z.number().int(),
  skipped: z.number().int(),
  /**
   * Accounts the caller may not act on (ADR 086: a role the caller does not pass), one entry each with
   * the reason; counted in `skipped` too. Absent when there were none.
   */
  refused: z.array(z.object({ userId: z.number().int(), reason: z.string() })).optional(),
});
export type MemberMailResult = z.infer<typeof memberMailResultSchema>;

const admin = { role: 'Admin' } as const;

export const adminRoutes = {
  createApp: defineRoute({
    feature: 'admin',
    method: 'POST',
    path: 'Admin/AdminAction/createApp',
    permission: admin,
    summary:
      'Makes a new installation from multipart fields name, appId, hosts (repeated), colorPrimary, ' +
      'colorSecondary, colorBackground, localeVariant, adminUsername, adminEmail, adminPassword, ' +
      'adminFirstName, adminLastName and an optional `logo` image, with its first Admin. Only an Admin of ' +
      'the default farm (403 otherwise); a taken app id or host name answers 409 APP_ID_TAKEN/HOST_TAKEN.',
    body: multipart,
    response: { 201: createdAppSchema, 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema },
  }),
  removeApp: defineRoute({
    feature: 'admin',
    method: 'GET',
    path: 'Admin/AdminAction/removeApp',
    permission: admin,
    summary:
      "Deletes this request's farm and all its data (rows, queued jobs, uploaded files) when `confirmName` " +
      'is its name (400 otherwise). The default farm cannot be removed (409 DEFAULT_APP).',
    query: removeAppQuerySchema,
    response: { 200: removedAppSchema, 400: errorBodySchema, 409: errorBodySchema },
  }),
  resendWelcomeEmails: defineRoute({
    feature: 'admin',
    method: 'GET',
    path: 'Admin/AdminAction/ReSendWelcomeEmails',
    permission: admin,
    summary:
      'Sends the welcome e-mail again to every active, approved member of this farm, once per member and ' +
      'farm day: a second call that day mails nobody twice.',
    response: { 200: memberMailResultSchema },
  }),
  resetAllPasswords: defineRoute({
    feature: 'admin',
    method: 'GET',
    path: 'Admin/AdminAction/ResetAllPasswords',
    permission: admin,
    summary:
      'E-mails every active, approved member of this farm but the Admin asking a password-reset link (one ' +
      'hour valid); the current password works until a new one is chosen. A member whose link still works ' +
      'gets no second one.',
    response: { 200: memberMailResultSchema },
  }),
};
