import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { HouseholdMemberInput, Role } from '@pluk/contract';
import { bankTransactionEvents, bankTransactions, users } from '../../src/db/schema/index.js';
import { currentHarvestYear } from '../../src/modules/harvest-year.js';
import {
  createBankTransaction,
  createSubscription,
  subscribeUser,
  type CreatedUser,
} from '../../src/seed/factories.js';
import { createTestContext, type TestContext } from './test-app.js';

/** The bank tests' cast: one of each kind of caller, and another farm with its own bank. */
export interface BankCast {
  year: number;
  member: CreatedUser;
  taskManager: CreatedUser;
  bankManager: CreatedUser;
  applicationManager: CreatedUser;
  admin: CreatedUser;
  otherFarm: string;
  otherBankManager: CreatedUser;
  otherMember: CreatedUser;
}

/** A fresh test app with the bank's cast, for a test file's `beforeAll` (close `ctx` in `afterAll`). */
export async function bankTestContext(prefix?: string): Promise<{ ctx: TestContext; cast: BankCast }> {
  const ctx = await createTestContext();
  return { ctx, cast: await bankCast(ctx, prefix) };
}

export async function bankCast(ctx: TestContext, prefix = 'b'): Promise<BankCast> {
  const year = (await currentHarvestYear(ctx.db, ctx.appId)).year;
  const user = (name: string, roles: Role[] = [], appId = ctx.appId) =>
    ctx.createUser({ appId, username: `${prefix}-${name}`, firstName: name, lastName: 'Test', roles });
  const otherFarm = `${prefix}-ander`;
  await ctx.createApp({ appId: otherFarm, name: 'Andere hoeve', hosts: [`${otherFarm}.test`] });
  return {
    year,
    member: await user('Lid'),
    taskManager: await user('Klusser', ['TaskManager']),
    bankManager: await user('Bankier', ['BankManager']),
    applicationManager: await user('Beheerder', ['ApplicationManager']),
    admin: await user('Admin', ['Admin']),
    otherFarm,
    otherBankManager: await user('Vreemd', ['BankManager'], otherFarm),
    otherMember: await user('Vreemdlid', [], otherFarm),
  };
}

/** A member with a subscription of `year` (prices in cents) and, when asked, its open transaction. */
export async function subscribedMember(
  ctx: TestContext,
  options: {
    username: string;
    appId?: string;
    year: number;
    subscriptionName?: string;
    adultPriceCents?: number;
    childPriceCents?: number;
    household?: HouseholdMemberInput[];
    withTransaction?: number;
    firstName?: string;
    lastName?: string;
    email?: string;
  },
) {
  const appId = options.appId ?? ctx.appId;
  const member = await ctx.createUser({
    appId,
    username: options.username,
    firstName: options.firstName ?? options.username,
    lastName: options.lastName ?? 'Lid',
    email: options.email,
    household: options.household,
  });
  const subscription = await createSubscription(ctx.db, {
    appId,
    name: options.subscriptionName ?? `Abo ${options.username}`,
    harvestYear: options.year,
    adultPriceCents: options.adultPriceCents ?? 10_000,
    childPriceCents: options.childPriceCents ?? 5_000,
  });
  await subscribeUser(ctx.db, { appId, userId: member.id, subscriptionId: subscription.id });
  const transaction =
    options.withTransaction === undefined
      ? undefined
      : await createBankTransaction(ctx.db, {
          appId,
          userId: member.id,
          subscriptionId: subscription.id,
          harvestYear: options.year,
          amountCents: options.withTransaction,
          payerName: `${options.firstName ?? options.username} ${options.lastName ?? 'Lid'}`,
        });
  return { member, subscription, transaction };
}

/** A new member with a subscription of `year` and its open transaction of `amountCents`. */
export async function memberOwing(
  ctx: TestContext,
  options: { username: string; year: number; amountCents: number; appId?: string },
) {
  const { amountCents, ...member } = options;
  const made = await subscribedMember(ctx, { ...member, withTransaction: amountCents });
  return { ...made, transaction: made.transaction! };
}

/** The stored transaction, or undefined once it is deleted. */
export async function transactionRowIfAny(ctx: TestContext, id: number) {
  const [row] = await ctx.db.select().from(bankTransactions).where(eq(bankTransactions.id, id));
  return row;
}

/** The stored transaction; fails the test when there is none. */
export async function transactionRow(ctx: TestContext, id: number) {
  const row = await transactionRowIfAny(ctx, id);
  if (!row) throw new Error(`no transaction ${id}`);
  return row;
}

export async function eventsOf(ctx: TestContext, transactionId: number) {
  return ctx.db
    .select()
    .from(bankTransactionEvents)
    .where(eq(bankTransactionEvents.transactionId, transactionId))
    .orderBy(bankTransactionEvents.id);
}

export async function hasPaidOf(ctx: TestContext, appId: string, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ hasPaid: users.hasPaid })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  return Boolean(row?.hasPaid);
}

/** The error code of an answer, or OK for a 2xx. */
export function codeOf(response: { statusCode: number; json(): unknown }): string {
  if (response.statusCode < 300) return 'OK';
  return (response.json() as { error: { code: string } }).error.code;
}

/**
 * A refused request: 400 VALIDATION_ERROR with a message under `field` that matches `message` (any
 * words by default); `why` names the case when it fails.
 */
export function expectFieldError(
  response: { statusCode: number; body: string },
  field: string,
  message: RegExp = /[a-z]/,
  why = '',
): void {
  expect(response.statusCode, `${why} ${response.body}`).toBe(400);
  const { error } = JSON.parse(response.body) as { error: { code: string; fields?: Record<string, string> } };
  expect(error.code, why).toBe('VALIDATION_ERROR');
  expect(error.fields?.[field], why).toMatch(message);
}
