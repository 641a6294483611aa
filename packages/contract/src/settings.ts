import { z } from 'zod';
import { idField } from './common.js';
import { defineRoute, multipart } from './define-route.js';
import { appColorsSchema, hexColorSchema } from './info.js';

/**
 * Settings and branding (decision 081): the farm's key/value settings, its overview (name,
 * harvest-year start), colours, logo and membership texts. The e-mail templates and SMTP have their own
 * routes (mail).
 */

const managerRole = { role: 'ApplicationManager' } as const;
const adminRole = { role: 'Admin' } as const;

export const settingLimits = { keyMax: 100, valueMax: 10_000, logoMaxBytes: 1024 * 1024 } as const;

/**
 * Keys that hold a secret (the SMTP password, the Mollie key, …): never shown back or changed through
 * the generic key/value screens, whoever asks; they have their own screens.
 */
export function isSecretSettingKey(key: string): boolean {
  return /(password|secret|apikey|api_key|token|privatekey|private_key)/i.test(key);
}

/**
 * Keys only an Admin sees and changes on the advanced screen (`/admin/Settings`): the server's wiring
 * (SMTP, Mollie, the public address, the e-mail templates). The ApplicationManager's generic screen
 * shows every other key.
 */
const adminOnlyPrefixes = ['smtp.', 'mollie.', 'email.', 'publicurl'] as const;
export function isAdminOnlySettingKey(key: string): boolean {
  const lower = key.toLowerCase();
  return adminOnlyPrefixes.some((prefix) => lower.startsWith(prefix));
}

export const settingKeySchema = z
  .string({ error: 'Vul de sleutel in.' })
  .trim()
  .min(1, 'Vul de sleutel in.')
  .max(settingLimits.keyMax, `De sleutel is hoogstens ${settingLimits.keyMax} tekens lang.`)
  .regex(
    /^[A-Za-z][A-Za-z0-9._-]*$/,
    'Een sleutel begint met een letter en bevat alleen letters, cijfers, punten, streepjes en lage streepjes.',
  );

const settingValueSchema = z
  .string({ error: 'Vul de waarde in.' })
  .max(settingLimits.valueMax, `De waarde is hoogstens ${settingLimits.valueMax} tekens lang.`);

export const managedSettingSchema = z.object({
  key: z.string(),
  value: z.string(),
  isPublic: z.boolean(),
  /** How many users have their own value (ManageUserOverride). */
  overrideCount: z.number().int(),
});
export type ManagedSetting = z.infer<typeof managedSettingSchema>;

export const settingOverrideSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  value: z.string(),
});
export type SettingOverride = z.infer<typeof settingOverrideSchema>;

export const settingDetailSchema = managedSettingSchema.extend({ overrides: z.array(settingOverrideSchema) });
export type SettingDetail = z.infer<typeof settingDetailSchema>;

export const settingBodySchema = z.object({
  key: settingKeySchema,
  value: settingValueSchema,
  /** Members (and visitors) may read a public key through `GET settings/{key}`. */
  isPublic: z.boolean().default(false),
});
export type SettingBody = z.input<typeof settingBodySchema>;

export const settingKeyParamsSchema = z.object({ key: settingKeySchema });
export const settingKeyQuerySchema = z.object({ key: settingKeySchema });

export const settingOverrideBodySchema = z.object({
  userId: idField('userId'),
  key: settingKeySchema,
  /** The user's own value; null removes the override, so the farm's value counts again. */
  value: settingValueSchema.nullable(),
});
export type SettingOverrideBody = z.input<typeof settingOverrideBodySchema>;

/** The overview: the farm's name and the day its harvest year starts. */
export const settingsOverviewSchema = z.object({
  appName: z.string(),
  harvestYearStartMonth: z.number().int(),
  harvestYearStartDay: z.number().int(),
});
export type SettingsOverview = z.infer<typeof settingsOverviewSchema>;

