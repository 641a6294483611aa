import { z } from 'zod';
import { feedPageQuery, feedPageSchema, idField, idParamsSchema, isoDateTimeSchema } from './common.js';
import { dayField } from './bank.js';
import { defineRoute } from './define-route.js';
import { harvestYearField, householdCountSchema, subscriptionInputShape } from './subscription.js';

/**
 * Re-enrolment (docs/product/membership.md, "Re-enrolment", decision 079): an intention policy is a farm's
 * yearly round for the next harvest year — a title, an explanation, a deadline and the subscriptions on offer
 * with their next-year prices. Every active member gets one questionnaire per policy; they choose
 * subscriptions (or stop) until the deadline. After the deadline `intentsion-policy` (the spec's spelling)
 * turns the answers into next year's subscriptions, memberships and bank transactions, once.
 */
export const reenrolmentLimits = {
  titleMax: 150,
  /** Sanitized HTML, like a post's body. */
  explanationMax: 20_000,
  offersMax: 20,
  remarkMax: 1000,
  searchMax: 100,
  answersPageSize: 50,
  answersPageSizeMax: 200,
  policiesPageSize: 20,
  policiesPageSizeMax: 100,
  /** Members a manager picks by hand for one run of `createQuestionsForNextYear`. */
  pickedMembersMax: 500,
} as const;

/** One subscription on offer; `id` names an offer the policy has already (kept, changed in place). */
export const policyOfferInputSchema = z.object({
  id: idField('id').optional(),
  name: subscriptionInputShape.name,
  description: subscriptionInputShape.description,
  adultPriceCents: subscriptionInputShape.adultPriceCents,
  childPriceCents: subscriptionInputShape.childPriceCents,
  requiredCredits: subscriptionInputShape.requiredCredits.default(0),
});
export type PolicyOfferInput = z.input<typeof policyOfferInputSchema>;

/** A new or changed policy. Offer names are unique within a policy (case-insensitive). */
export const policyInputSchema = z.object({
  harvestYear: harvestYearField,
  title: z
    .string({ error: 'Vul een titel in.' })
    .trim()
    .min(1, 'Vul een titel in.')
    .max(reenrolmentLimits.titleMax, `De titel is hoogstens ${reenrolmentLimits.titleMax} tekens lang.`),
  /** HTML; the server keeps only the formatting a post keeps. */
  explanation: z.string().max(reenrolmentLimits.explanationMax, 'De uitleg is te lang.').default(''),
  /** The last day members can answer (the farm's calendar day). */
  deadline: dayField('de deadline'),
  offers: z
    .array(policyOfferInputSchema, { error: 'Bied minstens één abonnement aan.' })
    .min(1, 'Bied minstens één abonnement aan.')
    .max(reenrolmentLimits.offersMax, `Bied hoogstens ${reenrolmentLimits.offersMax} abonnementen aan.`)
    .refine(
      (offers) => new Set(offers.map((offer) => offer.name.trim().toLowerCase())).size === offers.length,
      'Elk abonnement heeft een eigen naam.',
    ),
});
export type PolicyInput = z.input<typeof policyInputSchema>;

export const policyOfferSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  adultPriceCents: z.number().int(),
  childPriceCents: z.number().int(),
  requiredCredits: z.number().int(),
  /** Next year's subscription this offer became (set by the conversion), else null. */
  subscriptionId: z.number().int().nullable(),
});
export type PolicyOffer = z.infer<typeof policyOfferSchema>;

/** How far a round is: questionnaires given, answered, and what the answers say. */
export const policyCountsSchema = z.object({
  questionnaires: z.number().int().min(0),
  /** Not answered yet. */
  open: z.number().int().min(0),
  submitted: z.number().int().min(0),
  continuing: z.number().int().min(0),
  stopping: z.number().int().min(0),
});
export type PolicyCounts = z.infer<typeof policyCountsSchema>;

const policyCoreShape = {
  id: z.number().int(),
  harvestYear: z.number().int(),
  title: z.string(),
  deadline: z.string().describe('YYYY-MM-DD'),
  /** The farm's today is after the deadline: answers are closed. */
  isEnded: z.boolean(),
  /** When the answers were turned into subscriptions and transactions; null before. */
  convertedAt: isoDateTimeSchema.nullable(),
  counts: policyCountsSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
};

/** A policy in the manager's list. */
export const policySummarySchema = z.object({ ...policyCoreShape, offerCount: z.number().int().min(0) });
export type PolicySummary = z.infer<typeof policySummarySchema>;

/** A policy in full (the edit form, the follow-up screen). */
export const policySchema = z.object({
  ...policyCoreShape,
  explanation: z.string(),
  offers: z.array(policyOfferSchema),
});
export type Policy = z.infer<typeof policySchema>;

