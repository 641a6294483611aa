import { z } from 'zod';
import {
  addressSchema,
  idField,
  idParamsSchema,
  isoDateTimeSchema,
  okSchema,
  pagedQuerySchema,
  pagedResultSchema,
  urlBooleanSchema,
} from './common.js';
import { defineRoute, multipart } from './define-route.js';
import {
  importBatchSchema,
  importProgressKeySchema,
  importProgressQuerySchema,
  importProgressSchema,
  importUndoResultSchema,
} from './imports.js';
import { emailSchema, householdMemberInputSchema, nameSchema, phoneSchema, usernameSchema } from './auth.js';
import { roleSchema } from './role-schema.js';
import { householdMemberSchema } from './user.js';

/** A user as managers see it in the users list and on the waiting list. */
export const managedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  roles: z.array(roleSchema),
  isApproved: z.boolean(),
  isActive: z.boolean(),
  householdSize: z.number().int().min(1),
  customQuestionAnswer: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  lastSeenAt: isoDateTimeSchema.nullable(),
  /** A new e-mail address waiting for its owner's confirmation (ADR 087); `email` is the confirmed one. */
  pendingEmail: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const pagedUsersSchema = pagedResultSchema(managedUserSchema);
export type PagedUsers = z.infer<typeof pagedUsersSchema>;

/** How the users list is ordered: by name (last, first), by account age, or by last visit. */
export const userSortSchema = z.enum(['name', 'created', 'lastSeen'], { error: 'Onbekende sortering.' });
export type UserSort = z.infer<typeof userSortSchema>;

/**
 * The users list's query: the paged query (docs/product/api-and-routes.md, "Paging") plus a role, a
 * subscription, and the order. The default order (oldest account first) is the waiting list's.
 */
export const managedUsersQuerySchema = pagedQuerySchema.extend({
  role: roleSchema.optional(),
  subscriptionId: idField('subscriptionId').optional(),
  sort: userSortSchema.default('created'),
  direction: z.enum(['asc', 'desc'], { error: 'Kies oplopend of aflopend.' }).default('asc'),
});
export type ManagedUsersQuery = z.input<typeof managedUsersQuerySchema>;

/** A member's detail for managers: the account with its subscriptions, money, credits and chores. */
export const managedUserDetailSchema = managedUserSchema.extend({
  address: addressSchema,
  isTransactionable: z.boolean(),
  hasPaid: z.boolean(),
  householdMembers: z.array(householdMemberSchema),
  subscriptions: z.array(z.object({ id: z.number().int(), name: z.string(), harvestYear: z.number().int() })),
  walletBalanceCents: z.number().int(),
  credits: z.array(z.object({ harvestYear: z.number().int(), total: z.number().int() })),
  /** The latest chores the member signed up for (at most 20). */
  tasks: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      startsAt: isoDateTimeSchema,
      status: z.enum(['waiting', 'confirmed', 'refused']),
    }),
  ),
  /** The latest bank transactions of the member (at most 20). */
  transactions: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      amountCents: z.number().int(),
      status: z.enum(['open', 'paid', 'cancelled']),
      harvestYear: z.number().int(),
      dueDate: z.string(),
    }),
  ),
});
export type ManagedUserDetail = z.infer<typeof managedUserDetailSchema>;

const rolesField = z
  .array(roleSchema)
  .max(20)
  .refine((list) => new Set(list).size === list.length, {
    message: 'Elke rol maar één keer.',
  });

/** What a manager fills in for a new account; the member sets a password through the e-mailed link. */
export const createUserBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  firstName: nameSchema('voornaam'),
  lastName: nameSchema('achternaam'),
  phone: phoneSchema.default(''),
  address: addressSchema.default({ street: '', number: '', postalCode: '', city: '' }),
  householdMembers: z.array(householdMemberInputSchema).max(20, 'Hoogstens 20 gezinsleden.').default([]),
  roles: rolesField.default([]),
  isApproved: z.boolean().default(true),
  isActive: z.boolean().default(true),
  /** Queue the welcome e-mail and a link to choose a password. */
  sendWelcomeEmail: z.boolean().default(true),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** Changes a member: only the fields given change (the multi-actions send just `isActive`). */
