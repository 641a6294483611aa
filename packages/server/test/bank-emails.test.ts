import { and, eq, inArray, like } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, generateEmailsResultSchema, pendingPaymentEmailSchema } from '@pluk/contract';
import { jobs, paymentEmails, users } from '../src/db/schema/index.js';
import { inTransaction } from '../src/db/transaction.js';
import { farmToday } from '../src/modules/bank/emails/generate.js';
import { closeTransaction } from '../src/modules/bank/status-change.js';
import { currentHarvestYear } from '../src/modules/harvest-year.js';
import { createBankTransaction, type CreatedUser } from '../src/seed/factories.js';
import { type SmtpStandIn, startSmtpServer } from './helpers/smtp.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

let ctx: TestContext;
let smtp: SmtpStandIn;
let year: number;
beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpServer();
  year = (await currentHarvestYear(ctx.db, ctx.appId)).year;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

interface Farm {
  appId: string;
  host: string;
  publicUrl: string;
  manager: CreatedUser;
}

let farms = 0;
/** A farm of its own per test (its own waiting mails), mailing through the stand-in. */
async function newFarm(options: { payee?: boolean } = {}): Promise<Farm> {
  farms += 1;
  const appId = `betaal${farms}`;
  const host = `${appId}.test`;
  const publicUrl = `https://${appId}.example`;
  await ctx.createApp({
    appId,
    name: `Hoeve ${farms}`,
    hosts: [host],
    colors: { primary: '#1b5e20', secondary: '#8bc34a', background: '#f1f8e9' },
    settings: [
      { key: 'smtp.host', value: '127.0.0.1' },
      { key: 'smtp.port', value: String(smtp.port) },
      { key: 'publicUrl', value: `${publicUrl}/` },
      ...(options.payee === false
        ? []
        : [
            { key: 'bank.iban', value: 'BE68539007547034' },
            { key: 'bank.accountName', value: 'Hoeve vzw' },
          ]),
    ],
  });
  const manager = await ctx.createUser({ appId, username: uniqueName('kassier'), roles: ['BankManager'] });
  return { appId, host, publicUrl, manager };
}

const member = (farm: Farm, firstName: string) =>
  ctx.createUser({ appId: farm.appId, username: uniqueName('lid'), firstName, lastName: 'Peeters' });

const owe = (
  farm: Farm,
  user: { id: number },
  input: { amountCents?: number; dueDate?: string; harvestYear?: number; description?: string } = {},
) =>
  createBankTransaction(ctx.app.db, {
    appId: farm.appId,
    userId: user.id,
    amountCents: input.amountCents ?? 12_500,
    harvestYear: input.harvestYear ?? year,
    description: input.description ?? 'Abonnement Groenten',
    dueDate: input.dueDate,
  });

const call = (
  farm: Farm,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { as?: CreatedUser | null; payload?: unknown } = {},
) =>
  ctx.request({
    method,
    url: `/api/applicationManager/Management/${path}`,
    headers: { host: farm.host },
    ...(options.as === null ? {} : { as: options.as ?? farm.manager }),
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });

const generated = (response: { body: string; statusCode: number }) => {
  expect(response.statusCode, response.body).toBe(200);
  return generateEmailsResultSchema.parse(JSON.parse(response.body));
};
const waitingOf = async (farm: Farm, kind: 'needed' | 'reminder') => {
  const response = await call(
    farm,
    'GET',
    kind === 'needed' ? 'GetAllPaymentNeededEmails' : 'GetAllPaymentReminderEmails',
  );
  expect(response.statusCode, response.body).toBe(200);
  return pendingPaymentEmailSchema.array().parse(json(response));
};
const confirm = async (farm: Farm, kind: 'needed' | 'reminder', ids?: number[]) => {
  const response = await call(
    farm,
    'POST',
    kind === 'needed' ? 'ConfirmPaymentNeededEmails' : 'ConfirmPaymentReminderEmails',
    { payload: ids === undefined ? {} : { ids } },
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<{ queued: number }>(response).queued;
};
const errorOf = (response: { body: string }) => errorBodySchema.parse(JSON.parse(response.body)).error;
const mailsTo = (user: CreatedUser) => smtp.messages.filter((m) => m.to.includes(user.email));
const reference = (digits: string) => `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;

/** A day `days` from today on the farm's clock (YYYY-MM-DD). */
const dayFromToday = (days: number) => {
  const today = new Date(`${farmToday()}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
};
const dutchDay = (day: string) => day.split('-').reverse().join('/');