export const policyListQuerySchema = z.object(
  feedPageQuery({
    defaultSize: reenrolmentLimits.policiesPageSize,
    maxSize: reenrolmentLimits.policiesPageSizeMax,
  }),
);
export type PolicyListQuery = z.input<typeof policyListQuerySchema>;
export const policyPageSchema = feedPageSchema(policySummarySchema);
export type PolicyPage = z.infer<typeof policyPageSchema>;

/**
 * Without `userIds`: every active, approved member with a subscription in the current harvest year. With
 * them: those members (picked by the manager), never an account that only holds staff roles (decision 090).
 */
export const createQuestionsBodySchema = z.object({
  policyId: idField('policyId'),
  userIds: z
    .array(idField('userIds'), { error: 'Kies de leden.' })
    .min(1, 'Kies minstens één lid.')
    .max(reenrolmentLimits.pickedMembersMax, `Kies hoogstens ${reenrolmentLimits.pickedMembersMax} leden.`)
    .optional(),
});
export type CreateQuestionsBody = z.input<typeof createQuestionsBodySchema>;
/** `created` questionnaires given now; `existing` members who had one already (running it twice gives nobody two). */
export const createQuestionsResultSchema = z.object({
  created: z.number().int().min(0),
  existing: z.number().int().min(0),
});
export type CreateQuestionsResult = z.infer<typeof createQuestionsResultSchema>;

export const questionnaireStatuses = ['open', 'submitted'] as const;
export const questionnaireChoices = ['continue', 'stop'] as const;
export type QuestionnaireChoice = (typeof questionnaireChoices)[number];

/** The follow-up list's filter: not answered, answered, continuing, stopping. */
export const answerFilters = ['open', 'submitted', 'continue', 'stop'] as const;
export type AnswerFilter = (typeof answerFilters)[number];

export const policyAnswersQuerySchema = z.object({
  status: z.enum(answerFilters, { error: 'Kies open, submitted, continue of stop.' }).optional(),
  /** Only those who chose this offer. */
  offerId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  search: z.string().trim().max(reenrolmentLimits.searchMax, 'De zoekterm is te lang.').optional(),
  ...feedPageQuery({
    defaultSize: reenrolmentLimits.answersPageSize,
    maxSize: reenrolmentLimits.answersPageSizeMax,
  }),
});
export type PolicyAnswersQuery = z.input<typeof policyAnswersQuerySchema>;

/** One member's questionnaire in the follow-up list; the amount is for their household today. */
export const policyAnswerSchema = z.object({
  questionnaireId: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(questionnaireStatuses),
  choice: z.enum(questionnaireChoices).nullable(),
  offers: z.array(z.object({ offerId: z.number().int(), name: z.string() })),
  ...householdCountSchema.shape,
  amountCents: z.number().int().min(0),
  remark: z.string(),
  submittedAt: isoDateTimeSchema.nullable(),
  remindedAt: isoDateTimeSchema.nullable(),
  convertedAt: isoDateTimeSchema.nullable(),
});
export type PolicyAnswer = z.infer<typeof policyAnswerSchema>;
export const policyAnswerPageSchema = feedPageSchema(policyAnswerSchema);
export type PolicyAnswerPage = z.infer<typeof policyAnswerPageSchema>;

/** Per offer: the households that chose it, their people and the money at today's households. */
export const policyOfferTotalsSchema = z.object({
  offerId: z.number().int(),
  name: z.string(),
  households: z.number().int().min(0),
  ...householdCountSchema.shape,
  totalCents: z.number().int().min(0),
});
export type PolicyOfferTotals = z.infer<typeof policyOfferTotalsSchema>;

export const policySummaryTotalsSchema = z.object({
  counts: policyCountsSchema,
  offers: z.array(policyOfferTotalsSchema),
  totalCents: z.number().int().min(0),
});
export type PolicySummaryTotals = z.infer<typeof policySummaryTotalsSchema>;

/** A reminder e-mail per member who has not answered, at most one a day each (the job's idempotency key). */
export const remindResultSchema = z.object({
  queued: z.number().int().min(0),
  /** Reminded today already. */
  skipped: z.number().int().min(0),
});
export type RemindResult = z.infer<typeof remindResultSchema>;

export const conversionQuerySchema = z.object({
  policyId: z.coerce
    .number({ error: 'Kies een ronde.' })
    .int('Kies een ronde.')
    .min(1, 'Kies een ronde.')
    .max(2_147_483_647, 'Kies een ronde.'),
});
export const conversionBodySchema = z.object({
  policyId: idField('policyId'),
  /** The due date of the transactions made. */
  dueDate: dayField('de vervaldatum'),
});
export type ConversionBody = z.input<typeof conversionBodySchema>;

