import type {
  Conversion,
  Policy,
  PolicyAnswer,
  PolicyCounts,
  PolicySummary,
  PolicySummaryTotals,
} from '@pluk/contract';
import { makeManagedSubscription, makeMembership } from './harvest-member-fixtures';
import { feedPage, json, makeAccount, type StubHandler } from './utils';

/**
 * Test data of the manager's re-enrolment screens (decision 079): rounds, their answers, summary and
 * conversion. The farm's current harvest year is 2030, so rounds are for 2031.
 */

export const reenrolmentManager = makeAccount({
  id: 2,
  roles: ['ApplicationManager'],
  firstName: 'Mia',
  lastName: 'Manager',
});

export const policiesPath = '/applicationManager/administration-actions/IntentionPolicy';
export const policiesApi = '/api/applicationManager/IntentionPolicy';

export function makeCounts(overrides: Partial<PolicyCounts> = {}): PolicyCounts {
  return { questionnaires: 40, open: 15, submitted: 25, continuing: 20, stopping: 5, ...overrides };
}

export function makePolicySummary(overrides: Partial<PolicySummary> = {}): PolicySummary {
  return {
    id: 7,
    harvestYear: 2031,
    title: 'Inschrijven voor 2031',
    deadline: '2031-02-28',
    isEnded: false,
    convertedAt: null,
    counts: makeCounts(),
    offerCount: 2,
    createdAt: '2030-11-01T10:00:00.000Z',
    updatedAt: '2030-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makePolicy(overrides: Partial<Policy> = {}): Policy {
  const { offerCount: _offerCount, ...core } = makePolicySummary();
  return {
    ...core,
    explanation: '<p>Kies je abonnementen voor volgend jaar.</p>',
    offers: [
      {
        id: 31,
        name: 'Groenten',
        description: 'Groenten van het seizoen.',
        adultPriceCents: 12500,
        childPriceCents: 6250,
        requiredCredits: 10,
        subscriptionId: null,
      },
      {
        id: 32,
        name: 'Fruit',
        description: '',
        adultPriceCents: 8000,
        childPriceCents: 4000,
        requiredCredits: 0,
        subscriptionId: null,
      },
    ],
    ...overrides,
  };
}

export function makeAnswer(overrides: Partial<PolicyAnswer> = {}): PolicyAnswer {
  return {
    questionnaireId: 101,
    userId: 3,
    firstName: 'Lien',
    lastName: 'Lid',
    email: 'lid@example.be',
    status: 'submitted',
    choice: 'continue',
    offers: [{ offerId: 31, name: 'Groenten' }],
    adults: 2,
    children: 1,
    amountCents: 31250,
    remark: '',
    submittedAt: '2030-12-01T09:30:00.000Z',
    remindedAt: null,
    convertedAt: null,
    ...overrides,
  };
}

export function makeSummaryTotals(overrides: Partial<PolicySummaryTotals> = {}): PolicySummaryTotals {
  return {
    counts: makeCounts(),
    offers: [
      { offerId: 31, name: 'Groenten', households: 18, adults: 30, children: 12, totalCents: 450_000 },
      { offerId: 32, name: 'Fruit', households: 6, adults: 10, children: 1, totalCents: 84_000 },
    ],
    totalCents: 534_000,
    ...overrides,
  };
}

export function makeConversion(overrides: Partial<Conversion> = {}): Conversion {
  return {
    policyId: 7,
    harvestYear: 2031,
    households: 20,
    subscriptionsCreated: 1,
    membershipsCreated: 24,
    transactionsCreated: 24,
    totalCents: 534_000,
    paymentEmailsWaiting: 24,
    offers: [
      { offerId: 31, name: 'Groenten', subscriptionId: 41, households: 18, totalCents: 450_000 },
      { offerId: 32, name: 'Fruit', subscriptionId: null, households: 6, totalCents: 84_000 },
    ],
    ...overrides,
  };
}

/** The calls every screen of the area makes: the current harvest year and round 7 with its parts. */
export function reenrolmentHandlers(policy: Policy = makePolicy()): Record<string, StubHandler> {
  return {
    'GET /api/User/Membership': () => json(makeMembership()),
    [`GET ${policiesApi}`]: () => json(feedPage([makePolicySummary()])),
    [`GET ${policiesApi}/7`]: () => json(policy),
    [`GET ${policiesApi}/7/summary`]: () => json(makeSummaryTotals({ counts: policy.counts })),
    [`GET ${policiesApi}/7/answers`]: () =>
      json(
        feedPage(
          [
            makeAnswer(),
            makeAnswer({
              questionnaireId: 102,
              userId: 4,
              firstName: 'Jan',
              lastName: 'Peeters',
              email: 'jan@example.be',
              status: 'open',
              choice: null,
              offers: [],
              amountCents: 0,
              submittedAt: null,
              remindedAt: '2030-12-05T08:00:00.000Z',
            }),
          ],
          { pageSize: 50 },
        ),
      ),
    'GET /api/applicationManager/subscription': (request) =>
      json(
        request.url.includes('harvestYear=2030')
          ? [
              makeManagedSubscription(),
              makeManagedSubscription({ id: 5, name: 'Bloemen', adultPriceCents: 3000, childPriceCents: 0 }),
              makeManagedSubscription({ id: 6, name: 'Fruit', isActive: false }),
            ]
          : [],
      ),
  };
}
