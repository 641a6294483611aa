import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  policyAnswerPageSchema,
  policySummaryTotalsSchema,
  reenrolmentLimits,
  remindResultSchema,
} from '@pluk/contract';
import { emailLog, intentionQuestionnaires, jobs, users } from '../src/db/schema/index.js';
import { remindMembers } from '../src/modules/reenrolment/follow-up/reminders.js';
import { subscribeUser, type CreatedUser } from '../src/seed/factories.js';
import type { Tenant } from '../src/types.js';
import { codeOf, expectFieldError } from './helpers/bank-core.js';
import {
  answer,
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
 * Following a round (decision 079): the answers, paged and filtered like every list; the totals per offer
 * at today's households; and reminders, one mail job per member who has not answered, never two a day.
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

const smtpSettings = () => [
  { key: 'smtp.host', value: '127.0.0.1' },
  { key: 'smtp.port', value: String(smtp.port) },
];

interface Round {
  farm: RoundFarm;
  round: PolicyAnswerBody;
  groot: number;
  klein: number;
  /** Extra members, by name: Janssens twice with the same first name, and one who wants no e-mail. */
  jan1: CreatedUser;
  jan2: CreatedUser;
  stil: CreatedUser;
}

/**
 * A round with questionnaires for everyone: Anna continues with both offers, Bert with the big one, the
 * first Jan stops; the manager, the second Jan and Stil have not answered.
 */
async function answeredRound(): Promise<Round> {
  const farm = await roundFarm(ctx, { settings: smtpSettings() });
  const round = await createRound(ctx, farm);
  const member = (username: string, firstName: string, lastName: string, receiveEmails = true) =>
    ctx
      .createUser({ appId: farm.appId, username: `${farm.appId}-${username}`, firstName, lastName })
      .then(async (user) => {
        // A member of this year: the round's questionnaires are for them (decision 090).
        await subscribeUser(ctx.db, {
          appId: farm.appId,
          userId: user.id,
          subscriptionId: farm.thisYearSubscriptionId,
        });
        if (!receiveEmails) await ctx.db.update(users).set({ receiveEmails }).where(eq(users.id, user.id));
        return user;
      });
  const jan1 = await member('jan1', 'Jan', 'Janssens');
  const jan2 = await member('jan2', 'Jan', 'Janssens');
  const stil = await member('stil', 'Stil', 'Smet', false);
  await giveQuestionnaires(ctx, farm, round.id);
  const [groot, klein] = round.offers.map((o) => o.id) as [number, number];
  const ok = async (response: Promise<{ statusCode: number; body: string }>) =>
    expect((await response).statusCode).toBe(200);
  await ok(answer(ctx, farm, farm.anna, { choice: 'continue', offerIds: [groot, klein], remark: 'Tot dan' }));
  await ok(answer(ctx, farm, farm.bert, { choice: 'continue', offerIds: [groot] }));
  await ok(answer(ctx, farm, jan1, { choice: 'stop' }));
  return { farm, round, groot, klein, jan1, jan2, stil };
}

describe('the answers list', () => {
  let r: Round;
  beforeAll(async () => {
    r = await answeredRound();
  });
  const list = async (query = '') => {
    const response = await send(ctx, r.farm, {
      method: 'GET',
      url: `${policyUrl}/${r.round.id}/answers${query}`,
      as: r.farm.manager,
    });
    expect(response.statusCode, response.body).toBe(200);
    return policyAnswerPageSchema.parse(json(response));
  };
  const names = (page: { items: { firstName: string; lastName: string; userId: number }[] }) =>
    page.items.map((a) => `${a.firstName} ${a.lastName}`);

  it('lists every questionnaire by last name, first name and id, with the answer and its amount', async () => {
    const page = await list();
    expect(names(page)).toEqual([
      'Anna Aerts',
      'Bert Bosmans',
      'Jan Janssens',
      'Jan Janssens',
      'Stil Smet',
      'Beheerder Zeeuws',
    ]);
    expect(page.items[2]!.userId).toBe(r.jan1.id);
    expect(page.items[3]!.userId).toBe(r.jan2.id);
    expect(page).toMatchObject({
      total: 6,
      totalIsLowerBound: false,
      nextCursor: null,
      page: 0,
      pageSize: 50,
    });
    expect(page.items[0]).toMatchObject({
      userId: r.farm.anna.id,
      email: r.farm.anna.email,
      status: 'submitted',
      choice: 'continue',
      offers: [
        { offerId: r.groot, name: 'Groot pakket' },
        { offerId: r.klein, name: 'Klein pakket' },
      ],
      adults: 2,
      children: 1,
      amountCents: 2 * 10_000 + 4_000 + 2 * 6_000 + 2_500,
      remark: 'Tot dan',
      remindedAt: null,
      convertedAt: null,
    });
    expect(page.items[0]!.submittedAt).not.toBeNull();
    expect(page.items[2]).toMatchObject({ choice: 'stop', offers: [], amountCents: 0 });
    expect(page.items[5]).toMatchObject({ status: 'open', choice: null, submittedAt: null, amountCents: 0 });
  });

  it('filters on not answered, answered, continuing, stopping, an offer and a name or e-mail', async () => {
    expect(names(await list('?status=open'))).toEqual(['Jan Janssens', 'Stil Smet', 'Beheerder Zeeuws']);
    expect(names(await list('?status=submitted'))).toEqual(['Anna Aerts', 'Bert Bosmans', 'Jan Janssens']);
    expect(names(await list('?status=continue'))).toEqual(['Anna Aerts', 'Bert Bosmans']);
    expect(names(await list('?status=stop'))).toEqual(['Jan Janssens']);
    expect(names(await list(`?offerId=${r.klein}`))).toEqual(['Anna Aerts']);
    expect(names(await list(`?offerId=${r.groot}&status=continue`))).toEqual(['Anna Aerts', 'Bert Bosmans']);
    expect(names(await list('?search=bosm'))).toEqual(['Bert Bosmans']);
    expect(names(await list(`?search=${encodeURIComponent(r.stil.email.toUpperCase())}`))).toEqual([
      'Stil Smet',
    ]);
    expect(names(await list('?search=jan%20jans&status=open'))).toEqual(['Jan Janssens']);
    // The search's wildcards are text.
    expect((await list('?search=%25')).items).toEqual([]);
    expect((await list('?search=_')).items).toEqual([]);
    expect((await list('?offerId=2000000000')).total).toBe(0);
  });

  it('pages with a cursor in the same order, and by page number', async () => {
    const whole = await list();
    const seen: number[] = [];
    let after: string | null = null;
    do {
      const page = await list(`?pageSize=2${after ? `&after=${after}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((a) => a.questionnaireId));
      after = page.nextCursor;
    } while (after);
    expect(seen).toEqual(whole.items.map((a) => a.questionnaireId));
    const second = await list('?pageSize=2&page=1');
    expect(second.items.map((a) => a.questionnaireId)).toEqual(seen.slice(2, 4));
    expect(second.total).toBe(6);
  });

  it('answers 404 for another farm’s round and 400 for a bad query', async () => {
    const other = await roundFarm(ctx);
    expect(
      codeOf(
        await send(ctx, other, {
          method: 'GET',
          url: `${policyUrl}/${r.round.id}/answers`,
          as: other.manager,
        }),
      ),
    ).toBe('NOT_FOUND');
    const bad = (query: string) =>
      send(ctx, r.farm, {
        method: 'GET',
        url: `${policyUrl}/${r.round.id}/answers?${query}`,
        as: r.farm.manager,
      });
    expectFieldError(await bad('status=misschien'), 'status');
    expectFieldError(await bad('offerId=abc'), 'offerId');
    expectFieldError(await bad('offerId=0'), 'offerId');
    expectFieldError(await bad(`search=${'x'.repeat(reenrolmentLimits.searchMax + 1)}`), 'search');
    expectFieldError(await bad('search=a%00b'), 'search');
    expectFieldError(await bad(`pageSize=${reenrolmentLimits.answersPageSizeMax + 1}`), 'pageSize');
    expectFieldError(await bad('after=not*a*cursor'), 'after');
  });
});

describe('the totals', () => {
  it('counts the answers and, per offer, the households, people and money at today’s households', async () => {
    const r = await answeredRound();
    const response = await send(ctx, r.farm, {
      method: 'GET',
      url: `${policyUrl}/${r.round.id}/summary`,
      as: r.farm.manager,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(policySummaryTotalsSchema.parse(json(response))).toEqual({
      counts: { questionnaires: 6, open: 3, submitted: 3, continuing: 2, stopping: 1 },
      offers: [
        {
          offerId: r.groot,
          name: 'Groot pakket',
          households: 2,
          adults: 3,
          children: 1,
          totalCents: 24_000 + 10_000,
        },
        { offerId: r.klein, name: 'Klein pakket', households: 1, adults: 2, children: 1, totalCents: 14_500 },
      ],
      totalCents: 24_000 + 10_000 + 14_500,
    });
    // The round's own counts say the same.
    const policy = await send(ctx, r.farm, {
      method: 'GET',
      url: `${policyUrl}/${r.round.id}`,
      as: r.farm.manager,
    });
    expect(json(policy)).toMatchObject({
      counts: { questionnaires: 6, open: 3, submitted: 3, continuing: 2, stopping: 1 },
    });
  });
});

describe('reminders', () => {
  const remind = (r: Round) =>
    send(ctx, r.farm, { method: 'POST', url: `${policyUrl}/${r.round.id}/reminders`, as: r.farm.manager });
  const mailsTo = (user: CreatedUser) => smtp.messages.filter((m) => m.to.includes(user.email));
  const logged = (r: Round) =>
    ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.appId, r.farm.appId), eq(emailLog.template, 'intentionReminder')));

  it('mails every member who has not answered once, with the link to the questionnaire', async () => {
    const r = await answeredRound();
    const response = await remind(r);
    expect(response.statusCode, response.body).toBe(200);
    // The manager and the second Jan; Stil receives no e-mails, the others answered.
    expect(remindResultSchema.parse(json(response))).toEqual({ queued: 2, skipped: 0 });
    await ctx.app.jobs.drain();
    expect(mailsTo(r.farm.manager)).toHaveLength(1);
    expect(mailsTo(r.jan2)).toHaveLength(1);
    for (const user of [r.farm.anna, r.farm.bert, r.jan1, r.stil, r.farm.cor, r.farm.dirk]) {
      expect(mailsTo(user), user.username).toHaveLength(0);
    }
    const mail = mailsTo(r.jan2)[0]!;
    expect(mail.subject).toBe(
      `Herinnering: doe je in ${r.farm.year + 1} verder bij ${r.farm.appId.replace('ronde', 'Hoeve ')}?`,
    );
    expect(mail.text).toContain('Dag Jan,');
    expect(mail.text).toContain('Doe je volgend jaar mee?');
    expect(mail.text).toContain(`${r.farm.publicUrl}/questionsfornextyear`);
    const [year, month, day] = farmDay(14).split('-');
    expect(mail.text).toContain(`tot en met ${day}/${month}/${year}`);
    expect(await logged(r)).toHaveLength(2);

    const answers = policyAnswerPageSchema.parse(
      json(
        await send(ctx, r.farm, {
          method: 'GET',
          url: `${policyUrl}/${r.round.id}/answers?status=open`,
          as: r.farm.manager,
        }),
      ),
    );
    const reminded = answers.items.filter((a) => a.remindedAt !== null).map((a) => a.userId);
    expect(reminded.sort()).toEqual([r.farm.manager.id, r.jan2.id].sort());
  });

  it('never mails a member twice the same day: a second click and a double click queue nothing more', async () => {
    const r = await answeredRound();
    const [one, two] = await Promise.all([remind(r), remind(r)]);
    const results = [one, two].map((response) => remindResultSchema.parse(json(response!)));
    expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe(2);
    expect(results.map((result) => result.queued + result.skipped)).toEqual([2, 2]);
    expect(remindResultSchema.parse(json(await remind(r)))).toEqual({ queued: 0, skipped: 2 });
    await ctx.app.jobs.drain();
    expect(remindResultSchema.parse(json(await remind(r)))).toEqual({ queued: 0, skipped: 2 });
    await ctx.app.jobs.drain();
    expect(mailsTo(r.farm.manager)).toHaveLength(1);
    expect(mailsTo(r.jan2)).toHaveLength(1);
    expect(await logged(r)).toHaveLength(2);
    const keys = await ctx.db
      .select({ key: jobs.idempotencyKey })
      .from(jobs)
      .where(like(jobs.idempotencyKey, 'intention-reminder:%'));
    const [managerQuestionnaire] = await ctx.db
      .select({ id: intentionQuestionnaires.id })
      .from(intentionQuestionnaires)
      .where(
        and(
          eq(intentionQuestionnaires.policyId, r.round.id),
          eq(intentionQuestionnaires.userId, r.farm.manager.id),
        ),
      );
    expect(keys.map((k) => k.key)).toContain(`intention-reminder:${managerQuestionnaire!.id}:${farmDay(0)}`);
  });

  it('reminds again on another day, and not those who answered meanwhile', async () => {
    const r = await answeredRound();
    expect(remindResultSchema.parse(json(await remind(r)))).toEqual({ queued: 2, skipped: 0 });
    expect((await answer(ctx, r.farm, r.jan2, { choice: 'stop' })).statusCode).toBe(200);
    const tenant: Tenant = {
      appId: r.farm.appId,
      name: r.farm.appId.replace('ronde', 'Hoeve '),
      localeVariant: 'nl-be',
      colors: { primary: '#000000', secondary: '#000000', background: '#ffffff' },
      membershipExplanation: '',
      customRegistrationQuestion: null,
      logoVersion: null,
      hasLogo: false,
    };
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect(await remindMembers(ctx.app, tenant, r.round.id, tomorrow)).toEqual({ queued: 1, skipped: 0 });
    await ctx.app.jobs.drain();
    expect(mailsTo(r.farm.manager)).toHaveLength(2);
    expect(mailsTo(r.jan2)).toHaveLength(1);
  });

  it('is refused after the deadline (POLICY_ENDED) and for another farm’s round (404)', async () => {
    const r = await answeredRound();
    const other = await roundFarm(ctx);
    expect(
      codeOf(
        await send(ctx, other, {
          method: 'POST',
          url: `${policyUrl}/${r.round.id}/reminders`,
          as: other.manager,
        }),
      ),
    ).toBe('NOT_FOUND');
    await setDeadline(ctx, r.round.id, -1);
    expect(codeOf(await remind(r))).toBe('POLICY_ENDED');
    await ctx.app.jobs.drain();
    expect(await logged(r)).toEqual([]);
  });

  it('leaves out a member deactivated since the questionnaires were given', async () => {
    const r = await answeredRound();
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, r.jan2.id));
    expect(remindResultSchema.parse(json(await remind(r)))).toEqual({ queued: 1, skipped: 0 });
  });
});
