import { randomId } from '@mantine/hooks';
import { reenrolmentLimits, type PolicyOffer } from '@pluk/contract';
import { euroInputText } from '../../../../lib/euros';

/** One offer row of the round's form: prices as typed in euros ("62,50"); the API takes cents. */
export interface OfferRow {
  /** React's key for the row (an offer without an id has nothing else to go by). */
  key: string;
  /** The offer the round has already: kept and changed in place by the server. */
  id?: number;
  name: string;
  description: string;
  adultPriceCents: string;
  childPriceCents: string;
  requiredCredits: number | string;
}

/** What an offer can be copied from: a subscription of this harvest year. */
export interface OfferSource {
  name: string;
  description: string;
  adultPriceCents: number;
  childPriceCents: number;
  requiredCredits: number;
}

export const emptyOfferRow = (): OfferRow => ({
  key: randomId(),
  name: '',
  description: '',
  adultPriceCents: '',
  childPriceCents: '',
  requiredCredits: 0,
});

/** An offer (of the round, or a subscription to copy) as a row of the form. */
export function offerRow(offer: OfferSource & { id?: number }): OfferRow {
  return {
    key: randomId(),
    ...(offer.id === undefined ? {} : { id: offer.id }),
    name: offer.name,
    description: offer.description,
    adultPriceCents: euroInputText(offer.adultPriceCents),
    childPriceCents: euroInputText(offer.childPriceCents),
    requiredCredits: offer.requiredCredits,
  };
}

export const policyOfferRows = (offers: PolicyOffer[]): OfferRow[] => offers.map(offerRow);

const isBlank = (row: OfferRow) =>
  row.name.trim() === '' &&
  row.description.trim() === '' &&
  row.adultPriceCents.trim() === '' &&
  row.childPriceCents.trim() === '';

/**
 * The rows after copying `sources` in: rows left blank make way, a source whose name is there already
 * (case-insensitive, as the server compares them) is skipped, and a round keeps at most `offersMax`
 * offers. `added` counts the rows copied; `cut` says some did not fit.
 */
export function withCopiedOffers(
  rows: OfferRow[],
  sources: OfferSource[],
): { rows: OfferRow[]; added: number; cut: boolean } {
  const kept = rows.filter((row) => !isBlank(row));
  const names = new Set(kept.map((row) => row.name.trim().toLowerCase()));
  const fresh = sources.filter((source) => {
    const name = source.name.trim().toLowerCase();
    if (names.has(name)) return false;
    names.add(name);
    return true;
  });
  const room = Math.max(0, reenrolmentLimits.offersMax - kept.length);
  const added = fresh.slice(0, room).map(offerRow);
  const next = [...kept, ...added];
  return { rows: next.length > 0 ? next : rows, added: added.length, cut: fresh.length > room };
}
