import { z } from 'zod';
import { addressSchema, idParamsSchema, isoDateTimeSchema } from './common.js';
import { defineRoute, multipart } from './define-route.js';
import { emailSchema, householdMemberInputSchema, nameSchema, passwordSchema, phoneSchema } from './auth.js';
import { roleSchema } from './role-schema.js';
import { myDataRoutes } from './my-data.js';

export const householdMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  yearOfBirth: z.number().int().nullable(),
  isAdult: z.boolean(),
  /**
   * True for the account holder, always the first member. The holder's name follows the account's
   * first and last name; `householdMembers` in register and `User/update` are the OTHER members only.
   */
  isHolder: z.boolean().optional(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

export const membershipSchema = z.object({
  id: z.number().int(),
  members: z.array(householdMemberSchema),
});

export const contactDataSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: addressSchema,
});
export type ContactData = z.infer<typeof contactDataSchema>;

export const privacySchema = z.object({
  /** Show my contact data to the other members of the farm. */
  showContactData: z.boolean(),
  /** Receive e-mails from the farm (news, reminders). */
  receiveEmails: z.boolean(),
});
export type Privacy = z.infer<typeof privacySchema>;

/** The signed-in account (`GET User`). Later features add their parts. */
export const accountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(roleSchema),
  isApproved: z.boolean(),
  isActive: z.boolean(),
  isTransactionable: z.boolean(),
  hasPaid: z.boolean(),
  /** True when the account has an avatar; fetch it from `GET User/Avatar`. */
  hasAvatar: z.boolean(),
  avatarVersion: z.string().nullable(),
  memberShip: membershipSchema,
  contactData: contactDataSchema,
  privacy: privacySchema,
  customQuestionAnswer: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  /** Set when an Admin is acting as this user (impersonation). */
  impersonatedBy: z.number().int().nullable(),
  /**
   * A new e-mail address waiting for its owner's confirmation (ADR 087); `email` stays the confirmed one
   * until the link in the e-mail to this address is used.
   */
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const updateAccountBodySchema = z.object({
  firstName: nameSchema('voornaam'),
  lastName: nameSchema('achternaam'),
  email: emailSchema,
  phone: phoneSchema,
  address: addressSchema,
  householdMembers: z.array(householdMemberInputSchema).max(20, 'Hoogstens 20 gezinsleden.'),
  privacy: privacySchema,
  customQuestionAnswer: z.string().trim().max(2000).nullable(),
});
/** `householdMembers` replaces the household's members other than the holder (send them without the holder). */
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Vul je huidige wachtwoord in.').max(200),
  newPassword: passwordSchema,
});

export const avatarLimits = {
  maxBytes: 5 * 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const,
};

export const onlineMembersSchema = z.object({ count: z.number().int().min(0) });

/**
 * My calendar feed (decision 100). The server keeps only a hash of the link's secret, so `url` (the
 * `webcal:` address) is in the answer that makes the link and nowhere else.
 */
export const calendarLinkSchema = z.object({
  hasLink: z.boolean(),
  /** When the current link was made; null without a link. */
  linkCreatedAt: isoDateTimeSchema.nullable(),
  /** The feed also carries every event of the farm, not only mine. */
  allEvents: z.boolean(),
  url: z.string().nullable(),
});
export type CalendarLink = z.infer<typeof calendarLinkSchema>;

export const calendarSettingsBodySchema = z.object({
  allEvents: z.boolean({ error: 'Kies of alle evenementen van de boerderij in je agenda komen.' }),
});
export type CalendarSettingsBody = z.infer<typeof calendarSettingsBodySchema>;

/** The feed's address: `<secret>.ics`; anything else is answered like an unknown link (404). */
export const calendarFeedParamsSchema = z.object({ file: z.string() });