const pay = (farm: Farm, transactionId: number) =>
  inTransaction(ctx.app.db, (tx) =>
    closeTransaction(tx, farm.appId, transactionId, {
      to: 'paid',
      via: 'cash',
      paidAt: new Date(),
      actor: null,
      detail: 'test',
    }),
  );

describe('payment needed e-mails: generate, review, confirm', () => {
  it('mails every member with an open transaction of the year once, with the link, amount and reference', async () => {
    const farm = await newFarm();
    const anna = await member(farm, 'Anna');
    const bert = await member(farm, 'Bert');
    const noMail = await member(farm, 'Zonder');
    await ctx.db.update(users).set({ email: '' }).where(eq(users.id, noMail.id));
    const annaOwes = await owe(farm, anna, { amountCents: 12_500, dueDate: '2026-04-30' });
    const bertOwes = await owe(farm, bert, { amountCents: 3_050, description: 'Abonnement Bloemen' });
    await owe(farm, noMail);
    // Not of this year, or not open: no mail.
    await owe(farm, anna, { harvestYear: year - 1, description: 'Vorig jaar' });
    const paid = await owe(farm, bert, { description: 'Al betaald' });
    await pay(farm, paid.id);

    expect(generated(await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }))).toEqual({
      generated: 2,
      skipped: 1,
    });
    const waiting = await waitingOf(farm, 'needed');
    expect(waiting.map((m) => m.transactionId)).toEqual([annaOwes.id, bertOwes.id]);
    const annaMail = waiting[0]!;
    expect(annaMail).toMatchObject({
      kind: 'needed',
      userId: anna.id,
      toName: 'Anna Peeters',
      toEmail: anna.email,
      amountCents: 12_500,
    });
    expect(annaMail.subject).toContain('Abonnement Groenten');
    expect(annaMail.text).toContain('Dag Anna,');
    expect(await waitingOf(farm, 'reminder')).toEqual([]);
    // Nothing is sent before the manager confirms.
    await ctx.app.jobs.drain();
    expect(mailsTo(anna)).toHaveLength(0);

    expect(await confirm(farm, 'needed')).toBe(2);
    await ctx.app.jobs.drain();
    expect(await waitingOf(farm, 'needed')).toEqual([]);
    expect(mailsTo(anna)).toHaveLength(1);
    expect(mailsTo(bert)).toHaveLength(1);
    expect(mailsTo(noMail)).toHaveLength(0);

    const sent = mailsTo(anna)[0]!;
    expect(sent.subject).toBe(annaMail.subject);
    expect(sent.text.trim()).toBe(annaMail.text.trim());
    const link = `${farm.publicUrl}/account/membership/${annaOwes.publicId}`;
    expect(sent.text).toContain(link);
    expect(sent.text).toContain('€\u00a0125,00');
    expect(sent.text).toContain('30/04/2026');
    expect(sent.text).toContain(reference(annaOwes.structuredReference));
    expect(sent.text).toContain('BE68 5390 0754 7034');
    expect(sent.text).toContain('Hoeve vzw');
    const html = (await simpleParser(sent.raw)).html || '';
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Bekijk en betaal');
    expect(html).toContain('#1b5e20');
    expect(html).toContain('Hoeve ');
    expect(html).toContain('€\u00a0125,00');
    expect(html).toContain(reference(annaOwes.structuredReference));
    expect(mailsTo(bert)[0]!.text).toContain('€\u00a030,50');

    const rows = await ctx.db
      .select({ status: paymentEmails.status, confirmedAt: paymentEmails.confirmedAt })
      .from(paymentEmails)
      .where(eq(paymentEmails.appId, farm.appId));
    expect(rows.every((row) => row.status === 'queued' && row.confirmedAt !== null)).toBe(true);
  });

  it('sends nothing twice when confirmed again', async () => {
    const farm = await newFarm();
    const anna = await member(farm, 'Anna');
    await owe(farm, anna);
    generated(await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }));
    const [mail] = await waitingOf(farm, 'needed');
    expect(await confirm(farm, 'needed')).toBe(1);
    expect(await confirm(farm, 'needed')).toBe(0);
    expect(await confirm(farm, 'needed', [mail!.id])).toBe(0);
    await ctx.app.jobs.drain();
    expect(await confirm(farm, 'needed')).toBe(0);
    await ctx.app.jobs.drain();
    expect(mailsTo(anna)).toHaveLength(1);
    const queued = await ctx.db
      .select({ key: jobs.idempotencyKey, outcome: jobs.outcome })
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `payment-email:${mail!.id}`));
    expect(queued).toEqual([{ key: `payment-email:${mail!.id}`, outcome: 'sent' }]);
  });

  it('confirms two at once without queueing a mail twice', async () => {
    const farm = await newFarm();
    const people = await Promise.all([member(farm, 'Ada'), member(farm, 'Bo'), member(farm, 'Cas')]);
    for (const person of people) await owe(farm, person);
    generated(await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }));
    const counts = await Promise.all([confirm(farm, 'needed'), confirm(farm, 'needed')]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    await ctx.app.jobs.drain();
    for (const person of people) expect(mailsTo(person)).toHaveLength(1);
  });

  it('drops the mail of a transaction paid between generate and confirm, and one paid before sending', async () => {
    const farm = await newFarm();
    const anna = await member(farm, 'Anna');
    const bert = await member(farm, 'Bert');
    const cas = await member(farm, 'Cas');
    const gone = await member(farm, 'Weg');
    const annaOwes = await owe(farm, anna);
    await owe(farm, bert);
    const casOwes = await owe(farm, cas);
    await owe(farm, gone);
    generated(await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }));
    await pay(farm, annaOwes.id);
    expect(await confirm(farm, 'needed')).toBe(3);
    // Paid (or the member deleted) after the confirm, before the worker got to it: not sent either.
    await pay(farm, casOwes.id);
    await ctx.db.delete(users).where(eq(users.id, gone.id));
    await ctx.app.jobs.drain();
    expect(mailsTo(anna)).toHaveLength(0);
    expect(mailsTo(bert)).toHaveLength(1);
    expect(mailsTo(cas)).toHaveLength(0);
    expect(mailsTo(gone)).toHaveLength(0);
    const rows = await ctx.db
      .select({ transactionId: paymentEmails.transactionId, status: paymentEmails.status })
      .from(paymentEmails)
      .where(eq(paymentEmails.appId, farm.appId));
    expect(rows.find((r) => r.transactionId === annaOwes.id)?.status).toBe('discarded');
    const casMail = await ctx.db
      .select({ id: paymentEmails.id })
      .from(paymentEmails)
      .where(and(eq(paymentEmails.appId, farm.appId), eq(paymentEmails.transactionId, casOwes.id)));
    const [casJob] = await ctx.db
      .select({ outcome: jobs.outcome })
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `payment-email:${casMail[0]!.id}`));
    expect(casJob?.outcome).toBe('cancelled');
  });

  it('generates nothing twice, also when two run at once', async () => {
    const farm = await newFarm();
    const anna = await member(farm, 'Anna');
    const bert = await member(farm, 'Bert');
    await owe(farm, anna);
    await owe(farm, bert);
    const [first, second] = await Promise.all([
      call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }),
      call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }),
    ]);
    const results = [generated(first!), generated(second!)];
    expect(results[0]!.generated + results[1]!.generated).toBe(2);
    const again = generated(await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }));
    expect(again).toEqual({ generated: 0, skipped: 2 });
    expect(generated(await call(farm, 'POST', `GeneratePaymentNeededEmail/${anna.id}`))).toEqual({
      generated: 0,
      skipped: 1,
    });
    const waiting = await waitingOf(farm, 'needed');
    expect(waiting).toHaveLength(2);
    // A reminder is another kind: it may wait beside the needed mail.
    expect(generated(await call(farm, 'POST', `GeneratePaymentReminderEmail/${anna.id}`))).toEqual({
      generated: 1,
      skipped: 0,
    });
    // Once sent, a new round can be generated for what is still open.
    await confirm(farm, 'needed');
    expect(generated(await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }))).toEqual({
      generated: 2,
      skipped: 0,
    });
  });

  it('takes a given harvest year and only the given ids when confirming', async () => {
    const farm = await newFarm();
    const anna = await member(farm, 'Anna');
    const bert = await member(farm, 'Bert');
    const old = await owe(farm, anna, { harvestYear: year - 1 });
    await owe(farm, bert, { harvestYear: year - 1 });
    await owe(farm, anna);
    expect(
      generated(
        await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: { harvestYear: year - 1 } }),
      ),
    ).toEqual({ generated: 2, skipped: 0 });
    const waiting = await waitingOf(farm, 'needed');
    const annaMail = waiting.find((m) => m.transactionId === old.id)!;
    expect(await confirm(farm, 'needed', [annaMail.id])).toBe(1);
    await ctx.app.jobs.drain();
    expect(mailsTo(anna)).toHaveLength(1);
    expect(mailsTo(bert)).toHaveLength(0);
    expect((await waitingOf(farm, 'needed')).map((m) => m.userId)).toEqual([bert.id]);
    expect(await confirm(farm, 'needed', [])).toBe(0);
    // Reminder ids do not confirm needed mails.
    expect(await confirm(farm, 'reminder', [waiting.find((m) => m.userId === bert.id)!.id])).toBe(0);
  });

  it('discards a waiting mail: it is not listed, not sent, and can be generated again', async () => {
    const farm = await newFarm();
    const anna = await member(farm, 'Anna');
    await owe(farm, anna);
    generated(await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }));
    const [mail] = await waitingOf(farm, 'needed');
    const dropped = await call(farm, 'DELETE', `PaymentEmail/${mail!.id}`);
    expect(dropped.statusCode).toBe(204);
    expect(errorOf(await call(farm, 'DELETE', `PaymentEmail/${mail!.id}`)).code).toBe('NOT_FOUND');
    expect(await waitingOf(farm, 'needed')).toEqual([]);
    expect(await confirm(farm, 'needed')).toBe(0);
    await ctx.app.jobs.drain();
    expect(mailsTo(anna)).toHaveLength(0);
    expect(generated(await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }))).toEqual({
      generated: 1,
      skipped: 0,
    });
  });

  it('says where to find the payment details when the farm has no bank account yet', async () => {
    const farm = await newFarm({ payee: false });
    const anna = await member(farm, 'Anna');
    const owes = await owe(farm, anna);
    generated(await call(farm, 'POST', `GeneratePaymentNeededEmail/${anna.id}/${owes.id}`));
    await confirm(farm, 'needed');
    await ctx.app.jobs.drain();
    const [sent] = mailsTo(anna);
    expect(sent!.text).toContain('Je vindt de betaalgegevens via de link hieronder.');
    expect(sent!.text).not.toContain('IBAN');
    expect(sent!.text).toContain(reference(owes.structuredReference));
    const html = (await simpleParser(sent!.raw)).html || '';
    expect(html).toContain('Je vindt de betaalgegevens via de knop hieronder.');
  });
});

