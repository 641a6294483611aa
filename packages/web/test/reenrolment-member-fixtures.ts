import type { MemberOffer, MyQuestionnaire } from '@pluk/contract';

/** The member's re-enrolment answers (decision 079) as the tests use them. */
export const vegetables: MemberOffer = {
  id: 21,
  name: 'Groenten',
  description: 'Elke week groenten van het veld.',
  adultPriceCents: 12000,
  childPriceCents: 6000,
  requiredCredits: 10,
  // 2 adults and 1 child.
  priceCents: 30000,
};

export const fruit: MemberOffer = {
  id: 22,
  name: 'Fruit',
  description: '',
  adultPriceCents: 5000,
  childPriceCents: 2500,
  requiredCredits: 0,
  priceCents: 12500,
};

export const flowers: MemberOffer = {
  id: 23,
  name: 'Bloemen',
  description: 'Pluk zelf je boeket.',
  adultPriceCents: 2000,
  childPriceCents: 0,
  requiredCredits: 2,
  priceCents: 4000,
};

/** An open questionnaire of round 5 for harvest year 2031, the deadline far ahead. */
export function makeQuestionnaire(overrides: Partial<MyQuestionnaire> = {}): MyQuestionnaire {
  return {
    id: 7,
    policy: {
      id: 5,
      harvestYear: 2031,
      title: 'Inschrijven voor 2031',
      explanation: '<p>Ook volgend jaar <strong>oogsten</strong> we samen.</p>',
      deadline: '2099-03-15',
      isEnded: false,
    },
    status: 'open',
    choice: null,
    offerIds: [],
    currentOfferIds: [],
    remark: '',
    household: { adults: 2, children: 1 },
    offers: [vegetables, fruit, flowers],
    totalCents: 0,
    submittedAt: null,
    isConverted: false,
    needsAnswer: true,
    ...overrides,
  };
}

/** The same questionnaire answered: vegetables and fruit, with a remark. */
export function makeAnswered(overrides: Partial<MyQuestionnaire> = {}): MyQuestionnaire {
  return makeQuestionnaire({
    status: 'submitted',
    choice: 'continue',
    offerIds: [vegetables.id, fruit.id],
    remark: 'Graag dezelfde dag als vorig jaar.',
    totalCents: vegetables.priceCents + fruit.priceCents,
    submittedAt: '2030-11-20T10:00:00.000Z',
    needsAnswer: false,
    ...overrides,
  });
}
