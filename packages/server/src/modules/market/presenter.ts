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

/** The columns of an offer a list shows (decision 056: lists answer only what they show, not the description). */
export type ProductSummaryRow = Pick<
  ProductRow,
  | 'id'
  | 'title'
  | 'priceCents'
  | 'quantity'
  | 'unit'
  | 'availableUntil'
  | 'isClosed'
  | 'ownerUserId'
  | 'createdAt'
>;

/** An offer as the lists read it: its listed columns, its owner, how much is taken (reserved or paid) and its photos. */
export interface OfferSummaryRead {
  product: ProductSummaryRow;
  owner: PersonRef;
  taken: number;
  photoIds: number[] | null;
}

/** An offer as its detail reads it: the whole row. */
export interface OfferRead extends OfferSummaryRead {
  product: ProductRow;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Whether the offer is past its `availableUntil` at `now`. */
export function offerHasEnded(product: Pick<ProductRow, 'availableUntil'>, now: Date): boolean {
  return product.availableUntil !== null && new Date(product.availableUntil).getTime() <= now.getTime();
}

export function presentOfferSummary(read: OfferSummaryRead, viewerId: number, now: Date): OfferSummary {
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
  read: OfferSummaryRead & { product: Pick<ProductRow, 'updatedAt'> },
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