describe('payment reminders', () => {
  it('reminds only open transactions past their due date on the farm clock', async () => {
    const farm = await newFarm();
    const late = await member(farm, 'Laat');
    const today = await member(farm, 'Vandaag');
    const early = await member(farm, 'Vroeg');
    const lateOwes = await owe(farm, late, { dueDate: dayFromToday(-1) });
    await owe(farm, today, { dueDate: dayFromToday(0) });
    await owe(farm, early, { dueDate: dayFromToday(10) });
    const latePaid = await owe(farm, early, { dueDate: dayFromToday(-5), description: 'Betaald' });
    await pay(farm, latePaid.id);

    expect(generated(await call(farm, 'POST', 'GeneratePaymentReminderEmails', { payload: {} }))).toEqual({
      generated: 1,
      skipped: 0,
    });
    const [reminder] = await waitingOf(farm, 'reminder');
    expect(reminder).toMatchObject({ kind: 'reminder', transactionId: lateOwes.id, userId: late.id });
    expect(reminder!.subject).toMatch(/^Herinnering: betaling Abonnement Groenten/);
    expect(reminder!.text).toContain(`De vervaldatum (${dutchDay(lateOwes.dueDate)}) is voorbij`);
    expect(await waitingOf(farm, 'needed')).toEqual([]);
    expect(await confirm(farm, 'reminder')).toBe(1);
    await ctx.app.jobs.drain();
    expect(mailsTo(late)).toHaveLength(1);
    expect(mailsTo(late)[0]!.subject).toMatch(/^Herinnering: betaling/);
    expect(mailsTo(today)).toHaveLength(0);
    expect(mailsTo(early)).toHaveLength(0);
    expect(generated(await call(farm, 'POST', 'GeneratePaymentReminderEmails', { payload: {} }))).toEqual({
      generated: 1,
      skipped: 0,
    });
  });

  it("reminds one member's open transactions, or one, whatever their due date", async () => {
    const farm = await newFarm();
    const anna = await member(farm, 'Anna');
    const bert = await member(farm, 'Bert');
    const first = await owe(farm, anna, { dueDate: dayFromToday(20) });
    const second = await owe(farm, anna, { dueDate: dayFromToday(-3), harvestYear: year - 1 });
    const bertOwes = await owe(farm, bert, { dueDate: dayFromToday(5) });
    expect(generated(await call(farm, 'POST', `GeneratePaymentReminderEmail/${anna.id}`))).toEqual({
      generated: 2,
      skipped: 0,
    });
    const waiting = await waitingOf(farm, 'reminder');
    expect(waiting.map((m) => m.transactionId)).toEqual([first.id, second.id]);
    // Not yet due: a reminder, without saying it is late.
    expect(waiting[0]!.text).toContain(`te betalen vóór ${dutchDay(first.dueDate)}`);
    expect(waiting[0]!.text).not.toContain('is voorbij');

    expect(
      generated(await call(farm, 'POST', `GeneratePaymentReminderEmail/${bert.id}/${bertOwes.id}`)),
    ).toEqual({ generated: 1, skipped: 0 });
    expect(
      generated(await call(farm, 'POST', `GeneratePaymentNeededEmail/${bert.id}/${bertOwes.id}`)),
    ).toEqual({ generated: 1, skipped: 0 });
    expect((await waitingOf(farm, 'reminder')).map((m) => m.transactionId)).toEqual([
      first.id,
      second.id,
      bertOwes.id,
    ]);
    expect(await confirm(farm, 'reminder')).toBe(3);
    await ctx.app.jobs.drain();
    expect(mailsTo(anna)).toHaveLength(2);
    expect(mailsTo(bert)).toHaveLength(1);
  });

  it('refuses a handled transaction (409) and a stranger, unknown or mismatched one (404)', async () => {
    const farm = await newFarm();
    const other = await newFarm();
    const anna = await member(farm, 'Anna');
    const bert = await member(farm, 'Bert');
    const stranger = await member(other, 'Vreemd');
    const annaOwes = await owe(farm, anna);
    const strangerOwes = await owe(other, stranger);
    const paid = await owe(farm, anna, { description: 'Betaald' });
    await pay(farm, paid.id);

    for (const kind of ['Needed', 'Reminder']) {
      const handled = await call(farm, 'POST', `GeneratePayment${kind}Email/${anna.id}/${paid.id}`);
      expect(handled.statusCode).toBe(409);
      expect(errorOf(handled).code).toBe('TRANSACTION_ALREADY_HANDLED');
      for (const path of [
        `GeneratePayment${kind}Email/${stranger.id}`,
        `GeneratePayment${kind}Email/${stranger.id}/${strangerOwes.id}`,
        `GeneratePayment${kind}Email/${anna.id}/${strangerOwes.id}`,
        `GeneratePayment${kind}Email/${bert.id}/${annaOwes.id}`,
        `GeneratePayment${kind}Email/2147483647`,
        `GeneratePayment${kind}Email/${anna.id}/2147483647`,
      ]) {
        const response = await call(farm, 'POST', path);
        expect(response.statusCode, path).toBe(404);
        expect(errorOf(response).code).toBe('NOT_FOUND');
      }
    }
    // A member without open transactions: nothing to do.
    expect(generated(await call(farm, 'POST', `GeneratePaymentNeededEmail/${bert.id}`))).toEqual({
      generated: 0,
      skipped: 0,
    });
    expect(await waitingOf(farm, 'needed')).toEqual([]);
    expect(await waitingOf(farm, 'reminder')).toEqual([]);
  });
});