export const updateUserBodySchema = z.object({
  id: idField('id'),
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  firstName: nameSchema('voornaam').optional(),
  lastName: nameSchema('achternaam').optional(),
  phone: phoneSchema.optional(),
  address: addressSchema.optional(),
  householdMembers: z.array(householdMemberInputSchema).max(20, 'Hoogstens 20 gezinsleden.').optional(),
  roles: rolesField.optional(),
  isApproved: z.boolean().optional(),
  isActive: z.boolean().optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** `GET user`: every account of the farm by name, for pickers. */
export const userListItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
});

/** `GET user/extended?isAtive=` (the spec's spelling): accounts with roles, subscriptions and payment. */
export const extendedUsersQuerySchema = z.object({ isAtive: urlBooleanSchema.optional() });
export const extendedUserSchema = managedUserSchema.extend({
  isTransactionable: z.boolean(),
  hasPaid: z.boolean(),
  subscriptionIds: z.array(z.number().int()),
});

export const welcomeEmailResultSchema = z.object({
  /** False when this member was already sent the welcome e-mail by hand today (a double click). */
  queued: z.boolean(),
});

export const approveBodySchema = z.object({ userId: idField('userId') });

export const refuseLimits = { messageMax: 2000 } as const;

/**
 * Refusing a registration (decision 092): the account is anonymised like a deleted one, and
 * unless `sendEmail` is false the person gets the farm's `registrationRefused` e-mail with `message`.
 */
export const refuseBodySchema = z.object({
  userId: idField('userId'),
  sendEmail: z.boolean().default(true),
  message: z
    .string()
    .trim()
    .max(refuseLimits.messageMax, `Het bericht is hoogstens ${refuseLimits.messageMax} tekens lang.`)
    .default(''),
});
export type RefuseBody = z.input<typeof refuseBodySchema>;

export const refuseResultSchema = z.object({
  /** True when the refusal e-mail was queued (asked for, and the registration had an address). */
  emailed: z.boolean(),
});

/** Waiting-list defaults (docs/product/api-and-routes.md, "Paging"): page 1, 50 rows, not approved. */
export const waitingListQuery = { page: 1, rowsPerPage: 50, isApproved: false } as const;

/**
 * The columns of the members spreadsheet (decision 097), in order, by their Dutch header (first row).
 * An empty username becomes one made from the e-mail address.
 */
export const memberImportColumns = [
  { key: 'firstName', header: 'Voornaam', required: true },
  { key: 'lastName', header: 'Achternaam', required: true },
  { key: 'email', header: 'E-mail', required: true },
  { key: 'phone', header: 'Telefoon', required: false },
  { key: 'street', header: 'Straat', required: false },
  { key: 'number', header: 'Huisnummer', required: false },
  { key: 'postalCode', header: 'Postcode', required: false },
  { key: 'city', header: 'Gemeente', required: false },
  { key: 'username', header: 'Gebruikersnaam', required: false },
] as const;
export type MemberImportColumnKey = (typeof memberImportColumns)[number]['key'];

/** One problem of a member row, naming its row (1 = the header) and column (its Dutch header). */
export const memberImportErrorSchema = z.object({
  row: z.number().int().min(1),
  column: z.string().nullable(),
  message: z.string(),
});
export type MemberImportError = z.infer<typeof memberImportErrorSchema>;

export const memberImportRowSchema = z.object({
  /** The spreadsheet row (2 is the first row after the header). */
  row: z.number().int().min(2),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: addressSchema,
  /** The username the account gets: the file's, or one made from the e-mail address. */
  username: z.string(),
  errors: z.array(memberImportErrorSchema),
});
export type MemberImportRow = z.infer<typeof memberImportRowSchema>;

/** What the file would do: every row with its problems; `canImport` when none has any. */
export const memberImportPreviewSchema = z.object({
  rows: z.array(memberImportRowSchema),
  creates: z.number().int().min(0),
  errorCount: z.number().int().min(0),
  canImport: z.boolean(),
});
export type MemberImportPreview = z.infer<typeof memberImportPreviewSchema>;

