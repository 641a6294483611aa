import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyPageSchema, policySchema, reenrolmentLimits } from '@pluk/contract';
import {
  intentionAnswerOffers,
  intentionPolicies,
  intentionPolicyOffers,
  intentionQuestionnaires,
} from '../src/db/schema/index.js';
import { isPolicyEnded } from '../src/modules/reenrolment/policy-state.js';
import { codeOf, expectFieldError } from './helpers/bank-core.js';
import {
  answer,
  conversionUrl,
  createRound,
  farmDay,
  giveQuestionnaires,
  policyInput,
  policyUrl,
  roundFarm,
  send,
  setDeadline,
  type RoundFarm,
} from './helpers/reenrolment.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * The ApplicationManager's intention policies (decision 079): one round per farm and harvest year, for a
 * year after the current one, with its offers; the explanation keeps only a post's formatting; a
 * converted round no longer changes; another farm's round is unknown (404).
 */

let ctx: TestContext;
let farm: RoundFarm;
beforeAll(async () => {
  ctx = await createTestContext();
  farm = await roundFarm(ctx);
});
afterAll(() => ctx.close());

const get = (f: RoundFarm, url: string, as = f.manager) => send(ctx, f, { method: 'GET', url, as });
const post = (f: RoundFarm, payload: unknown, as = f.manager) =>
  send(ctx, f, { method: 'POST', url: policyUrl, as, payload: payload as object });
const put = (f: RoundFarm, id: number | string, payload: unknown, as = f.manager) =>
  send(ctx, f, { method: 'PUT', url: `${policyUrl}/${id}`, as, payload: payload as object });
const remove = (f: RoundFarm, id: number | string, as = f.manager) =>
  send(ctx, f, { method: 'DELETE', url: `${policyUrl}/${id}`, as });