/**
 * What the conversion makes (the preview: would make) — households continuing, next year's subscriptions
 * created, memberships, transactions and their money, and the payment-needed e-mails waiting for review.
 */
export const conversionSchema = z.object({
  policyId: z.number().int(),
  harvestYear: z.number().int(),
  households: z.number().int().min(0),
  subscriptionsCreated: z.number().int().min(0),
  membershipsCreated: z.number().int().min(0),
  transactionsCreated: z.number().int().min(0),
  totalCents: z.number().int().min(0),
  paymentEmailsWaiting: z.number().int().min(0),
  offers: z.array(
    z.object({
      offerId: z.number().int(),
      name: z.string(),
      subscriptionId: z.number().int().nullable(),
      households: z.number().int().min(0),
      totalCents: z.number().int().min(0),
    }),
  ),
});
export type Conversion = z.infer<typeof conversionSchema>;

/** An offer as a member sees it: with the price for my household. */
export const memberOfferSchema = policyOfferSchema.omit({ subscriptionId: true }).extend({
  priceCents: z.number().int().min(0),
});
export type MemberOffer = z.infer<typeof memberOfferSchema>;

/** My questionnaire: the round, my household today, the offers priced for it and my answer. */
export const myQuestionnaireSchema = z.object({
  id: z.number().int(),
  policy: z.object({
    id: z.number().int(),
    harvestYear: z.number().int(),
    title: z.string(),
    explanation: z.string(),
    deadline: z.string(),
    isEnded: z.boolean(),
  }),
  status: z.enum(questionnaireStatuses),
  choice: z.enum(questionnaireChoices).nullable(),
  offerIds: z.array(z.number().int()),
  /**
   * The offers named like a subscription I have in the current harvest year (case-insensitive): the form
   * starts with them ticked until I have answered (decision 090).
   */
  currentOfferIds: z.array(z.number().int()),
  remark: z.string(),
  household: householdCountSchema,
  offers: z.array(memberOfferSchema),
  /** The sum of the chosen offers' prices for my household. */
  totalCents: z.number().int().min(0),
  submittedAt: isoDateTimeSchema.nullable(),
  /** My answer became next year's subscriptions and transactions. */
  isConverted: z.boolean(),
  /** The start-up dialog shows: not answered and the deadline not passed. */
  needsAnswer: z.boolean(),
});
export type MyQuestionnaire = z.infer<typeof myQuestionnaireSchema>;

/** `GET QuestionsForNextYear`: my newest questionnaire still open for answers, else my newest; or none. */
export const myCurrentQuestionnaireSchema = z.object({ questionnaire: myQuestionnaireSchema.nullable() });
export type MyCurrentQuestionnaire = z.infer<typeof myCurrentQuestionnaireSchema>;

export const answerBodySchema = z
  .object({
    choice: z.enum(questionnaireChoices, { error: 'Kies of je volgend jaar verder doet of stopt.' }),
    offerIds: z
      .array(idField('offerIds'), { error: 'Kies je abonnementen.' })
      .max(reenrolmentLimits.offersMax, `Kies hoogstens ${reenrolmentLimits.offersMax} abonnementen.`)
      .default([]),
    remark: z
      .string()
      .trim()
      .max(
        reenrolmentLimits.remarkMax,
        `Je opmerking is hoogstens ${reenrolmentLimits.remarkMax} tekens lang.`,
      )
      .default(''),
  })
  .superRefine((answer, ctx) => {
    if (answer.choice === 'continue' && answer.offerIds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['offerIds'],
        message: 'Kies minstens één abonnement, of kies dat je stopt.',
      });
    }
    if (new Set(answer.offerIds).size !== answer.offerIds.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['offerIds'],
        message: 'Kies elk abonnement hoogstens één keer.',
      });
    }
  });
export type AnswerBody = z.input<typeof answerBodySchema>;

const manager = { role: 'ApplicationManager' } as const;

