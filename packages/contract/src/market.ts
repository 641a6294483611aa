import { z } from 'zod';
import {
  feedPageQuery,
  feedPageSchema,
  idField,
  idParam,
  idParamsSchema,
  isInPlannedYears,
  isoDateTimeSchema,
  plannedYearsMessage,
  urlBooleanSchema,
} from './common.js';
import { defineRoute, multipart } from './define-route.js';
import { centsField, idempotencyKeySchema, personRefSchema } from './money.js';

/**
 * The market (docs/product/community.md, "Market"; ADR 058). The API keeps the original name
 * `product` in its paths; the feature is called `market` in contract, server and web.
 */
export const marketLimits = {
  titleMax: 200,
  descriptionMax: 5000,
  unitMax: 50,
  pickupInfoMax: 1000,
  quantityMin: 1,
  quantityMax: 10_000,
  photosMax: 6,
  searchMax: 100,
} as const;

/** A reservation: `reserved` until the owner confirms it as paid or refuses it; the taker may cancel it. */
export const reservationStatusSchema = z.enum(['reserved', 'paid', 'refused', 'cancelled']);
export type ReservationStatus = z.infer<typeof reservationStatusSchema>;

/** What every view of an offer shows. */
const offerCoreShape = {
  id: z.number().int(),
  title: z.string(),
  /** Price per unit in cents of virtual money; 0 is free ("gratis"). */
  priceCents: z.number().int().min(0),
  isFree: z.boolean(),
  quantity: z.number().int(),
  /** What is not reserved or bought yet. */
  quantityLeft: z.number().int().min(0),
  unit: z.string(),
  availableUntil: isoDateTimeSchema.nullable(),
  isClosed: z.boolean(),
  isSoldOut: z.boolean(),
  hasEnded: z.boolean(),
  owner: personRefSchema,
  /** The offer's photos in order (fetch with `GET Media/:id`); the first is the cover. */
  photoIds: z.array(z.number().int()),
  isMine: z.boolean(),
  createdAt: isoDateTimeSchema,
};

export const offerSummarySchema = z.object(offerCoreShape);
export type OfferSummary = z.infer<typeof offerSummarySchema>;

/** One reservation of an offer. */
export const reservationSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  status: reservationStatusSchema,
  taker: personRefSchema,
  createdAt: isoDateTimeSchema,
  handledAt: isoDateTimeSchema.nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** One offer in full: the owner (and managers) see every reservation, others only their own. */
export const offerDetailSchema = offerSummarySchema.extend({
  description: z.string(),
  pickupInfo: z.string(),
  myReservations: z.array(reservationSchema),
  /** Every reservation, for the owner and a ProductManager; null for anyone else. */
  reservations: z.array(reservationSchema).nullable(),
});
export type OfferDetail = z.infer<typeof offerDetailSchema>;

/** free/paid filter of the list. */
export const priceFilterSchema = z.enum(['all', 'free', 'paid']);
export type PriceFilter = z.infer<typeof priceFilterSchema>;

const searchField = z
  .string()
  .trim()
  .max(marketLimits.searchMax, `Zoek op hoogstens ${marketLimits.searchMax} tekens.`)
  .optional();

/**
 * The member list and the home block (docs/product/api-and-routes.md, "Home": isCompleted=false,
 * pageSize=6, page=0, hasEnded=false): active offers, newest first. isCompleted=false leaves out closed
 * and sold-out offers; hasEnded=false leaves out offers past their availableUntil. Without them the
 * member list shows the same (a member never sees closed offers of others).
 */
export const offerListQuerySchema = z.object({
  isCompleted: urlBooleanSchema.optional(),
  hasEnded: urlBooleanSchema.optional(),
  search: searchField,
  price: priceFilterSchema.default('all'),
  ...feedPageQuery({ defaultSize: 20, maxSize: 50 }),
});
export type OfferListQuery = z.input<typeof offerListQuerySchema>;
export const offerPageSchema = feedPageSchema(offerSummarySchema);
export type OfferPage = z.infer<typeof offerPageSchema>;

const optionalDateTime = z
  .union([
    z.iso
      .datetime({ offset: true, message: 'Kies een geldige datum en uur.' })
      .refine(isInPlannedYears, plannedYearsMessage),
    z.null(),
  ])
  .default(null);

