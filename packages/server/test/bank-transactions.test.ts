import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankSummarySchema,
  managedTransactionDetailSchema,
  managedTransactionSchema,
  memberTransactionSchema,
  publicTransactionSchema,
} from '@pluk/contract';
import {
  bankOnlinePayments,
  bankTransactionEvents,
  bankTransactions,
  paymentEmails,
  users,
} from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/app-settings.js';
import { farmDayFromNow, farmToday } from '../src/modules/bank/transactions/dates.js';
import { createBankTransaction, createSubscription, subscribeUser } from '../src/seed/factories.js';
import {
  bankTestContext,
  codeOf,
  eventsOf,
  expectFieldError,
  hasPaidOf,
  memberOwing,
  subscribedMember,
  transactionRow,
  transactionRowIfAny,
  type BankCast,
} from './helpers/bank-core.js';
import { json, type TestContext } from './helpers/test-app.js';

/** The bank's transactions one by one (decision 077): read, change, pay, cancel, delete, create. */

let ctx: TestContext;
let cast: BankCast;
let n = 0;
const fresh = (prefix: string) => `${prefix}${++n}`;

beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext());
});
afterAll(() => ctx.close());

/** An open transaction of the current year for a new member with a subscription. */
const openTransaction = (amountCents = 12_500, appId = ctx.appId) =>
  memberOwing(ctx, { username: fresh('t'), appId, year: cast.year, amountCents });

describe('GET Bank (mine)', () => {
  it("answers the member's own transactions, the latest first, with the subscription's name", async () => {
    const { member, subscription, transaction } = await openTransaction(10_000);
    const later = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: member.id,
      amountCents: 2_500,
      harvestYear: cast.year,
      description: 'Extra bak',
    });
    await openTransaction(9_900); // someone else's
    const response = await ctx.request({ method: 'GET', url: '/api/Bank', as: member });
    expect(response.statusCode).toBe(200);
    const mine = json<unknown[]>(response).map((item) => memberTransactionSchema.parse(item));
    expect(mine.map((t) => t.publicId)).toEqual([later.publicId, transaction.publicId]);
    expect(mine[1]).toMatchObject({
      amountCents: 10_000,
      subscriptionId: subscription.id,
      subscriptionName: expect.stringContaining('Abo'),
      status: 'open',
      structuredReference: transaction.structuredReference,
      paidAt: null,
      paidVia: null,
    });
    expect(mine[0]).toMatchObject({ subscriptionId: null, subscriptionName: null, description: 'Extra bak' });
    // Nothing but the member's view: no internal id, no payer, no provider id.
    expect(Object.keys(json<object[]>(response)[0]!)).not.toContain('id');
    expect(Object.keys(json<object[]>(response)[0]!)).not.toContain('payerName');
  });

  it('is empty for a member without transactions and needs a login', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/Bank', as: cast.taskManager });
    expect(json(response)).toEqual([]);
    expect((await ctx.request({ method: 'GET', url: '/api/Bank' })).statusCode).toBe(401);
  });
});