describe('creating and reading a round', () => {
  it('creates a round for next year with its offers in order, sanitized explanation and zero counts', async () => {
    const own = await roundFarm(ctx);
    const response = await post(
      own,
      policyInput(own, {
        title: '  Volgend jaar  ',
        explanation:
          '<h1>Welkom</h1><p style="color:red" onclick="x()">Kies <b>nu</b> <a href="javascript:alert(1)">hier</a> ' +
          '<a href="https://hoeve.be">site</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const policy = policySchema.parse(json(response));
    expect(policy).toMatchObject({
      harvestYear: own.year + 1,
      title: 'Volgend jaar',
      deadline: farmDay(14),
      isEnded: false,
      convertedAt: null,
      counts: { questionnaires: 0, open: 0, submitted: 0, continuing: 0, stopping: 0 },
    });
    expect(policy.explanation).toBe(
      '<h2>Welkom</h2><p>Kies <strong>nu</strong> hier ' +
        '<a rel="noopener noreferrer" target="_blank" href="https://hoeve.be">site</a></p>',
    );
    expect(policy.offers.map(({ id: _id, ...offer }) => offer)).toEqual([
      {
        name: 'Groot pakket',
        description: 'Alles',
        adultPriceCents: 10_000,
        childPriceCents: 4_000,
        requiredCredits: 4,
        subscriptionId: null,
      },
      {
        name: 'Klein pakket',
        description: '',
        adultPriceCents: 6_000,
        childPriceCents: 2_500,
        requiredCredits: 0,
        subscriptionId: null,
      },
    ]);
    expect(json(await get(own, `${policyUrl}/${policy.id}`))).toEqual(policy);
  });

  it('refuses the current and earlier harvest years, naming the current one', async () => {
    for (const harvestYear of [farm.year, farm.year - 1]) {
      const response = await post(farm, policyInput(farm, { harvestYear }));
      expectFieldError(response, 'harvestYear', new RegExp(`na het huidige oogstjaar \\(${farm.year}\\)`));
    }
  });

  it('allows one round per harvest year (409 POLICY_YEAR_TAKEN), also when a change moves one onto it', async () => {
    const own = await roundFarm(ctx);
    const first = await createRound(ctx, own);
    expect(codeOf(await post(own, policyInput(own)))).toBe('POLICY_YEAR_TAKEN');
    const later = await createRound(ctx, own, { harvestYear: own.year + 2 });
    const moved = await put(own, later.id, policyInput(own, { harvestYear: own.year + 1 }));
    expect(moved.statusCode).toBe(409);
    expect(json<{ error: { code: string; message: string } }>(moved).error).toEqual({
      code: 'POLICY_YEAR_TAKEN',
      message: 'Er is al een ronde voor dit oogstjaar.',
    });
    // Another farm has its own years.
    const other = await roundFarm(ctx);
    expect(codeOf(await post(other, policyInput(other)))).toBe('OK');
    expect((await get(own, `${policyUrl}/${first.id}`)).statusCode).toBe(200);
  });

  it('lists the rounds newest harvest year first, paged with a cursor', async () => {
    const own = await roundFarm(ctx);
    const rounds = [];
    for (const offset of [2, 1, 3])
      rounds.push(await createRound(ctx, own, { harvestYear: own.year + offset }));
    const first = policyPageSchema.parse(json(await get(own, `${policyUrl}?pageSize=2`)));
    expect(first.items.map((p) => p.harvestYear)).toEqual([own.year + 3, own.year + 2]);
    expect(first).toMatchObject({ total: 3, totalIsLowerBound: false, page: 0, pageSize: 2 });
    expect(first.items[0]).toMatchObject({ offerCount: 2, isEnded: false, convertedAt: null });
    expect(first.nextCursor).not.toBeNull();
    const next = policyPageSchema.parse(
      json(await get(own, `${policyUrl}?pageSize=2&after=${first.nextCursor}`)),
    );
    expect(next.items.map((p) => p.harvestYear)).toEqual([own.year + 1]);
    expect(next.nextCursor).toBeNull();
    const byOffset = policyPageSchema.parse(json(await get(own, `${policyUrl}?pageSize=2&page=1`)));
    expect(byOffset.items.map((p) => p.id)).toEqual(next.items.map((p) => p.id));
    // Another farm's list does not show them.
    expect(policyPageSchema.parse(json(await get(farm, policyUrl))).items.map((p) => p.id)).not.toContain(
      rounds[0]!.id,
    );
    const forged = await get(own, `${policyUrl}?after=${Buffer.from('["x",1]').toString('base64url')}`);
    expectFieldError(forged, 'after');
  });
});

describe('changing a round', () => {
  it('changes offers with an id in place, adds new ones, removes the rest and keeps the order given', async () => {
    const own = await roundFarm(ctx);
    const round = await createRound(ctx, own);
    const [groot, klein] = round.offers;
    const response = await put(
      own,
      round.id,
      policyInput(own, {
        title: 'Nieuwe titel',
        deadline: farmDay(20),
        offers: [
          { name: 'Fruit', adultPriceCents: 3_000, childPriceCents: 1_000 },
          { id: groot!.id, name: 'Groot pakket', adultPriceCents: 11_000, childPriceCents: 4_500 },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const changed = policySchema.parse(json(response));
    expect(changed).toMatchObject({ title: 'Nieuwe titel', deadline: farmDay(20) });
    expect(changed.offers.map((o) => [o.name, o.adultPriceCents])).toEqual([
      ['Fruit', 3_000],
      ['Groot pakket', 11_000],
    ]);
    expect(changed.offers[1]!.id).toBe(groot!.id);
    const stored = await ctx.db
      .select({ id: intentionPolicyOffers.id })
      .from(intentionPolicyOffers)
      .where(eq(intentionPolicyOffers.id, klein!.id));
    expect(stored).toEqual([]);
  });

  it('lets two offers swap their names', async () => {
    const own = await roundFarm(ctx);
    const round = await createRound(ctx, own);
    const [groot, klein] = round.offers;
    const response = await put(
      own,
      round.id,
      policyInput(own, {
        offers: [
          { id: groot!.id, name: 'klein pakket', adultPriceCents: 10_000, childPriceCents: 4_000 },
          { id: klein!.id, name: 'Groot pakket', adultPriceCents: 6_000, childPriceCents: 2_500 },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(policySchema.parse(json(response)).offers.map((o) => [o.id, o.name])).toEqual([
      [groot!.id, 'klein pakket'],
      [klein!.id, 'Groot pakket'],
    ]);
  });

  it('refuses to remove an offer a member chose (409 POLICY_OFFER_CHOSEN) and changes nothing then', async () => {
    const own = await roundFarm(ctx);
    const round = await createRound(ctx, own);
    const [groot, klein] = round.offers;
    await giveQuestionnaires(ctx, own, round.id);
    expect(codeOf(await answer(ctx, own, own.anna, { choice: 'continue', offerIds: [klein!.id] }))).toBe(
      'OK',
    );
    const response = await put(
      own,
      round.id,
      policyInput(own, {
        title: 'Zonder klein',
        offers: [{ id: groot!.id, name: 'Groot pakket', adultPriceCents: 10_000, childPriceCents: 4_000 }],
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(json<{ error: { code: string; message: string } }>(response).error).toEqual({
      code: 'POLICY_OFFER_CHOSEN',
      message: 'Leden kozen "Klein pakket" al; je kan dat abonnement niet meer weghalen.',
    });
    const after = policySchema.parse(json(await get(own, `${policyUrl}/${round.id}`)));
    expect(after.title).toBe('Doe je volgend jaar mee?');
    expect(after.offers.map((o) => o.id)).toEqual([groot!.id, klein!.id]);
    // Its price may change; removing the offer nobody chose is fine.
    const kept = await put(
      own,
      round.id,
      policyInput(own, {
        offers: [{ id: klein!.id, name: 'Klein pakket', adultPriceCents: 6_500, childPriceCents: 2_500 }],
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(policySchema.parse(json(kept)).offers).toMatchObject([{ id: klein!.id, adultPriceCents: 6_500 }]);
  });

  it('answers 400 on an offer id of another round, another farm, or named twice', async () => {
    const own = await roundFarm(ctx);
    const round = await createRound(ctx, own);
    const otherRound = await createRound(ctx, own, { harvestYear: own.year + 2 });
    const foreignFarm = await roundFarm(ctx);
    const foreign = await createRound(ctx, foreignFarm);
    const offer = (id: number, name: string) => ({ id, name, adultPriceCents: 1, childPriceCents: 1 });
    for (const [id, why] of [
      [otherRound.offers[0]!.id, 'another round'],
      [foreign.offers[0]!.id, 'another farm'],
      [2_000_000_000, 'unknown'],
    ] as const) {
      const response = await put(own, round.id, policyInput(own, { offers: [offer(id, 'Vreemd')] }));
      expectFieldError(response, 'offers.0.id', /hoort niet bij deze ronde/, why);
    }
    const twice = await put(
      own,
      round.id,
      policyInput(own, { offers: [offer(round.offers[0]!.id, 'Een'), offer(round.offers[0]!.id, 'Twee')] }),
    );
    expectFieldError(twice, 'offers.1.id', /twee keer/);
    // Nothing moved: the foreign offer is still its own round's.
    const [foreignOffer] = await ctx.db
      .select()
      .from(intentionPolicyOffers)
      .where(eq(intentionPolicyOffers.id, foreign.offers[0]!.id));
    expect(foreignOffer).toMatchObject({
      appId: foreignFarm.appId,
      policyId: foreign.id,
      name: 'Groot pakket',
    });
  });

  it('keeps a harvest year that became the current one, but a change must go to a later year', async () => {
    const own = await roundFarm(ctx);
    const round = await createRound(ctx, own);
    await ctx.db
      .update(intentionPolicies)
      .set({ harvestYear: own.year })
      .where(eq(intentionPolicies.id, round.id));
    const same = await put(own, round.id, policyInput(own, { harvestYear: own.year, title: 'Loopt al' }));
    expect(same.statusCode, same.body).toBe(200);
    const back = await put(own, round.id, policyInput(own, { harvestYear: own.year - 1 }));
    expectFieldError(back, 'harvestYear', new RegExp(String(own.year)));
  });

  it('deletes a round with its questionnaires and answers', async () => {
    const own = await roundFarm(ctx);
    const round = await createRound(ctx, own);
    await giveQuestionnaires(ctx, own, round.id);
    expect(
      codeOf(await answer(ctx, own, own.anna, { choice: 'continue', offerIds: [round.offers[0]!.id] })),
    ).toBe('OK');
    const response = await remove(own, round.id);
    expect(response.statusCode, response.body).toBe(204);
    expect((await get(own, `${policyUrl}/${round.id}`)).statusCode).toBe(404);
    expect(codeOf(await remove(own, round.id))).toBe('NOT_FOUND');
    for (const table of [intentionQuestionnaires, intentionAnswerOffers, intentionPolicyOffers]) {
      expect(await ctx.db.select().from(table).where(eq(table.policyId, round.id))).toEqual([]);
    }
  });

  it('locks a converted round: change and delete answer 409 POLICY_CONVERTED', async () => {
    const own = await roundFarm(ctx);
    const round = await createRound(ctx, own);
    await setDeadline(ctx, round.id, -1);
    const converted = await send(ctx, own, {
      method: 'POST',
      url: conversionUrl,
      as: own.manager,
      payload: { policyId: round.id, dueDate: farmDay(30) },
    });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(codeOf(await put(own, round.id, policyInput(own, { title: 'Toch anders' })))).toBe(
      'POLICY_CONVERTED',
    );
    expect(codeOf(await remove(own, round.id))).toBe('POLICY_CONVERTED');
    const stored = policySchema.parse(json(await get(own, `${policyUrl}/${round.id}`)));
    expect(stored.title).toBe('Doe je volgend jaar mee?');
    expect(stored.convertedAt).not.toBeNull();
    expect(stored.isEnded).toBe(true);
  });
});

describe('the deadline', () => {
  it('is a day on the farm calendar (Europe/Brussels): answers run through that day', () => {
    const policy = { deadline: '2027-03-15' };
    // 23:30 in Brussels (UTC+1 in March before the switch) is still the 15th.
    expect(isPolicyEnded(policy, new Date('2027-03-15T22:30:00Z'))).toBe(false);
    // Half past midnight in Brussels is the 16th, while UTC still says the 15th.
    expect(isPolicyEnded(policy, new Date('2027-03-15T23:30:00Z'))).toBe(true);
    // Summer time: UTC+2.
    expect(isPolicyEnded({ deadline: '2027-07-01' }, new Date('2027-07-01T21:59:00Z'))).toBe(false);
    expect(isPolicyEnded({ deadline: '2027-07-01' }, new Date('2027-07-01T22:01:00Z'))).toBe(true);
  });

  it('says a round ended from the day after its deadline', async () => {
    const own = await roundFarm(ctx);
    const round = await createRound(ctx, own, { deadline: farmDay(0) });
    expect(json(await get(own, `${policyUrl}/${round.id}`))).toMatchObject({ isEnded: false });
    await setDeadline(ctx, round.id, -1);
    expect(json(await get(own, `${policyUrl}/${round.id}`))).toMatchObject({ isEnded: true });
  });
});

describe('another farm and bad input', () => {
  it("a manager of farm B can neither read nor change farm A's round (404), and A's round stays as it was", async () => {
    const a = await roundFarm(ctx);
    const b = await roundFarm(ctx);
    const round = await createRound(ctx, a);
    await giveQuestionnaires(ctx, a, round.id);
    const asB = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
      send(ctx, b, { method, url, as: b.manager, ...(payload ? { payload } : {}) });
    const calls = [
      asB('GET', `${policyUrl}/${round.id}`),
      asB('PUT', `${policyUrl}/${round.id}`, policyInput(b, { title: 'Van B' })),
      asB('DELETE', `${policyUrl}/${round.id}`),
      asB('GET', `${policyUrl}/${round.id}/answers`),
      asB('GET', `${policyUrl}/${round.id}/summary`),
      asB('POST', `${policyUrl}/${round.id}/reminders`),
      asB('POST', '/api/applicationManager/administration-actions/createQuestionsForNextYear', {
        policyId: round.id,
      }),
      asB('GET', `${conversionUrl}?policyId=${round.id}`),
      asB('POST', conversionUrl, { policyId: round.id, dueDate: farmDay(30) }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(codeOf(response)).toBe('NOT_FOUND');
    }
    // B's token on A's host is no token at all.
    const crossHost = await send(ctx, a, { method: 'GET', url: `${policyUrl}/${round.id}`, as: b.manager });
    expect(crossHost.statusCode).toBe(401);
    const stored = policySchema.parse(json(await get(a, `${policyUrl}/${round.id}`)));
    expect(stored).toMatchObject({ title: 'Doe je volgend jaar mee?', counts: { questionnaires: 3 } });
  });

  it('answers bad ids, dates, lengths and control characters with 400 naming the field', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1e3']) {
      expect((await get(farm, `${policyUrl}/${id}`)).statusCode, id).toBe(400);
      expect((await put(farm, id, policyInput(farm))).statusCode, id).toBe(400);
      expect((await remove(farm, id)).statusCode, id).toBe(400);
    }
    const cases: [string, object, string][] = [
      ['deadline', { deadline: '2027-02-30' }, 'deadline'],
      ['deadline', { deadline: 'morgen' }, 'deadline'],
      ['deadline', { deadline: '1999-12-31' }, 'deadline'],
      ['harvest year', { harvestYear: 2101 }, 'harvestYear'],
      ['harvest year', { harvestYear: '2030' }, 'harvestYear'],
      ['title', { title: 'x'.repeat(reenrolmentLimits.titleMax + 1) }, 'title'],
      ['title', { title: '   ' }, 'title'],
      ['title', { title: 'met\u0000nul' }, 'title'],
      ['explanation', { explanation: 'x'.repeat(reenrolmentLimits.explanationMax + 1) }, 'explanation'],
      ['offers', { offers: [] }, 'offers'],
      [
        'offers',
        {
          offers: Array.from({ length: 21 }, (_, i) => ({
            name: `O${i}`,
            adultPriceCents: 1,
            childPriceCents: 1,
          })),
        },
        'offers',
      ],
      [
        'same name',
        {
          offers: [
            { name: 'Groot', adultPriceCents: 1, childPriceCents: 1 },
            { name: ' groot ', adultPriceCents: 1, childPriceCents: 1 },
          ],
        },
        'offers',
      ],
      [
        'price',
        { offers: [{ name: 'A', adultPriceCents: -1, childPriceCents: 0 }] },
        'offers.0.adultPriceCents',
      ],
      [
        'price',
        { offers: [{ name: 'A', adultPriceCents: 12.5, childPriceCents: 0 }] },
        'offers.0.adultPriceCents',
      ],
      [
        'offer id',
        { offers: [{ id: 'x', name: 'A', adultPriceCents: 1, childPriceCents: 0 }] },
        'offers.0.id',
      ],
      [
        'offer name',
        { offers: [{ name: 'A\u0000', adultPriceCents: 1, childPriceCents: 0 }] },
        'offers.0.name',
      ],
    ];
    for (const [why, change, field] of cases) {
      expectFieldError(await post(farm, { ...policyInput(farm), ...change }), field, /./, why);
    }
    expect((await post(farm, null)).statusCode).toBe(400);
    expect((await post(farm, [])).statusCode).toBe(400);
    // None of it was stored.
    const page = policyPageSchema.parse(json(await get(farm, policyUrl)));
    expect(page.total).toBe(0);
  });

  it('keeps the rounds for ApplicationManagers: a member and a TaskManager are refused', async () => {
    const round = await createRound(ctx, await roundFarm(ctx));
    const taskManager = await ctx.createUser({
      appId: farm.appId,
      username: 'ronde-klus',
      roles: ['TaskManager'],
    });
    for (const as of [farm.anna, taskManager]) {
      expect(codeOf(await get(farm, policyUrl, as))).toBe('FORBIDDEN');
      expect(codeOf(await post(farm, policyInput(farm), as))).toBe('FORBIDDEN');
      expect(codeOf(await remove(farm, round.id, as))).toBe('FORBIDDEN');
    }
  });
});
