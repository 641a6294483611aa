import type { AnswerBody, MemberOffer, MyQuestionnaire, QuestionnaireChoice } from '@pluk/contract';

/** My answer as the form holds it: nothing chosen yet is '', the offers as the checkboxes' values. */
export interface AnswerFormValues {
  choice: QuestionnaireChoice | '';
  offerIds: string[];
  remark: string;
}

/**
 * The form starts from my answer so far (changing it until the deadline); an offer the farm has taken away
 * since is left out. Before my first answer it starts with this year's subscriptions ticked
 * (`currentOfferIds`, decision 090): going on as I am is one choice away.
 */
export function initialAnswerValues(questionnaire: MyQuestionnaire): AnswerFormValues {
  const offered = new Set(questionnaire.offers.map((offer) => offer.id));
  const firstAnswer = questionnaire.status === 'open' && questionnaire.offerIds.length === 0;
  const start = firstAnswer ? questionnaire.currentOfferIds : questionnaire.offerIds;
  return {
    choice: questionnaire.choice ?? '',
    offerIds: start.filter((id) => offered.has(id)).map(String),
    remark: questionnaire.remark,
  };
}

/**
 * The answer to check with the contract's `answerBodySchema` and send: the offers only when I continue
 * (stopping chooses none); no choice yet is left out, which the schema names in Dutch.
 */
export function answerInput(values: AnswerFormValues): Partial<AnswerBody> {
  return {
    ...(values.choice === '' ? {} : { choice: values.choice }),
    offerIds: values.choice === 'continue' ? values.offerIds.map(Number) : [],
    remark: values.remark,
  };
}

/** The offers I chose, in the farm's order. */
export function chosenOffers(offers: MemberOffer[], offerIds: readonly number[]): MemberOffer[] {
  const chosen = new Set(offerIds);
  return offers.filter((offer) => chosen.has(offer.id));
}

/** What my household pays for these offers (the server's `totalCents` once answered). */
export function totalCentsOf(offers: MemberOffer[]): number {
  return offers.reduce((sum, offer) => sum + offer.priceCents, 0);
}