describe('GET Bank/{publicId} (no login)', () => {
  it('shows the transaction, the farm and no payee or online payment while nothing is set up', async () => {
    const { transaction } = await openTransaction(4_200);
    const response = await ctx.request({ method: 'GET', url: `/api/Bank/${transaction.publicId}` });
    expect(response.statusCode).toBe(200);
    const page = publicTransactionSchema.parse(json(response));
    expect(page).toMatchObject({
      publicId: transaction.publicId,
      amountCents: 4_200,
      status: 'open',
      farmName: 'Testhoeve',
      payee: null,
      canPayOnline: false,
    });
  });

  it("shows the farm's account and online payment once both are set, and no online payment once paid", async () => {
    const farm = await ctx.createApp({ appId: fresh('pay'), name: 'Betaalhoeve', hosts: ['betaal.test'] });
    await putSetting(ctx.db, farm.appId, 'bank.accountName', 'Betaalhoeve vzw');
    await putSetting(ctx.db, farm.appId, 'bank.iban', 'BE68539007547034');
    const { transaction } = await openTransaction(5_000, farm.appId);
    const get = () =>
      ctx.request({
        method: 'GET',
        url: `/api/Bank/${transaction.publicId}`,
        headers: { host: 'betaal.test' },
      });
    let page = publicTransactionSchema.parse(json(await get()));
    expect(page.payee).toEqual({ name: 'Betaalhoeve vzw', iban: 'BE68539007547034', bic: null });
    expect(page.canPayOnline).toBe(false);
    expect(page.farmName).toBe('Betaalhoeve');
    await putSetting(ctx.db, farm.appId, 'bank.bic', 'GKCCBEBB');
    await putSetting(ctx.db, farm.appId, 'mollie.apiKey', 'test_abcdefghijklmnopqrstuvwxyz0123');
    page = publicTransactionSchema.parse(json(await get()));
    expect(page.payee?.bic).toBe('GKCCBEBB');
    expect(page.canPayOnline).toBe(true);
    await ctx.db
      .update(bankTransactions)
      .set({ status: 'paid', paidAt: new Date(), paidVia: 'transfer' })
      .where(eq(bankTransactions.id, transaction.id));
    page = publicTransactionSchema.parse(json(await get()));
    expect(page).toMatchObject({ status: 'paid', paidVia: 'transfer', canPayOnline: false });
  });

  it("is 404 for an unknown public id and for another farm's, 400 for a malformed one", async () => {
    const foreign = await openTransaction(1_000, cast.otherFarm);
    const unknown = await ctx.request({ method: 'GET', url: `/api/Bank/${'A'.repeat(32)}` });
    expect(unknown.statusCode).toBe(404);
    const other = await ctx.request({ method: 'GET', url: `/api/Bank/${foreign.transaction.publicId}` });
    expect(other.statusCode).toBe(404);
    // The other farm's own host finds it.
    const there = await ctx.request({
      method: 'GET',
      url: `/api/Bank/${foreign.transaction.publicId}`,
      headers: { host: `${cast.otherFarm}.test` },
    });
    expect(there.statusCode).toBe(200);
    for (const bad of ['short', `${'A'.repeat(31)}!`, 'A'.repeat(33)]) {
      const response = await ctx.request({ method: 'GET', url: `/api/Bank/${encodeURIComponent(bad)}` });
      expect(response.statusCode, bad).toBe(400);
      expect(json<{ error: { fields: Record<string, string> } }>(response).error.fields.publicId).toBe(
        'Deze betaallink bestaat niet.',
      );
    }
  });
});

