import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  managedSubscriptionSchema,
  memberSubscriptionSchema,
  myCreditsSchema,
  myMembershipSchema,
  mySubscriptionDetailSchema,
  subscriptionMemberSchema,
  subscriptionPriceInfoSchema,
} from '@pluk/contract';
import { z } from 'zod';
import { productReservations, products } from '../src/db/schema/index.js';
import { harvestYearOf } from '../src/modules/harvest-year.js';
import {
  createCrop,
  createSubscription,
  setPluk,
  subscribeUser,
  type CreatedUser,
} from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let manager: CreatedUser;
let lien: CreatedUser;
let solo: CreatedUser;
let foreignManager: CreatedUser;
const year = harvestYearOf(new Date(), { month: 3, day: 1 }).year;
const other = { appId: 'ander', host: 'ander.test' };
let foreignSubscription = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'beheerder', roles: ['ApplicationManager'] });
  // Lien, her partner and a child: 2 adults, 1 child.
  lien = await ctx.createUser({
    username: 'lien',
    firstName: 'Lien',
    lastName: 'Lid',
    household: [
      { name: 'Tom Lid', yearOfBirth: 1986, isAdult: true },
      { name: 'Fien Lid', yearOfBirth: 2016, isAdult: false },
    ],
  });
  solo = await ctx.createUser({ username: 'solo', firstName: 'Sam', lastName: 'Alleen' });
  await ctx.createApp({ appId: other.appId, name: 'Ander', hosts: [other.host] });
  foreignManager = await ctx.createUser({
    appId: other.appId,
    username: 'baas',
    roles: ['ApplicationManager'],
  });
  foreignSubscription = (
    await createSubscription(ctx.db, { appId: other.appId, name: 'Groenten', harvestYear: year })
  ).id;
});
afterAll(() => ctx.close());

const get = (url: string, as: CreatedUser) => ctx.request({ method: 'GET', url: `/api/${url}`, as });
const post = (url: string, as: CreatedUser, payload: unknown) =>
  ctx.request({ method: 'POST', url: `/api/${url}`, as, payload: payload as Record<string, unknown> });
const remove = (url: string, as: CreatedUser) => ctx.request({ method: 'DELETE', url: `/api/${url}`, as });
const errorOf = (response: { body: string }) => errorBodySchema.parse(JSON.parse(response.body)).error;

const groenten = {
  name: 'Groenten',
  description: 'Alle groenten van het seizoen',
  harvestYear: year,
  adultPriceCents: 12_550,
  childPriceCents: 4_025,
  requiredCredits: 6,
  isActive: true,
  isOpenForRegistration: true,
};

