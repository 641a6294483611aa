import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionSchema, createQuestionsResultSchema, remindResultSchema } from '@pluk/contract';
import {
  bankTransactions,
  intentionQuestionnaires,
  jobs,
  paymentEmails,
  subscriptions,
  userSubscriptions,
} from '../src/db/schema/index.js';
import { subscribeUser, type CreatedUser } from '../src/seed/factories.js';
import { codeOf } from './helpers/bank-core.js';
import {
  answer,
  conversionUrl,
  createRound,
  farmDay,
  giveQuestionnaires,
  policyInput,
  policyUrl,
  questionsUrl,
  roundFarm,
  send,
  setDeadline,
  type RoundFarm,
} from './helpers/reenrolment.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * Re-enrolment races (decision 079), on PostgreSQL only: PGlite runs one statement at a time, so nothing
 * races there. The conversion locks the policy row `for update` before it reads the answers: a second
 * conversion waits, then finds every questionnaire converted. Seen failing with the lock removed (the
 * policy read without `for update`): every run read the same unconverted answers and reported them as its
 * own, so the runs' households added up to four times the members (the bank's unique index still kept
 * the transactions single, but the answers' counts, the questionnaires' converted_at and the mails were
 * those of several runs).
 */
describe.skipIf(!process.env.DATABASE_URL)('re-enrolment races (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  /** A round of `count` extra members plus the farm's own, everyone continuing with Groot, every other one with Klein too. */
  async function busyRound(count: number) {
    const farm = await roundFarm(ctx);
    const members: CreatedUser[] = [];
    for (let i = 0; i < count; i += 1) {
      members.push(
        await ctx.createUser({
          appId: farm.appId,
          username: `${farm.appId}-racer${i}`,
          firstName: `Racer${i}`,
          lastName: 'Snel',
        }),
      );
      // A member of this year: the round's questionnaires are for them (decision 090).
      await subscribeUser(ctx.db, {
        appId: farm.appId,
        userId: members[i]!.id,
        subscriptionId: farm.thisYearSubscriptionId,
      });
    }
    return { farm, members };
  }

  const convert = (farm: RoundFarm, policyId: number) =>
    send(ctx, farm, {
      method: 'POST',
      url: conversionUrl,
      as: farm.manager,
      payload: { policyId, dueDate: farmDay(30) },
    });

  it('four conversions at once make every subscription, membership, transaction and mail once', async () => {
    const { farm, members } = await busyRound(30);
    const round = await createRound(ctx, farm);
    const [groot, klein] = round.offers.map((o) => o.id) as [number, number];
    await giveQuestionnaires(ctx, farm, round.id);
    let lines = 0;
    for (const [i, member] of members.entries()) {
      const offerIds = i % 2 === 0 ? [groot, klein] : [groot];
      lines += offerIds.length;
      expect((await answer(ctx, farm, member, { choice: 'continue', offerIds })).statusCode).toBe(200);
    }
    await setDeadline(ctx, round.id, -1);

    const responses = await Promise.all(Array.from({ length: 4 }, () => convert(farm, round.id)));
    expect(responses.map(codeOf)).toEqual(['OK', 'OK', 'OK', 'OK']);
    const results = responses.map((r) => conversionSchema.parse(json(r)));
    const sum = (key: 'households' | 'transactionsCreated' | 'membershipsCreated' | 'subscriptionsCreated') =>
      results.reduce((total, result) => total + result[key], 0);
    expect(sum('households')).toBe(members.length);
    expect(sum('subscriptionsCreated')).toBe(2);
    expect(sum('membershipsCreated')).toBe(lines);
    expect(sum('transactionsCreated')).toBe(lines);
    // One run did the work; the others waited for its lock and found nothing left.
    expect(results.filter((result) => result.households > 0)).toHaveLength(1);

    const live = await ctx.db
      .select({ userId: bankTransactions.userId, subscriptionId: bankTransactions.subscriptionId })
      .from(bankTransactions)
      .where(and(eq(bankTransactions.appId, farm.appId), ne(bankTransactions.status, 'cancelled')));
    expect(live).toHaveLength(lines);
    expect(new Set(live.map((t) => `${t.userId}:${t.subscriptionId}`)).size).toBe(lines);
    const made = await ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.appId, farm.appId), ne(subscriptions.id, farm.thisYearSubscriptionId)));
    expect(made.map((s) => s.name).sort()).toEqual(['Groot pakket', 'Klein pakket']);
    const memberships = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userSubscriptions)
      .where(
        and(
          eq(userSubscriptions.appId, farm.appId),
          ne(userSubscriptions.subscriptionId, farm.thisYearSubscriptionId),
        ),
      );
    expect(Number(memberships[0]?.n)).toBe(lines);
    const mails = await ctx.db.select().from(paymentEmails).where(eq(paymentEmails.appId, farm.appId));
    expect(mails).toHaveLength(lines);
    const converted = await ctx.db
      .select({ convertedAt: intentionQuestionnaires.convertedAt })
      .from(intentionQuestionnaires)
      .where(and(eq(intentionQuestionnaires.policyId, round.id), sql`converted_at is not null`));
    // One moment for all: a single run converted them.
    expect(new Set(converted.map((q) => q.convertedAt!.toISOString())).size).toBe(1);
    expect(converted).toHaveLength(members.length);
  });

  it('five managers creating the same year at once: one round, the others POLICY_YEAR_TAKEN', async () => {
    const farm = await roundFarm(ctx);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        send(ctx, farm, {
          method: 'POST',
          url: policyUrl,
          as: farm.manager,
          payload: policyInput(farm, { title: `Ronde ${i}` }),
        }),
      ),
    );
    const codes = responses.map(codeOf).sort();
    expect(codes).toEqual([
      'OK',
      'POLICY_YEAR_TAKEN',
      'POLICY_YEAR_TAKEN',
      'POLICY_YEAR_TAKEN',
      'POLICY_YEAR_TAKEN',
    ]);
  });

  it('giving questionnaires five times at once gives every member one', async () => {
    const { farm, members } = await busyRound(20);
    const round = await createRound(ctx, farm);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(ctx, farm, {
          method: 'POST',
          url: questionsUrl,
          as: farm.manager,
          payload: { policyId: round.id },
        }),
      ),
    );
    const results = responses.map((r) => createQuestionsResultSchema.parse(json(r)));
    const everyone = members.length + 3;
    expect(results.reduce((total, result) => total + result.created, 0)).toBe(everyone);
    for (const result of results) expect(result.created + result.existing).toBe(everyone);
    const rows = await ctx.db
      .select({ userId: intentionQuestionnaires.userId })
      .from(intentionQuestionnaires)
      .where(eq(intentionQuestionnaires.policyId, round.id));
    expect(rows).toHaveLength(everyone);
  });

  it('three reminder clicks at once queue one e-mail per member', async () => {
    const { farm, members } = await busyRound(15);
    const round = await createRound(ctx, farm);
    await giveQuestionnaires(ctx, farm, round.id);
    const responses = await Promise.all(
      Array.from({ length: 3 }, () =>
        send(ctx, farm, { method: 'POST', url: `${policyUrl}/${round.id}/reminders`, as: farm.manager }),
      ),
    );
    const results = responses.map((r) => remindResultSchema.parse(json(r)));
    const everyone = members.length + 3;
    expect(results.reduce((total, result) => total + result.queued, 0)).toBe(everyone);
    const queued = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.appId, farm.appId), sql`${jobs.idempotencyKey} like 'intention-reminder:%'`));
    expect(Number(queued[0]?.n)).toBe(everyone);
  });
});