export const reenrolmentRoutes = {
  policies: defineRoute({
    feature: 'reenrolment',
    method: 'GET',
    path: 'applicationManager/IntentionPolicy',
    permission: manager,
    summary: "The farm's intention policies with their counts, newest harvest year first.",
    query: policyListQuerySchema,
    response: { 200: policyPageSchema },
  }),
  policy: defineRoute({
    feature: 'reenrolment',
    method: 'GET',
    path: 'applicationManager/IntentionPolicy/:id',
    permission: manager,
    summary: 'One intention policy with its offers and counts.',
    params: idParamsSchema,
    response: { 200: policySchema },
  }),
  createPolicy: defineRoute({
    feature: 'reenrolment',
    method: 'POST',
    path: 'applicationManager/IntentionPolicy',
    permission: manager,
    summary:
      'Creates a policy for a harvest year after the current one (one per year) with its offers; the ' +
      'explanation is sanitized HTML.',
    body: policyInputSchema,
    response: { 200: policySchema },
  }),
  updatePolicy: defineRoute({
    feature: 'reenrolment',
    method: 'PUT',
    path: 'applicationManager/IntentionPolicy/:id',
    permission: manager,
    summary:
      'Changes a policy that was not converted. Offers named by id are changed in place, new ones added, the ' +
      'rest removed — unless a member chose it (409 POLICY_OFFER_CHOSEN).',
    params: idParamsSchema,
    body: policyInputSchema,
    response: { 200: policySchema },
  }),
  deletePolicy: defineRoute({
    feature: 'reenrolment',
    method: 'DELETE',
    path: 'applicationManager/IntentionPolicy/:id',
    permission: manager,
    summary: 'Deletes a policy that was not converted, with its questionnaires and answers.',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  createQuestions: defineRoute({
    feature: 'reenrolment',
    method: 'POST',
    path: 'applicationManager/administration-actions/createQuestionsForNextYear',
    permission: manager,
    summary:
      'Gives an open questionnaire to every active, approved member with a subscription in the current harvest ' +
      'year, or to the members picked (`userIds`; never a staff-only account); members who have one keep it ' +
      '(running it twice gives nobody two). Refused once the deadline passed or the policy was converted.',
    body: createQuestionsBodySchema,
    response: { 200: createQuestionsResultSchema },
  }),
  answers: defineRoute({
    feature: 'reenrolment',
    method: 'GET',
    path: 'applicationManager/IntentionPolicy/:id/answers',
    permission: manager,
    summary:
      "The policy's questionnaires, paged and filtered (not answered, answered, continuing, stopping; an " +
      'offer; a name or e-mail), by last name, first name and id.',
    params: idParamsSchema,
    query: policyAnswersQuerySchema,
    response: { 200: policyAnswerPageSchema },
  }),
  summary: defineRoute({
    feature: 'reenrolment',
    method: 'GET',
    path: 'applicationManager/IntentionPolicy/:id/summary',
    permission: manager,
    summary: 'The counts and, per offer, the households, people and money of the answers so far.',
    params: idParamsSchema,
    response: { 200: policySummaryTotalsSchema },
  }),
  remind: defineRoute({
    feature: 'reenrolment',
    method: 'POST',
    path: 'applicationManager/IntentionPolicy/:id/reminders',
    permission: manager,
    summary:
      'Queues a reminder e-mail (one job each) for every member who has not answered, at most one a day per ' +
      'member. Refused once the deadline passed.',
    params: idParamsSchema,
    response: { 200: remindResultSchema },
  }),
  conversionPreview: defineRoute({
    feature: 'reenrolment',
    method: 'GET',
    path: 'applicationManager/Management/intentsion-policy',
    permission: manager,
    summary: 'What converting the policy would make now: counts and totals, nothing written.',
    query: conversionQuerySchema,
    response: { 200: conversionSchema },
  }),
  convert: defineRoute({
    feature: 'reenrolment',
    method: 'POST',
    path: 'applicationManager/Management/intentsion-policy',
    permission: manager,
    summary:
      "Turns the submitted answers into next year's subscriptions, memberships and bank transactions (one per " +
      'member and subscription, structured reference) with their payment-needed e-mails waiting for review; ' +
      'all or nothing, after the deadline; running it again creates nothing twice.',
    body: conversionBodySchema,
    response: { 200: conversionSchema },
  }),
  mine: defineRoute({
    feature: 'reenrolment',
    method: 'GET',
    path: 'QuestionsForNextYear',
    permission: 'member',
    summary: 'My newest questionnaire still open for answers, else my newest one; null when I have none.',
    response: { 200: myCurrentQuestionnaireSchema },
  }),
  questionnaire: defineRoute({
    feature: 'reenrolment',
    method: 'GET',
    path: 'QuestionsForNextYear/:id',
    permission: 'member',
    summary: 'One of my questionnaires (the thanks page).',
    params: idParamsSchema,
    response: { 200: myQuestionnaireSchema },
  }),
  answer: defineRoute({
    feature: 'reenrolment',
    method: 'PUT',
    path: 'QuestionsForNextYear/:id',
    permission: 'member',
    summary:
      "Submits or changes my answer (continue with the chosen offers, or stop) until the policy's deadline; " +
      'after it 409 POLICY_ENDED.',
    params: idParamsSchema,
    body: answerBodySchema,
    response: { 200: myQuestionnaireSchema },
  }),
} as const;