describe('subscriptions (ApplicationManager)', () => {
  let id = 0;
  it('creates with integer cents, refuses a name taken in the same year, allows it in another', async () => {
    const created = await post('applicationManager/subscription/Create', manager, groenten);
    expect(created.statusCode).toBe(200);
    const subscription = managedSubscriptionSchema.parse(json(created));
    id = subscription.id;
    expect(subscription).toMatchObject({ ...groenten, memberCount: 0 });

    const taken = await post('applicationManager/subscription/Create', manager, {
      ...groenten,
      name: 'GROENTEN',
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      code: 'SUBSCRIPTION_NAME_TAKEN',
      message: 'Er bestaat al een abonnement met deze naam in dit oogstjaar.',
    });
    const next = await post('applicationManager/subscription/Create', manager, {
      ...groenten,
      harvestYear: year + 1,
      adultPriceCents: 13_000,
      isOpenForRegistration: false,
    });
    expect(next.statusCode).toBe(200);

    const cents = await post('applicationManager/subscription/Create', manager, {
      ...groenten,
      name: 'Halve cent',
      adultPriceCents: 10.5,
    });
    expect(cents.statusCode).toBe(400);
    expect(errorOf(cents).fields?.adultPriceCents).toBe(
      'De prijs per volwassene is een bedrag in centen: een geheel getal.',
    );
  });

  it('gives users a subscription (a repeat answers the same) and prices their household', async () => {
    const first = await post('applicationManager/User/AddSubscription', manager, {
      userId: lien.id,
      subscriptionId: id,
    });
    expect(first.statusCode).toBe(200);
    const member = subscriptionMemberSchema.parse(json(first));
    expect(member).toMatchObject({ userId: lien.id, adults: 2, children: 1, priceCents: 2 * 12_550 + 4_025 });
    const repeat = await post('applicationManager/User/AddSubscription', manager, {
      userId: lien.id,
      subscriptionId: id,
    });
    expect(json(repeat)).toEqual(json(first));
    await post('applicationManager/User/AddSubscription', manager, { userId: solo.id, subscriptionId: id });
    const members = z
      .array(subscriptionMemberSchema)
      .parse(json(await get(`applicationManager/subscription/${id}/members`, manager)));
    expect(members.map((m) => [m.lastName, m.priceCents])).toEqual([
      ['Alleen', 12_550],
      ['Lid', 29_125],
    ]);
  });

  it('counts households, people and money this year and next', async () => {
    const info = json(await get(`applicationManager/subscription/info/${id}`, manager));
    expect(info).toEqual({
      harvestYear: year,
      name: 'Groenten',
      subscriptionId: id,
      households: 2,
      adults: 3,
      children: 1,
    });
    const price = subscriptionPriceInfoSchema.parse(
      json(await get(`applicationManager/subscription/infoPrice/${id}`, manager)),
    );
    expect(price).toMatchObject({
      adultsCents: 3 * 12_550,
      childrenCents: 4_025,
      totalCents: 3 * 12_550 + 4_025,
    });
    const nextPrice = subscriptionPriceInfoSchema.parse(
      json(await get(`applicationManager/subscription/infoPriceNext/${id}`, manager)),
    );
    expect(nextPrice).toMatchObject({
      harvestYear: year + 1,
      households: 0,
      adultPriceCents: 13_000,
      totalCents: 0,
    });
    expect(json(await get(`applicationManager/subscription/infoNext/${id}`, manager))).toMatchObject({
      harvestYear: year + 1,
      households: 0,
    });
  });

  it('refuses deleting a subscription members have, and moving it to another year', async () => {
    const refused = await remove(`applicationManager/subscription/${id}`, manager);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'SUBSCRIPTION_IN_USE',
      message: 'Dit abonnement heeft nog 2 leden. Haal ze er eerst af.',
    });
    const moved = await post('applicationManager/subscription/Update', manager, {
      id,
      ...groenten,
      harvestYear: year - 1,
    });
    expect(moved.statusCode).toBe(409);
    const renamed = await post('applicationManager/subscription/Update', manager, {
      id,
      ...groenten,
      description: 'Nieuw',
    });
    expect(managedSubscriptionSchema.parse(json(renamed))).toMatchObject({
      description: 'Nieuw',
      memberCount: 2,
    });

    expect((await remove(`applicationManager/User/${solo.id}/Subscription/${id}`, manager)).statusCode).toBe(
      204,
    );
    expect((await remove(`applicationManager/User/${solo.id}/Subscription/${id}`, manager)).statusCode).toBe(
      404,
    );

    const spare = managedSubscriptionSchema.parse(
      json(await post('applicationManager/subscription/Create', manager, { ...groenten, name: 'Reserve' })),
    );
    expect((await remove(`applicationManager/subscription/${spare.id}`, manager)).statusCode).toBe(204);
    expect((await remove(`applicationManager/subscription/${spare.id}`, manager)).statusCode).toBe(404);
  });

  it('answers another farm’s ids with 404', async () => {
    for (const url of [
      `applicationManager/subscription/${foreignSubscription}`,
      `applicationManager/subscription/info/${foreignSubscription}`,
      `applicationManager/subscription/infoPrice/${foreignSubscription}`,
      `applicationManager/subscription/${foreignSubscription}/members`,
    ]) {
      expect((await get(url, manager)).statusCode, url).toBe(404);
    }
    const add = await post('applicationManager/User/AddSubscription', manager, {
      userId: lien.id,
      subscriptionId: foreignSubscription,
    });
    expect(add.statusCode).toBe(404);
    const addForeignUser = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/AddSubscription',
      as: foreignManager,
      headers: { host: other.host },
      payload: { userId: lien.id, subscriptionId: foreignSubscription },
    });
    expect(addForeignUser.statusCode).toBe(404);
    const update = await post('applicationManager/subscription/Update', manager, {
      id: foreignSubscription,
      ...groenten,
    });
    expect(update.statusCode).toBe(404);
    expect((await remove(`applicationManager/subscription/${foreignSubscription}`, manager)).statusCode).toBe(
      404,
    );
    expect(
      (await get('applicationManager/subscription', manager)).json().map((s: { name: string }) => s.name),
    ).not.toContain('Ander');
  });
});

