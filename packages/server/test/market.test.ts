import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  myOrdersSchema,
  offerDetailSchema,
  offerPageSchema,
  offerSummarySchema,
  reserveResultSchema,
  type OfferDetail,
  type ReserveResult,
} from '@pluk/contract';
import {
  ledgerEntries,
  media,
  notifications,
  productReservations,
  products,
  users,
  wallets,
} from '../src/db/schema/index.js';
import { bankWalletId, memberWalletId, moveMoney } from '../src/modules/wallet/ledger.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { multipartBody, tinyPng, type MultipartPart as Part } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let owner: CreatedUser;
let buyer: CreatedUser;
let poor: CreatedUser;
let outsider: CreatedUser;
let stranger: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.createUser({ username: 'olga', firstName: 'Olga', lastName: 'Oogst' });
  buyer = await ctx.createUser({ username: 'bram', firstName: 'Bram', lastName: 'Koper' });
  poor = await ctx.createUser({ username: 'piet', firstName: 'Piet', lastName: 'Platzak' });
  outsider = await ctx.createUser({ username: 'nele', firstName: 'Nele', lastName: 'Nietmee' });
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemd' });
  for (const u of [owner, buyer, poor, stranger]) await transactionable(u, true);
  await give(buyer, 10_000);
  await give(poor, 100);
});
afterAll(() => ctx.close());

async function transactionable(user: CreatedUser, on: boolean) {
  await ctx.db.update(users).set({ isTransactionable: on }).where(eq(users.id, user.id));
}

let donationCounter = 0;
/** Money from the farm's internal bank, as a donation would give it. */
async function give(user: CreatedUser, cents: number) {
  donationCounter += 1;
  await ctx.db.transaction(async (tx) =>
    moveMoney(tx, {
      appId: user.appId,
      fromWalletId: await bankWalletId(tx, user.appId),
      toWalletId: await memberWalletId(tx, user.appId, user.id),
      amountCents: cents,
      kind: 'donation',
      description: 'test',
      idempotencyKey: `test-donation:${donationCounter}`,
    }),
  );
}

async function balance(user: CreatedUser): Promise<number> {
  const [row] = await ctx.db
    .select({ balance: wallets.balanceCents })
    .from(wallets)
    .where(and(eq(wallets.appId, user.appId), eq(wallets.userId, user.id)));
  return row?.balance ?? 0;
}

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

const png = (fileName: string): Part => ({ name: 'photos', fileName, type: 'image/png', data: tinyPng });

function offerFields(overrides: Record<string, string> = {}): Part[] {
  const values: Record<string, string> = {
    title: 'Courgettes',
    description: 'Vers van het veld.',
    priceCents: '0',
    quantity: '5',
    unit: 'stuks',
    pickupInfo: 'Aan de schuur, na 17 u.',
    ...overrides,
  };
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

const create = (as: CreatedUser, parts: Part[], url = '/api/product/create') =>
  ctx.request({ method: 'POST', url, as, ...multipartBody(parts) });

async function createOffer(as: CreatedUser, overrides: Record<string, string> = {}, photos: Part[] = []) {
  const response = await create(as, [...offerFields(overrides), ...photos]);
  expect(response.statusCode, response.body).toBe(200);
  return offerDetailSchema.parse(json(response));
}

const reserve = (kind: 'take' | 'buy', as: CreatedUser, payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: `/api/product/${kind}`, as, payload });
const post = (url: string, as: CreatedUser, payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: `/api/${url}`, as, payload });
const detail = async (id: number, as: CreatedUser): Promise<OfferDetail> =>
  offerDetailSchema.parse(json(await ctx.request({ method: 'GET', url: `/api/product/${id}`, as })));
