import { z } from 'zod';
import { defineRoute } from './define-route.js';

// In a module of its own: the web's first load reads it, and this module's schemas would bring zod (decision 088).
import { localeVariants } from './locale-variants.js';
export { localeVariants };
export const localeVariantSchema = z.enum(localeVariants);
export type LocaleVariant = z.infer<typeof localeVariantSchema>;

export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Een kleur is een hexcode zoals #2f7d32.');

export const appInfoSchema = z.object({
  appId: z.string(),
  appName: z.string(),
  /** `nl-be-cooperative` switches on the cooperative wording (offers, articles). */
  localeVariant: localeVariantSchema,
  /** Relative URL of the app's logo, or null when it has none. */
  logoUrl: z.string().nullable(),
  /**
   * Changes whenever an Admin changes this farm's texts (decision 083); null while the farm has none, so
   * the web asks `GET info/translations` only for a farm that words something differently.
   */
  translationsVersion: z.string().nullable(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const appColorsSchema = z.object({
  primary: hexColorSchema,
  secondary: hexColorSchema,
  background: hexColorSchema,
});
export type AppColors = z.infer<typeof appColorsSchema>;

export const membershipExplanationSchema = z.object({ text: z.string() });
export const customRegistrationQuestionSchema = z.object({ question: z.string().nullable() });

export const settingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

export const infoRoutes = {
  info: defineRoute({
    feature: 'info',
    method: 'GET',
    path: 'info',
    permission: 'public',
    summary: 'The app of this host: id, name, locale variant, logo.',
    response: { 200: appInfoSchema },
  }),
  colors: defineRoute({
    feature: 'info',
    method: 'GET',
    path: 'info/colors',
    permission: 'public',
    summary: "The app's colours.",
    response: { 200: appColorsSchema },
  }),
  membershipExplanation: defineRoute({
    feature: 'info',
    method: 'GET',
    path: 'info/membershipExplanation',
    permission: 'public',
    summary: 'The text explaining membership, shown on the registration page.',
    response: { 200: membershipExplanationSchema },
  }),
  customRegistrationQuestion: defineRoute({
    feature: 'info',
    method: 'GET',
    path: 'info/customRegistrationQuestion',
    permission: 'public',
    summary: "The app's own question on the registration form, or null.",
    response: { 200: customRegistrationQuestionSchema },
  }),
  logo: defineRoute({
    feature: 'info',
    method: 'GET',
    path: 'info/logo',
    permission: 'public',
    summary: "The app's logo image (404 when it has none).",
    response: 'file',
  }),
  publicSetting: defineRoute({
    feature: 'info',
    method: 'GET',
    path: 'settings/:key',
    permission: 'public',
    summary: 'One setting marked public (404 for unknown or non-public keys).',
    params: z.object({ key: z.string().min(1).max(100) }),
    response: { 200: settingSchema },
  }),
} as const;
