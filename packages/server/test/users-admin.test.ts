import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedUserDetailSchema, pagedUsersSchema, type ManagedUsersQuery } from '@pluk/contract';
import {
  auditLog,
  bankTransactions,
  jobs,
  ledgerEntries,
  productReservations,
  products,
  userRoles,
  users,
  wallets,
} from '../src/db/schema/index.js';
import {
  createBankTransaction,
  createSubscription,
  subscribeUser,
  type CreatedUser,
} from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let manager: CreatedUser;
let admin: CreatedUser;
let foreignManager: CreatedUser;
let foreignMember: CreatedUser;
let subscriptionId: number;
const members: CreatedUser[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({
    username: 'beheer',
    roles: ['ApplicationManager'],
    firstName: 'Mia',
    lastName: 'Beheer',
  });
  admin = await ctx.createUser({ username: 'admin1', roles: ['Admin'], firstName: 'Ada', lastName: 'Admin' });
  const names = ['Peeters', 'Aerts', 'Janssens', 'Claes', 'Wouters'];
  for (const [i, lastName] of names.entries()) {
    members.push(
      await ctx.createUser({
        username: `lid${i}`,
        firstName: `Voornaam${i}`,
        lastName,
        roles: i === 1 ? ['TaskManager'] : [],
        createdAt: new Date(Date.UTC(2025, 0, i + 1)),
      }),
    );
  }
  const subscription = await createSubscription(ctx.db, {
    appId: ctx.appId,
    name: 'Groenten',
    harvestYear: 2026,
  });
  subscriptionId = subscription.id;
  await subscribeUser(ctx.db, { appId: ctx.appId, userId: members[2]!.id, subscriptionId });
  await subscribeUser(ctx.db, { appId: ctx.appId, userId: members[4]!.id, subscriptionId });
  const other = await ctx.createApp({ appId: 'boerderij-b', hosts: ['b.test'] });
  foreignManager = await ctx.createUser({
    appId: other.appId,
    username: 'beheer-b',
    roles: ['ApplicationManager'],
  });
  foreignMember = await ctx.createUser({ appId: other.appId, username: 'lid-b', firstName: 'Bert' });
});
afterAll(() => ctx.close());

async function paged(query: ManagedUsersQuery, as: CreatedUser = manager) {
  const host = as.appId === ctx.appId ? undefined : { host: 'b.test' };
  const response = await ctx.request({
    method: 'POST',
    url: '/api/applicationManager/user/paged',
    as,
    payload: query,
    ...(host ? { headers: host } : {}),
  });
  expect(response.statusCode).toBe(200);
  return pagedUsersSchema.parse(json(response));
}
const lastNames = (page: { items: { lastName: string }[] }) => page.items.map((u) => u.lastName);

