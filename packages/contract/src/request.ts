import { z } from 'zod';
import {
  feedPageQuery,
  feedPageSchema,
  idField,
  idParamsSchema,
  isInPlannedYears,
  isoDateTimeSchema,
  plannedYearsMessage,
  urlBooleanSchema,
} from './common.js';
import { defineRoute } from './define-route.js';
import { centsField, idempotencyKeySchema, personRefSchema } from './money.js';

/**
 * Requests (docs/product/community.md, "Requests"; ADR 058): a member asks for something
 * with an optional reward in virtual money; another member takes it; the requester confirms (the reward
 * moves) or refuses (the request opens again).
 */
export const requestLimits = { titleMax: 200, descriptionMax: 5000, searchMax: 100 } as const;

export const requestStatusSchema = z.enum(['open', 'taken', 'completed', 'closed']);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

export const requestSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  rewardCents: z.number().int().min(0),
  status: requestStatusSchema,
  neededBy: isoDateTimeSchema.nullable(),
  hasEnded: z.boolean(),
  requester: personRefSchema,
  takenBy: personRefSchema.nullable(),
  isMine: z.boolean(),
  isTakenByMe: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestDetailSchema = requestSummarySchema.extend({
  description: z.string(),
  takenAt: isoDateTimeSchema.nullable(),
  completedAt: isoDateTimeSchema.nullable(),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

/**
 * The member list and the home block (docs/product/api-and-routes.md, "Home": isCompleted=false, pageSize=6,
 * page=0, hasEnded=false), newest first. isCompleted=false: open or taken, not completed or closed;
 * hasEnded=false: neededBy not past. `mine=true` gives the ones I asked.
 */
export const requestListQuerySchema = z.object({
  isCompleted: urlBooleanSchema.optional(),
  hasEnded: urlBooleanSchema.optional(),
  mine: urlBooleanSchema.optional(),
  search: z
    .string()
    .trim()
    .max(requestLimits.searchMax, `Zoek op hoogstens ${requestLimits.searchMax} tekens.`)
    .optional(),
  ...feedPageQuery({ defaultSize: 20, maxSize: 50 }),
});
export type RequestListQuery = z.input<typeof requestListQuerySchema>;
export const requestPageSchema = feedPageSchema(requestSummarySchema);
export type RequestPage = z.infer<typeof requestPageSchema>;

const requestFieldsShape = {
  title: z
    .string({ error: 'Vul een titel in.' })
    .trim()
    .min(1, 'Vul een titel in.')
    .max(requestLimits.titleMax, `De titel is hoogstens ${requestLimits.titleMax} tekens lang.`),
  description: z
    .string()
    .trim()
    .max(
      requestLimits.descriptionMax,
      `De beschrijving is hoogstens ${requestLimits.descriptionMax} tekens lang.`,
    )
    .default(''),
  rewardCents: centsField('de beloning').default(0),
  neededBy: z
    .union([
      z.iso
        .datetime({ offset: true, message: 'Kies een geldige datum en uur.' })
        .refine(isInPlannedYears, plannedYearsMessage),
      z.null(),
    ])
    .default(null),
};

/** A new request; a reward needs a transactionable requester whose available money covers it. */
export const requestInputSchema = z.object(requestFieldsShape);
export type RequestInput = z.input<typeof requestInputSchema>;
/** A changed request: only while it is open (nobody took it yet). */
export const requestUpdateSchema = z.object({ id: idField('id'), ...requestFieldsShape });
export type RequestUpdate = z.input<typeof requestUpdateSchema>;

export const requestIdBodySchema = z.object({ requestId: idField('requestId') });
/** Confirm: the reward moves requester → taker once, whatever the key or however often it is sent. */
export const requestConfirmBodySchema = z.object({
  requestId: idField('requestId'),
  idempotencyKey: idempotencyKeySchema.optional(),
});

/** Mine: what I asked and what I took, newest first. */
export const myRequestsSchema = z.object({
  asked: z.array(requestSummarySchema),
  taken: z.array(requestSummarySchema),
});
export type MyRequests = z.infer<typeof myRequestsSchema>;

export const managerRequestStatusSchema = z.enum(['all', 'open', 'taken', 'completed', 'closed']);
export const managerRequestQuerySchema = z.object({
  status: managerRequestStatusSchema.default('all'),
  search: z.string().trim().max(requestLimits.searchMax).optional(),
  ...feedPageQuery({ defaultSize: 20, maxSize: 100 }),
});
export type ManagerRequestQuery = z.input<typeof managerRequestQuerySchema>;
export const managerRequestPageSchema = feedPageSchema(requestDetailSchema);
export type ManagerRequestPage = z.infer<typeof managerRequestPageSchema>;

export const requestRoutes = {
  list: defineRoute({
    feature: 'request',
    method: 'GET',
    path: 'request',
    permission: 'member',
    summary:
      'Requests, newest first, paged (page 0-based, or after=nextCursor). Without filters: open and taken ' +
      'ones. The home block asks isCompleted=false, pageSize=6, page=0, hasEnded=false.',
    query: requestListQuerySchema,
    response: { 200: requestPageSchema },
  }),
  detail: defineRoute({
    feature: 'request',
    method: 'GET',
    path: 'request/:id',
    permission: 'member',
    summary: 'One request.',
    params: idParamsSchema,
    response: { 200: requestDetailSchema },
  }),
  create: defineRoute({
    feature: 'request',
    method: 'POST',
    path: 'request/create',
    permission: 'member',
    summary: 'Asks something of the other members, with an optional reward in virtual money.',
    body: requestInputSchema,
    response: { 200: requestDetailSchema },
  }),
  update: defineRoute({
    feature: 'request',
    method: 'POST',
    path: 'request/update',
    permission: 'member',
    summary: 'Changes my request while nobody has taken it.',
    body: requestUpdateSchema,
    response: { 200: requestDetailSchema },
  }),
  take: defineRoute({
    feature: 'request',
    method: 'POST',
    path: 'request/take',
    permission: 'member',
    summary: 'Takes an open request of someone else; the requester is notified.',
    body: requestIdBodySchema,
    response: { 200: requestDetailSchema },
  }),
  confirm: defineRoute({
    feature: 'request',
    method: 'POST',
    path: 'request/confirm',
    permission: 'member',
    summary: 'The requester confirms the help: the reward moves requester → taker; a repeat changes nothing.',
    body: requestConfirmBodySchema,
    response: { 200: requestDetailSchema },
  }),
  refuse: defineRoute({
    feature: 'request',
    method: 'POST',
    path: 'request/refuse',
    permission: 'member',
    summary: 'The requester refuses the taker: the request opens again; the taker is notified.',
    body: requestIdBodySchema,
    response: { 200: requestDetailSchema },
  }),
  remove: defineRoute({
    feature: 'request',
    method: 'DELETE',
    path: 'request/delete/:id',
    permission: 'member',
    summary: 'Deletes my request unless it was completed (its reward paid).',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  mine: defineRoute({
    feature: 'request',
    method: 'GET',
    path: 'user/requests',
    permission: 'member',
    summary: 'What I asked and what I took, newest first.',
    response: { 200: myRequestsSchema },
  }),
  managerList: defineRoute({
    feature: 'request',
    method: 'GET',
    path: 'applicationManager/request',
    permission: { role: 'RequestManager' },
    summary: 'Every request of the app, newest first, paged, with a status filter and search.',
    query: managerRequestQuerySchema,
    response: { 200: managerRequestPageSchema },
  }),
  managerClose: defineRoute({
    feature: 'request',
    method: 'POST',
    path: 'applicationManager/request/Close/:id',
    permission: { role: 'RequestManager' },
    summary: 'Closes a request that is not completed (moderation); requester and taker are notified.',
    params: idParamsSchema,
    response: { 200: requestDetailSchema },
  }),
  managerRemove: defineRoute({
    feature: 'request',
    method: 'DELETE',
    path: 'applicationManager/request/:id',
    permission: { role: 'RequestManager' },
    summary: 'Deletes a request (moderation); a completed one keeps its ledger movement.',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
} as const;
