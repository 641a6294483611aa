import type { ManagerOffer, OfferDetail, OfferSummary, OfferTaker, Reservation } from '@pluk/contract';

/** The ProductManager's offer, detail and taker as the manager tests and the axe check use them. */
export function makeManagerOffer(overrides: Partial<ManagerOffer> = {}): ManagerOffer {
  return {
    id: 12,
    title: 'Verse eieren',
    priceCents: 250,
    isFree: false,
    quantity: 10,
    quantityLeft: 6,
    unit: 'doos',
    availableUntil: null,
    isClosed: false,
    isSoldOut: false,
    hasEnded: false,
    owner: { id: 7, firstName: 'Olga', lastName: 'Eigenaar' },
    photoIds: [],
    isMine: false,
    createdAt: '2030-05-01T10:00:00.000Z',
    reservedCount: 3,
    paidCount: 1,
    updatedAt: '2030-05-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeManagerOfferDetail(overrides: Partial<OfferDetail> = {}): OfferDetail {
  const { reservedCount: _r, paidCount: _p, updatedAt: _u, ...core } = makeManagerOffer();
  return {
    ...core,
    description: 'Van onze eigen kippen.',
    pickupInfo: 'In de schuur, vrijdag na 17 uur.',
    myReservations: [],
    reservations: [],
    ...overrides,
  };
}

export function makeOfferTaker(overrides: Partial<OfferTaker> = {}): OfferTaker {
  return {
    id: 41,
    offerId: 12,
    quantity: 2,
    unitPriceCents: 250,
    totalCents: 500,
    status: 'reserved',
    taker: { id: 3, firstName: 'Lien', lastName: 'Lid' },
    createdAt: '2030-05-02T10:00:00.000Z',
    handledAt: null,
    email: 'lid@example.be',
    phone: '0470 12 34 56',
    subscriptionNames: ['Groentepakket groot'],
    ...overrides,
  };
}

/** A member's offer, its detail and a reservation as the market tests and the axe check use them. */
export function makeOfferSummary(overrides: Partial<OfferSummary> = {}): OfferSummary {
  return {
    id: 5,
    title: 'Courgettes',
    priceCents: 250,
    isFree: false,
    quantity: 10,
    quantityLeft: 8,
    unit: 'kg',
    availableUntil: null,
    isClosed: false,
    isSoldOut: false,
    hasEnded: false,
    owner: { id: 7, firstName: 'Omer', lastName: 'Eigenaar' },
    photoIds: [11],
    isMine: false,
    createdAt: '2030-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeOfferDetail(overrides: Partial<OfferDetail> = {}): OfferDetail {
  return {
    ...makeOfferSummary(),
    description: 'Vers van het veld.',
    pickupInfo: 'Aan de schuur, na 17 uur.',
    myReservations: [],
    reservations: null,
    ...overrides,
  };
}

export function makeReservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 41,
    offerId: 5,
    quantity: 2,
    unitPriceCents: 250,
    totalCents: 500,
    status: 'reserved',
    taker: { id: 3, firstName: 'Lien', lastName: 'Lid' },
    createdAt: '2030-06-02T10:00:00.000Z',
    handledAt: null,
    ...overrides,
  };
}
