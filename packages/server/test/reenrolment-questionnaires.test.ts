import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myCurrentQuestionnaireSchema, myQuestionnaireSchema, reenrolmentLimits } from '@pluk/contract';
import {
  householdMembers,
  households,
  intentionAnswerOffers,
  intentionQuestionnaires,
  users,
} from '../src/db/schema/index.js';
import { createSubscription, subscribeUser } from '../src/seed/factories.js';
import { codeOf, expectFieldError } from './helpers/bank-core.js';
import {
  answer,
  conversionUrl,
  createRound,
  farmDay,
  giveQuestionnaires,
  mineUrl,
  myQuestionnaireId,
  questionsUrl,
  roundFarm,
  send,
  setDeadline,
  type PolicyAnswerBody,
  type RoundFarm,
} from './helpers/reenrolment.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * Questionnaires (decision 079): the manager gives every active, approved member one per round (never
 * two); a member reads theirs priced for their household today and answers until the deadline day.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const give = (farm: RoundFarm, policyId: unknown, as = farm.manager) =>
  send(ctx, farm, { method: 'POST', url: questionsUrl, as, payload: { policyId } });
const mine = async (farm: RoundFarm, as: RoundFarm['anna']) =>
  myCurrentQuestionnaireSchema.parse(json(await send(ctx, farm, { method: 'GET', url: mineUrl, as })))
    .questionnaire;
const put = (farm: RoundFarm, id: number | string, payload: unknown, as: RoundFarm['anna']) =>
  send(ctx, farm, { method: 'PUT', url: `${mineUrl}/${id}`, as, payload: payload as object });

async function openRound(overrides: Parameters<typeof createRound>[2] = {}) {
  const farm = await roundFarm(ctx);
  const round = await createRound(ctx, farm, overrides);
  return { farm, round, groot: round.offers[0]!.id, klein: round.offers[1]!.id };
}