describe('GET applicationManager/bank/{id}', () => {
  it('answers the transaction with its audit rows, oldest first', async () => {
    const { member, transaction } = await openTransaction(7_000);
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/markPayed/${transaction.id}`,
      as: cast.bankManager,
      payload: { via: 'cash', note: 'aan de kassa' },
    });
    const response = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/bank/${transaction.id}`,
      as: cast.bankManager,
    });
    expect(response.statusCode).toBe(200);
    const detail = managedTransactionDetailSchema.parse(json(response));
    expect(detail).toMatchObject({
      id: transaction.id,
      userId: member.id,
      userEmail: member.email,
      status: 'paid',
      paidVia: 'cash',
    });
    expect(detail.events.map((e) => e.kind)).toEqual(['created', 'paid']);
    expect(detail.events[1]).toMatchObject({
      fromStatus: 'open',
      toStatus: 'paid',
      paidVia: 'cash',
      amountCents: 7_000,
      actorName: 'Bankier Test',
      detail: 'aan de kassa',
    });
  });

  it("is 404 for another farm's transaction and an unknown one", async () => {
    const foreign = await openTransaction(1_000, cast.otherFarm);
    for (const id of [foreign.transaction.id, 999_999]) {
      const response = await ctx.request({
        method: 'GET',
        url: `/api/applicationManager/bank/${id}`,
        as: cast.bankManager,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('POST applicationManager/bank/Update', () => {
  const update = (body: object, as = cast.bankManager) =>
    ctx.request({ method: 'POST', url: '/api/applicationManager/bank/Update', as, payload: body });

  it('changes an open transaction and writes what changed into an updated audit row', async () => {
    const { transaction } = await openTransaction(10_000);
    const response = await update({
      id: transaction.id,
      amountCents: 12_550,
      description: 'Abonnement aangepast',
      dueDate: '2030-05-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(managedTransactionSchema.parse(json(response))).toMatchObject({
      amountCents: 12_550,
      description: 'Abonnement aangepast',
      dueDate: '2030-05-01',
      status: 'open',
    });
    const events = await eventsOf(ctx, transaction.id);
    expect(events.map((e) => e.kind)).toEqual(['created', 'updated']);
    expect(events[1]).toMatchObject({ amountCents: 12_550, actorName: 'Bankier Test' });
    expect(events[1]!.detail).toContain('bedrag €\u00a0100,00 → €\u00a0125,50');
    expect(events[1]!.detail).toContain('omschrijving "Abonnement" → "Abonnement aangepast"');
    expect(events[1]!.detail).toContain(`vervaldatum ${transaction.dueDate} → 2030-05-01`);
    // The same values again change nothing and write no row.
    expect(
      (
        await update({
          id: transaction.id,
          amountCents: 12_550,
          description: 'Abonnement aangepast',
          dueDate: '2030-05-01',
        })
      ).statusCode,
    ).toBe(200);
    expect(await eventsOf(ctx, transaction.id)).toHaveLength(2);
  });

  it('refuses a paid or cancelled transaction with TRANSACTION_ALREADY_HANDLED and changes nothing', async () => {
    const paid = (await openTransaction(3_000)).transaction;
    const cancelled = (await openTransaction(3_000)).transaction;
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/markPayed/${paid.id}`,
      as: cast.bankManager,
      payload: { via: 'transfer' },
    });
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/cancel/${cancelled.id}`,
      as: cast.bankManager,
    });
    for (const t of [paid, cancelled]) {
      const response = await update({ id: t.id, amountCents: 1, description: 'x', dueDate: '2030-01-01' });
      expect(response.statusCode).toBe(409);
      expect(codeOf(response)).toBe('TRANSACTION_ALREADY_HANDLED');
      expect((await transactionRow(ctx, t.id))?.amountCents).toBe(3_000);
    }
  });

  it("is 404 for another farm's transaction", async () => {
    const foreign = await openTransaction(1_000, cast.otherFarm);
    const response = await update({
      id: foreign.transaction.id,
      amountCents: 1,
      description: 'gekaapt',
      dueDate: '2030-01-01',
    });
    expect(response.statusCode).toBe(404);
    expect((await transactionRow(ctx, foreign.transaction.id))?.amountCents).toBe(1_000);
  });

  it('answers bad amounts, descriptions and dates with Dutch field messages', async () => {
    const { transaction } = await openTransaction(1_000);
    const base = { id: transaction.id, amountCents: 100, description: 'ok', dueDate: '2030-01-01' };
    const cases: [object, string, RegExp][] = [
      [{ amountCents: -5 }, 'amountCents', /minstens € 0,01/],
      [{ amountCents: 0 }, 'amountCents', /minstens € 0,01/],
      [{ amountCents: 12.5 }, 'amountCents', /geheel getal/],
      [{ amountCents: 10_000_001 }, 'amountCents', /hoogstens € 100000/],
      [{ amountCents: '100' }, 'amountCents', /bedrag/i],
      [{ description: '   ' }, 'description', /Vul een omschrijving in/],
      [{ description: 'x'.repeat(141) }, 'description', /hoogstens 140 tekens/],
      [{ dueDate: '01/02/2030' }, 'dueDate', /JJJJ-MM-DD/],
      [{ dueDate: '2030-02-30' }, 'dueDate', /geldige datum/],
      [{ dueDate: '1999-12-31' }, 'dueDate', /tussen 2000 en 2100/],
    ];
    for (const [change, field, message] of cases) {
      expectFieldError(await update({ ...base, ...change }), field, message, JSON.stringify(change));
    }
    expect((await transactionRow(ctx, transaction.id))?.amountCents).toBe(1_000);
  });
});

describe('POST applicationManager/bank/markPayed/{id}', () => {
  const markPaid = (id: number, body: object) =>
    ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/markPayed/${id}`,
      as: cast.bankManager,
      payload: body,
    });

  it('marks paid on the given day at noon, Belgian time, and the member has paid', async () => {
    const { member, transaction } = await openTransaction(8_000);
    expect(await hasPaidOf(ctx, ctx.appId, member.id)).toBe(false);
    // Summer time (UTC+2) and winter time (UTC+1).
    const response = await markPaid(transaction.id, { via: 'transfer', paidOn: '2024-07-01', note: 'KBC' });
    expect(response.statusCode, response.body).toBe(200);
    expect(managedTransactionSchema.parse(json(response))).toMatchObject({
      status: 'paid',
      paidVia: 'transfer',
      paidAt: '2024-07-01T10:00:00.000Z',
    });
    expect(await hasPaidOf(ctx, ctx.appId, member.id)).toBe(true);
    const winter = (await openTransaction(1_000)).transaction;
    const answer = json<{ paidAt: string }>(await markPaid(winter.id, { via: 'cash', paidOn: '2024-01-15' }));
    expect(answer.paidAt).toBe('2024-01-15T11:00:00.000Z');
  });

  it('marks paid now without a day; a second time is TRANSACTION_ALREADY_HANDLED with one paid row', async () => {
    const { transaction } = await openTransaction(8_000);
    const before = Date.now();
    const first = json<{ paidAt: string }>(await markPaid(transaction.id, { via: 'manual' }));
    expect(Date.parse(first.paidAt)).toBeGreaterThanOrEqual(before - 1000);
    const again = await markPaid(transaction.id, { via: 'cash' });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('TRANSACTION_ALREADY_HANDLED');
    const events = await eventsOf(ctx, transaction.id);
    expect(events.filter((e) => e.kind === 'paid')).toHaveLength(1);
    expect((await transactionRow(ctx, transaction.id))?.paidVia).toBe('manual');
  });

  it('refuses online as a manual way, a day in the future, a bad day, and another farm', async () => {
    const { transaction } = await openTransaction(8_000);
    const online = await markPaid(transaction.id, { via: 'online' });
    expect(online.statusCode).toBe(400);
    expect(json<{ error: { fields: { via: string } } }>(online).error.fields.via).toMatch(/overschrijving/);
    const tomorrow = await markPaid(transaction.id, { via: 'cash', paidOn: farmDayFromNow(1) });
    expect(tomorrow.statusCode).toBe(400);
    expect(json<{ error: { fields: { paidOn: string } } }>(tomorrow).error.fields.paidOn).toMatch(/toekomst/);
    expect((await markPaid(transaction.id, { via: 'cash', paidOn: '2024-13-01' })).statusCode).toBe(400);
    expect((await markPaid(transaction.id, { via: 'cash', note: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await transactionRow(ctx, transaction.id))?.status).toBe('open');
    expect((await markPaid(transaction.id, { via: 'cash', paidOn: farmToday() })).statusCode).toBe(200);
    const foreign = await openTransaction(1_000, cast.otherFarm);
    expect((await markPaid(foreign.transaction.id, { via: 'cash' })).statusCode).toBe(404);
    expect((await transactionRow(ctx, foreign.transaction.id))?.status).toBe('open');
  });
});

describe('POST applicationManager/bank/cancel/{id}', () => {
  const cancel = (id: number) =>
    ctx.request({ method: 'POST', url: `/api/applicationManager/bank/cancel/${id}`, as: cast.bankManager });

  it('cancels an open transaction once, with its audit row', async () => {
    const { transaction } = await openTransaction(6_000);
    const response = await cancel(transaction.id);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ status: 'cancelled', paidAt: null, paidVia: null });
    expect(codeOf(await cancel(transaction.id))).toBe('TRANSACTION_ALREADY_HANDLED');
    const events = await eventsOf(ctx, transaction.id);
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.actorName])).toEqual([
      ['created', null, 'open', null],
      ['cancelled', 'open', 'cancelled', 'Bankier Test'],
    ]);
  });

  it("refuses a paid one and is 404 for another farm's", async () => {
    const { transaction } = await openTransaction(6_000);
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/markPayed/${transaction.id}`,
      as: cast.bankManager,
      payload: { via: 'cash' },
    });
    expect(codeOf(await cancel(transaction.id))).toBe('TRANSACTION_ALREADY_HANDLED');
    expect((await transactionRow(ctx, transaction.id))?.status).toBe('paid');
    const foreign = await openTransaction(1_000, cast.otherFarm);
    expect((await cancel(foreign.transaction.id)).statusCode).toBe(404);
    expect((await transactionRow(ctx, foreign.transaction.id))?.status).toBe('open');
  });
});

