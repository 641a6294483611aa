import { formatPrice } from '@pluk/contract';
import type { NotificationInput } from '../notification/notify.js';

interface OfferInfo {
  id: number;
  title: string;
  unit: string;
}

const amount = (quantity: number, offer: OfferInfo) =>
  offer.unit ? `${quantity} ${offer.unit}` : `${quantity}`;
const link = (offer: OfferInfo) => `/market/offer/${offer.id}`;

/** To the owner: someone reserved a quantity of their offer. */
export function reservedNotification(
  ownerId: number,
  offer: OfferInfo,
  takerName: string,
  quantity: number,
  totalCents: number,
): NotificationInput {
  const price = totalCents > 0 ? ` voor ${formatPrice(totalCents)}` : '';
  return {
    userId: ownerId,
    title: `${takerName} reserveerde ${amount(quantity, offer)} van "${offer.title}"`,
    body:
      totalCents > 0
        ? `Bevestig de betaling${price} wanneer het afgehaald is, of weiger de reservatie.`
        : 'Spreek af wanneer het afgehaald wordt.',
    link: link(offer),
  };
}

/** To the buyer: the owner confirmed the reservation as paid. */
export function paidNotification(
  buyerId: number,
  offer: OfferInfo,
  quantity: number,
  totalCents: number,
): NotificationInput {
  return {
    userId: buyerId,
    title: `Je reservatie van "${offer.title}" is bevestigd`,
    body:
      totalCents > 0
        ? `${formatPrice(totalCents)} voor ${amount(quantity, offer)} ging van je portefeuille naar de aanbieder.`
        : `De aanbieder bevestigde ${amount(quantity, offer)}.`,
    link: link(offer),
  };
}

/** To the taker: the owner refused the reservation. */
export function refusedNotification(takerId: number, offer: OfferInfo, quantity: number): NotificationInput {
  return {
    userId: takerId,
    title: `Je reservatie van "${offer.title}" is geweigerd`,
    body: `De aanbieder weigerde je reservatie van ${amount(quantity, offer)}. Er werd niets betaald.`,
    link: link(offer),
  };
}

/** To takers still waiting: the offer was deleted. */
export function deletedNotification(takerId: number, offer: OfferInfo): NotificationInput {
  return {
    userId: takerId,
    title: `Het aanbod "${offer.title}" is verwijderd`,
    body: 'Je reservatie vervalt; er werd niets betaald.',
    link: '/market',
  };
}