describe('payment e-mails: access and farms', () => {
  const routes: [method: 'GET' | 'POST' | 'DELETE', path: (ids: Ids) => string, payload?: unknown][] = [
    ['POST', () => 'GeneratePaymentNeededEmails', {}],
    ['POST', (i) => `GeneratePaymentNeededEmail/${i.user}`],
    ['POST', (i) => `GeneratePaymentNeededEmail/${i.user}/${i.transaction}`],
    ['POST', () => 'GeneratePaymentReminderEmails', {}],
    ['POST', (i) => `GeneratePaymentReminderEmail/${i.user}`],
    ['POST', (i) => `GeneratePaymentReminderEmail/${i.user}/${i.transaction}`],
    ['GET', () => 'GetAllPaymentNeededEmails'],
    ['GET', () => 'GetAllPaymentReminderEmails'],
    ['POST', () => 'ConfirmPaymentNeededEmails', {}],
    ['POST', () => 'ConfirmPaymentReminderEmails', {}],
    ['DELETE', (i) => `PaymentEmail/${i.mail}`],
  ];
  interface Ids {
    user: number;
    transaction: number;
    mail: number;
  }

  it('answers 401 without a login and 403 to a member, and changes nothing', async () => {
    const farm = await newFarm();
    const anna = await member(farm, 'Anna');
    const owes = await owe(farm, anna);
    generated(await call(farm, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }));
    const [mail] = await waitingOf(farm, 'needed');
    const ids = { user: anna.id, transaction: owes.id, mail: mail!.id };
    const taskManager = await ctx.createUser({
      appId: farm.appId,
      username: uniqueName('klus'),
      roles: ['TaskManager'],
    });
    for (const [method, path, payload] of routes) {
      const anonymous = await call(farm, method, path(ids), { as: null, payload });
      expect(anonymous.statusCode, `${method} ${path(ids)}`).toBe(401);
      for (const who of [anna, taskManager]) {
        const refused = await call(farm, method, path(ids), { as: who, payload });
        expect(refused.statusCode, `${method} ${path(ids)}`).toBe(403);
      }
    }
    expect((await waitingOf(farm, 'needed')).map((m) => m.id)).toEqual([mail!.id]);
    await ctx.app.jobs.drain();
    expect(mailsTo(anna)).toHaveLength(0);
  });

  it("never lists, confirms or discards another farm's mails", async () => {
    const farm = await newFarm();
    const other = await newFarm();
    const anna = await member(farm, 'Anna');
    const stranger = await member(other, 'Vreemd');
    await owe(farm, anna, { dueDate: dayFromToday(-2) });
    await owe(other, stranger, { dueDate: dayFromToday(-2) });
    for (const f of [farm, other]) {
      generated(await call(f, 'POST', 'GeneratePaymentNeededEmails', { payload: {} }));
      generated(await call(f, 'POST', 'GeneratePaymentReminderEmails', { payload: {} }));
    }
    const theirs = [...(await waitingOf(other, 'needed')), ...(await waitingOf(other, 'reminder'))];
    expect(theirs).toHaveLength(2);
    for (const kind of ['needed', 'reminder'] as const) {
      const mine = await waitingOf(farm, kind);
      expect(mine.map((m) => m.userId)).toEqual([anna.id]);
      expect(
        await confirm(
          farm,
          kind,
          theirs.map((m) => m.id),
        ),
      ).toBe(0);
    }
    for (const mail of theirs) {
      const response = await call(farm, 'DELETE', `PaymentEmail/${mail.id}`);
      expect(response.statusCode).toBe(404);
    }
    const stillWaiting = await ctx.db
      .select({ status: paymentEmails.status })
      .from(paymentEmails)
      .where(
        inArray(
          paymentEmails.id,
          theirs.map((m) => m.id),
        ),
      );
    expect(stillWaiting.map((r) => r.status)).toEqual(['waiting', 'waiting']);
    // Confirming everything of this farm leaves the other farm's mails alone.
    expect(await confirm(farm, 'needed')).toBe(1);
    expect(await confirm(farm, 'reminder')).toBe(1);
    await ctx.app.jobs.drain();
    expect(mailsTo(stranger)).toHaveLength(0);
    expect(mailsTo(anna)).toHaveLength(2);
    const otherJobs = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.appId, other.appId), like(jobs.idempotencyKey, 'payment-email:%')));
    expect(otherJobs).toEqual([]);
  });

  it('answers 400 to bad ids and harvest years', async () => {
    const farm = await newFarm();
    for (const [method, path, payload] of [
      ['POST', 'GeneratePaymentNeededEmail/abc'],
      ['POST', 'GeneratePaymentNeededEmail/0'],
      ['POST', 'GeneratePaymentNeededEmail/1/-1'],
      ['POST', 'GeneratePaymentReminderEmail/1.5'],
      ['POST', 'GeneratePaymentReminderEmail/1/99999999999'],
      ['DELETE', 'PaymentEmail/x'],
      ['DELETE', 'PaymentEmail/0'],
      ['POST', 'ConfirmPaymentNeededEmails', { ids: ['a'] }],
      ['POST', 'ConfirmPaymentReminderEmails', { ids: [0] }],
      ['POST', 'ConfirmPaymentNeededEmails', { ids: 5 }],
      ['POST', 'GeneratePaymentNeededEmails', { harvestYear: 'vorig' }],
      ['POST', 'GeneratePaymentReminderEmails', { harvestYear: 1850 }],
    ] as const) {
      const response = await call(farm, method, path, { payload });
      expect(response.statusCode, path).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_ERROR');
    }
  });
});