export const userRoutes = {
  account: defineRoute({
    feature: 'user',
    method: 'GET',
    path: 'User',
    permission: 'authenticated',
    summary: 'The signed-in account (also for users still on the waiting list).',
    response: { 200: accountSchema },
  }),
  update: defineRoute({
    feature: 'user',
    method: 'POST',
    path: 'User/update',
    permission: 'member',
    summary: 'Updates my profile, household and privacy choices.',
    body: updateAccountBodySchema,
    response: { 200: accountSchema },
  }),
  changePassword: defineRoute({
    feature: 'user',
    method: 'POST',
    path: 'user/ChangePassword',
    permission: 'member',
    summary: 'Changes my password; other sessions are signed out.',
    body: changePasswordBodySchema,
    response: { 204: z.null() },
  }),
  changeAvatar: defineRoute({
    feature: 'user',
    method: 'POST',
    path: 'User/ChangeAvatar',
    permission: 'member',
    summary: 'Uploads my avatar: multipart field `file`, JPEG, PNG, WebP or GIF, at most 5 MB.',
    body: multipart,
    response: { 200: accountSchema },
  }),
  avatar: defineRoute({
    feature: 'user',
    method: 'GET',
    path: 'User/Avatar',
    permission: 'member',
    summary: 'My avatar image (404 when I have none).',
    response: 'file',
  }),
  contactData: defineRoute({
    feature: 'user',
    method: 'GET',
    path: 'User/ContactData/:id',
    permission: 'member',
    summary: "A member's contact data, when the caller may see it (self, shared, or a manager).",
    params: idParamsSchema,
    response: { 200: contactDataSchema },
  }),
  members: defineRoute({
    feature: 'user',
    method: 'GET',
    path: 'User/Members',
    permission: 'member',
    summary: 'The members of my household.',
    response: { 200: z.array(householdMemberSchema) },
  }),
  cancelEmailChange: defineRoute({
    feature: 'user',
    method: 'POST',
    path: 'user/cancelEmailChange',
    permission: 'member',
    summary: 'Cancels my e-mail change that waits for confirmation (ADR 087); my address stays as it is.',
    response: { 200: accountSchema },
  }),
  postPermissions: defineRoute({
    feature: 'user',
    method: 'POST',
    path: 'user/PostPermissions',
    permission: 'member',
    summary:
      'Saves my privacy choices (the permissions I give the farm): show my contact data to other members, ' +
      'receive e-mails. The rest of my account is unchanged; the answer is my account.',
    body: privacySchema,
    response: { 200: accountSchema },
  }),
  onlineMembers: defineRoute({
    feature: 'user',
    method: 'GET',
    path: 'user/onlineMembers',
    permission: 'member',
    summary: 'How many members were seen in the last 5 minutes.',
    response: { 200: onlineMembersSchema },
  }),
  calendar: defineRoute({
    feature: 'user',
    method: 'GET',
    path: 'User/Calendar',
    permission: 'member',
    summary:
      'My calendar feed: whether I have a link and whether it carries all events (never the link itself).',
    response: { 200: calendarLinkSchema },
  }),
  createCalendarLink: defineRoute({
    feature: 'user',
    method: 'POST',
    path: 'User/Calendar/Link',
    permission: 'member',
    summary:
      'Makes my calendar link, or a new one in place of the old, which stops working at once. ' +
      'The answer is the only one that carries the link (`url`).',
    response: { 200: calendarLinkSchema },
  }),
  revokeCalendarLink: defineRoute({
    feature: 'user',
    method: 'DELETE',
    path: 'User/Calendar/Link',
    permission: 'member',
    summary: 'Stops my calendar link; the feed answers 404 from now on.',
    response: { 200: calendarLinkSchema },
  }),
  calendarSettings: defineRoute({
    feature: 'user',
    method: 'POST',
    path: 'User/Calendar/Settings',
    permission: 'member',
    summary: "Chooses whether my calendar feed carries all of the farm's events or only mine.",
    body: calendarSettingsBodySchema,
    response: { 200: calendarLinkSchema },
  }),
  calendarFeed: defineRoute({
    feature: 'user',
    method: 'GET',
    path: 'calendar/:file',
    permission: 'public',
    summary:
      "A member's calendar (iCalendar, RFC 5545): `<secret>.ics` from the member's link, no login. " +
      "Their chores and events (and, if chosen, all of the farm's), in Europe/Brussels. An unknown, " +
      'renewed or revoked link, or that of a deactivated or removed member, answers 404.',
    params: calendarFeedParamsSchema,
    response: 'file',
    rateLimited: true,
  }),
  // "Mijn gegevens" (decision 101): kept in its own file, routed with the rest of my account.
  ...myDataRoutes,
} as const;