describe('createQuestionsForNextYear', () => {
  it('gives every active, approved member one open questionnaire, and nobody a second one', async () => {
    const { farm, round } = await openRound();
    expect(json(await give(farm, round.id))).toEqual({ created: 3, existing: 0 });
    const holders = await ctx.db
      .select({ userId: intentionQuestionnaires.userId, status: intentionQuestionnaires.status })
      .from(intentionQuestionnaires)
      .where(eq(intentionQuestionnaires.policyId, round.id));
    expect(holders.map((h) => h.userId).sort()).toEqual([farm.manager.id, farm.anna.id, farm.bert.id].sort());
    expect(holders.every((h) => h.status === 'open')).toBe(true);
    expect(json(await give(farm, round.id))).toEqual({ created: 0, existing: 3 });
    // A member approved since gets theirs on the next run; the others keep the one they have.
    await ctx.db.update(users).set({ isApproved: true, isActive: true }).where(eq(users.id, farm.dirk.id));
    expect(json(await give(farm, round.id))).toEqual({ created: 1, existing: 3 });
    const rows = await ctx.db
      .select()
      .from(intentionQuestionnaires)
      .where(eq(intentionQuestionnaires.policyId, round.id));
    expect(rows).toHaveLength(4);
  });

  it('is refused after the deadline (POLICY_ENDED) and after the conversion (POLICY_CONVERTED)', async () => {
    const { farm, round } = await openRound({ deadline: farmDay(0) });
    expect(codeOf(await give(farm, round.id))).toBe('OK');
    await setDeadline(ctx, round.id, -1);
    const ended = await give(farm, round.id);
    expect(ended.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(ended).error.message).toMatch(/deadline/);
    expect(codeOf(ended)).toBe('POLICY_ENDED');
    const converted = await send(ctx, farm, {
      method: 'POST',
      url: conversionUrl,
      as: farm.manager,
      payload: { policyId: round.id, dueDate: farmDay(30) },
    });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(codeOf(await give(farm, round.id))).toBe('POLICY_CONVERTED');
  });

  describe('who gets one (decision 090)', () => {
    /** An account of the farm outside the helper's members (who all have this year's subscription). */
    const account = (farm: RoundFarm, name: string, roles: string[] = []) =>
      ctx.createUser({
        appId: farm.appId,
        username: `${farm.appId}-${name}`,
        firstName: name,
        lastName: 'Extra',
        roles: roles as never,
      });
    const holdersOf = async (policyId: number) =>
      (
        await ctx.db
          .select({ userId: intentionQuestionnaires.userId })
          .from(intentionQuestionnaires)
          .where(eq(intentionQuestionnaires.policyId, policyId))
      )
        .map((row) => row.userId)
        .sort((a, b) => a - b);

    it('goes to members with a subscription this harvest year only: never staff-only accounts, nor members without one', async () => {
      const { farm, round } = await openRound();
      const analyst = await account(farm, 'analist', ['Analyst']);
      const newcomer = await account(farm, 'nieuw');
      const lastYear = await account(farm, 'vorigjaar');
      const old = await createSubscription(ctx.db, {
        appId: farm.appId,
        name: 'Seizoen vorig jaar',
        harvestYear: farm.year - 1,
      });
      await subscribeUser(ctx.db, { appId: farm.appId, userId: lastYear.id, subscriptionId: old.id });
      const bankWithSubscription = await account(farm, 'penning', ['BankManager']);
      await subscribeUser(ctx.db, {
        appId: farm.appId,
        userId: bankWithSubscription.id,
        subscriptionId: farm.thisYearSubscriptionId,
      });

      expect(json(await give(farm, round.id))).toEqual({ created: 4, existing: 0 });
      const holders = await holdersOf(round.id);
      expect(holders).toEqual(
        [farm.manager.id, farm.anna.id, farm.bert.id, bankWithSubscription.id].sort((a, b) => a - b),
      );
      for (const left of [analyst, newcomer, lastYear, farm.cor, farm.dirk]) {
        expect(holders).not.toContain(left.id);
      }
      expect(await mine(farm, analyst)).toBeNull();
      expect(await mine(farm, newcomer)).toBeNull();
    });

    it('goes to the members the manager picks, once, and refuses a staff-only account or a stranger', async () => {
      const { farm, round } = await openRound();
      const newcomer = await account(farm, 'nieuw');
      const analyst = await account(farm, 'analist', ['Analyst']);
      const other = await roundFarm(ctx);
      const pick = (userIds: unknown) =>
        send(ctx, farm, {
          method: 'POST',
          url: questionsUrl,
          as: farm.manager,
          payload: { policyId: round.id, userIds },
        });

      expect(json(await pick([newcomer.id, farm.anna.id, newcomer.id]))).toEqual({ created: 2, existing: 0 });
      expect(await holdersOf(round.id)).toEqual([farm.anna.id, newcomer.id].sort((a, b) => a - b));
      expect((await mine(farm, newcomer))?.needsAnswer).toBe(true);
      expect(json(await pick([newcomer.id]))).toEqual({ created: 0, existing: 1 });

      // A staff-only account is refused by name; nothing of the run is given.
      expectFieldError(
        await pick([farm.bert.id, analyst.id]),
        'userIds',
        /analist Extra.*alleen een beheerdersrol/,
      );
      // Another farm's member, a deactivated one and one waiting for approval are no members to ask here.
      for (const stranger of [other.anna, farm.cor, farm.dirk]) {
        expectFieldError(await pick([stranger.id]), 'userIds', /geen actief, goedgekeurd lid/);
      }
      expect(await holdersOf(round.id)).toEqual([farm.anna.id, newcomer.id].sort((a, b) => a - b));
      for (const bad of [[], 'x', Array.from({ length: 501 }, (_, i) => i + 1)]) {
        expectFieldError(await pick(bad), 'userIds', /./, JSON.stringify(bad).slice(0, 20));
      }
      for (const bad of [[0], [1.5], ['7']]) {
        expectFieldError(await pick(bad), 'userIds.0', /./, JSON.stringify(bad));
      }
      // Only the ApplicationManager gives questionnaires.
      const refused = await send(ctx, farm, {
        method: 'POST',
        url: questionsUrl,
        as: farm.anna,
        payload: { policyId: round.id, userIds: [farm.anna.id] },
      });
      expect(refused.statusCode).toBe(403);
    });

    it('pre-selects the offers named like this year’s subscriptions', async () => {
      const farm = await roundFarm(ctx);
      const round = await createRound(ctx, farm, {
        offers: [
          { name: 'Groot pakket', adultPriceCents: 10_000, childPriceCents: 4_000 },
          { name: 'SEIZOEN DIT JAAR', adultPriceCents: 6_000, childPriceCents: 2_500 },
        ],
      });
      await giveQuestionnaires(ctx, farm, round.id);
      const seizoen = round.offers.find((offer) => offer.name === 'SEIZOEN DIT JAAR')!.id;
      const anna = await mine(farm, farm.anna);
      expect(anna?.currentOfferIds).toEqual([seizoen]);
      expect(anna?.offerIds).toEqual([]);
    });
  });

  it('answers 404 for an unknown round and 400 for a bad id', async () => {
    const { farm } = await openRound();
    expect(codeOf(await give(farm, 2_000_000_000))).toBe('NOT_FOUND');
    for (const bad of ['1', 0, -3, 1.5, null, 'abc']) {
      expectFieldError(await give(farm, bad), 'policyId', /./, String(bad));
    }
  });
});

