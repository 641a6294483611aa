import { z } from 'zod';
import {
  feedPageQuery,
  feedPageSchema,
  idSchema,
  isoDateTimeSchema,
  urlBooleanSchema,
  idField,
} from './common.js';
import { defineRoute } from './define-route.js';

/** A member's message to the farm, with the manager's answer once handled. */
export const feedbackSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  isHandled: z.boolean(),
  answer: z.string().nullable(),
  handledAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** Feedback as managers see it: with who sent it (null when that account was removed). */
export const managedFeedbackSchema = feedbackSchema.extend({
  user: z
    .object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable(),
});
export type ManagedFeedback = z.infer<typeof managedFeedbackSchema>;

export const feedbackLimits = {
  subjectMax: 200,
  messageMax: 5000,
  answerMax: 5000,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;

/** Feedback paging, for my list and the manager's (ADR 050): `page` 0-based, 20 per page by default. */
export const feedbackListQuerySchema = z.object(
  feedPageQuery({ defaultSize: feedbackLimits.pageSizeDefault, maxSize: feedbackLimits.pageSizeMax }),
);
export type FeedbackListQuery = z.input<typeof feedbackListQuerySchema>;

/** The manager's list may keep only unhandled (`isHandled=false`) or handled feedback; its total counts them. */
export const managerFeedbackListQuerySchema = feedbackListQuerySchema.extend({
  isHandled: urlBooleanSchema.optional(),
});
/** What a client asks; in the URL the boolean becomes text ('false'). */
export interface ManagerFeedbackListQuery {
  isHandled?: boolean;
  page?: number;
  pageSize?: number;
}

export const feedbackPageSchema = feedPageSchema(feedbackSchema);
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;
export const managedFeedbackPageSchema = feedPageSchema(managedFeedbackSchema);
export type ManagedFeedbackPage = z.infer<typeof managedFeedbackPageSchema>;

const feedbackSubjectSchema = z
  .string()
  .trim()
  .max(feedbackLimits.subjectMax, `Een onderwerp heeft hoogstens ${feedbackLimits.subjectMax} tekens.`)
  .default('');

const feedbackMessageSchema = z
  .string()
  .trim()
  .min(1, 'Schrijf je bericht.')
  .max(feedbackLimits.messageMax, `Een bericht heeft hoogstens ${feedbackLimits.messageMax} tekens.`);

export const createFeedbackBodySchema = z.object({
  subject: feedbackSubjectSchema,
  message: feedbackMessageSchema,
});
export type CreateFeedbackBody = z.input<typeof createFeedbackBodySchema>;

export const updateFeedbackBodySchema = z.object({
  id: idField('id'),
  subject: feedbackSubjectSchema,
  message: feedbackMessageSchema,
});
export type UpdateFeedbackBody = z.input<typeof updateFeedbackBodySchema>;

export const handleFeedbackBodySchema = z.object({
  id: idField('id'),
  answer: z
    .string()
    .trim()
    .max(feedbackLimits.answerMax, `Een antwoord heeft hoogstens ${feedbackLimits.answerMax} tekens.`)
    .nullable()
    .optional(),
});
export type HandleFeedbackBody = z.input<typeof handleFeedbackBodySchema>;

export const feedbackRoutes = {
  list: defineRoute({
    feature: 'feedback',
    method: 'GET',
    path: 'feedback',
    permission: 'member',
    summary: 'My feedback, newest first, with the answers; paged (page 0-based, pageSize 20 by default).',
    query: feedbackListQuerySchema,
    response: { 200: feedbackPageSchema },
  }),
  get: defineRoute({
    feature: 'feedback',
    method: 'GET',
    path: 'feedback/:id',
    permission: 'member',
    summary: "One of my feedback messages (another member's answers 404).",
    params: z.object({ id: idSchema }),
    response: { 200: feedbackSchema },
  }),
  create: defineRoute({
    feature: 'feedback',
    method: 'POST',
    path: 'feedback/create',
    permission: 'member',
    summary: 'Sends feedback to the farm.',
    body: createFeedbackBodySchema,
    response: { 200: feedbackSchema },
  }),
  update: defineRoute({
    feature: 'feedback',
    method: 'POST',
    path: 'feedback/update',
    permission: 'member',
    summary: 'Changes my feedback while it is not handled yet.',
    body: updateFeedbackBodySchema,
    response: { 200: feedbackSchema },
  }),
  managerList: defineRoute({
    feature: 'feedback',
    method: 'GET',
    path: 'applicationManager/feedback',
    permission: { role: 'ApplicationManager' },
    summary:
      'All feedback of this app (isHandled=false or true keeps one kind): unhandled first, newest first, with the sender; paged (page 0-based, pageSize 20 by default).',
    query: managerFeedbackListQuerySchema,
    response: { 200: managedFeedbackPageSchema },
  }),
  handle: defineRoute({
    feature: 'feedback',
    method: 'POST',
    path: 'applicationManager/feedback/handle',
    permission: { role: 'ApplicationManager' },
    summary: 'Marks feedback handled with an optional answer; the member gets a notification.',
    body: handleFeedbackBodySchema,
    response: { 200: managedFeedbackSchema },
  }),
} as const;