describe('the users list', () => {
  it('sorts by name both ways and pages on by cursor', async () => {
    const query = { filter: 'Voornaam', sort: 'name' } as const;
    expect(lastNames(await paged(query))).toEqual(['Aerts', 'Claes', 'Janssens', 'Peeters', 'Wouters']);
    expect(lastNames(await paged({ ...query, direction: 'desc' }))).toEqual([
      'Wouters',
      'Peeters',
      'Janssens',
      'Claes',
      'Aerts',
    ]);
    const first = await paged({ ...query, rowsPerPage: 2 });
    expect(first.nextCursor).toBeTruthy();
    const second = await paged({ ...query, rowsPerPage: 2, after: first.nextCursor! });
    expect(lastNames(second)).toEqual(['Janssens', 'Peeters']);
  });

  it('filters on role and subscription; by default the oldest account first', async () => {
    expect(lastNames(await paged({ role: 'TaskManager' }))).toEqual(['Aerts']);
    expect(lastNames(await paged({ subscriptionId }))).toEqual(['Janssens', 'Wouters']);
    expect(lastNames(await paged({ filter: 'Voornaam', sort: 'lastSeen' }))).toHaveLength(5);
    expect((await paged({ subscriptionId, role: 'TaskManager' })).total).toBe(0);
  });

  it('refuses an unknown sort, role or subscription id with 400', async () => {
    for (const payload of [
      { sort: 'email' },
      { role: 'Boer' },
      { subscriptionId: 'x' },
      { direction: 'up' },
    ]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/user/paged',
        as: manager,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('GET user and extended?isAtive= list the farm by name, nothing of another farm', async () => {
    const list = json<{ username: string }[]>(
      await ctx.request({ method: 'GET', url: '/api/applicationManager/user', as: manager }),
    );
    expect(list.map((u) => u.username)).toContain('lid0');
    expect(list.map((u) => u.username)).not.toContain('lid-b');
    const extended = json<{ username: string; subscriptionIds: number[] }[]>(
      await ctx.request({
        method: 'GET',
        url: '/api/applicationManager/user/extended?isAtive=true',
        as: manager,
      }),
    );
    expect(extended.find((u) => u.username === 'lid2')?.subscriptionIds).toEqual([subscriptionId]);
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/user/extended?isAtive=ja',
      as: manager,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('detail, create and update', () => {
  it("shows a member's detail with subscriptions", async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/user/${members[2]!.id}`,
      as: manager,
    });
    expect(response.statusCode).toBe(200);
    const detail = managedUserDetailSchema.parse(json(response));
    expect(detail).toMatchObject({ lastName: 'Janssens', walletBalanceCents: 0 });
    expect(detail.subscriptions.map((s) => s.name)).toEqual(['Groenten']);
  });

  it('creates an account with the registration messages for a taken name or address', async () => {
    const body = {
      username: 'nieuwlid',
      email: 'nieuw@voorbeeld.test',
      firstName: 'Nora',
      lastName: 'Nieuw',
    };
    const created = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/create',
      as: manager,
      payload: body,
    });
    expect(created.statusCode).toBe(200);
    expect(json(created)).toMatchObject({
      username: 'nieuwlid',
      isApproved: true,
      isActive: true,
      roles: [],
    });
    const id = json<{ id: number }>(created).id;
    const queued = await ctx.db
      .select({ key: jobs.idempotencyKey })
      .from(jobs)
      .where(like(jobs.idempotencyKey, `%:${id}:%`));
    expect(queued.map((j) => j.key)).toContain(`welcome:${ctx.appId}:${id}:created`);
    const again = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/create',
      as: manager,
      payload: { ...body, username: 'NIEUWLID', email: 'ander@voorbeeld.test' },
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      error: { code: 'USERNAME_TAKEN', fields: { username: 'Deze gebruikersnaam is al in gebruik.' } },
    });
    const sameMail = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/create',
      as: manager,
      payload: { ...body, username: 'anderlid', email: 'NIEUW@voorbeeld.test' },
    });
    expect(json(sameMail)).toMatchObject({
      error: { code: 'EMAIL_TAKEN', fields: { email: 'Er bestaat al een account met dit e-mailadres.' } },
    });
  });

  it('only an Admin grants the Admin role; an ApplicationManager cannot make themself Admin', async () => {
    const self = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: manager,
      payload: { id: manager.id, roles: ['ApplicationManager', 'Admin'] },
    });
    expect(self.statusCode).toBe(403);
    expect(json(self)).toMatchObject({ error: { code: 'ADMIN_ROLE_ONLY_BY_ADMIN' } });
    const create = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/create',
      as: manager,
      payload: {
        username: 'stiekem',
        email: 's@voorbeeld.test',
        firstName: 'S',
        lastName: 'S',
        roles: ['Admin'],
      },
    });
    expect(create.statusCode).toBe(403);
    const roles = await ctx.db.select().from(userRoles).where(eq(userRoles.userId, manager.id));
    expect(roles.map((r) => r.role)).toEqual(['ApplicationManager']);
    const byAdmin = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: admin,
      payload: { id: members[0]!.id, roles: ['Admin'] },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(json(byAdmin)).toMatchObject({ roles: ['Admin'] });
    // Taking it back again by an ApplicationManager is refused too.
    const take = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: manager,
      payload: { id: members[0]!.id, roles: [] },
    });
    expect(take.statusCode).toBe(403);
    const back = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: admin,
      payload: { id: members[0]!.id, roles: [] },
    });
    expect(back.statusCode).toBe(200);
  });

  it('keeps the last Admin and refuses to deactivate oneself', async () => {
    const last = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: admin,
      payload: { id: admin.id, roles: [] },
    });
    expect(last.statusCode).toBe(409);
    expect(json(last)).toMatchObject({ error: { code: 'LAST_ADMIN' } });
    const deleteLast = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/user/${admin.id}`,
      as: manager,
    });
    expect(deleteLast.statusCode).toBe(403);
    const self = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: manager,
      payload: { id: manager.id, isActive: false },
    });
    expect(json(self)).toMatchObject({ error: { code: 'CANNOT_DEACTIVATE_SELF' } });
  });

  it('changes only the given fields', async () => {
    const target = members[3]!;
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: manager,
      payload: { id: target.id, isActive: false, phone: '0470 11 22 33' },
    });
    expect(json(response)).toMatchObject({
      isActive: false,
      phone: '0470 11 22 33',
      lastName: 'Claes',
      isApproved: true,
    });
    await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: manager,
      payload: { id: target.id, isActive: true },
    });
  });
});

