import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionSchema, isValidStructuredReference, policySchema } from '@pluk/contract';
import {
  bankTransactions,
  intentionPolicies,
  intentionPolicyOffers,
  intentionQuestionnaires,
  paymentEmails,
  subscriptions,
  userSubscriptions,
  users,
} from '../src/db/schema/index.js';
import { createBankTransaction, createSubscription, subscribeUser } from '../src/seed/factories.js';
import { codeOf, expectFieldError } from './helpers/bank-core.js';
import {
  answer,
  conversionUrl,
  createRound,
  farmDay,
  giveQuestionnaires,
  policyUrl,
  roundFarm,
  send,
  setDeadline,
  type PolicyAnswerBody,
  type RoundFarm,
} from './helpers/reenrolment.js';
import { type SmtpStandIn, startSmtpServer } from './helpers/smtp.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * The conversion (decision 079): after the deadline, the answers become next year's subscriptions (found
 * by name or made), memberships and bank transactions at the offer's prices for each household, with
 * their payment-needed e-mails waiting for review — in one database transaction, once. The races on
 * PostgreSQL are in reenrolment-races.test.ts.
 */

let ctx: TestContext;
let smtp: SmtpStandIn;
beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const dueDate = farmDay(45);

const preview = (farm: RoundFarm, policyId: number | string) =>
  send(ctx, farm, { method: 'GET', url: `${conversionUrl}?policyId=${policyId}`, as: farm.manager });
const convert = (farm: RoundFarm, body: object) =>
  send(ctx, farm, { method: 'POST', url: conversionUrl, as: farm.manager, payload: body });

interface Answered {
  farm: RoundFarm;
  round: PolicyAnswerBody;
  groot: number;
  klein: number;
}

/** Anna (two adults, one child) continues with both offers, Bert (alone) with the big one, the manager stops. */
async function answeredRound(): Promise<Answered> {
  const farm = await roundFarm(ctx, {
    settings: [
      { key: 'smtp.host', value: '127.0.0.1' },
      { key: 'smtp.port', value: String(smtp.port) },
      { key: 'bank.iban', value: 'BE68539007547034' },
      { key: 'bank.accountName', value: 'Hoeve vzw' },
    ],
  });
  const round = await createRound(ctx, farm);
  const [groot, klein] = round.offers.map((o) => o.id) as [number, number];
  await giveQuestionnaires(ctx, farm, round.id);
  for (const [member, body] of [
    [farm.anna, { choice: 'continue', offerIds: [groot, klein] }],
    [farm.bert, { choice: 'continue', offerIds: [groot] }],
    [farm.manager, { choice: 'stop' }],
  ] as const) {
    const response = await answer(ctx, farm, member, body);
    expect(response.statusCode, response.body).toBe(200);
  }
  return { farm, round, groot, klein };
}

/** Everything a conversion writes, for one farm: to compare before and after. */
async function writtenBy(farm: RoundFarm, round: PolicyAnswerBody) {
  const subs = await ctx.db.select().from(subscriptions).where(eq(subscriptions.appId, farm.appId));
  return {
    subscriptions: subs.map((s) => s.id).sort(),
    memberships: (
      await ctx.db.select().from(userSubscriptions).where(eq(userSubscriptions.appId, farm.appId))
    ).map((m) => m.id),
    transactions: (
      await ctx.db.select().from(bankTransactions).where(eq(bankTransactions.appId, farm.appId))
    ).map((t) => t.id),
    emails: (await ctx.db.select().from(paymentEmails).where(eq(paymentEmails.appId, farm.appId))).map(
      (e) => e.id,
    ),
    offerLinks: (
      await ctx.db
        .select({ subscriptionId: intentionPolicyOffers.subscriptionId })
        .from(intentionPolicyOffers)
        .where(eq(intentionPolicyOffers.policyId, round.id))
    ).map((o) => o.subscriptionId),
    converted: (
      await ctx.db
        .select({ convertedAt: intentionQuestionnaires.convertedAt })
        .from(intentionQuestionnaires)
        .where(eq(intentionQuestionnaires.policyId, round.id))
    ).filter((q) => q.convertedAt !== null).length,
    policyConvertedAt: (
      await ctx.db
        .select({ convertedAt: intentionPolicies.convertedAt })
        .from(intentionPolicies)
        .where(eq(intentionPolicies.id, round.id))
    )[0]?.convertedAt,
  };
}