describe('my subscriptions (member)', () => {
  let open = 0;
  let closed = 0;
  let mine = 0;
  beforeAll(async () => {
    const appId = ctx.appId;
    open = (
      await createSubscription(ctx.db, {
        appId,
        name: 'Bloemen',
        harvestYear: year,
        adultPriceCents: 3_000,
        childPriceCents: 1_000,
        requiredCredits: 2,
        isOpenForRegistration: true,
      })
    ).id;
    closed = (await createSubscription(ctx.db, { appId, name: 'Fruit', harvestYear: year })).id;
    const all = z
      .array(managedSubscriptionSchema)
      .parse(json(await get('applicationManager/subscription', manager)));
    mine = all.find((s) => s.name === 'Groenten' && s.harvestYear === year)!.id;
    const sla = await createCrop(ctx.db, { appId, name: 'Sla', unit: 'krop' });
    await setPluk(ctx.db, {
      appId,
      cropId: sla.id,
      subscriptionId: mine,
      isPickable: true,
      amountPerShare: '2 kroppen',
    });
  });

  it('lists the farm’s subscriptions of this and next year with my household’s price', async () => {
    const list = z.array(memberSubscriptionSchema).parse(json(await get('subscription', lien)));
    expect(list.map((s) => [s.name, s.harvestYear, s.isMine, s.period])).toEqual([
      ['Bloemen', year, false, 'current'],
      ['Fruit', year, false, 'current'],
      ['Groenten', year, true, 'current'],
      ['Groenten', year + 1, false, 'next'],
    ]);
    expect(list.find((s) => s.name === 'Bloemen')).toMatchObject({
      adults: 2,
      children: 1,
      priceCents: 7_000,
    });
  });

  it('chooses among the open subscriptions only, the same answer on a repeat', async () => {
    const notOpen = await post('User/subscriptions', lien, { subscriptionIds: [open, closed] });
    expect(notOpen.statusCode).toBe(409);
    expect(errorOf(notOpen)).toMatchObject({
      code: 'SUBSCRIPTION_NOT_OPEN',
      message: 'Voor dit abonnement kan je je nu niet inschrijven.',
    });
    const foreign = await post('User/subscriptions', lien, { subscriptionIds: [foreignSubscription] });
    expect(foreign.statusCode).toBe(409);

    const chosen = await post('User/subscriptions', lien, { subscriptionIds: [open, mine] });
    expect(chosen.statusCode).toBe(200);
    const names = z
      .array(memberSubscriptionSchema)
      .parse(json(chosen))
      .map((s) => s.name);
    expect(names).toEqual(['Bloemen', 'Groenten']);
    const repeat = await post('User/subscriptions', lien, { subscriptionIds: [open, mine] });
    expect(json(repeat)).toEqual(json(chosen));
    expect(json(await get('User/subscriptions', lien))).toEqual(json(chosen));

    // Dropping an open one keeps the others.
    const dropped = z
      .array(memberSubscriptionSchema)
      .parse(json(await post('User/subscriptions', lien, { subscriptionIds: [mine] })));
    expect(dropped.map((s) => s.name)).toEqual(['Groenten']);
    await post('User/subscriptions', lien, { subscriptionIds: [open, mine] });
  });

  it('shows my household and subscriptions with their price, on either spelling of the path', async () => {
    for (const path of ['User/Membership', 'user/membership']) {
      const response = await get(path, lien);
      expect(response.statusCode, path).toBe(200);
      const membership = myMembershipSchema.parse(json(response));
      expect(membership.household.members.map((m) => [m.name, m.isAdult])).toEqual([
        ['Lien Lid', true],
        ['Tom Lid', true],
        ['Fien Lid', false],
      ]);
      expect(membership).toMatchObject({ adults: 2, children: 1, currentHarvestYear: year });
      expect(membership.subscriptions.map((s) => [s.name, s.priceCents])).toEqual([
        ['Bloemen', 2 * 3_000 + 1_000],
        ['Groenten', 2 * 12_550 + 4_025],
      ]);
    }
  });

  it('shows one of my subscriptions with its crops and credits; not mine is 404', async () => {
    const detail = mySubscriptionDetailSchema.parse(json(await get(`User/subscriptions/${mine}`, lien)));
    expect(detail).toMatchObject({
      name: 'Groenten',
      priceCents: 29_125,
      credits: { required: 6, earned: 0 },
      crops: [{ name: 'Sla', isPickable: true, amountPerShare: '2 kroppen', unit: 'krop' }],
    });
    expect(detail.household).toHaveLength(3);
    expect((await get(`User/subscriptions/${closed}`, lien)).statusCode).toBe(404);
    expect((await get(`User/subscriptions/${foreignSubscription}`, lien)).statusCode).toBe(404);
  });

  it('fills the credits my subscriptions require this year (the highest), null without one', async () => {
    const credits = myCreditsSchema.parse(json(await get('user/credits', lien)));
    expect(credits.required).toBe(6);
    const soloCredits = myCreditsSchema.parse(json(await get('user/credits', solo)));
    expect(soloCredits.required).toBeNull();
  });

  it('keeps another farm’s member out of my farm', async () => {
    await subscribeUser(ctx.db, { appId: ctx.appId, userId: solo.id, subscriptionId: closed });
    const soloList = z.array(memberSubscriptionSchema).parse(json(await get('User/subscriptions', solo)));
    expect(soloList.map((s) => s.name)).toEqual(['Fruit']);
  });
});

describe('the market’s takers (decision 074 fills their subscription names)', () => {
  it('names the taker’s subscriptions of this harvest year, by name', async () => {
    const [offer] = await ctx.db
      .insert(products)
      .values({ appId: ctx.appId, ownerUserId: manager.id, title: 'Eieren', quantity: 6, takenQuantity: 1 })
      .returning({ id: products.id });
    await ctx.db.insert(productReservations).values({
      appId: ctx.appId,
      productId: offer!.id,
      userId: lien.id,
      quantity: 1,
      unitPriceCents: 0,
      totalCents: 0,
    });
    const takers = json<{ subscriptionNames: string[] }[]>(
      await get(`applicationManager/product/takers/${offer!.id}`, manager),
    );
    expect(takers.map((t) => t.subscriptionNames)).toEqual([['Bloemen', 'Groenten']]);
  });
});
