import type { OfferSummary } from '@pluk/contract';

/** "2 kg", "3 stuks", or just "2" for an offer without a unit. */
export function formatQuantity(quantity: number, unit: string): string {
  return unit ? `${quantity} ${unit}` : String(quantity);
}

/** Why an offer cannot be reserved now, or null when it can (closed before ended before sold out). */
export function offerBlockedReason(
  offer: Pick<OfferSummary, 'isClosed' | 'hasEnded' | 'isSoldOut'>,
): 'reasonClosed' | 'reasonEnded' | 'reasonSoldOut' | null {
  if (offer.isClosed) return 'reasonClosed';
  if (offer.hasEnded) return 'reasonEnded';
  if (offer.isSoldOut) return 'reasonSoldOut';
  return null;
}

/** "Lien Lid" (or just the first name when there is no last name). */
export function fullName(person: { firstName: string; lastName: string }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}