describe('my questionnaire', () => {
  it('is null before the manager gives questionnaires', async () => {
    const { farm } = await openRound();
    expect(await mine(farm, farm.anna)).toBeNull();
  });

  it('shows the round, my household today and every offer priced for it; the dialog shows until I answer', async () => {
    const { farm, round, groot, klein } = await openRound();
    await giveQuestionnaires(ctx, farm, round.id);
    const anna = myQuestionnaireSchema.parse(await mine(farm, farm.anna));
    expect(anna).toMatchObject({
      policy: {
        id: round.id,
        harvestYear: farm.year + 1,
        title: 'Doe je volgend jaar mee?',
        explanation: '<p>Kies je <strong>abonnementen</strong>.</p>',
        deadline: farmDay(14),
        isEnded: false,
      },
      status: 'open',
      choice: null,
      offerIds: [],
      remark: '',
      household: { adults: 2, children: 1 },
      totalCents: 0,
      submittedAt: null,
      isConverted: false,
      needsAnswer: true,
    });
    expect(anna.offers.map((o) => [o.id, o.priceCents])).toEqual([
      [groot, 2 * 10_000 + 4_000],
      [klein, 2 * 6_000 + 2_500],
    ]);
    const bert = myQuestionnaireSchema.parse(await mine(farm, farm.bert));
    expect(bert.household).toEqual({ adults: 1, children: 0 });
    expect(bert.offers.map((o) => o.priceCents)).toEqual([10_000, 6_000]);
    expect(bert.id).not.toBe(anna.id);
  });

  it('takes my answer, lets me change it until the deadline day, and replaces the chosen offers', async () => {
    const { farm, round, groot, klein } = await openRound({ deadline: farmDay(0) });
    await giveQuestionnaires(ctx, farm, round.id);
    const id = await myQuestionnaireId(ctx, farm, farm.anna);
    const first = await put(
      farm,
      id,
      { choice: 'continue', offerIds: [klein, groot], remark: '  Graag  ' },
      farm.anna,
    );
    expect(first.statusCode, first.body).toBe(200);
    const answered = myQuestionnaireSchema.parse(json(first));
    expect(answered).toMatchObject({
      status: 'submitted',
      choice: 'continue',
      offerIds: [groot, klein],
      remark: 'Graag',
      totalCents: 24_000 + 14_500,
      needsAnswer: false,
    });
    expect(answered.submittedAt).not.toBeNull();
    const changed = myQuestionnaireSchema.parse(
      json(await put(farm, id, { choice: 'continue', offerIds: [klein] }, farm.anna)),
    );
    expect(changed).toMatchObject({ offerIds: [klein], totalCents: 14_500, remark: '' });
    const stopped = myQuestionnaireSchema.parse(
      json(await put(farm, id, { choice: 'stop', offerIds: [groot], remark: 'We verhuizen' }, farm.anna)),
    );
    expect(stopped).toMatchObject({ choice: 'stop', offerIds: [], totalCents: 0, remark: 'We verhuizen' });
    expect(
      await ctx.db.select().from(intentionAnswerOffers).where(eq(intentionAnswerOffers.questionnaireId, id)),
    ).toEqual([]);
    // The thanks page reads the same.
    expect(json(await send(ctx, farm, { method: 'GET', url: `${mineUrl}/${id}`, as: farm.anna }))).toEqual(
      json(await send(ctx, farm, { method: 'GET', url: mineUrl, as: farm.anna })).questionnaire,
    );
  });

  it('prices at my household of today: a child added later changes the total', async () => {
    const { farm, round, groot } = await openRound();
    await giveQuestionnaires(ctx, farm, round.id);
    expect(codeOf(await answer(ctx, farm, farm.bert, { choice: 'continue', offerIds: [groot] }))).toBe('OK');
    const [household] = await ctx.db
      .select({ id: households.id })
      .from(households)
      .where(eq(households.holderUserId, farm.bert.id));
    await ctx.db.insert(householdMembers).values({
      appId: farm.appId,
      householdId: household!.id,
      name: 'Baby',
      yearOfBirth: 2025,
      isAdult: false,
      position: 1,
    });
    expect(await mine(farm, farm.bert)).toMatchObject({
      household: { adults: 1, children: 1 },
      totalCents: 10_000 + 4_000,
    });
  });

  it('refuses offers that are not this round’s (400 on offerIds) and changes nothing then', async () => {
    const { farm, round, groot } = await openRound();
    const later = await createRound(ctx, farm, { harvestYear: farm.year + 2 });
    const foreign = await openRound();
    await giveQuestionnaires(ctx, farm, round.id);
    const id = await myQuestionnaireId(ctx, farm, farm.anna);
    expect(codeOf(await put(farm, id, { choice: 'continue', offerIds: [groot] }, farm.anna))).toBe('OK');
    for (const [offerId, why] of [
      [later.offers[0]!.id, 'another round'],
      [foreign.groot, 'another farm'],
      [2_000_000_000, 'unknown'],
    ] as const) {
      const response = await put(farm, id, { choice: 'continue', offerIds: [groot, offerId] }, farm.anna);
      expectFieldError(response, 'offerIds', /hoort niet \(meer\) bij deze ronde/, why);
    }
    expectFieldError(
      await put(farm, id, { choice: 'continue', offerIds: [] }, farm.anna),
      'offerIds',
      /minstens/,
    );
    expectFieldError(
      await put(farm, id, { choice: 'continue', offerIds: [groot, groot] }, farm.anna),
      'offerIds',
      /één keer/,
    );
    expect(await mine(farm, farm.anna)).toMatchObject({ offerIds: [groot], choice: 'continue' });
  });

  it('closes after the deadline (409 POLICY_ENDED), also once converted; reading stays possible', async () => {
    const { farm, round, groot } = await openRound();
    await giveQuestionnaires(ctx, farm, round.id);
    const id = await myQuestionnaireId(ctx, farm, farm.anna);
    expect(codeOf(await put(farm, id, { choice: 'continue', offerIds: [groot] }, farm.anna))).toBe('OK');
    await setDeadline(ctx, round.id, -1);
    const late = await put(farm, id, { choice: 'stop' }, farm.anna);
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('POLICY_ENDED');
    expect(await mine(farm, farm.anna)).toMatchObject({
      choice: 'continue',
      policy: { isEnded: true },
      needsAnswer: false,
    });
    // Bert never answered: after the deadline the dialog no longer asks.
    expect(await mine(farm, farm.bert)).toMatchObject({ status: 'open', needsAnswer: false });
    await send(ctx, farm, {
      method: 'POST',
      url: conversionUrl,
      as: farm.manager,
      payload: { policyId: round.id, dueDate: farmDay(30) },
    });
    expect(codeOf(await put(farm, id, { choice: 'stop' }, farm.anna))).toBe('POLICY_ENDED');
    expect(await mine(farm, farm.anna)).toMatchObject({ isConverted: true, choice: 'continue' });
  });

  it('picks my newest round still open for answers, else my newest', async () => {
    const farm = await roundFarm(ctx);
    const next = await createRound(ctx, farm, { harvestYear: farm.year + 1, title: 'Volgend jaar' });
    const later = await createRound(ctx, farm, { harvestYear: farm.year + 2, title: 'Later' });
    await giveQuestionnaires(ctx, farm, next.id);
    await giveQuestionnaires(ctx, farm, later.id);
    expect((await mine(farm, farm.anna))?.policy.title).toBe('Later');
    await setDeadline(ctx, later.id, -1);
    expect((await mine(farm, farm.anna))?.policy.title).toBe('Volgend jaar');
    await setDeadline(ctx, next.id, -2);
    expect((await mine(farm, farm.anna))?.policy.title).toBe('Later');
  });
});