/** Days per month of a year without 29 February: a harvest year starts on a day every year has. */
const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const settingsOverviewBodySchema = z
  .object({
    appName: z
      .string({ error: 'Vul de naam van de app in.' })
      .trim()
      .min(1, 'Vul de naam van de app in.')
      .max(80, 'De naam is hoogstens 80 tekens lang.'),
    harvestYearStartMonth: z
      .number({ error: 'Kies de maand.' })
      .int('Kies de maand.')
      .min(1, 'Kies een maand van 1 tot 12.')
      .max(12, 'Kies een maand van 1 tot 12.'),
    harvestYearStartDay: z
      .number({ error: 'Vul de dag in.' })
      .int('De dag is een geheel getal.')
      .min(1, 'De dag is minstens 1.')
      .max(31, 'De dag is hoogstens 31.'),
  })
  .superRefine((value, ctx) => {
    const max = daysInMonth[value.harvestYearStartMonth - 1];
    if (max !== undefined && value.harvestYearStartDay > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['harvestYearStartDay'],
        message: `Deze maand heeft hoogstens ${max} dagen (elk jaar).`,
      });
    }
  });
export type SettingsOverviewBody = z.input<typeof settingsOverviewBodySchema>;

export const settingsOverviewFields = ['appName', 'harvestYearStartMonth', 'harvestYearStartDay'] as const;
export const overviewFieldParamsSchema = z.object({
  x: z.enum(settingsOverviewFields, { error: 'Dit veld staat niet in het overzicht.' }),
});
export const overviewFieldSchema = z.object({ key: z.string(), value: z.union([z.string(), z.number()]) });

export const colorsBodySchema = z.object({
  primary: hexColorSchema,
  secondary: hexColorSchema,
  background: hexColorSchema,
});
export type ColorsBody = z.input<typeof colorsBodySchema>;

/** Membership texts: the explanation on registration, the farm's own question, the note beside prices. */
export const membershipSettingsSchema = z.object({
  membershipExplanation: z.string(),
  customRegistrationQuestion: z.string(),
  pricesNote: z.string(),
});
export type MembershipSettings = z.infer<typeof membershipSettingsSchema>;
export const membershipSettingsBodySchema = z.object({
  membershipExplanation: z.string().trim().max(5_000, 'De uitleg is hoogstens 5000 tekens lang.'),
  /** Empty: the registration form asks no question of its own. */
  customRegistrationQuestion: z.string().trim().max(300, 'De vraag is hoogstens 300 tekens lang.'),
  pricesNote: z.string().trim().max(2_000, 'De toelichting is hoogstens 2000 tekens lang.'),
});
export type MembershipSettingsBody = z.input<typeof membershipSettingsBodySchema>;

/** The public setting that holds the note shown beside subscription prices. */
export const pricesNoteSettingKey = 'membership.pricesNote';

export const logoUploadSchema = z.object({
  logoUrl: z.string(),
  logoVersion: z.string(),
});
export type LogoUpload = z.infer<typeof logoUploadSchema>;

const settingList = z.array(managedSettingSchema);

function keyValueRoutes(prefix: 'applicationManager/Setting' | 'admin/Settings', scope: 'manager' | 'admin') {
  const permission = scope === 'admin' ? adminRole : managerRole;
  const which =
    scope === 'admin'
      ? 'every key but the secrets'
      : 'every key but the secrets and the server-wiring keys of the advanced screen';
  return {
    list: defineRoute({
      feature: 'settings',
      method: 'GET',
      path: prefix,
      permission,
      summary: `The farm's settings (${which}), by key.`,
      response: { 200: settingList },
    }),
    add: defineRoute({
      feature: 'settings',
      method: 'POST',
      path: `${prefix}/Add`,
      permission,
      summary: 'Adds a setting (409 CONFLICT when the key exists).',
      body: settingBodySchema,
      response: { 200: managedSettingSchema },
    }),
    update: defineRoute({
      feature: 'settings',
      method: 'POST',
      path: `${prefix}/Update`,
      permission,
      summary: "Changes a setting's value and whether members may read it (404 for an unknown key).",
      body: settingBodySchema,
      response: { 200: managedSettingSchema },
    }),
  };
}

