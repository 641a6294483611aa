import type {
  ManagerOffer,
  OfferDetail,
  OfferSummary,
  OfferTaker,
  PersonRef,
  Reservation,
  ReservationStatus,
} from '@pluk/contract';
import type { productReservations, products } from '../../db/schema/index.js';

export type ProductRow = typeof products.$inferSelect;
export type ReservationRow = typeof productReservations.$inferSelect;

/** An offer as the lists read it: the row, its owner, how much is taken (reserved or paid) and its photos. */
export interface OfferRead {
  product: ProductRow;
  owner: PersonRef;
  taken: number;
  photoIds: number[] | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Whether the offer is past its `availableUntil` at `now`. */
export function offerHasEnded(product: Pick<ProductRow, 'availableUntil'>, now: Date): boolean {
  return product.availableUntil !== null && new Date(product.availableUntil).getTime() <= now.getTime();
}

export function presentOfferSummary(read: OfferRead, viewerId: number, now: Date): OfferSummary {
  const { product } = read;
  const taken = Number(read.taken ?? 0);
  return {
    id: product.id,
    title: product.title,
    priceCents: product.priceCents,
    isFree: product.priceCents === 0,
    quantity: product.quantity,
    quantityLeft: Math.max(0, product.quantity - taken),
    unit: product.unit,
    availableUntil: product.availableUntil ? iso(product.availableUntil) : null,
    isClosed: product.isClosed,
    isSoldOut: taken >= product.quantity,
    hasEnded: offerHasEnded(product, now),
    owner: read.owner,
    // postgres.js and PGlite both read an int[]; an offer without photos has an empty one.
    photoIds: (read.photoIds ?? []).map(Number).filter((id) => Number.isInteger(id)),
    isMine: product.ownerUserId === viewerId,
    createdAt: iso(product.createdAt),
  };
}

export interface ReservationRead {
  reservation: ReservationRow;
  taker: PersonRef;
}

export function presentReservation({ reservation, taker }: ReservationRead): Reservation {
  return {
    id: reservation.id,
    offerId: reservation.productId,
    quantity: reservation.quantity,
    unitPriceCents: reservation.unitPriceCents,
    totalCents: reservation.totalCents,
    status: reservation.status as ReservationStatus,
    taker,
    createdAt: iso(reservation.createdAt),
    handledAt: reservation.handledAt ? iso(reservation.handledAt) : null,
  };
}

export function presentOfferDetail(
  read: OfferRead,
  reservations: ReservationRead[],
  viewerId: number,
  seesAll: boolean,
  now: Date,
): OfferDetail {
  const all = reservations.map(presentReservation);
  return {
    ...presentOfferSummary(read, viewerId, now),
    description: read.product.description,
    pickupInfo: read.product.pickupInfo,
    myReservations: all.filter((r) => r.taker.id === viewerId),
    reservations: seesAll ? all : null,
  };
}

export function presentManagerOffer(
  read: OfferRead,
  counts: { reservedCount: number; paidCount: number },
  viewerId: number,
  now: Date,
): ManagerOffer {
  return {
    ...presentOfferSummary(read, viewerId, now),
    reservedCount: Number(counts.reservedCount ?? 0),
    paidCount: Number(counts.paidCount ?? 0),
    updatedAt: iso(read.product.updatedAt),
  };
}

export function presentTaker(read: ReservationRead & { email: string; phone: string }): OfferTaker {
  return { ...presentReservation(read), email: read.email, phone: read.phone, subscriptionNames: [] };
}

/** A reservation's status in Dutch, for the spreadsheet. */
export const reservationStatusLabel: Record<ReservationStatus, string> = {
  reserved: 'gereserveerd',
  paid: 'betaald',
  refused: 'geweigerd',
  cancelled: 'geannuleerd',
};