describe('DELETE applicationManager/bank/{id}', () => {
  const remove = (id: number) =>
    ctx.request({ method: 'DELETE', url: `/api/applicationManager/bank/${id}`, as: cast.bankManager });

  it('deletes an open one with its e-mails and online payments, keeping a deleted audit row', async () => {
    const { member, transaction } = await openTransaction(6_000);
    await ctx.db.insert(paymentEmails).values({
      appId: ctx.appId,
      kind: 'needed',
      userId: member.id,
      transactionId: transaction.id,
      toName: 'x',
      toEmail: member.email,
      subject: 's',
      textBody: 't',
      htmlBody: 'h',
    });
    await ctx.db.insert(bankOnlinePayments).values({
      appId: ctx.appId,
      transactionId: transaction.id,
      providerPaymentId: `tr_${fresh('x')}`,
      status: 'open',
      amountCents: 6_000,
    });
    const response = await remove(transaction.id);
    expect(response.statusCode).toBe(204);
    expect(await transactionRowIfAny(ctx, transaction.id)).toBeUndefined();
    expect(await ctx.db.select().from(paymentEmails).where(eq(paymentEmails.userId, member.id))).toEqual([]);
    expect(
      await ctx.db.select().from(bankOnlinePayments).where(eq(bankOnlinePayments.amountCents, 6_000)),
    ).toEqual([]);
    const [deleted] = await ctx.db
      .select()
      .from(bankTransactionEvents)
      .where(eq(bankTransactionEvents.kind, 'deleted'));
    expect(deleted).toMatchObject({
      transactionId: null,
      fromStatus: 'open',
      amountCents: 6_000,
      actorName: 'Bankier Test',
      actorUserId: cast.bankManager.id,
    });
    expect(deleted!.detail).toContain(`transactie ${transaction.id} verwijderd`);
    expect(deleted!.detail).toContain('€\u00a060,00');
    // The created row stays too, now without its link.
    expect((await remove(transaction.id)).statusCode).toBe(404);
  });

  it('deletes a cancelled one, refuses a paid one with TRANSACTION_PAID, 404 for another farm', async () => {
    const cancelled = (await openTransaction(2_000)).transaction;
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/cancel/${cancelled.id}`,
      as: cast.bankManager,
    });
    expect((await remove(cancelled.id)).statusCode).toBe(204);
    const paid = (await openTransaction(2_000)).transaction;
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/markPayed/${paid.id}`,
      as: cast.bankManager,
      payload: { via: 'cash' },
    });
    const refused = await remove(paid.id);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('TRANSACTION_PAID');
    expect((await transactionRow(ctx, paid.id))?.status).toBe('paid');
    expect((await eventsOf(ctx, paid.id)).map((e) => e.kind)).toEqual(['created', 'paid']);
    const foreign = await openTransaction(1_000, cast.otherFarm);
    expect((await remove(foreign.transaction.id)).statusCode).toBe(404);
    expect(await transactionRow(ctx, foreign.transaction.id)).toBeDefined();
  });

  it('leaves a member who paid the rest of the year as paid once the last open one is deleted', async () => {
    const { member, transaction: first } = await openTransaction(2_000);
    const second = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: member.id,
      amountCents: 500,
      harvestYear: cast.year,
    });
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/markPayed/${first.id}`,
      as: cast.bankManager,
      payload: { via: 'cash' },
    });
    expect(await hasPaidOf(ctx, ctx.appId, member.id)).toBe(false);
    expect((await remove(second.id)).statusCode).toBe(204);
    expect(await hasPaidOf(ctx, ctx.appId, member.id)).toBe(true);
  });
});

describe('POST applicationManager/bank/MembershipCreate', () => {
  const create = (body: object) =>
    ctx.request({
      method: 'POST',
      url: '/api/applicationManager/bank/MembershipCreate',
      as: cast.bankManager,
      payload: body,
    });

  it("makes the household's price due after the farm's due days, once per member and subscription", async () => {
    const { member, subscription } = await subscribedMember(ctx, {
      username: fresh('gezin'),
      firstName: 'Gerda',
      lastName: 'Gezin',
      year: cast.year,
      subscriptionName: 'Groot pakket',
      adultPriceCents: 10_000,
      childPriceCents: 4_050,
      household: [
        { name: 'Partner', isAdult: true, yearOfBirth: null },
        { name: 'Kind', isAdult: false, yearOfBirth: 2018 },
        { name: 'Kind 2', isAdult: false, yearOfBirth: 2020 },
      ],
    });
    await ctx.db.update(users).set({ hasPaid: true }).where(eq(users.id, member.id));
    const response = await create({ userId: member.id, subscriptionId: subscription.id });
    expect(response.statusCode, response.body).toBe(200);
    const made = managedTransactionSchema.parse(json(response));
    expect(made).toMatchObject({
      userId: member.id,
      payerName: 'Gerda Gezin',
      subscriptionId: subscription.id,
      subscriptionName: 'Groot pakket',
      harvestYear: cast.year,
      amountCents: 2 * 10_000 + 2 * 4_050,
      description: `Abonnement Groot pakket ${cast.year}`,
      dueDate: farmDayFromNow(30),
      status: 'open',
    });
    expect(made.structuredReference).toMatch(/^\d{12}$/);
    // An open transaction this year: not paid any more.
    expect(await hasPaidOf(ctx, ctx.appId, member.id)).toBe(false);
    const events = await eventsOf(ctx, made.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'created', actorName: 'Bankier Test', amountCents: 28_100 });

    const again = await create({ userId: member.id, subscriptionId: subscription.id });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('TRANSACTION_EXISTS');
    // Paid counts as existing too; cancelled does not.
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/markPayed/${made.id}`,
      as: cast.bankManager,
      payload: { via: 'cash' },
    });
    expect(codeOf(await create({ userId: member.id, subscriptionId: subscription.id }))).toBe(
      'TRANSACTION_EXISTS',
    );
  });

  it('takes the given amount, description and due date, and the due days of the settings', async () => {
    const { member, subscription } = await subscribedMember(ctx, {
      username: fresh('eigen'),
      year: cast.year,
    });
    const response = await create({
      userId: member.id,
      subscriptionId: subscription.id,
      amountCents: 1_234,
      description: '  Half abonnement  ',
      dueDate: '2030-03-01',
    });
    expect(json(response)).toMatchObject({
      amountCents: 1_234,
      description: 'Half abonnement',
      dueDate: '2030-03-01',
    });
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/cancel/${json<{ id: number }>(response).id}`,
      as: cast.bankManager,
    });
    await putSetting(ctx.db, ctx.appId, 'bank.dueDays', '14');
    try {
      const second = await create({ userId: member.id, subscriptionId: subscription.id });
      expect(second.statusCode, second.body).toBe(200);
      expect(json(second)).toMatchObject({ dueDate: farmDayFromNow(14), amountCents: 10_000 });
    } finally {
      await putSetting(ctx.db, ctx.appId, 'bank.dueDays', '30');
    }
  });

  it('is NOT_SUBSCRIBED without the subscription, 404 for an unapproved user or another farm', async () => {
    const { member } = await subscribedMember(ctx, { username: fresh('ander'), year: cast.year });
    const other = await createSubscription(ctx.db, {
      appId: ctx.appId,
      name: fresh('Niet van hem'),
      harvestYear: cast.year,
      adultPriceCents: 100,
    });
    const notSubscribed = await create({ userId: member.id, subscriptionId: other.id });
    expect(notSubscribed.statusCode).toBe(409);
    expect(codeOf(notSubscribed)).toBe('NOT_SUBSCRIBED');

    const waiting = await ctx.createUser({ username: fresh('wacht'), approved: false });
    await subscribeUser(ctx.db, { appId: ctx.appId, userId: waiting.id, subscriptionId: other.id });
    expect((await create({ userId: waiting.id, subscriptionId: other.id })).statusCode).toBe(404);

    const foreign = await subscribedMember(ctx, {
      username: fresh('vreemd'),
      appId: cast.otherFarm,
      year: cast.year,
    });
    expect(
      (await create({ userId: foreign.member.id, subscriptionId: foreign.subscription.id })).statusCode,
    ).toBe(404);
    expect((await create({ userId: member.id, subscriptionId: foreign.subscription.id })).statusCode).toBe(
      404,
    );
    expect((await create({ userId: foreign.member.id, subscriptionId: other.id })).statusCode).toBe(404);
    expect(
      await ctx.db.select().from(bankTransactions).where(eq(bankTransactions.userId, foreign.member.id)),
    ).toEqual([]);
  });

  it('asks for an amount when the household pays nothing for the subscription', async () => {
    const { member, subscription } = await subscribedMember(ctx, {
      username: fresh('gratis'),
      year: cast.year,
      adultPriceCents: 0,
      childPriceCents: 0,
    });
    const response = await create({ userId: member.id, subscriptionId: subscription.id });
    expect(response.statusCode).toBe(400);
    expect(json<{ error: { fields: { amountCents: string } } }>(response).error.fields.amountCents).toMatch(
      /Vul zelf een bedrag in/,
    );
    expect(
      (await create({ userId: member.id, subscriptionId: subscription.id, amountCents: 500 })).statusCode,
    ).toBe(200);
  });

  it('refuses bad ids, amounts and dates with Dutch field messages', async () => {
    const cases: [object, string][] = [
      [{ userId: 'een', subscriptionId: 1 }, 'userId'],
      [{ userId: 1, subscriptionId: -1 }, 'subscriptionId'],
      [{ userId: 1, subscriptionId: 1, amountCents: 0.5 }, 'amountCents'],
      [{ userId: 1, subscriptionId: 1, amountCents: 1e12 }, 'amountCents'],
      [{ userId: 1, subscriptionId: 1, dueDate: 'morgen' }, 'dueDate'],
    ];
    for (const [body, field] of cases) {
      expectFieldError(await create(body), field, /[a-z]/, JSON.stringify(body));
    }
  });
});

describe('GET applicationManager/bank (summary)', () => {
  it("counts and sums one harvest year per status and way of payment, this farm's only", async () => {
    const farm = await ctx.createApp({ appId: fresh('som'), hosts: ['som.test'] });
    const manager = await ctx.createUser({
      appId: farm.appId,
      username: fresh('sb'),
      roles: ['BankManager'],
    });
    const payer = await ctx.createUser({ appId: farm.appId, username: fresh('sp') });
    const make = (amountCents: number, harvestYear = cast.year) =>
      createBankTransaction(ctx.db, { appId: farm.appId, userId: payer.id, amountCents, harvestYear });
    const call = (query = '') =>
      ctx.request({
        method: 'GET',
        url: `/api/applicationManager/bank${query}`,
        as: manager,
        headers: { host: 'som.test' },
      });
    const act = (path: string, payload?: object) =>
      ctx.request({
        method: 'POST',
        url: `/api/applicationManager/bank/${path}`,
        as: manager,
        headers: { host: 'som.test' },
        ...(payload ? { payload } : {}),
      });
    await make(1_000);
    const cash = await make(2_000);
    const transfer = await make(3_000);
    const transfer2 = await make(50);
    const cancelled = await make(4_000);
    await make(99_999, cast.year - 1);
    await act(`markPayed/${cash.id}`, { via: 'cash' });
    await act(`markPayed/${transfer.id}`, { via: 'transfer' });
    await act(`markPayed/${transfer2.id}`, { via: 'transfer' });
    await act(`cancel/${cancelled.id}`);
    const summary = bankSummarySchema.parse(json(await call()));
    expect(summary).toEqual({
      harvestYear: cast.year,
      open: { count: 1, totalCents: 1_000 },
      paid: { count: 3, totalCents: 5_050 },
      cancelled: { count: 1, totalCents: 4_000 },
      paidBy: { transfer: 3_050, online: 0, cash: 2_000, manual: 0 },
    });
    const last = bankSummarySchema.parse(json(await call(`?harvestYear=${cast.year - 1}`)));
    expect(last.open).toEqual({ count: 1, totalCents: 99_999 });
    expect(last.paid.count).toBe(0);
    expect((await call('?harvestYear=1999')).statusCode).toBe(400);
    expect((await call('?harvestYear=abc')).statusCode).toBe(400);
  });
});