const managerKeyValue = keyValueRoutes('applicationManager/Setting', 'manager');
const adminKeyValue = keyValueRoutes('admin/Settings', 'admin');

export const settingsRoutes = {
  list: managerKeyValue.list,
  detail: defineRoute({
    feature: 'settings',
    method: 'GET',
    path: 'applicationManager/Setting/:key',
    permission: managerRole,
    summary: 'One setting with the users who have their own value.',
    params: settingKeyParamsSchema,
    response: { 200: settingDetailSchema },
  }),
  add: managerKeyValue.add,
  update: managerKeyValue.update,
  manageUserOverride: defineRoute({
    feature: 'settings',
    method: 'POST',
    path: 'applicationManager/Setting/ManageUserOverride',
    permission: managerRole,
    summary:
      "Sets (or with value null removes) one user's own value of a setting; GET settings/{key} answers it to that user.",
    body: settingOverrideBodySchema,
    response: { 200: settingDetailSchema },
  }),
  remove: defineRoute({
    feature: 'settings',
    method: 'DELETE',
    path: 'applicationManager/Setting/:key',
    permission: managerRole,
    summary: 'Deletes a setting and its user overrides.',
    params: settingKeyParamsSchema,
    response: { 204: z.null() },
  }),
  adminList: adminKeyValue.list,
  adminAdd: adminKeyValue.add,
  adminUpdate: adminKeyValue.update,
  adminRemove: defineRoute({
    feature: 'settings',
    method: 'DELETE',
    path: 'admin/Settings',
    permission: adminRole,
    summary: 'Deletes a setting (`?key=`) and its user overrides.',
    query: settingKeyQuerySchema,
    response: { 204: z.null() },
  }),
  overview: defineRoute({
    feature: 'settings',
    method: 'GET',
    path: 'admin/Settings/overview',
    permission: managerRole,
    summary: "The overview: the farm's name and the day its harvest year starts.",
    response: { 200: settingsOverviewSchema },
  }),
  overviewField: defineRoute({
    feature: 'settings',
    method: 'GET',
    path: 'admin/Settings/overview/:x',
    permission: managerRole,
    summary: 'One field of the overview.',
    params: overviewFieldParamsSchema,
    response: { 200: overviewFieldSchema },
  }),
  saveOverview: defineRoute({
    feature: 'settings',
    method: 'POST',
    path: 'admin/Settings/overview',
    permission: managerRole,
    summary: "Saves the farm's name and the start of its harvest year.",
    body: settingsOverviewBodySchema,
    response: { 200: settingsOverviewSchema },
  }),
  colors: defineRoute({
    feature: 'settings',
    method: 'GET',
    path: 'admin/colors',
    permission: managerRole,
    summary: "The farm's colours.",
    response: { 200: appColorsSchema },
  }),
  saveColors: defineRoute({
    feature: 'settings',
    method: 'PUT',
    path: 'admin/colors',
    permission: managerRole,
    summary: "Saves the farm's colours (#rrggbb); the app picks readable text colours on them.",
    body: colorsBodySchema,
    response: { 200: appColorsSchema },
  }),
  membership: defineRoute({
    feature: 'settings',
    method: 'GET',
    path: 'admin/settings/membership',
    permission: managerRole,
    summary: 'The membership texts: explanation, the registration question, the note beside prices.',
    response: { 200: membershipSettingsSchema },
  }),
  saveMembership: defineRoute({
    feature: 'settings',
    method: 'POST',
    path: 'admin/settings/membership',
    permission: managerRole,
    summary: 'Saves the membership texts.',
    body: membershipSettingsBodySchema,
    response: { 200: membershipSettingsSchema },
  }),
  uploadLogo: defineRoute({
    feature: 'settings',
    method: 'POST',
    path: 'applicationManager/media/UploadLogo',
    permission: managerRole,
    summary:
      "Replaces the farm's logo (multipart: `name`, `file`: PNG, JPEG, WebP or GIF judged by its bytes, at most 1 MB).",
    body: multipart,
    response: { 200: logoUploadSchema },
  }),
} as const;
