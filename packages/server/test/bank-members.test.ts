import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bankMemberSchema, bankSubscriptionSchema, type BankMember } from '@pluk/contract';
import {
  createBankTransaction,
  createSubscription,
  subscribeUser,
  type CreatedUser,
} from '../src/seed/factories.js';
import { bankTestContext, codeOf, expectFieldError, type BankCast } from './helpers/bank-core.js';
import { json, type TestContext } from './helpers/test-app.js';
import { genericPlan, statementsDuring } from './helpers/query-plan.js';

/**
 * `POST applicationManager/bank/members` and `GET applicationManager/bank/subscriptions`: what a
 * BankManager picks from ("Nieuwe transactie", the bank list's filters) without the ApplicationManager's
 * users list and subscription routes. Approved members of the own farm only, by name, with the
 * household's price of each subscription of the harvest year and whether a live transaction exists.
 */

let ctx: TestContext;
let cast: BankCast;
let jan: CreatedUser;
let mia: CreatedUser;
let dirk: CreatedUser;
let groot: { id: number };
let appel: { id: number };
let vorig: { id: number };

const membersUrl = '/api/applicationManager/bank/members';
const subscriptionsUrl = '/api/applicationManager/bank/subscriptions';

/** As the BankManager unless said otherwise; `null` calls without a token. */
function members(body: object, as: CreatedUser | null = cast.bankManager) {
  return ctx.request({ method: 'POST', url: membersUrl, as: as ?? undefined, payload: body });
}

async function found(body: object): Promise<BankMember[]> {
  const response = await members(body);
  expect(response.statusCode, response.body).toBe(200);
  return z.array(bankMemberSchema).parse(json(response));
}

const names = (list: BankMember[]) => list.map((member) => member.name);

beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext('lid'));
  const year = cast.year;
  jan = await ctx.createUser({
    username: 'jan',
    firstName: 'Jan',
    lastName: 'Peeters',
    email: 'jan.peeters@veld.test',
    household: [
      { name: 'Partner', isAdult: true, yearOfBirth: null },
      { name: 'Kind', isAdult: false, yearOfBirth: 2018 },
    ],
  });
  mia = await ctx.createUser({
    username: 'mia',
    firstName: 'Mia',
    lastName: 'Claes',
    email: 'mia@hoeve.test',
  });
  // Deactivated: no login any more, but still someone who can owe the farm.
  dirk = await ctx.createUser({
    username: 'dirk',
    firstName: 'Dirk',
    lastName: 'de Smet',
    email: 'dirk@veld.test',
    active: false,
  });
  // Waiting for approval: not a member yet.
  await ctx.createUser({
    username: 'wim',
    firstName: 'Wim',
    lastName: 'Wachter',
    email: 'wim@veld.test',
    approved: false,
  });
  // Found by the username alone, which the picker does not search.
  await ctx.createUser({
    username: 'janneman',
    firstName: 'Piet',
    lastName: 'Poot',
    email: 'piet@veld.test',
  });

  groot = await createSubscription(ctx.db, {
    appId: ctx.appId,
    name: 'Groot',
    harvestYear: year,
    adultPriceCents: 10_000,
    childPriceCents: 4_050,
  });
  appel = await createSubscription(ctx.db, {
    appId: ctx.appId,
    name: 'appel',
    harvestYear: year,
    adultPriceCents: 2_500,
    childPriceCents: 0,
  });
  vorig = await createSubscription(ctx.db, {
    appId: ctx.appId,
    name: 'Groot',
    harvestYear: year - 1,
    adultPriceCents: 9_000,
    childPriceCents: 3_000,
  });
  const subscribe = (user: CreatedUser, subscription: { id: number }) =>
    subscribeUser(ctx.db, { appId: ctx.appId, userId: user.id, subscriptionId: subscription.id });
  await subscribe(jan, groot);
  await subscribe(jan, vorig);
  await subscribe(mia, groot);
  await subscribe(mia, appel);
  await subscribe(dirk, appel);
  const transaction = (user: CreatedUser, subscription: { id: number }, harvestYear = year) =>
    createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: user.id,
      subscriptionId: subscription.id,
      harvestYear,
      amountCents: 1_000,
    });
  // Jan: open for Groot. Mia: Groot cancelled (a new one may be made), appel paid.
  await transaction(jan, groot);
  const cancelled = await transaction(mia, groot);
  const paid = await transaction(mia, appel);
  const manage = (path: string, payload?: object) =>
    ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/${path}`,
      as: cast.bankManager,
      payload,
    });
  expect((await manage(`cancel/${cancelled.id}`)).statusCode).toBe(200);
  expect((await manage(`markPayed/${paid.id}`, { via: 'cash' })).statusCode).toBe(200);

  // The other farm: a Jan with a subscription of the same name and year.
  const elsewhere = await ctx.createUser({
    appId: cast.otherFarm,
    username: 'jan',
    firstName: 'Jan',
    lastName: 'Peeters',
    email: 'jan@ander.test',
  });
  const theirs = await createSubscription(ctx.db, {
    appId: cast.otherFarm,
    name: 'Groot',
    harvestYear: year,
    adultPriceCents: 1,
  });
  await subscribeUser(ctx.db, { appId: cast.otherFarm, userId: elsewhere.id, subscriptionId: theirs.id });
});
afterAll(() => ctx.close());

describe('POST applicationManager/bank/members', () => {
  it("finds members by first or last name, the whole name or e-mail, in any case, with this year's subscriptions", async () => {
    for (const search of ['jan', 'PEETERS', 'Jan Peeters', 'peeters@VELD', '  jan  ']) {
      expect(names(await found({ search })), search).toEqual(['Jan Peeters']);
    }
    const [found_jan] = await found({ search: 'Jan Peeters' });
    expect(found_jan).toEqual({
      userId: jan.id,
      name: 'Jan Peeters',
      email: 'jan.peeters@veld.test',
      subscriptions: [
        {
          subscriptionId: groot.id,
          name: 'Groot',
          harvestYear: cast.year,
          // The household: Jan and a partner (adults), one child.
          priceCents: 2 * 10_000 + 4_050,
          hasLiveTransaction: true,
        },
      ],
    });
    expect(names(await found({ search: 'hoeve.test' }))).toEqual(['Mia Claes']);
  });

  it('says per subscription whether an open or paid transaction exists (a cancelled one does not count)', async () => {
    const [found_mia] = await found({ search: 'mia' });
    expect(found_mia?.subscriptions).toEqual([
      {
        subscriptionId: appel.id,
        name: 'appel',
        harvestYear: cast.year,
        priceCents: 2_500,
        hasLiveTransaction: true,
      },
      {
        subscriptionId: groot.id,
        name: 'Groot',
        harvestYear: cast.year,
        priceCents: 10_000,
        hasLiveTransaction: false,
      },
    ]);
  });

  it('another harvest year: that year’s subscriptions and prices', async () => {
    const [found_jan] = await found({ search: 'jan peeters', harvestYear: cast.year - 1 });
    expect(found_jan?.subscriptions).toEqual([
      {
        subscriptionId: vorig.id,
        name: 'Groot',
        harvestYear: cast.year - 1,
        priceCents: 2 * 9_000 + 3_000,
        hasLiveTransaction: false,
      },
    ]);
    const [mia_then] = await found({ search: 'mia', harvestYear: cast.year + 1 });
    expect(mia_then?.subscriptions).toEqual([]);
  });

  it('without a search: every approved member by last and first name (deactivated ones too, never a waiting one)', async () => {
    const list = await found({});
    // bankCast's five have the last name "Test".
    expect(names(list)).toEqual([
      'Mia Claes',
      'Dirk de Smet',
      'Jan Peeters',
      'Piet Poot',
      'Admin Test',
      'Bankier Test',
      'Beheerder Test',
      'Klusser Test',
      'Lid Test',
    ]);
    expect(list.find((member) => member.userId === dirk.id)?.subscriptions.map((s) => s.name)).toEqual([
      'appel',
    ]);
    expect(names(await found({ search: 'wachter' }))).toEqual([]);
  });

  it('searches names and e-mail, not the username; %, _ and \\ are only characters', async () => {
    expect(names(await found({ search: 'janneman' }))).toEqual([]);
    for (const search of ['%', '_', '\\', 'j%n']) expect(await found({ search }), search).toEqual([]);
  });

  it('answers at most 20, by name', async () => {
    for (let i = 1; i <= 22; i++) {
      const number = String(i).padStart(2, '0');
      await ctx.createUser({ username: `reeks${number}`, firstName: 'Reeks', lastName: `Lid ${number}` });
    }
    const list = await found({ search: 'reeks' });
    expect(names(list)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Reeks Lid ${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('with userId: that member only; never another farm’s', async () => {
    expect(names(await found({ userId: mia.id }))).toEqual(['Mia Claes']);
    expect(names(await found({ userId: mia.id, search: 'jan' }))).toEqual([]);
    const theirs = await ctx.request({
      method: 'POST',
      url: membersUrl,
      as: cast.otherBankManager,
      headers: { host: `${cast.otherFarm}.test` },
      payload: { search: 'jan' },
    });
    const [other] = z.array(bankMemberSchema).parse(json(theirs));
    expect(other?.email).toBe('jan@ander.test');
    expect(names(await found({ userId: other!.userId }))).toEqual([]);
  });

  it("never lists another farm's members or subscriptions", async () => {
    const list = await found({ search: 'jan' });
    expect(list.map((member) => member.email)).toEqual(['jan.peeters@veld.test']);
    const everyone = await found({});
    expect(everyone.some((member) => member.email.endsWith('@ander.test'))).toBe(false);
    expect(everyone.every((member) => !member.name.startsWith('Vreemd'))).toBe(true);
  });

  it('is for a BankManager (and the roles above): a member 403, anonymous 401', async () => {
    expect((await members({}, cast.bankManager)).statusCode).toBe(200);
    expect((await members({}, cast.applicationManager)).statusCode).toBe(200);
    expect((await members({}, cast.admin)).statusCode).toBe(200);
    const member = await members({}, cast.member);
    expect(member.statusCode).toBe(403);
    expect(codeOf(member)).toBe('FORBIDDEN');
    expect(codeOf(await members({}, cast.taskManager))).toBe('FORBIDDEN');
    const anonymous = await members({}, null);
    expect(anonymous.statusCode).toBe(401);
    expect(codeOf(anonymous)).toBe('UNAUTHORIZED');
  });

  it('answers bad input with 400 and a Dutch message on the field', async () => {
    const cases: [object, string, RegExp][] = [
      [{ search: 'x'.repeat(101) }, 'search', /hoogstens 100/],
      [{ search: 12 }, 'search', /naam of e-mailadres/],
      [{ harvestYear: 1999 }, 'harvestYear', /oogstjaar tussen/],
      [{ harvestYear: 'dit jaar' }, 'harvestYear', /oogstjaar/],
      [{ harvestYear: 2026.5 }, 'harvestYear', /jaartal/],
      [{ userId: 0 }, 'userId', /./],
      [{ userId: 'jan' }, 'userId', /./],
    ];
    for (const [body, field, message] of cases) {
      expectFieldError(await members(body), field, message, JSON.stringify(body));
    }
    for (const payload of ['null', '[]', '"jan"', '{"search": ']) {
      const response = await ctx.request({
        method: 'POST',
        url: membersUrl,
        as: cast.bankManager,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});

describe('GET applicationManager/bank/subscriptions', () => {
  const subscriptionsOf = async (query = '', as: CreatedUser | null = cast.bankManager) =>
    ctx.request({ method: 'GET', url: `${subscriptionsUrl}${query}`, as: as ?? undefined });

  it("lists the farm's subscriptions, the latest year first, then by name; or one year's", async () => {
    const all = await subscriptionsOf();
    expect(all.statusCode, all.body).toBe(200);
    expect(z.array(bankSubscriptionSchema).parse(json(all))).toEqual([
      { id: appel.id, name: 'appel', harvestYear: cast.year },
      { id: groot.id, name: 'Groot', harvestYear: cast.year },
      { id: vorig.id, name: 'Groot', harvestYear: cast.year - 1 },
    ]);
    expect(json(await subscriptionsOf(`?harvestYear=${cast.year - 1}`))).toEqual([
      { id: vorig.id, name: 'Groot', harvestYear: cast.year - 1 },
    ]);
    expect(json(await subscriptionsOf(`?harvestYear=${cast.year + 3}`))).toEqual([]);
  });

  it('is for a BankManager: a member 403, anonymous 401; a bad year 400', async () => {
    expect((await subscriptionsOf('', cast.member)).statusCode).toBe(403);
    expect((await subscriptionsOf('', null)).statusCode).toBe(401);
    for (const query of ['?harvestYear=abc', '?harvestYear=1999', '?harvestYear=2026.5']) {
      const response = await subscriptionsOf(query);
      expect(response.statusCode, query).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_ERROR');
    }
  });
});

/** The statements of one members call. */
async function statementsOf(body: object) {
  const { result: response, statements } = await statementsDuring(() => members(body));
  expect(response.statusCode, response.body).toBe(200);
  return statements;
}

/** The one statement that reads the members, by name. */
async function membersStatement(body: object) {
  const list = (await statementsOf(body)).filter((s) =>
    /order by lower\("users"\."last_name"\)/.test(s.query),
  );
  expect(list).toHaveLength(1);
  return list[0]!;
}

describe('the members are read through an index', () => {
  it('the farm’s rows only, through an index; a search on the expression of the users’ trigram index', async () => {
    for (const body of [{}, { search: 'peeters' }]) {
      const plan = await genericPlan(ctx.db, await membersStatement(body));
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/Index (Only )?Scan using users_\w+ on users|users_app_search_trgm/);
    }
    // On these few rows PostgreSQL reads the farm's index; on a large farm the search's condition is
    // the one `users_app_search_trgm` holds (the users list's name filter, ADR 056), letter for letter.
    const { query } = await membersStatement({ search: 'peeters' });
    expect(query).toContain(
      `("users"."username" || ' ' || "users"."first_name" || ' ' || "users"."last_name" || ' ' || "users"."email") ilike`,
    );
  });

  it('three statements for any number of members: the members, their subscriptions, their households', async () => {
    const statements = await statementsOf({ search: 'reeks' });
    // (The signed-in user may be read too: the members are the statement ordered by name.)
    const count = (pattern: RegExp) => statements.filter((s) => pattern.test(s.query)).length;
    expect(count(/order by lower\("users"\."last_name"\)/)).toBe(1);
    expect(count(/from "user_subscriptions"/)).toBe(1);
    expect(count(/from "households"/)).toBe(1);
    // Whether a live transaction exists is asked within the subscriptions' statement.
    const subscriptionReads = statements.filter((s) => /from "user_subscriptions"/.test(s.query));
    expect(subscriptionReads[0]?.query).toMatch(/exists \(\(select 1 from "bank_transactions"/);
    expect(count(/from "bank_transactions"/)).toBe(1);
  });
});