const list = async (as: CreatedUser, query = '') => {
  const response = await ctx.request({ method: 'GET', url: `/api/product${query}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return offerPageSchema.parse(json(response));
};

async function buy(as: CreatedUser, offerId: number, quantity: number, key?: string): Promise<ReserveResult> {
  const response = await reserve('buy', as, { offerId, quantity, ...(key ? { idempotencyKey: key } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return reserveResultSchema.parse(json(response));
}

describe('offers', () => {
  it('puts up an offer with photos, shows it in the list and detail, and serves its photo to members', async () => {
    const offer = await createOffer(owner, { title: 'Rode bieten' }, [png('biet.png'), png('biet2.png')]);
    expect(offer).toMatchObject({
      title: 'Rode bieten',
      isFree: true,
      quantity: 5,
      quantityLeft: 5,
      unit: 'stuks',
      isMine: true,
      isClosed: false,
      owner: { id: owner.id, firstName: 'Olga', lastName: 'Oogst' },
      reservations: [],
    });
    expect(offer.photoIds).toHaveLength(2);
    const page = await list(buyer, '?isCompleted=false&pageSize=6&page=0&hasEnded=false');
    const shown = page.items.find((o) => o.id === offer.id);
    expect(shown).toMatchObject({ isMine: false, photoIds: offer.photoIds });
    const asBuyer = await detail(offer.id, buyer);
    expect(asBuyer.reservations).toBeNull();
    expect(asBuyer.pickupInfo).toBe('Aan de schuur, na 17 u.');
    const photo = await ctx.request({ method: 'GET', url: `/api/Media/${offer.photoIds[0]}`, as: buyer });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
  });

  it('refuses bad fields (Dutch, per field), files that are no image, and too many photos', async () => {
    const noTitle = await create(owner, offerFields({ title: ' ', quantity: '0', priceCents: '' }));
    expect(noTitle.statusCode).toBe(400);
    expect(errorOf(noTitle)).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        title: 'Vul een titel in.',
        quantity: 'Bied minstens 1 aan.',
        priceCents: expect.any(String),
      },
    });
    const pdf = await create(owner, [
      ...offerFields(),
      { name: 'photos', fileName: 'x.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 x') },
    ]);
    expect(pdf.statusCode).toBe(415);
    expect(errorOf(pdf).code).toBe('FILE_TYPE_NOT_ALLOWED');
    // A PNG named .jpg is judged by its bytes and accepted; a text file named .png is not.
    const fake = await create(owner, [
      ...offerFields(),
      { name: 'photos', fileName: 'nep.png', type: 'image/png', data: Buffer.from('geen foto') },
    ]);
    expect(fake.statusCode).toBe(415);
    const seven = await create(owner, [
      ...offerFields(),
      ...Array.from({ length: 7 }, (_, i) => png(`${i}.png`)),
    ]);
    expect(seven.statusCode).toBe(400);
    expect(errorOf(seven).fields).toEqual({ photos: "Voeg hoogstens 6 foto's toe." });
    // Beyond the media upload's own limit of 10 files the answer still names the photo limit.
    const eleven = await create(owner, [
      ...offerFields(),
      ...Array.from({ length: 11 }, (_, i) => png(`${i}.png`)),
    ]);
    expect(eleven.statusCode).toBe(400);
    expect(errorOf(eleven).fields).toEqual({ photos: "Voeg hoogstens 6 foto's toe." });
    const before = await ctx.db.select().from(products).where(eq(products.ownerUserId, owner.id));
    expect(before.every((p) => p.title !== ' ')).toBe(true);
  });

  it('reads availableUntil (empty is none), refuses an invalid date, and hides the offer once it has passed', async () => {
    const until = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
    const dated = await createOffer(owner, { title: 'Asperges tot overmorgen', availableUntil: until });
    expect(dated).toMatchObject({ availableUntil: until, hasEnded: false });
    const open = await createOffer(owner, { title: 'Asperges zonder einde', availableUntil: '' });
    expect(open.availableUntil).toBeNull();
    const bad = await create(owner, offerFields({ availableUntil: 'morgen' }));
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ availableUntil: 'Kies een geldige datum en uur.' });
    const home = await list(buyer, '?isCompleted=false&pageSize=6&page=0&hasEnded=false&search=Asperges');
    expect(home.items.map((o) => o.id)).toEqual([open.id, dated.id]);
    await ctx.db
      .update(products)
      .set({ availableUntil: new Date(Date.now() - 60_000) })
      .where(eq(products.id, dated.id));
    const later = await list(buyer, '?isCompleted=false&pageSize=6&page=0&hasEnded=false&search=Asperges');
    expect(later.items.map((o) => o.id)).toEqual([open.id]);
    expect((await detail(dated.id, buyer)).hasEnded).toBe(true);
  });

  it('a priced offer needs an owner who trades with virtual money', async () => {
    const response = await create(outsider, offerFields({ priceCents: '250' }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('NOT_TRANSACTIONABLE');
    expect((await create(outsider, offerFields({ priceCents: '0' }))).statusCode).toBe(200);
  });

  it('lists with search and the free/paid filter; others never see closed, sold-out or ended offers', async () => {
    const free = await createOffer(owner, { title: 'Pompoen 100% bio_zoek' });
    const paid = await createOffer(owner, { title: 'Pompoensoep zoek', priceCents: '300' });
    const closed = await createOffer(owner, { title: 'Pompoen gesloten zoek' });
    await post('product/close', owner, { offerId: closed.id });
    const ended = await createOffer(owner, { title: 'Pompoen verlopen zoek' });
    await ctx.db
      .update(products)
      .set({ availableUntil: new Date(Date.now() - 1000) })
      .where(eq(products.id, ended.id));
    const soldOut = await createOffer(owner, { title: 'Pompoen op zoek', quantity: '1' });
    expect((await reserve('take', buyer, { offerId: soldOut.id, quantity: 1 })).statusCode).toBe(200);

    const ids = (page: { items: { id: number }[] }) => page.items.map((o) => o.id);
    expect(ids(await list(buyer, '?search=zoek'))).toEqual([paid.id, free.id]);
    expect(ids(await list(buyer, '?search=zoek&price=free'))).toEqual([free.id]);
    expect(ids(await list(buyer, '?search=zoek&price=paid'))).toEqual([paid.id]);
    // % and _ are searched literally.
    expect(ids(await list(buyer, `?search=${encodeURIComponent('100%')}`))).toEqual([free.id]);
    expect(ids(await list(buyer, '?search=zoek&hasEnded=true'))).toEqual([ended.id]);
    expect(ids(await list(buyer, '?search=zoek&isCompleted=true'))).toEqual([soldOut.id]);
    // The owner sees their own closed offer among the completed ones; nobody else does.
    expect(ids(await list(owner, '?search=zoek&isCompleted=true'))).toEqual([soldOut.id, closed.id]);
    // Paged with a cursor, newest first.
    const first = await list(buyer, '?search=zoek&pageSize=1');
    expect(first).toMatchObject({ total: 2, page: 0, pageSize: 1 });
    const second = await list(buyer, `?search=zoek&pageSize=1&after=${first.nextCursor}`);
    expect(ids(second)).toEqual([free.id]);
    expect(second.nextCursor).toBeNull();

    // Without a search (the home block's prepared query): the same filters, paged by cursor.
    const all = await list(buyer, '?pageSize=50');
    expect(all.items.map((o) => o.id)).toEqual(expect.arrayContaining([paid.id, free.id]));
    for (const hidden of [closed.id, ended.id, soldOut.id]) expect(ids(all)).not.toContain(hidden);
    const freeOnly = await list(buyer, '?price=free&pageSize=50');
    expect(freeOnly.items.every((o) => o.isFree)).toBe(true);
    expect(ids(freeOnly)).toContain(free.id);
    const endedOnly = await list(buyer, '?hasEnded=true&pageSize=50');
    expect(ids(endedOnly)).toContain(ended.id);
    expect(endedOnly.items.every((o) => o.hasEnded)).toBe(true);
    const pageOne = await list(buyer, '?pageSize=2');
    const pageTwo = await list(buyer, `?pageSize=2&after=${pageOne.nextCursor}`);
    expect(pageOne.total).toBe(all.items.length);
    expect([...ids(pageOne), ...ids(pageTwo)]).toEqual(ids(all).slice(0, 4));
  });
});

describe('take and buy', () => {
  it('takes a free offer; refuses my own, a priced one, too much, closed and ended offers', async () => {
    const offer = await createOffer(owner, { title: 'Sla', quantity: '3' });
    const taken = await reserve('take', buyer, { offerId: offer.id, quantity: 2 });
    expect(taken.statusCode, taken.body).toBe(200);
    const result = reserveResultSchema.parse(json(taken));
    expect(result.reservation).toMatchObject({ quantity: 2, totalCents: 0, status: 'reserved' });
    expect(result.offer.quantityLeft).toBe(1);
    expect(result.offer.myReservations).toHaveLength(1);

    const code = async (r: Promise<{ statusCode: number; json(): unknown }>) => {
      const response = await r;
      return [response.statusCode, (response.json() as { error: { code: string } }).error.code];
    };
    expect(await code(reserve('take', owner, { offerId: offer.id, quantity: 1 }))).toEqual([
      409,
      'OFFER_OWN',
    ]);
    expect(await code(reserve('take', poor, { offerId: offer.id, quantity: 2 }))).toEqual([
      409,
      'OFFER_SOLD_OUT',
    ]);
    const priced = await createOffer(owner, { title: 'Honing', priceCents: '500' });
    expect(await code(reserve('take', buyer, { offerId: priced.id, quantity: 1 }))).toEqual([
      409,
      'OFFER_NOT_FREE',
    ]);
    await post('product/close', owner, { offerId: offer.id });
    expect(await code(reserve('take', poor, { offerId: offer.id, quantity: 1 }))).toEqual([
      409,
      'OFFER_CLOSED',
    ]);
    const ended = await createOffer(owner, { title: 'Oud brood' });
    await ctx.db
      .update(products)
      .set({ availableUntil: new Date(Date.now() - 1) })
      .where(eq(products.id, ended.id));
    expect(await code(reserve('take', buyer, { offerId: ended.id, quantity: 1 }))).toEqual([
      409,
      'OFFER_ENDED',
    ]);
    // The owner was told of the reservation.
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.link, `/market/offer/${offer.id}`)));
    expect(note?.title).toBe('Bram Koper reserveerde 2 stuks van "Sla"');
  });

  it('buys with virtual money: needs trading on and enough available money; the same key returns the same reservation', async () => {
    const offer = await createOffer(owner, { title: 'Eieren', priceCents: '150', quantity: '10' });
    await transactionable(outsider, false);
    const notTrading = await reserve('buy', outsider, { offerId: offer.id, quantity: 1 });
    expect([notTrading.statusCode, errorOf(notTrading).code]).toEqual([409, 'NOT_TRANSACTIONABLE']);
    // Piet has 1,00: one egg (1,50) is too much.
    const tooPoor = await reserve('buy', poor, { offerId: offer.id, quantity: 1 });
    expect([tooPoor.statusCode, errorOf(tooPoor).code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(errorOf(tooPoor).message).toContain('1,50 plukgeld');

    const first = await buy(buyer, offer.id, 2, 'koop-eieren-1');
    expect(first.reservation).toMatchObject({ unitPriceCents: 150, totalCents: 300, status: 'reserved' });
    const again = await buy(buyer, offer.id, 2, 'koop-eieren-1');
    expect(again.reservation.id).toBe(first.reservation.id);
    expect(again.offer.quantityLeft).toBe(8);
    const reused = await reserve('buy', buyer, {
      offerId: offer.id,
      quantity: 3,
      idempotencyKey: 'koop-eieren-1',
    });
    expect([reused.statusCode, errorOf(reused).code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    // A free offer bought is taken.
    const free = await createOffer(owner, { title: 'Kruiden' });
    expect((await buy(poor, free.id, 1)).reservation.totalCents).toBe(0);
    // Nothing moved yet: the money is only reserved.
    expect(await balance(buyer)).toBe(10_000);
  });

  it('never promises more than the buyer has available (balance minus what waits)', async () => {
    const offer = await createOffer(owner, { title: 'Kaas', priceCents: '40', quantity: '10' });
    await give(poor, 0 + 20); // Piet: 1,20
    await buy(poor, offer.id, 2); // 0,80 reserved
    const more = await reserve('buy', poor, { offerId: offer.id, quantity: 2 });
    expect([more.statusCode, errorOf(more).code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    await buy(poor, offer.id, 1); // 1,20 reserved in all
  });
});

describe('confirm, refuse and cancel', () => {
  it('the owner confirms: the price moves buyer → owner once; a repeat changes nothing', async () => {
    const offer = await createOffer(owner, { title: 'Appels', priceCents: '225', quantity: '6' });
    const { reservation } = await buy(buyer, offer.id, 2);
    const before = { buyer: await balance(buyer), owner: await balance(owner) };

    const foreign = await post('product/confirm', outsider, { reservationId: reservation.id });
    expect([foreign.statusCode, errorOf(foreign).code]).toEqual([403, 'FORBIDDEN']);
    const byBuyer = await post('product/confirm', buyer, { reservationId: reservation.id });
    expect(byBuyer.statusCode).toBe(403);

    const confirmed = await post('product/confirm', owner, { reservationId: reservation.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const view = offerDetailSchema.parse(json(confirmed));
    expect(view.reservations?.find((r) => r.id === reservation.id)?.status).toBe('paid');
    expect(await balance(buyer)).toBe(before.buyer - 450);
    expect(await balance(owner)).toBe(before.owner + 450);
    const entries = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reservationId, reservation.id));
    expect(entries).toEqual([
      expect.objectContaining({
        amountCents: 450,
        kind: 'purchase',
        idempotencyKey: `purchase:${reservation.id}`,
        description: 'Appels (2 stuks)',
      }),
    ]);
    const repeat = await post('product/confirm', owner, { reservationId: reservation.id });
    expect(repeat.statusCode).toBe(200);
    expect(await balance(buyer)).toBe(before.buyer - 450);
    expect(
      await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.reservationId, reservation.id)),
    ).toHaveLength(1);
    // Paid cannot be refused (no refunds) nor cancelled.
    const refuse = await post('product/refuse', owner, { reservationId: reservation.id });
    expect([refuse.statusCode, errorOf(refuse).code]).toEqual([409, 'RESERVATION_ALREADY_HANDLED']);
    const cancel = await post('product/cancel', buyer, { reservationId: reservation.id });
    expect([cancel.statusCode, errorOf(cancel).code]).toEqual([409, 'RESERVATION_ALREADY_HANDLED']);
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, buyer.id),
          eq(notifications.title, 'Je reservatie van "Appels" is bevestigd'),
        ),
      );
    expect(note?.body).toBe('4,50 plukgeld voor 2 stuks ging van je portefeuille naar de aanbieder.');
  });

  it('refuse frees the quantity, moves nothing and tells the taker; confirm after refuse is 409', async () => {
    const offer = await createOffer(owner, { title: 'Peren', priceCents: '100', quantity: '2' });
    const { reservation } = await buy(buyer, offer.id, 2);
    const before = await balance(buyer);
    const refused = await post('product/refuse', owner, { reservationId: reservation.id });
    expect(refused.statusCode).toBe(200);
    expect(offerDetailSchema.parse(json(refused)).quantityLeft).toBe(2);
    expect((await post('product/refuse', owner, { reservationId: reservation.id })).statusCode).toBe(200);
    const confirm = await post('product/confirm', owner, { reservationId: reservation.id });
    expect([confirm.statusCode, errorOf(confirm).code]).toEqual([409, 'RESERVATION_ALREADY_HANDLED']);
    expect(await balance(buyer)).toBe(before);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, buyer.id),
          eq(notifications.title, 'Je reservatie van "Peren" is geweigerd'),
        ),
      );
    expect(notes).toHaveLength(1);
  });

  it('the taker cancels while it waits; someone else cannot', async () => {
    const offer = await createOffer(owner, { title: 'Wortels', quantity: '2' });
    const { reservation } = reserveResultSchema.parse(
      json(await reserve('take', buyer, { offerId: offer.id, quantity: 2 })),
    );
    const byOther = await post('product/cancel', poor, { reservationId: reservation.id });
    expect(byOther.statusCode).toBe(404);
    const cancelled = await post('product/cancel', buyer, { reservationId: reservation.id });
    expect(cancelled.statusCode).toBe(200);
    expect(offerDetailSchema.parse(json(cancelled))).toMatchObject({ quantityLeft: 2 });
    expect((await post('product/cancel', buyer, { reservationId: reservation.id })).statusCode).toBe(200);
    const confirm = await post('product/confirm', owner, { reservationId: reservation.id });
    expect(errorOf(confirm).code).toBe('RESERVATION_ALREADY_HANDLED');
  });
});

describe('change, close and delete', () => {
  it('updates fields and photos (kept, removed with their media, added); never below what is taken', async () => {
    const offer = await createOffer(owner, { title: 'Tomaten', quantity: '4' }, [png('a.png'), png('b.png')]);
    await reserve('take', buyer, { offerId: offer.id, quantity: 3 });
    const [keep, drop] = offer.photoIds;
    const update = (as: CreatedUser, overrides: Record<string, string>, extra: Part[] = []) =>
      ctx.request({
        method: 'POST',
        url: '/api/product/update',
        as,
        ...multipartBody([
          { name: 'id', value: String(offer.id) },
          ...offerFields({ title: 'Tomaten', ...overrides }),
          ...extra,
        ]),
      });
    const tooLow = await update(owner, { quantity: '2' });
    expect([tooLow.statusCode, errorOf(tooLow).code]).toEqual([409, 'OFFER_QUANTITY_TOO_LOW']);
    expect(errorOf(tooLow).fields).toEqual({
      quantity: 'Er is al 3 gereserveerd of verkocht; kies minstens 3.',
    });
    expect((await update(buyer, { quantity: '9' })).statusCode).toBe(403);

    const changed = await update(owner, { title: 'Trostomaten', quantity: '3' }, [
      { name: 'keepPhotoIds', value: String(keep) },
      png('c.png'),
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    const view = offerDetailSchema.parse(json(changed));
    expect(view).toMatchObject({ title: 'Trostomaten', quantity: 3, quantityLeft: 0, isSoldOut: true });
    expect(view.photoIds).toHaveLength(2);
    expect(view.photoIds[0]).toBe(keep);
    expect(await ctx.db.select().from(media).where(eq(media.id, drop!))).toEqual([]);
    // The kept photos take the order keepPhotoIds names.
    const [first, second] = view.photoIds;
    const reordered = await update(owner, { title: 'Trostomaten', quantity: '3' }, [
      { name: 'keepPhotoIds', value: String(second) },
      { name: 'keepPhotoIds', value: String(first) },
    ]);
    expect(offerDetailSchema.parse(json(reordered)).photoIds).toEqual([second, first]);
    const tooMany = await update(
      owner,
      { quantity: '3' },
      Array.from({ length: 5 }, (_, i) => png(`${i}.png`)),
    );
    expect(tooMany.statusCode).toBe(400);
  });

  it('closes (owner only) and deletes: refused once something was paid', async () => {
    const offer = await createOffer(owner, { title: 'Prei', priceCents: '10', quantity: '5' }, [
      png('prei.png'),
    ]);
    expect((await post('product/close', buyer, { offerId: offer.id })).statusCode).toBe(403);
    const { reservation } = await buy(buyer, offer.id, 1);
    await post('product/confirm', owner, { reservationId: reservation.id });
    const closed = await post('product/close', owner, { offerId: offer.id });
    expect(offerDetailSchema.parse(json(closed)).isClosed).toBe(true);
    const del = await ctx.request({ method: 'DELETE', url: `/api/product/${offer.id}`, as: owner });
    expect([del.statusCode, errorOf(del).code]).toEqual([409, 'OFFER_HAS_PAYMENTS']);

    const other = await createOffer(owner, { title: 'Selder' }, [png('selder.png')]);
    await reserve('take', buyer, { offerId: other.id, quantity: 1 });
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/product/${other.id}`, as: buyer })).statusCode,
    ).toBe(403);
    const gone = await ctx.request({ method: 'DELETE', url: `/api/product/${other.id}`, as: owner });
    expect(gone.statusCode).toBe(204);
    expect(await ctx.db.select().from(products).where(eq(products.id, other.id))).toEqual([]);
    expect(await ctx.db.select().from(media).where(eq(media.id, other.photoIds[0]!))).toEqual([]);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/product/${other.id}`, as: owner })).statusCode,
    ).toBe(404);
  });
});

describe('my offers and orders, comments, other farms', () => {
  it('lists my offers and my orders (mine and from others)', async () => {
    const offer = await createOffer(owner, { title: 'Bonen', priceCents: '50' });
    const { reservation } = await buy(buyer, offer.id, 1);
    const orders = myOrdersSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/user/productreservations', as: buyer })),
    );
    expect(orders.mine[0]).toMatchObject({ reservation: { id: reservation.id }, offer: { id: offer.id } });
    const ownerOrders = myOrdersSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/user/productreservations', as: owner })),
    );
    expect(ownerOrders.fromOthers[0]).toMatchObject({
      reservation: { id: reservation.id, taker: { id: buyer.id, firstName: 'Bram' } },
      offer: { id: offer.id, isMine: true },
    });
    const mine = json<unknown[]>(await ctx.request({ method: 'GET', url: '/api/user/products', as: owner }));
    expect(mine.map((o) => offerSummarySchema.parse(o).id)).toContain(offer.id);
  });

  it('comments on an offer of the app; another farm’s offer is 404', async () => {
    const offer = await createOffer(owner, { title: 'Spinazie' });
    const added = await post('comment/create', buyer, {
      subjectType: 'offer',
      subjectId: offer.id,
      body: 'Nog vers?',
    });
    expect(added.statusCode, added.body).toBe(200);
    const foreign = await ctx.request({
      method: 'POST',
      url: '/api/comment/create',
      as: stranger,
      headers: { host: 'ander.test' },
      payload: { subjectType: 'offer', subjectId: offer.id, body: 'Hallo' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("another farm's offer and reservation are unreachable", async () => {
    const offer = await createOffer(owner, { title: 'Ajuin', priceCents: '20' }, [png('ajuin.png')]);
    const { reservation } = await buy(buyer, offer.id, 1);
    const as = { as: stranger, headers: { host: 'ander.test' } };
    expect((await ctx.request({ method: 'GET', url: `/api/product/${offer.id}`, ...as })).statusCode).toBe(
      404,
    );
    for (const [url, payload] of [
      ['product/take', { offerId: offer.id, quantity: 1 }],
      ['product/buy', { offerId: offer.id, quantity: 1 }],
      ['product/confirm', { reservationId: reservation.id }],
      ['product/refuse', { reservationId: reservation.id }],
      ['product/cancel', { reservationId: reservation.id }],
      ['product/close', { offerId: offer.id }],
    ] as const) {
      const response = await ctx.request({ method: 'POST', url: `/api/${url}`, payload, ...as });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await ctx.request({ method: 'DELETE', url: `/api/product/${offer.id}`, ...as })).statusCode).toBe(
      404,
    );
    const photo = await ctx.request({ method: 'GET', url: `/api/Media/${offer.photoIds[0]}`, ...as });
    expect(photo.statusCode).toBe(404);
    const comments = await ctx.request({ method: 'GET', url: `/api/comment/offer/${offer.id}`, ...as });
    expect(comments.statusCode).toBe(404);
    const theirList = await ctx.request({ method: 'GET', url: '/api/product', ...as });
    expect(offerPageSchema.parse(json(theirList)).items.map((o) => o.id)).not.toContain(offer.id);
    const [still] = await ctx.db
      .select()
      .from(productReservations)
      .where(eq(productReservations.id, reservation.id));
    expect(still?.status).toBe('reserved');
  });
});
