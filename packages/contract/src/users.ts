import { z } from 'zod';
import { isoDateTimeSchema, pagedQuerySchema, pagedResultSchema, idField } from './common.js';
import { defineRoute } from './define-route.js';
import { roleSchema } from './roles.js';

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
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const pagedUsersSchema = pagedResultSchema(managedUserSchema);
export type PagedUsers = z.infer<typeof pagedUsersSchema>;

export const approveBodySchema = z.object({ userId: idField('userId') });

/** Waiting-list defaults of product-spec §9: page 1, 50 rows, not approved. */
export const waitingListQuery = { page: 1, rowsPerPage: 50, isApproved: false } as const;

export const usersRoutes = {
  paged: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/user/paged',
    permission: { role: 'ApplicationManager' },
    summary: 'Users of this app, paged and filtered (the waiting list is isApproved=false).',
    body: pagedQuerySchema,
    response: { 200: pagedUsersSchema },
  }),
  approve: defineRoute({
    feature: 'users',
    method: 'POST',
    path: 'applicationManager/User/Approve',
    permission: { role: 'ApplicationManager' },
    summary: 'Approves a user from the waiting list (approved and active) and sends the welcome e-mail.',
    body: approveBodySchema,
    response: { 200: managedUserSchema },
  }),
} as const;