/**
 * The fields of the offer form: multipart text fields on the server (numbers as text, read with
 * zod's coerce), the same rules in the web form. Photos come as repeated `photos` files; an update keeps
 * the photos named in repeated `keepPhotoIds`.
 */
export const offerFieldsSchema = z.object({
  title: z
    .string({ error: 'Vul een titel in.' })
    .trim()
    .min(1, 'Vul een titel in.')
    .max(marketLimits.titleMax, `De titel is hoogstens ${marketLimits.titleMax} tekens lang.`),
  description: z
    .string()
    .trim()
    .max(
      marketLimits.descriptionMax,
      `De beschrijving is hoogstens ${marketLimits.descriptionMax} tekens lang.`,
    )
    .default(''),
  priceCents: z.coerce.number({ error: 'Vul een prijs in (0 is gratis).' }).pipe(centsField('de prijs')),
  quantity: z.coerce
    .number({ error: 'Vul een hoeveelheid in.' })
    .int('De hoeveelheid is een geheel getal.')
    .min(marketLimits.quantityMin, 'Bied minstens 1 aan.')
    .max(marketLimits.quantityMax, `Bied hoogstens ${marketLimits.quantityMax} aan.`),
  unit: z
    .string()
    .trim()
    .max(marketLimits.unitMax, `De eenheid is hoogstens ${marketLimits.unitMax} tekens lang.`)
    .default(''),
  pickupInfo: z
    .string()
    .trim()
    .max(
      marketLimits.pickupInfoMax,
      `De afhaalinformatie is hoogstens ${marketLimits.pickupInfoMax} tekens lang.`,
    )
    .default(''),
  availableUntil: optionalDateTime,
});
export type OfferFields = z.input<typeof offerFieldsSchema>;

