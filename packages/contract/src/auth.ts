import { z } from 'zod';
import { addressSchema, okSchema, idField } from './common.js';
import { defineRoute } from './define-route.js';
import { errorBodySchema } from './errors.js';

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Een gebruikersnaam heeft minstens 3 tekens.')
  .max(40, 'Een gebruikersnaam heeft hoogstens 40 tekens.')
  .regex(/^[A-Za-z0-9._-]+$/, 'Gebruik enkel letters, cijfers, punt, liggend streepje en koppelteken.');

export const passwordSchema = z
  .string()
  .min(8, 'Een wachtwoord heeft minstens 8 tekens.')
  .max(200, 'Een wachtwoord heeft hoogstens 200 tekens.');

export const emailSchema = z
  .string()
  .trim()
  .max(200, 'Een e-mailadres heeft hoogstens 200 tekens.')
  .email('Vul een geldig e-mailadres in.');

export const nameSchema = (label: string) =>
  z.string().trim().min(1, `Vul je ${label} in.`).max(100, `Je ${label} heeft hoogstens 100 tekens.`);

export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'Een telefoonnummer heeft hoogstens 30 tekens.')
  .regex(/^[0-9+()./\s-]*$/, 'Een telefoonnummer bevat enkel cijfers, spaties en + ( ) . / -.');

export const householdMemberInputSchema = z.object({
  name: z.string().trim().min(1, 'Vul de naam van het gezinslid in.').max(100),
  yearOfBirth: z
    .number()
    .int()
    .min(1900, 'Vul een geldig geboortejaar in.')
    .max(2100, 'Vul een geldig geboortejaar in.')
    .nullable()
    .default(null),
  isAdult: z.boolean(),
});
export type HouseholdMemberInput = z.infer<typeof householdMemberInputSchema>;

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema('voornaam'),
  lastName: nameSchema('achternaam'),
  phone: phoneSchema.default(''),
  address: addressSchema.default({ street: '', number: '', postalCode: '', city: '' }),
  householdMembers: z.array(householdMemberInputSchema).max(20, 'Hoogstens 20 gezinsleden.').default([]),
  customQuestionAnswer: z.string().trim().max(2000).nullable().default(null),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/**
 * Always `{ status: 'waiting' }`, also for an e-mail address that already has an account (that owner
 * gets an e-mail instead, ADR 054): the answer tells nobody which addresses have accounts.
 */
export const registerResponseSchema = z.object({
  /** A new account waits on the waiting list until a manager approves it; an e-mail says what happened. */
  status: z.literal('waiting'),
});

export const tokenDataSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
});
export type TokenData = z.infer<typeof tokenDataSchema>;

/**
 * RefreshLogin answers new token data, or a non-empty `errors` list (docs/product/api-and-routes.md,
 * "Calls").
 */
export const refreshResponseSchema = z.object({
  token: z.string().optional(),
  refreshToken: z.string().optional(),
  errors: z.array(z.string()).optional(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const loginBodySchema = z.object({
  /** Username or e-mail address. */
  username: z.string().trim().min(1, 'Vul je gebruikersnaam of e-mailadres in.').max(200),
  password: z.string().min(1, 'Vul je wachtwoord in.').max(200),
});

export const refreshBodySchema = z.object({
  token: z.string().max(4000),
  refreshToken: z.string().min(1).max(200),
});

export const logoutBodySchema = z.object({ refreshToken: z.string().max(200).optional() });

export const resetPasswordBodySchema = z.object({
  userId: idField('userId'),
  token: z.string().min(1).max(200),
  password: passwordSchema,
});

/** The link of the e-mail to a new address (ADR 087): its token only, no user id. */
export const confirmEmailBodySchema = z.object({ token: z.string().min(1).max(200) });

/** The confirmed address (what the account's e-mail is now). */
export const confirmEmailResponseSchema = z.object({ email: z.string() });

export const authRoutes = {
  register: defineRoute({
    feature: 'auth',
    method: 'POST',
    path: 'auth/register',
    permission: 'public',
    summary:
      'Registers a new member (waiting list) and e-mails the address; an address with an account gets the same answer.',
    body: registerBodySchema,
    response: { 201: registerResponseSchema, 400: errorBodySchema, 409: errorBodySchema },
    rateLimited: true,
  }),
  validateUsername: defineRoute({
    feature: 'auth',
    method: 'GET',
    path: 'auth/validateUsername/:name',
    permission: 'public',
    summary: 'Whether a username is still free in this app.',
    params: z.object({ name: z.string().max(100) }),
    response: { 200: z.object({ available: z.boolean() }) },
  }),
  login: defineRoute({
    feature: 'auth',
    method: 'POST',
    path: 'auth/login',
    permission: 'public',
    summary: 'Signs in with username (or e-mail) and password.',
    body: loginBodySchema,
    response: { 200: tokenDataSchema, 401: errorBodySchema },
    rateLimited: true,
  }),
  logout: defineRoute({
    feature: 'auth',
    method: 'POST',
    path: 'auth/logout',
    permission: 'public',
    summary: 'Revokes the refresh token.',
    body: logoutBodySchema,
    response: { 204: z.null() },
  }),
  refreshLogin: defineRoute({
    feature: 'auth',
    method: 'POST',
    path: 'auth/RefreshLogin',
    permission: 'public',
    summary: 'Rotates the refresh token; a reused one revokes its whole family.',
    body: refreshBodySchema,
    response: { 200: refreshResponseSchema },
    rateLimited: true,
  }),
  requestReset: defineRoute({
    feature: 'auth',
    method: 'GET',
    path: 'auth/requestReset/:value',
    permission: 'public',
    summary: 'E-mails a password reset link; answers the same whether or not the account exists.',
    params: z.object({ value: z.string().min(1).max(200) }),
    response: { 200: okSchema },
    rateLimited: true,
  }),
  resetPassword: defineRoute({
    feature: 'auth',
    method: 'POST',
    path: 'auth/resetPassword',
    permission: 'public',
    summary: 'Sets a new password with a reset link (single use, one hour).',
    body: resetPasswordBodySchema,
    response: { 204: z.null(), 400: errorBodySchema },
    rateLimited: true,
  }),
  confirmEmail: defineRoute({
    feature: 'auth',
    method: 'POST',
    path: 'auth/confirmEmail',
    permission: 'public',
    summary:
      'Confirms a changed e-mail address with the link sent to it (single use, 48 hours); only then ' +
      'does the account use the new address (ADR 087).',
    body: confirmEmailBodySchema,
    response: { 200: confirmEmailResponseSchema, 400: errorBodySchema, 409: errorBodySchema },
    rateLimited: true,
  }),
} as const;