describe('welcome e-mail and password reset', () => {
  it('mails the welcome once per farm day, however often it is clicked', async () => {
    const url = `/api/applicationManager/User/SendWelcomeEmail/${members[1]!.id}`;
    expect(json(await ctx.request({ method: 'POST', url, as: manager }))).toEqual({ queued: true });
    expect(json(await ctx.request({ method: 'POST', url, as: manager }))).toEqual({ queued: false });
  });

  it('sends a reset link and leaves the password as it was', async () => {
    const target = members[1]!;
    const response = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/User/ResetPassword/${target.id}`,
      as: manager,
    });
    expect(json(response)).toEqual({ ok: true });
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, `password-reset:${ctx.appId}:%`));
    expect(job).toBeTruthy();
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: target.username, password: target.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('a manager of farm A and a user of farm B', () => {
  it('answers 404 on every call and changes nothing', async () => {
    const id = foreignMember.id;
    const before = await ctx.db.select().from(users).where(eq(users.id, id));
    const calls = [
      { method: 'GET', url: `/api/applicationManager/user/${id}` },
      {
        method: 'POST',
        url: '/api/applicationManager/user/update',
        payload: { id, firstName: 'Gekaapt', isActive: false },
      },
      { method: 'DELETE', url: `/api/applicationManager/user/${id}` },
      { method: 'POST', url: `/api/applicationManager/User/SendWelcomeEmail/${id}` },
      { method: 'GET', url: `/api/applicationManager/User/ResetPassword/${id}` },
      { method: 'POST', url: '/api/applicationManager/User/Approve', payload: { userId: id } },
    ] as const;
    for (const call of calls) {
      const response = await ctx.request({ ...call, as: manager });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect(await ctx.db.select().from(users).where(eq(users.id, id))).toEqual(before);
    const mailed = await ctx.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, `%:boerderij-b:${id}:%`));
    expect(mailed).toEqual([]);
    expect((await paged({ userIds: [id] })).total).toBe(0);
    // And the other way round: farm B's manager does not see farm A's members.
    expect((await paged({ filter: 'Voornaam' }, foreignManager)).total).toBe(0);
  });
});

describe('delete = anonymise', () => {
  async function sums() {
    const [ledger] = await ctx.db
      .select({
        total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(ledgerEntries);
    const [bank] = await ctx.db
      .select({
        total: sql<number>`coalesce(sum(${bankTransactions.amountCents}), 0)::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(bankTransactions);
    const balances = await ctx.db
      .select({ id: wallets.id, balance: wallets.balanceCents })
      .from(wallets)
      .orderBy(wallets.id);
    return { ledger, bank, balances };
  }

  it('wipes the person, keeps the money history exact and cannot log in', async () => {
    const target = members[4]!;
    await ctx.db.update(users).set({ isTransactionable: true }).where(eq(users.id, target.id));
    const donated = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/DonateVirtualMoney',
      as: manager,
      payload: {
        userIds: [target.id],
        amountCents: 500,
        reason: 'Bedankt',
        idempotencyKey: 'verwijder-test-1',
      },
    });
    expect(donated.statusCode).toBe(200);
    const paid = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: target.id,
      harvestYear: 2026,
      amountCents: 12_000,
    });
    await ctx.db
      .update(bankTransactions)
      .set({ status: 'paid', paidAt: new Date(), paidVia: 'manual' })
      .where(eq(bankTransactions.id, paid.id));
    const open = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: target.id,
      harvestYear: 2027,
      amountCents: 3_000,
    });
    const before = await sums();

    const response = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/user/${target.id}`,
      as: manager,
    });
    expect(response.statusCode).toBe(204);

    expect(await sums()).toEqual(before);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({
      firstName: 'Verwijderd',
      lastName: 'lid',
      username: `verwijderd-${target.id}`,
      phone: '',
      street: '',
      isActive: false,
      customQuestionAnswer: null,
    });
    expect(row!.anonymizedAt).toBeInstanceOf(Date);
    expect(row!.email).not.toContain('@example');
    const [openAfter] = await ctx.db.select().from(bankTransactions).where(eq(bankTransactions.id, open.id));
    expect(openAfter?.status).toBe('cancelled');
    const [paidAfter] = await ctx.db.select().from(bankTransactions).where(eq(bankTransactions.id, paid.id));
    expect(paidAfter).toMatchObject({ status: 'paid', userId: target.id });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete')));
    expect(audit?.details).toMatchObject({ userId: target.id });

    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: target.username, password: target.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/User', as: target })).statusCode).toBe(401);
    expect((await paged({ userIds: [target.id] })).total).toBe(0);
    expect((await paged({ subscriptionId })).items.map((u) => u.id)).not.toContain(target.id);
    const again = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/user/${target.id}`,
      as: manager,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses oneself and a member with an open reservation', async () => {
    const self = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/user/${manager.id}`,
      as: manager,
    });
    expect(json(self)).toMatchObject({ error: { code: 'CANNOT_DELETE_SELF' } });
    const buyer = members[3]!;
    const [offer] = await ctx.db
      .insert(products)
      .values({ appId: ctx.appId, ownerUserId: members[1]!.id, title: 'Confituur', quantity: 5 })
      .returning({ id: products.id });
    await ctx.db.insert(productReservations).values({
      appId: ctx.appId,
      productId: offer!.id,
      userId: buyer.id,
      quantity: 1,
      unitPriceCents: 0,
      totalCents: 0,
    });
    const response = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/user/${buyer.id}`,
      as: manager,
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({ error: { code: 'USER_HAS_OPEN_TRADES' } });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row?.anonymizedAt).toBeNull();
  });
});
