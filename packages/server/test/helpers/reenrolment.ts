import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { policySchema, type Policy, type PolicyInput } from '@pluk/contract';
import { intentionPolicies } from '../../src/db/schema/index.js';
import { farmDayFromNow } from '../../src/modules/bank/transactions/dates.js';
import { currentHarvestYear } from '../../src/modules/harvest-year.js';
import { createSubscription, subscribeUser, type CreatedUser } from '../../src/seed/factories.js';
import type { TestContext } from './test-app.js';

/**
 * The re-enrolment tests' farm (decision 079): a manager, Anna with a partner and a child (two adults,
 * one child), Bert alone, Cor deactivated and Dirk still waiting for approval. Each test that changes a
 * round takes a farm of its own, so rounds (one per harvest year) never meet.
 */
export interface RoundFarm {
  appId: string;
  host: string;
  publicUrl: string;
  /** The current harvest year; rounds are for `year + 1` and later. */
  year: number;
  /** 'Seizoen dit jaar', the current year's subscription every user below has. */
  thisYearSubscriptionId: number;
  manager: CreatedUser;
  anna: CreatedUser;
  bert: CreatedUser;
  cor: CreatedUser;
  dirk: CreatedUser;
}

let farms = 0;

export async function roundFarm(
  ctx: TestContext,
  options: { settings?: { key: string; value: string }[] } = {},
): Promise<RoundFarm> {
  farms += 1;
  const appId = `ronde${farms}`;
  const host = `${appId}.test`;
  const publicUrl = `https://${appId}.example`;
  await ctx.createApp({
    appId,
    name: `Hoeve ${farms}`,
    hosts: [host],
    settings: [{ key: 'publicUrl', value: publicUrl }, ...(options.settings ?? [])],
  });
  const year = (await currentHarvestYear(ctx.db, appId)).year;
  // Questionnaires go to members with a subscription this harvest year (decision 090): everyone of the
  // farm has this one, the manager too (a role AND a subscription: a member as well).
  const thisYear = await createSubscription(ctx.db, { appId, name: 'Seizoen dit jaar', harvestYear: year });
  const user = async (name: string, extra: Parameters<TestContext['createUser']>[0] = { username: '' }) => {
    const created = await ctx.createUser({
      firstName: name,
      lastName: 'Peeters',
      ...extra,
      appId,
      username: `${appId}-${name}`,
    });
    await subscribeUser(ctx.db, { appId, userId: created.id, subscriptionId: thisYear.id });
    return created;
  };
  return {
    appId,
    host,
    publicUrl,
    year,
    thisYearSubscriptionId: thisYear.id,
    manager: await user('Beheerder', { username: '', lastName: 'Zeeuws', roles: ['ApplicationManager'] }),
    anna: await user('Anna', {
      username: '',
      lastName: 'Aerts',
      household: [
        { name: 'Partner', isAdult: true, yearOfBirth: null },
        { name: 'Kind', isAdult: false, yearOfBirth: 2018 },
      ],
    }),
    bert: await user('Bert', { username: '', lastName: 'Bosmans' }),
    cor: await user('Cor', { username: '', lastName: 'Claes', active: false }),
    dirk: await user('Dirk', { username: '', lastName: 'Dewulf', approved: false }),
  };
}

/** A request to the farm's host as `as`. */
export function send(
  ctx: TestContext,
  farm: Pick<RoundFarm, 'host'>,
  options: InjectOptions & { as?: { id: number; appId: string } },
): Promise<LightMyRequestResponse> {
  return ctx.request({ ...options, headers: { host: farm.host, ...options.headers } });
}

export const policyUrl = '/api/applicationManager/IntentionPolicy';
export const questionsUrl = '/api/applicationManager/administration-actions/createQuestionsForNextYear';
export const conversionUrl = '/api/applicationManager/Management/intentsion-policy';
export const mineUrl = '/api/QuestionsForNextYear';

/** The farm's calendar day `days` from today (YYYY-MM-DD). */
export const farmDay = (days: number) => farmDayFromNow(days);

/** A round for next year with two offers, open for two weeks. */
export function policyInput(
  farm: Pick<RoundFarm, 'year'>,
  overrides: Partial<PolicyInput> = {},
): PolicyInput {
  return {
    harvestYear: farm.year + 1,
    title: 'Doe je volgend jaar mee?',
    explanation: '<p>Kies je <strong>abonnementen</strong>.</p>',
    deadline: farmDay(14),
    offers: [
      {
        name: 'Groot pakket',
        description: 'Alles',
        adultPriceCents: 10_000,
        childPriceCents: 4_000,
        requiredCredits: 4,
      },
      { name: 'Klein pakket', adultPriceCents: 6_000, childPriceCents: 2_500 },
    ],
    ...overrides,
  };
}

/** A round as the manager's API answers it. */
export type PolicyAnswerBody = Policy;

/** Creates a round through the API (fails the test when refused). */
export async function createRound(
  ctx: TestContext,
  farm: RoundFarm,
  overrides: Partial<PolicyInput> = {},
): Promise<PolicyAnswerBody> {
  const response = await send(ctx, farm, {
    method: 'POST',
    url: policyUrl,
    as: farm.manager,
    payload: policyInput(farm, overrides),
  });
  if (response.statusCode !== 200) throw new Error(`createRound: ${response.statusCode} ${response.body}`);
  return policySchema.parse(response.json());
}

/** Gives every member a questionnaire (fails the test when refused). */
export async function giveQuestionnaires(ctx: TestContext, farm: RoundFarm, policyId: number) {
  const response = await send(ctx, farm, {
    method: 'POST',
    url: questionsUrl,
    as: farm.manager,
    payload: { policyId },
  });
  if (response.statusCode !== 200)
    throw new Error(`giveQuestionnaires: ${response.statusCode} ${response.body}`);
  return response.json() as { created: number; existing: number };
}

/** The member's current questionnaire id. */
export async function myQuestionnaireId(
  ctx: TestContext,
  farm: RoundFarm,
  member: CreatedUser,
): Promise<number> {
  const response = await send(ctx, farm, { method: 'GET', url: mineUrl, as: member });
  const id = (response.json() as { questionnaire: { id: number } | null }).questionnaire?.id;
  if (id === undefined) throw new Error(`no questionnaire for ${member.username}: ${response.body}`);
  return id;
}

/** The member answers their current questionnaire. */
export async function answer(
  ctx: TestContext,
  farm: RoundFarm,
  member: CreatedUser,
  body: { choice: 'continue' | 'stop'; offerIds?: readonly number[]; remark?: string },
) {
  const id = await myQuestionnaireId(ctx, farm, member);
  return send(ctx, farm, { method: 'PUT', url: `${mineUrl}/${id}`, as: member, payload: body });
}

/** Moves a round's deadline (the test's stand-in for time passing): `days` from the farm's today. */
export async function setDeadline(ctx: TestContext, policyId: number, days: number): Promise<void> {
  await ctx.db
    .update(intentionPolicies)
    .set({ deadline: farmDay(days) })
    .where(eq(intentionPolicies.id, policyId));
}