export const memberImportConfirmQuerySchema = z.object({
  progressKey: importProgressKeySchema.optional(),
  /** "Stuur een welkomstmail": one welcome e-mail job per new member; none without it. */
  sendWelcomeEmail: urlBooleanSchema.default(false),
});

export const memberImportResultSchema = z.object({
  created: z.number().int().min(0),
  /** Welcome e-mails queued (0 unless asked for). */
  emailed: z.number().int().min(0),
  /** The batch that can be undone while none of its members used the account (decision 097). */
  batchId: z.number().int(),
});
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

export const usersRoutes = {
  paged: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/user/paged',
    permission: { role: 'ApplicationManager' },
    summary:
      'Users of this app, paged, filtered (name, role, subscription, approved, active) and sorted; the ' +
      'waiting list is isApproved=false. Deleted (anonymised) accounts are never listed.',
    body: managedUsersQuerySchema,
    response: { 200: pagedUsersSchema },
  }),
  approve: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/User/Approve',
    permission: { role: 'ApplicationManager' },
    summary:
      'Approves a user from the waiting list (approved and active) and sends the welcome e-mail; not a user ' +
      "above the caller's roles (403 ACCOUNT_ABOVE_YOURS).",
    body: approveBodySchema,
    response: { 200: managedUserSchema },
  }),
  refuse: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/User/Refuse',
    permission: { role: 'ApplicationManager' },
    summary:
      'Refuses a registration on the waiting list: the account is anonymised (no login, its name and e-mail ' +
      'free again), audited, and the refusal e-mail with the optional message is queued. 409 ' +
      'ALREADY_APPROVED for an approved account (delete that one instead).',
    body: refuseBodySchema,
    response: { 200: refuseResultSchema },
  }),
  list: defineRoute({
    feature: 'users',
    method: 'GET',
    path: 'applicationManager/user',
    permission: { role: 'ApplicationManager' },
    summary: 'Every (not deleted) account of the farm by name, for pickers.',
    response: { 200: z.array(userListItemSchema) },
  }),
  extended: defineRoute({
    feature: 'users',
    method: 'GET',
    path: 'applicationManager/user/extended',
    permission: { role: 'ApplicationManager' },
    summary: 'Accounts by name with roles, subscriptions and payment; `isAtive` filters on active.',
    query: extendedUsersQuerySchema,
    response: { 200: z.array(extendedUserSchema) },
  }),
  detail: defineRoute({
    feature: 'users',
    method: 'GET',
    path: 'applicationManager/user/:id',
    permission: { role: 'ApplicationManager' },
    summary: "A member's detail: account, household, subscriptions, wallet, credits, chores, transactions.",
    params: idParamsSchema,
    response: { 200: managedUserDetailSchema },
  }),
  create: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/user/create',
    permission: { role: 'ApplicationManager' },
    summary:
      'Makes an account (roles, approved, active); optionally queues the welcome e-mail with a link to ' +
      'choose a password. Only an Admin grants the Admin role.',
    body: createUserBodySchema,
    response: { 200: managedUserSchema },
  }),
  update: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/user/update',
    permission: { role: 'ApplicationManager' },
    summary:
      'Changes the given fields of an account. Only on an account whose every role the caller passes ' +
      '(403 ACCOUNT_ABOVE_YOURS, ADR 086); only roles the caller passes are given or taken (Admin: ' +
      '403 ADMIN_ROLE_ONLY_BY_ADMIN); the last active Admin stays (409 LAST_ADMIN); a manager cannot ' +
      "deactivate themself. A new e-mail address waits for its owner's confirmation (`pendingEmail`, ADR 087).",
    body: updateUserBodySchema,
    response: { 200: managedUserSchema },
  }),
  remove: defineRoute({
    feature: 'users',
    method: 'DELETE',
    path: 'applicationManager/user/:id',
    permission: { role: 'ApplicationManager' },
    summary:
      'Deletes an account by anonymising it (ADR 080): personal data wiped, no login, money history kept; ' +
      'refused while it has open reservations or requests, for oneself, for the last active Admin, and ' +
      "for an account above the caller's roles (403 ACCOUNT_ABOVE_YOURS, ADR 086).",
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  sendWelcomeEmail: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/User/SendWelcomeEmail/:id',
    permission: { role: 'ApplicationManager' },
    summary:
      'Sends the welcome e-mail again; at most once per member and farm day. Not to an account above the ' +
      "caller's roles (403 ACCOUNT_ABOVE_YOURS).",
    params: idParamsSchema,
    response: { 200: welcomeEmailResultSchema },
  }),
  cancelEmailChange: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/User/CancelEmailChange/:id',
    permission: { role: 'ApplicationManager' },
    summary: "Cancels the member's e-mail change that waits for confirmation (ADR 087).",
    params: idParamsSchema,
    response: { 200: managedUserSchema },
  }),
  resetPassword: defineRoute({
    feature: 'users',
    method: 'GET',
    path: 'applicationManager/User/ResetPassword/:id',
    permission: { role: 'ApplicationManager' },
    summary:
      'E-mails the member a link to choose a new password; the password itself is unchanged. Not for an ' +
      "account above the caller's roles (403 ACCOUNT_ABOVE_YOURS).",
    params: idParamsSchema,
    response: { 200: okSchema },
  }),
  importPreview: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/User/Import/Preview',
    permission: { role: 'ApplicationManager' },
    summary:
      'Reads a members spreadsheet (multipart field `file`, .xlsx or .csv, header row Voornaam, Achternaam, ' +
      'E-mail, Telefoon, Straat, Huisnummer, Postcode, Gemeente, Gebruikersnaam) and answers every row with ' +
      'its Dutch problems (missing or bad e-mail, twice in the file, already a member); changes nothing. ' +
      'A file that cannot be read safely answers 400 IMPORT_FILE_REFUSED.',
    body: multipart,
    response: { 200: memberImportPreviewSchema },
  }),
  importConfirm: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/User/Import/Confirm',
    permission: { role: 'ApplicationManager' },
    summary:
      'Imports the same file as approved, active members without a password, all in one transaction or ' +
      'nothing (400 IMPORT_INVALID naming the first problems; a second confirm of the same file finds its ' +
      'members already there). `sendWelcomeEmail=true` queues one welcome e-mail per member.',
    query: memberImportConfirmQuerySchema,
    body: multipart,
    response: { 200: memberImportResultSchema },
  }),
  importTemplate: defineRoute({
    feature: 'users',
    method: 'GET',
    path: 'applicationManager/User/Import/Template',
    permission: { role: 'ApplicationManager' },
    summary: 'An empty members spreadsheet (.xlsx) with the Dutch headers and a sheet that explains them.',
    response: 'file',
  }),
  importProgress: defineRoute({
    feature: 'users',
    method: 'GET',
    path: 'applicationManager/User/Import/Progress',
    permission: { role: 'ApplicationManager' },
    summary:
      "How far the members confirm started with this `progressKey` is; 404 when this farm's server knows " +
      'no such import.',
    query: importProgressQuerySchema,
    response: { 200: importProgressSchema },
  }),
  importBatches: defineRoute({
    feature: 'users',
    method: 'GET',
    path: 'applicationManager/User/Import/Batches',
    permission: { role: 'ApplicationManager' },
    summary: "The farm's last 20 member imports, newest first, each saying whether it can still be undone.",
    response: { 200: z.array(importBatchSchema) },
  }),
  importUndo: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/User/Import/Batches/:id/Undo',
    permission: { role: 'ApplicationManager' },
    summary:
      'Undoes a member import in one transaction: deletes the members it created; 409 IMPORT_IN_USE naming ' +
      'the members who used their account since (logged in, chose a password, subscribed, paid, signed ' +
      'up, or were changed by a manager).',
    params: idParamsSchema,
    response: { 200: importUndoResultSchema },
  }),
} as const;