describe('whose questionnaire', () => {
  let farm: RoundFarm;
  let round: PolicyAnswerBody;
  let annaId: number;
  beforeAll(async () => {
    ({ farm, round } = await openRound());
    await giveQuestionnaires(ctx, farm, round.id);
    annaId = await myQuestionnaireId(ctx, farm, farm.anna);
  });

  it("a member can neither read nor answer another member's questionnaire (404)", async () => {
    expect(codeOf(await send(ctx, farm, { method: 'GET', url: `${mineUrl}/${annaId}`, as: farm.bert }))).toBe(
      'NOT_FOUND',
    );
    const attempt = await put(farm, annaId, { choice: 'stop' }, farm.bert);
    expect(codeOf(attempt)).toBe('NOT_FOUND');
    expect(await mine(farm, farm.anna)).toMatchObject({ status: 'open' });
    // A manager is a member here too: the member routes are about their own questionnaire only.
    expect(codeOf(await put(farm, annaId, { choice: 'stop' }, farm.manager))).toBe('NOT_FOUND');
  });

  it("a member of another farm does not reach this farm's questionnaires", async () => {
    const other = await roundFarm(ctx);
    expect(
      codeOf(await send(ctx, other, { method: 'GET', url: `${mineUrl}/${annaId}`, as: other.anna })),
    ).toBe('NOT_FOUND');
    expect(codeOf(await put(other, annaId, { choice: 'stop' }, other.anna))).toBe('NOT_FOUND');
    const [row] = await ctx.db
      .select({ status: intentionQuestionnaires.status })
      .from(intentionQuestionnaires)
      .where(and(eq(intentionQuestionnaires.id, annaId), eq(intentionQuestionnaires.appId, farm.appId)));
    expect(row?.status).toBe('open');
  });

  it('answers bad input with 400 naming the field', async () => {
    for (const id of ['abc', '0', '-1', '2147483648', '1.0']) {
      expect((await put(farm, id, { choice: 'stop' }, farm.anna)).statusCode, id).toBe(400);
      expect(
        (await send(ctx, farm, { method: 'GET', url: `${mineUrl}/${id}`, as: farm.anna })).statusCode,
      ).toBe(400);
    }
    const cases: [unknown, string][] = [
      [{ choice: 'misschien' }, 'choice'],
      [{}, 'choice'],
      [{ choice: 'stop', remark: 'x'.repeat(reenrolmentLimits.remarkMax + 1) }, 'remark'],
      [{ choice: 'stop', remark: 'nul\u0000' }, 'remark'],
      [{ choice: 'continue', offerIds: ['1'] }, 'offerIds.0'],
      [{ choice: 'continue', offerIds: [0] }, 'offerIds.0'],
      [{ choice: 'continue', offerIds: 'alle' }, 'offerIds'],
      [{ choice: 'continue', offerIds: Array.from({ length: 21 }, (_, i) => i + 1) }, 'offerIds'],
    ];
    for (const [body, field] of cases) {
      expectFieldError(
        await put(farm, annaId, body, farm.anna),
        field,
        /./,
        JSON.stringify(body).slice(0, 60),
      );
    }
    expect((await put(farm, annaId, null, farm.anna)).statusCode).toBe(400);
    expect(await mine(farm, farm.anna)).toMatchObject({ status: 'open' });
  });

  it('keeps the member routes for approved members', async () => {
    expect((await send(ctx, farm, { method: 'GET', url: mineUrl })).statusCode).toBe(401);
    expect(codeOf(await send(ctx, farm, { method: 'GET', url: mineUrl, as: farm.dirk }))).toBe(
      'ACCOUNT_NOT_APPROVED',
    );
    expect(codeOf(await send(ctx, farm, { method: 'GET', url: mineUrl, as: farm.cor }))).toBe(
      'ACCOUNT_INACTIVE',
    );
  });
});