/** Take (free) or buy (priced) a quantity; the same key returns the same reservation (ADR 058). */
export const reserveBodySchema = z.object({
  offerId: idField('offerId'),
  quantity: z
    .number({ error: 'Kies een hoeveelheid.' })
    .int('De hoeveelheid is een geheel getal.')
    .min(1, 'Kies minstens 1.')
    .max(marketLimits.quantityMax, `Kies hoogstens ${marketLimits.quantityMax}.`),
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type ReserveBody = z.infer<typeof reserveBodySchema>;

/** What take/buy answers and the confirmation screen keeps: the reservation and the offer after it. */
export const reserveResultSchema = z.object({ reservation: reservationSchema, offer: offerDetailSchema });
export type ReserveResult = z.infer<typeof reserveResultSchema>;

export const reservationIdBodySchema = z.object({ reservationId: idField('reservationId') });
export const offerIdBodySchema = z.object({ offerId: idField('offerId') });

/** One of my orders (`/account/market`): a reservation with its offer. */
export const orderSchema = z.object({ reservation: reservationSchema, offer: offerSummarySchema });
export type Order = z.infer<typeof orderSchema>;

/** My orders: what I reserved or bought, and what others reserved from my offers (newest first). */
export const myOrdersSchema = z.object({
  mine: z.array(orderSchema),
  fromOthers: z.array(orderSchema),
});
export type MyOrders = z.infer<typeof myOrdersSchema>;

/** The ProductManager's list: every offer (open and closed), with its counts. */
export const managerOfferSchema = offerSummarySchema.extend({
  reservedCount: z.number().int().min(0),
  paidCount: z.number().int().min(0),
  updatedAt: isoDateTimeSchema,
});
export type ManagerOffer = z.infer<typeof managerOfferSchema>;

export const managerOfferStatusSchema = z.enum(['all', 'active', 'closed']);
/** `open`: only offers with a reservation waiting for its owner (the to-do list's link, decision 092). */
export const managerOfferReservationsSchema = z.enum(['all', 'open']);
export const managerOfferQuerySchema = z.object({
  search: searchField,
  status: managerOfferStatusSchema.default('all'),
  price: priceFilterSchema.default('all'),
  reservations: managerOfferReservationsSchema.default('all'),
  ...feedPageQuery({ defaultSize: 20, maxSize: 100 }),
});
export type ManagerOfferQuery = z.input<typeof managerOfferQuerySchema>;
export const managerOfferPageSchema = feedPageSchema(managerOfferSchema);
export type ManagerOfferPage = z.infer<typeof managerOfferPageSchema>;

/** Someone who reserved an offer, as the ProductManager sees them: with contact and subscriptions. */
export const offerTakerSchema = reservationSchema.extend({
  email: z.string(),
  phone: z.string(),
  /** The names of the taker's subscriptions of the current harvest year, by name (decision 074). */
  subscriptionNames: z.array(z.string()),
});
export type OfferTaker = z.infer<typeof offerTakerSchema>;

/**
 * One reservation in the ProductManager's list of every reservation (ADR 096): with its offer and the
 * offer's owner (who receives the money on a confirm).
 */
export const managerReservationSchema = reservationSchema.extend({
  offer: z.object({
    id: z.number().int(),
    title: z.string(),
    unit: z.string(),
    owner: personRefSchema,
  }),
});
export type ManagerReservation = z.infer<typeof managerReservationSchema>;

export const managerReservationStatusSchema = z.enum(['all', 'reserved', 'paid', 'refused', 'cancelled'], {
  error: 'Kies een geldige status: all, reserved, paid, refused of cancelled.',
});
/**
 * Every reservation of the farm, newest first (ADR 096): `status` (default all), one offer's
 * (`offerId`), a search in the taker's name and the offer's title; 25 a page, at most 100.
 */
export const managerReservationQuerySchema = z.object({
  status: managerReservationStatusSchema.default('all'),
  offerId: idParam('offerId').optional(),
  search: searchField,
  ...feedPageQuery({ defaultSize: 25, maxSize: 100 }),
});
export type ManagerReservationQuery = z.input<typeof managerReservationQuerySchema>;
export const managerReservationPageSchema = feedPageSchema(managerReservationSchema);
export type ManagerReservationPage = z.infer<typeof managerReservationPageSchema>;

export const marketRoutes = {
  list: defineRoute({
    feature: 'market',
    method: 'GET',
    path: 'product',
    permission: 'member',
    summary:
      'Active offers, newest first, paged (page 0-based, or after=nextCursor); search in the title, ' +
      'price=free|paid. The home block asks isCompleted=false, pageSize=6, page=0, hasEnded=false.',
    query: offerListQuerySchema,
    response: { 200: offerPageSchema },
  }),
  detail: defineRoute({
    feature: 'market',
    method: 'GET',
    path: 'product/:id',
    permission: 'member',
    summary: 'One offer with its photos, pickup information, owner and my reservations (all, for its owner).',
    params: idParamsSchema,
    response: { 200: offerDetailSchema },
  }),
  create: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'product/create',
    permission: 'member',
    summary:
      'Puts up an offer from multipart fields title, description, priceCents, quantity, unit, pickupInfo, ' +
      'availableUntil and repeated `photos` (images, at most 6).',
    body: multipart,
    response: { 200: offerDetailSchema },
  }),
  update: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'product/update',
    permission: 'member',
    summary:
      'Changes my offer from multipart fields id, the offer fields, repeated `keepPhotoIds` and new ' +
      '`photos`; the quantity never drops below what is reserved or bought.',
    body: multipart,
    response: { 200: offerDetailSchema },
  }),
  take: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'product/take',
    permission: 'member',
    summary:
      'Reserves a quantity of a free offer; refused on a priced offer, my own, closed, ended or sold out.',
    body: reserveBodySchema,
    response: { 200: reserveResultSchema },
  }),
  buy: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'product/buy',
    permission: 'member',
    summary:
      'Reserves a quantity of an offer to pay with virtual money (a free one is taken); refused when I am ' +
      'not transactionable or my available money does not cover it.',
    body: reserveBodySchema,
    response: { 200: reserveResultSchema },
  }),
  cancel: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'product/cancel',
    permission: 'member',
    summary: 'Withdraws my reservation while the owner has not handled it.',
    body: reservationIdBodySchema,
    response: { 200: offerDetailSchema },
  }),
  confirm: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'product/confirm',
    permission: 'member',
    summary:
      "The offer's owner confirms a reservation as paid: the price moves buyer → owner in that transaction; " +
      'a repeated confirm changes nothing.',
    body: reservationIdBodySchema,
    response: { 200: offerDetailSchema },
  }),
  refuse: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'product/refuse',
    permission: 'member',
    summary: "The offer's owner refuses a reservation: its quantity is free again; the taker is notified.",
    body: reservationIdBodySchema,
    response: { 200: offerDetailSchema },
  }),
  close: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'product/close',
    permission: 'member',
    summary: 'Closes my offer: nobody can reserve it any more; open reservations can still be handled.',
    body: offerIdBodySchema,
    response: { 200: offerDetailSchema },
  }),
  remove: defineRoute({
    feature: 'market',
    method: 'DELETE',
    path: 'product/:id',
    permission: 'member',
    summary: 'Deletes my offer; refused once something of it was paid (close it instead).',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  myOffers: defineRoute({
    feature: 'market',
    method: 'GET',
    path: 'user/products',
    permission: 'member',
    summary: 'My offers, open and closed, newest first.',
    response: { 200: z.array(offerSummarySchema) },
  }),
  myOrders: defineRoute({
    feature: 'market',
    method: 'GET',
    path: 'user/productreservations',
    permission: 'member',
    summary: 'What I reserved or bought, and what others reserved from my offers, newest first.',
    response: { 200: myOrdersSchema },
  }),
  managerList: defineRoute({
    feature: 'market',
    method: 'GET',
    path: 'applicationManager/product',
    permission: { role: 'ProductManager' },
    summary: 'Every offer of the app, newest first, paged, with search, status and price filters.',
    query: managerOfferQuerySchema,
    response: { 200: managerOfferPageSchema },
  }),
  managerPaged: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'applicationManager/product/Paged',
    permission: { role: 'ProductManager' },
    summary:
      "The spec's paged offers call: the same list as GET applicationManager/product, its query in the body.",
    body: managerOfferQuerySchema,
    response: { 200: managerOfferPageSchema },
  }),
  managerReservations: defineRoute({
    feature: 'market',
    method: 'GET',
    path: 'applicationManager/product/reservations',
    permission: { role: 'ProductManager' },
    summary:
      'Every reservation of the farm, newest first, paged (page 0-based, or after=nextCursor), with its ' +
      'offer and owner; status, offerId and a search in the taker and the title filter it.',
    query: managerReservationQuerySchema,
    response: { 200: managerReservationPageSchema },
  }),
  managerDetail: defineRoute({
    feature: 'market',
    method: 'GET',
    path: 'applicationManager/product/:id',
    permission: { role: 'ProductManager' },
    summary: 'One offer with every reservation.',
    params: idParamsSchema,
    response: { 200: offerDetailSchema },
  }),
  managerCreate: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'applicationManager/product/Create',
    permission: { role: 'ProductManager' },
    summary: 'Puts up an offer of the farm (the manager is its owner); multipart as product/create.',
    body: multipart,
    response: { 200: offerDetailSchema },
  }),
  managerUpdate: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'applicationManager/product/Update',
    permission: { role: 'ProductManager' },
    summary: 'Changes any offer; multipart as product/update.',
    body: multipart,
    response: { 200: offerDetailSchema },
  }),
  managerConfirm: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'applicationManager/product/confirm',
    permission: { role: 'ProductManager' },
    summary: "Confirms a reservation of any offer as paid (the price moves buyer → the offer's owner).",
    body: reservationIdBodySchema,
    response: { 200: offerDetailSchema },
  }),
  managerRefuse: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'applicationManager/product/refuse',
    permission: { role: 'ProductManager' },
    summary: 'Refuses a reservation of any offer.',
    body: reservationIdBodySchema,
    response: { 200: offerDetailSchema },
  }),
  managerClose: defineRoute({
    feature: 'market',
    method: 'POST',
    path: 'applicationManager/product/Close/:id',
    permission: { role: 'ProductManager' },
    summary: 'Closes any offer.',
    params: idParamsSchema,
    response: { 200: offerDetailSchema },
  }),
  managerRemove: defineRoute({
    feature: 'market',
    method: 'DELETE',
    path: 'applicationManager/product/:id',
    permission: { role: 'ProductManager' },
    summary: 'Deletes any offer; refused once something of it was paid.',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  takers: defineRoute({
    feature: 'market',
    method: 'GET',
    path: 'applicationManager/product/takers/:id',
    permission: { role: 'ProductManager' },
    summary: 'Everyone who reserved the offer, with contact data and subscription names.',
    params: idParamsSchema,
    response: { 200: z.array(offerTakerSchema) },
  }),
  export: defineRoute({
    feature: 'market',
    method: 'GET',
    path: 'applicationManager/product/export/:id',
    permission: { role: 'ProductManager' },
    summary: 'The takers of an offer as a spreadsheet (.xlsx), for download.',
    params: idParamsSchema,
    response: 'file',
  }),
} as const;
