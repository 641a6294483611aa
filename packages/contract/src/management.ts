import { z } from 'zod';
import { smtpSourceSchema } from './communication.js';
import { defineRoute } from './define-route.js';

/**
 * The staff's to-do list (decision 092): what waits for someone with a role, one count each.
 * Each item belongs to the role that handles it; `GET applicationManager/Management` answers only the
 * items the caller's roles may see (docs/product/people-and-roles.md, "Roles": an ApplicationManager sees
 * every farm item).
 */
export const todoKeys = [
  'waitingMembers',
  'overduePayments',
  'bankLinesToMatch',
  'reservationsToHandle',
  'choresToConfirm',
  'signUpsToConfirm',
  'feedbackUnanswered',
  'emailsFailed',
  'questionnairesUnanswered',
] as const;
export const todoKeySchema = z.enum(todoKeys);
export type TodoKey = z.infer<typeof todoKeySchema>;

/** How far back a failed e-mail still counts as something to look at. */
export const failedEmailDays = 7;

export const todoItemSchema = z.object({
  key: todoKeySchema,
  count: z.number().int().min(0),
  /** The re-enrolment round whose questionnaires wait (questionnairesUnanswered), else null. */
  roundId: z.number().int().nullable(),
});
export type TodoItem = z.infer<typeof todoItemSchema>;

export const managementSchema = z.object({
  /** The caller's items, in the order of `todoKeys`; an item the roles do not cover is absent. */
  todo: z.array(todoItemSchema),
});
export type Management = z.infer<typeof managementSchema>;

/** `GET Management/sendEmails`: where the farm's e-mails stand right now. */
export const outgoingMailSchema = z.object({
  /** Where e-mails go out: the farm's own SMTP server, the server's, or nowhere (recorded, not sent). */
  smtpSource: smtpSourceSchema,
  /** E-mails queued and not sent yet (waiting for the worker or for a retry). */
  waiting: z.number().int().min(0),
  /** E-mails that failed in the last `failedEmailDays` days. */
  failedRecently: z.number().int().min(0),
  /** Recorded but not sent (no SMTP server) in the last `failedEmailDays` days. */
  notSentRecently: z.number().int().min(0),
});
export type OutgoingMail = z.infer<typeof outgoingMailSchema>;

export const managementRoutes = {
  root: defineRoute({
    feature: 'management',
    method: 'GET',
    path: 'applicationManager/Management',
    permission: 'staff',
    summary:
      "The staff's to-do list: for each thing waiting that the caller's roles handle, how many (members " +
      'waiting for approval, overdue payments, bank lines to match, reservations, chores and sign-ups to ' +
      'confirm, unanswered feedback, failed e-mails, unanswered questionnaires). A member without a role: 403.',
    response: { 200: managementSchema },
  }),
  sendEmails: defineRoute({
    feature: 'management',
    method: 'GET',
    path: 'applicationManager/Management/sendEmails',
    permission: { role: 'ApplicationManager' },
    summary:
      "The farm's outgoing e-mail: where it goes out (its SMTP server, the server's, none), how many wait in " +
      'the queue, and how many failed or were not sent in the last 7 days. Sending itself is the job queue.',
    response: { 200: outgoingMailSchema },
  }),
} as const;