describe('converting a round', () => {
  it('waits for the deadline: 409 POLICY_NOT_ENDED on the deadline day, nothing written', async () => {
    const { farm, round } = await answeredRound();
    await setDeadline(ctx, round.id, 0);
    const before = await writtenBy(farm, round);
    const response = await convert(farm, { policyId: round.id, dueDate });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('POLICY_NOT_ENDED');
    expect(await writtenBy(farm, round)).toEqual(before);
    // The preview is there any time.
    expect(conversionSchema.parse(json(await preview(farm, round.id)))).toMatchObject({ households: 2 });
  });

  it('makes subscriptions, memberships and one transaction per member and offer, for exactly the chosen prices', async () => {
    const { farm, round, groot, klein } = await answeredRound();
    await setDeadline(ctx, round.id, -1);
    const before = await writtenBy(farm, round);
    const previewed = conversionSchema.parse(json(await preview(farm, round.id)));
    const response = await convert(farm, { policyId: round.id, dueDate });
    expect(response.statusCode, response.body).toBe(200);
    const result = conversionSchema.parse(json(response));

    // Anna: 2 × 100 + 1 × 40 for Groot, 2 × 60 + 1 × 25 for Klein; Bert: 1 × 100 for Groot.
    const anna = { groot: 2 * 10_000 + 4_000, klein: 2 * 6_000 + 2_500 };
    const bert = { groot: 10_000 };
    const total = anna.groot + anna.klein + bert.groot;
    expect(result).toMatchObject({
      policyId: round.id,
      harvestYear: farm.year + 1,
      households: 2,
      subscriptionsCreated: 2,
      membershipsCreated: 3,
      transactionsCreated: 3,
      totalCents: total,
      paymentEmailsWaiting: 3,
    });
    const made = await ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.appId, farm.appId), eq(subscriptions.harvestYear, farm.year + 1)));
    const byName = new Map(made.map((s) => [s.name, s]));
    expect(byName.get('Groot pakket')).toMatchObject({
      description: 'Alles',
      adultPriceCents: 10_000,
      childPriceCents: 4_000,
      requiredCredits: 4,
      isActive: true,
      isOpenForRegistration: false,
    });
    const grootSub = byName.get('Groot pakket')!.id;
    const kleinSub = byName.get('Klein pakket')!.id;
    expect(result.offers).toEqual([
      {
        offerId: groot,
        name: 'Groot pakket',
        subscriptionId: grootSub,
        households: 2,
        totalCents: anna.groot + bert.groot,
      },
      {
        offerId: klein,
        name: 'Klein pakket',
        subscriptionId: kleinSub,
        households: 1,
        totalCents: anna.klein,
      },
    ]);
    // The preview said the same before anything was written.
    expect({ ...previewed, offers: previewed.offers.map((o) => ({ ...o, subscriptionId: null })) }).toEqual({
      ...result,
      offers: result.offers.map((o) => ({ ...o, subscriptionId: null })),
    });
    expect(previewed.offers.map((o) => o.subscriptionId)).toEqual([null, null]);

    const transactions = await ctx.db
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.appId, farm.appId))
      .orderBy(bankTransactions.id);
    expect(
      transactions.map((t) => [t.userId, t.subscriptionId, t.amountCents, t.description, t.payerName]),
    ).toEqual(
      expect.arrayContaining([
        [farm.anna.id, grootSub, anna.groot, `Abonnement Groot pakket ${farm.year + 1}`, 'Anna Aerts'],
        [farm.anna.id, kleinSub, anna.klein, `Abonnement Klein pakket ${farm.year + 1}`, 'Anna Aerts'],
        [farm.bert.id, grootSub, bert.groot, `Abonnement Groot pakket ${farm.year + 1}`, 'Bert Bosmans'],
      ]),
    );
    expect(transactions).toHaveLength(3);
    expect(transactions.reduce((sum, t) => sum + t.amountCents, 0)).toBe(total);
    for (const t of transactions) {
      expect(t).toMatchObject({ status: 'open', harvestYear: farm.year + 1, dueDate });
      expect(isValidStructuredReference(t.structuredReference)).toBe(true);
    }
    const memberships = await ctx.db
      .select({ userId: userSubscriptions.userId, subscriptionId: userSubscriptions.subscriptionId })
      .from(userSubscriptions)
      .where(eq(userSubscriptions.appId, farm.appId))
      // This year's, which everyone of the test farm has, aside.
      .then((rows) => rows.filter((row) => row.subscriptionId !== farm.thisYearSubscriptionId));
    expect(memberships).toHaveLength(3);
    expect(memberships).toEqual(
      expect.arrayContaining([
        { userId: farm.anna.id, subscriptionId: grootSub },
        { userId: farm.anna.id, subscriptionId: kleinSub },
        { userId: farm.bert.id, subscriptionId: grootSub },
      ]),
    );
    // The payment-needed e-mails wait for review: nothing is sent until a manager confirms them.
    const emails = await ctx.db.select().from(paymentEmails).where(eq(paymentEmails.appId, farm.appId));
    expect(emails.map((e) => [e.kind, e.status, e.createdByUserId])).toEqual(
      emails.map(() => ['needed', 'waiting', farm.manager.id]),
    );
    expect(emails.map((e) => e.transactionId).sort()).toEqual(transactions.map((t) => t.id).sort());
    await ctx.app.jobs.drain();
    expect(smtp.messages.filter((m) => m.to.includes(farm.anna.email))).toHaveLength(0);
    const annaMail = emails.find((e) => e.userId === farm.anna.id && e.textBody.includes('Klein'))!;
    expect(annaMail.textBody).toContain('€\u00a0145,00');

    const after = await writtenBy(farm, round);
    expect(after.offerLinks).toEqual([grootSub, kleinSub]);
    expect(after.converted).toBe(2);
    expect(after.policyConvertedAt).not.toBeNull();
    expect(after.subscriptions.length - before.subscriptions.length).toBe(2);
    const policy = policySchema.parse(
      json(await send(ctx, farm, { method: 'GET', url: `${policyUrl}/${round.id}`, as: farm.manager })),
    );
    expect(policy.offers.map((o) => o.subscriptionId)).toEqual([grootSub, kleinSub]);
    expect(policy.convertedAt).toBe(after.policyConvertedAt!.toISOString());
  });

  it('creates nothing twice: a second run and the preview after it answer zero', async () => {
    const { farm, round } = await answeredRound();
    await setDeadline(ctx, round.id, -1);
    expect(conversionSchema.parse(json(await convert(farm, { policyId: round.id, dueDate })))).toMatchObject({
      transactionsCreated: 3,
    });
    const once = await writtenBy(farm, round);
    const questionnaireTimes = await ctx.db
      .select({ id: intentionQuestionnaires.id, convertedAt: intentionQuestionnaires.convertedAt })
      .from(intentionQuestionnaires)
      .where(eq(intentionQuestionnaires.policyId, round.id))
      .orderBy(intentionQuestionnaires.id);
    const again = await convert(farm, { policyId: round.id, dueDate: farmDay(60) });
    expect(again.statusCode, again.body).toBe(200);
    const zero = {
      households: 0,
      subscriptionsCreated: 0,
      membershipsCreated: 0,
      transactionsCreated: 0,
      totalCents: 0,
      paymentEmailsWaiting: 0,
    };
    expect(conversionSchema.parse(json(again))).toMatchObject(zero);
    expect(conversionSchema.parse(json(await preview(farm, round.id)))).toMatchObject(zero);
    expect(await writtenBy(farm, round)).toEqual(once);
    // Converted questionnaires keep the moment they were converted.
    expect(
      await ctx.db
        .select({ id: intentionQuestionnaires.id, convertedAt: intentionQuestionnaires.convertedAt })
        .from(intentionQuestionnaires)
        .where(eq(intentionQuestionnaires.policyId, round.id))
        .orderBy(intentionQuestionnaires.id),
    ).toEqual(questionnaireTimes);
  });

  it('uses next year’s subscription of the same name, keeps what members have, and skips free ones', async () => {
    const { farm, round, groot, klein } = await answeredRound();
    // The manager made next year's "klein PAKKET" already, with other prices, and gave Anna it by hand.
    const existing = await createSubscription(ctx.db, {
      appId: farm.appId,
      name: 'klein PAKKET',
      harvestYear: farm.year + 1,
      adultPriceCents: 5_000,
      childPriceCents: 2_000,
    });
    await subscribeUser(ctx.db, { appId: farm.appId, userId: farm.anna.id, subscriptionId: existing.id });
    await createBankTransaction(ctx.db, {
      appId: farm.appId,
      userId: farm.anna.id,
      subscriptionId: existing.id,
      harvestYear: farm.year + 1,
      amountCents: 12_000,
    });
    // A free offer Bert also takes, and Cor answered before he was deactivated.
    const withFree = await send(ctx, farm, {
      method: 'PUT',
      url: `${policyUrl}/${round.id}`,
      as: farm.manager,
      payload: {
        harvestYear: farm.year + 1,
        title: round.title,
        deadline: farmDay(14),
        offers: [
          ...round.offers.map((o) => ({
            id: o.id,
            name: o.name,
            adultPriceCents: o.adultPriceCents,
            childPriceCents: o.childPriceCents,
          })),
          { name: 'Nieuwsbrief', adultPriceCents: 0, childPriceCents: 0 },
        ],
      },
    });
    expect(withFree.statusCode, withFree.body).toBe(200);
    const free = policySchema.parse(json(withFree)).offers[2]!.id;
    expect(
      (await answer(ctx, farm, farm.bert, { choice: 'continue', offerIds: [groot, free] })).statusCode,
    ).toBe(200);
    const cor = farm.cor;
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, cor.id));
    await giveQuestionnaires(ctx, farm, round.id);
    expect((await answer(ctx, farm, cor, { choice: 'continue', offerIds: [groot] })).statusCode).toBe(200);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, cor.id));
    await setDeadline(ctx, round.id, -1);

    const previewed = conversionSchema.parse(json(await preview(farm, round.id)));
    const result = conversionSchema.parse(json(await convert(farm, { policyId: round.id, dueDate })));
    expect(result).toEqual({ ...previewed, offers: result.offers });
    expect(result).toMatchObject({
      households: 2,
      // Groot and the free one are new; Klein is the manager's.
      subscriptionsCreated: 2,
      // Anna-Groot, Bert-Groot, Bert-Nieuwsbrief (Anna had Klein).
      membershipsCreated: 3,
      // Anna-Groot and Bert-Groot (Anna pays Klein already; the free one costs nothing).
      transactionsCreated: 2,
      totalCents: 24_000 + 10_000,
      paymentEmailsWaiting: 2,
    });
    expect(result.offers.find((o) => o.offerId === klein)).toMatchObject({
      subscriptionId: existing.id,
      households: 1,
      totalCents: 0,
    });
    expect(previewed.offers.find((o) => o.offerId === klein)?.subscriptionId).toBe(existing.id);
    expect(result.offers.find((o) => o.offerId === free)).toMatchObject({ households: 1, totalCents: 0 });
    const [kept] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, existing.id));
    expect(kept).toMatchObject({ name: 'klein PAKKET', adultPriceCents: 5_000 });
    const annaKlein = await ctx.db
      .select({ amountCents: bankTransactions.amountCents })
      .from(bankTransactions)
      .where(
        and(eq(bankTransactions.userId, farm.anna.id), eq(bankTransactions.subscriptionId, existing.id)),
      );
    expect(annaKlein).toEqual([{ amountCents: 12_000 }]);
    // Cor's answer waits: reactivated, a second run converts him alone.
    const [corQuestionnaire] = await ctx.db
      .select({ convertedAt: intentionQuestionnaires.convertedAt })
      .from(intentionQuestionnaires)
      .where(and(eq(intentionQuestionnaires.policyId, round.id), eq(intentionQuestionnaires.userId, cor.id)));
    expect(corQuestionnaire?.convertedAt).toBeNull();
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, cor.id));
    expect(conversionSchema.parse(json(await convert(farm, { policyId: round.id, dueDate })))).toMatchObject({
      households: 1,
      subscriptionsCreated: 0,
      membershipsCreated: 1,
      transactionsCreated: 1,
      totalCents: 10_000,
    });
  });

  it('marks members of the current harvest year as owing when the round’s year has begun', async () => {
    const { farm, round } = await answeredRound();
    await ctx.db
      .update(intentionPolicies)
      .set({ harvestYear: farm.year })
      .where(eq(intentionPolicies.id, round.id));
    await ctx.db
      .update(users)
      .set({ hasPaid: true })
      .where(inArray(users.id, [farm.anna.id, farm.manager.id]));
    await setDeadline(ctx, round.id, -1);
    expect(conversionSchema.parse(json(await convert(farm, { policyId: round.id, dueDate })))).toMatchObject({
      harvestYear: farm.year,
      transactionsCreated: 3,
    });
    const paid = await ctx.db
      .select({ id: users.id, hasPaid: users.hasPaid })
      .from(users)
      .where(inArray(users.id, [farm.anna.id, farm.manager.id]));
    expect(Object.fromEntries(paid.map((u) => [u.id, u.hasPaid]))).toEqual({
      [farm.anna.id]: false,
      [farm.manager.id]: true,
    });
  });

  it('is all or nothing: a refusal in the middle leaves no subscription, membership, transaction or mail', async () => {
    const { farm, round } = await answeredRound();
    await setDeadline(ctx, round.id, -1);
    const before = await writtenBy(farm, round);
    // Bert's transaction is refused by the database, after the subscriptions and memberships were made.
    await ctx.db.execute(
      sql.raw(
        `alter table bank_transactions add constraint test_refuse_bert check (payer_name <> 'Bert Bosmans') not valid`,
      ),
    );
    let response;
    try {
      response = await convert(farm, { policyId: round.id, dueDate });
    } finally {
      await ctx.db.execute(sql.raw('alter table bank_transactions drop constraint test_refuse_bert'));
    }
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('VALIDATION_ERROR');
    expect(await writtenBy(farm, round)).toEqual(before);
    expect(before.policyConvertedAt).toBeNull();
    expect(before.offerLinks).toEqual([null, null]);
    // Once the refusal is gone, the same conversion runs whole.
    expect(conversionSchema.parse(json(await convert(farm, { policyId: round.id, dueDate })))).toMatchObject({
      subscriptionsCreated: 2,
      membershipsCreated: 3,
      transactionsCreated: 3,
    });
  });

  it('answers bad input with 400 naming the field, and another farm’s or an unknown round with 404', async () => {
    const { farm, round } = await answeredRound();
    await setDeadline(ctx, round.id, -1);
    for (const [body, field] of [
      [{ policyId: round.id }, 'dueDate'],
      [{ policyId: round.id, dueDate: '2027-02-29' }, 'dueDate'],
      [{ policyId: round.id, dueDate: '31/12/2027' }, 'dueDate'],
      [{ policyId: round.id, dueDate: '2027-01-01\u0000' }, 'dueDate'],
      [{ policyId: 'x', dueDate }, 'policyId'],
      [{ policyId: 0, dueDate }, 'policyId'],
      [{ dueDate }, 'policyId'],
    ] as const) {
      expectFieldError(await convert(farm, body), field, /./, JSON.stringify(body));
    }
    for (const bad of ['x', '0', '-1', '2147483648', '']) {
      expectFieldError(await preview(farm, bad), 'policyId', /./, bad);
    }
    expect(codeOf(await convert(farm, { policyId: 2_000_000_000, dueDate }))).toBe('NOT_FOUND');
    expect(codeOf(await preview(farm, 2_000_000_000))).toBe('NOT_FOUND');
    const other = await roundFarm(ctx);
    const asOther = await send(ctx, other, {
      method: 'POST',
      url: conversionUrl,
      as: other.manager,
      payload: { policyId: round.id, dueDate },
    });
    expect(codeOf(asOther)).toBe('NOT_FOUND');
    expect((await writtenBy(farm, round)).converted).toBe(0);
  });
});
