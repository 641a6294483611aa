import { policyInputSchema, type Policy } from '@pluk/contract';
import { parseEuros } from '../../../../lib/euros';
import { zodValidate, type FormErrors } from '../../../../lib/form';
import { emptyOfferRow, policyOfferRows, type OfferRow } from './offer-rows';

/** The round's form as typed: the harvest year as the select holds it, prices in euros. */
export interface PolicyFormValues {
  harvestYear: string;
  title: string;
  /** HTML from the rich-text editor. */
  explanation: string;
  /** 'YYYY-MM-DD' as the date picker keeps it; null until one is picked. */
  deadline: string | null;
  offers: OfferRow[];
}

export function policyFormValues(policy: Policy | undefined, nextHarvestYear: number): PolicyFormValues {
  if (policy) {
    return {
      harvestYear: String(policy.harvestYear),
      title: policy.title,
      explanation: policy.explanation,
      deadline: policy.deadline,
      offers: policyOfferRows(policy.offers),
    };
  }
  return {
    harvestYear: String(nextHarvestYear),
    title: '',
    explanation: '',
    deadline: null,
    offers: [emptyOfferRow()],
  };
}

const number = (value: number | string) => (value === '' ? undefined : Number(value));
// Empty: the contract's "vul … in"; not an amount: NaN, for which the form has its own message.
const cents = (text: string) => (text.trim() === '' ? undefined : (parseEuros(text) ?? Number.NaN));

/** The form's values as the contract's `policyInputSchema` reads them (cents, numbers). */
export function policyFormInput(values: PolicyFormValues): Record<string, unknown> {
  return {
    harvestYear: number(values.harvestYear),
    title: values.title,
    explanation: values.explanation,
    deadline: values.deadline ?? undefined,
    offers: values.offers.map((offer) => ({
      ...(offer.id === undefined ? {} : { id: offer.id }),
      name: offer.name,
      description: offer.description,
      adultPriceCents: cents(offer.adultPriceCents),
      childPriceCents: cents(offer.childPriceCents),
      requiredCredits: number(offer.requiredCredits),
    })),
  };
}

const schemaRules = zodValidate<PolicyFormValues>(policyInputSchema, policyFormInput);

/**
 * The contract's Dutch messages per field (`offers.1.name`), and `priceInvalid` for an amount that is
 * not one ("twaalf") instead of the schema's "vul … in".
 */
export function validatePolicyForm(values: PolicyFormValues, priceInvalid: string): FormErrors {
  const errors = schemaRules(values);
  values.offers.forEach((offer, index) => {
    for (const key of ['adultPriceCents', 'childPriceCents'] as const) {
      if (offer[key].trim() !== '' && parseEuros(offer[key]) === null)
        errors[`offers.${index}.${key}`] = priceInvalid;
    }
  });
  return errors;
}
