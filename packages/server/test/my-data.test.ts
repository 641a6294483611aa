import { and, eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myDataFiles, myDataRequestedSchema, myDataSections, myDataStateSchema } from '@pluk/contract';
import {
  auditLog,
  bankTransactions,
  comments,
  emailLog,
  eventAttendances,
  events,
  jobs,
  ledgerEntries,
  myDataExports,
  notifications,
  posts,
  refreshTokens,
  subscriptions,
  taskAssignments,
  tasks,
  users,
  userSubscriptions,
} from '../src/db/schema/index.js';
import { pruneOldRows } from '../src/jobs/prune.js';
import { bankWalletId, memberWalletId } from '../src/modules/wallet/ledger.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

const hour = 3_600_000;
let ctx: TestContext;
let anna: CreatedUser;
let bert: CreatedUser;
let stranger: CreatedUser;
let admin: CreatedUser;
let strangerApp: string;
let referenceCounter = 100_000_000_000;

type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };

async function insertTask(title: string, startsAt: Date, appId = ctx.appId): Promise<number> {
  const [row] = await ctx.db
    .insert(tasks)
    .values({ appId, title, startsAt, endsAt: new Date(startsAt.getTime() + 2 * hour), places: 3 })
    .returning();
  return row!.id;
}

async function insertPayment(user: CreatedUser, status: 'open' | 'paid', description: string) {
  referenceCounter += 1;
  await ctx.db.insert(bankTransactions).values({
    appId: user.appId,
    publicId: `pub${referenceCounter}`.padEnd(32, 'x'),
    userId: user.id,
    payerName: user.username,
    harvestYear: 2027,
    amountCents: 12_345,
    description,
    structuredReference: String(referenceCounter),
    status,
    dueDate: '2027-03-01',
    ...(status === 'paid' ? { paidAt: new Date(), paidVia: 'transfer' } : {}),
  });
}

/** Every personal thing of a member, each carrying `mark` so the ZIP can be searched for it. */
async function giveData(user: CreatedUser, mark: string) {
  const appId = user.appId;
  const [subscription] = await ctx.db
    .insert(subscriptions)
    .values({ appId, name: `Groentepakket ${mark}`, harvestYear: 2027, adultPriceCents: 9000 })
    .returning();
  await ctx.db.insert(userSubscriptions).values({ appId, userId: user.id, subscriptionId: subscription!.id });
  await insertPayment(user, 'paid', `Lidgeld ${mark}`);
  await ctx.db.transaction(async (tx) => {
    const mine = await memberWalletId(tx, appId, user.id);
    const bank = await bankWalletId(tx, appId);
    await tx.insert(ledgerEntries).values({
      appId,
      fromWalletId: bank,
      toWalletId: mine,
      amountCents: 250,
      kind: 'donation',
      description: `Welkom ${mark}`,
      idempotencyKey: `test-welcome-${mark}`,
    });
  });
  const task = await insertTask(`Klus ${mark}`, new Date(Date.now() - 48 * hour), appId);
  await ctx.db.insert(taskAssignments).values({ appId, taskId: task, userId: user.id, status: 'confirmed' });
  const [event] = await ctx.db
    .insert(events)
    .values({
      appId,
      title: `Feest ${mark}`,
      startsAt: new Date(Date.now() + 48 * hour),
      endsAt: new Date(Date.now() + 50 * hour),
    })
    .returning();
  await ctx.db.insert(eventAttendances).values({ appId, eventId: event!.id, userId: user.id, guests: 1 });
  const [post] = await ctx.db
    .insert(posts)
    .values({ appId, title: `Bericht ${mark}`, body: `<p>Tekst ${mark}</p>`, createdByUserId: user.id })
    .returning();
  await ctx.db.insert(comments).values([
    { appId, subjectType: 'post', subjectId: post!.id, userId: user.id, body: `Reactie ${mark}` },
    { appId, subjectType: 'post', subjectId: post!.id, userId: user.id, body: `=SOM(1;2) ${mark}` },
  ]);
  await ctx.db.insert(notifications).values({ appId, userId: user.id, title: `Melding ${mark}` });
  await ctx.db.insert(refreshTokens).values({
    appId,
    userId: user.id,
    tokenHash: `hash-${mark}`,
    familyId: `family-${mark}`,
    expiresAt: new Date(Date.now() + 24 * hour),
  });
}

const call = (method: 'GET' | 'POST', url: string, as: CreatedUser, extra: Record<string, unknown> = {}) =>
  ctx.request({ method, url: `/api/${url}`, as, ...extra });

async function exportZip(user: CreatedUser) {
  const asked = myDataRequestedSchema.parse((await call('POST', 'User/MyData', user)).json());
  await ctx.app.jobs.drain();
  const download = await call('GET', `User/MyData/${asked.export.id}/Download`, user);
  expect(download.statusCode, download.body).toBe(200);
  return { id: asked.export.id, download, files: unzipSync(new Uint8Array(download.rawPayload)) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  anna = await ctx.createUser({
    username: 'anna-gegevens',
    email: 'anna@gegevens.test',
    phone: '0470 11 11 11',
    household: [{ name: 'Kind van Anna', yearOfBirth: 2018, isAdult: false }],
  });
  bert = await ctx.createUser({
    username: 'bert-gegevens',
    email: 'bert@gegevens.test',
    phone: '0480 22 22 22',
  });
  admin = await ctx.createUser({ username: 'admin-gegevens', roles: ['Admin'] });
  const other = await ctx.createApp({ appId: 'ander-gegevens', hosts: ['ander-gegevens.test'] });
  strangerApp = other.appId;
  stranger = await ctx.createUser({ appId: strangerApp, username: 'vreemde-gegevens' });
  await giveData(anna, 'ANNA');
  await giveData(bert, 'BERT');
  await giveData(stranger, 'VREEMD');
});
afterAll(() => ctx.close());

describe('Download mijn gegevens', () => {
  it('prepares the ZIP once with every section, only my own data, and tells me once', async () => {
    expect(myDataStateSchema.parse((await call('GET', 'User/MyData', anna)).json())).toEqual({
      export: null,
    });

    const first = await call('POST', 'User/MyData', anna);
    expect(first.statusCode).toBe(200);
    const asked = myDataRequestedSchema.parse(first.json());
    expect(asked).toMatchObject({ queued: true, export: { status: 'preparing', expiresAt: null } });
    // A second click while it is being prepared starts nothing new: the same export, `queued: false`.
    const again = myDataRequestedSchema.parse((await call('POST', 'User/MyData', anna)).json());
    expect(again).toMatchObject({ queued: false, export: { id: asked.export.id, status: 'preparing' } });
    expect(
      await ctx.db
        .select()
        .from(jobs)
        .where(like(jobs.idempotencyKey, `my-data-export:${ctx.appId}:%`)),
    ).toHaveLength(1);
    // Not ready yet: 409 with a Dutch message.
    const early = await call('GET', `User/MyData/${asked.export.id}/Download`, anna);
    expect(early.statusCode).toBe(409);
    expect(json<ErrorAnswer>(early).error.code).toBe('MY_DATA_NOT_READY');

    await ctx.app.jobs.drain();
    const state = myDataStateSchema.parse((await call('GET', 'User/MyData', anna)).json());
    expect(state.export).toMatchObject({ id: asked.export.id, status: 'ready', expired: false });
    const hours = (Date.parse(state.export!.expiresAt!) - Date.parse(state.export!.readyAt!)) / hour;
    expect(hours).toBeCloseTo(24, 5);

    const download = await call('GET', `User/MyData/${asked.export.id}/Download`, anna);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="mijn-gegevens-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files).sort()).toEqual([...myDataFiles].sort());

    const text = strFromU8(files['mijn-gegevens.json']!);
    const data = JSON.parse(text) as Record<string, Record<string, unknown>[]>;
    for (const section of myDataSections) expect(data[section], section).toBeInstanceOf(Array);
    expect(data.profile![0]).toMatchObject({ email: 'anna@gegevens.test', phone: '0470 11 11 11' });
    expect(data.profile![0]).not.toHaveProperty('passwordHash');
    expect(data.household!.map((m) => m.name)).toContain('Kind van Anna');
    for (const section of [
      'subscriptions',
      'payments',
      'walletMovements',
      'chores',
      'events',
      'posts',
      'comments',
      'notifications',
      'logins',
    ] as const) {
      expect(data[section]!.length, section).toBeGreaterThan(0);
    }
    for (const word of [
      'Groentepakket ANNA',
      'Lidgeld ANNA',
      'Welkom ANNA',
      'Klus ANNA',
      'Feest ANNA',
      'Bericht ANNA',
      'Reactie ANNA',
      'Melding ANNA',
    ]) {
      expect(text).toContain(word);
    }
    // Another member's data, and another farm's, are never in it.
    for (const foreign of ['BERT', 'bert@gegevens.test', '0480 22 22 22', 'VREEMD', 'vreemde-gegevens']) {
      expect(text).not.toContain(foreign);
    }

    // The spreadsheet has a sheet per section, readable, with my data only.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(files['mijn-gegevens.xlsx']!) as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Profiel',
      'Gezin',
      'Abonnementen',
      'Betalingen',
      'Plukgeld',
      'Klusjes',
      'Evenementen',
      'Berichten',
      'Reacties',
      'Meldingen',
      'Aanmeldingen',
    ]);
    const profile = book.getWorksheet('Profiel')!;
    expect(profile.getRow(1).values).toContain('E-mailadres');
    expect(profile.getRow(2).values).toContain('anna@gegevens.test');
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
    expect(cells.join('\n')).not.toMatch(/BERT|VREEMD/);
    // Typed text that looks like a formula stays text, as in every other export.
    expect(cells.join('\n')).toContain("'=SOM(1;2) ANNA");

    // One e-mail and one notification, whatever runs again.
    await ctx.app.jobs.drain();
    const mails = await ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.userId, anna.id), eq(emailLog.template, 'myDataReady')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('anna@gegevens.test');
    expect(mails[0]!.body).toContain('http://pluk.test/account/privacy');
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, anna.id), eq(notifications.title, 'Je gegevens staan klaar')));
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe('/account/privacy');

    const actions = (
      await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, anna.id))
    ).map((row) => row.action);
    expect(actions.filter((a) => a === 'user.my-data.request')).toHaveLength(1);
    expect(actions).toContain('user.my-data.download');
  });

  it('is mine only: another member and another farm get 404, an Admin working as me 403', async () => {
    const { id } = await exportZip(bert);
    expect((await call('GET', `User/MyData/${id}/Download`, anna)).statusCode).toBe(404);
    expect((await call('GET', `User/MyData/${id}/Download`, stranger)).statusCode).toBe(401);
    const strangerAnswer = await ctx.request({
      method: 'GET',
      url: `/api/User/MyData/${id}/Download`,
      as: stranger,
      headers: { host: 'ander-gegevens.test' },
    });
    expect(strangerAnswer.statusCode).toBe(404);
    for (const [method, url] of [
      ['POST', 'User/MyData'],
      ['GET', `User/MyData/${id}/Download`],
    ] as const) {
      const response = await call(method, url, admin, { headers: { 'x-impersonate-user': String(bert.id) } });
      expect(response.statusCode, url).toBe(403);
      expect(json<ErrorAnswer>(response).error.code).toBe('IMPERSONATION_FORBIDDEN');
    }
  });

  it('answers 410 verlopen after 24 hours, and the pruning job empties the ZIP', async () => {
    const { id } = await exportZip(bert);
    await ctx.db
      .update(myDataExports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(myDataExports.id, id));
    const late = await call('GET', `User/MyData/${id}/Download`, bert);
    expect(late.statusCode).toBe(410);
    expect(json<ErrorAnswer>(late).error).toMatchObject({ code: 'MY_DATA_EXPIRED' });
    expect(json<ErrorAnswer>(late).error.message).toMatch(/verlopen/);
    const state = myDataStateSchema.parse((await call('GET', 'User/MyData', bert)).json());
    expect(state.export).toMatchObject({ id, expired: true });

    const counts = await pruneOldRows(ctx.db, { auditLogRetentionDays: 365 });
    expect(counts.myDataExports).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(myDataExports).where(eq(myDataExports.id, id));
    expect(row!.data).toBeNull();
    expect((await call('GET', `User/MyData/${id}/Download`, bert)).statusCode).toBe(410);
  });

  it('answers bad ids with JSON 400', async () => {
    for (const id of ['abc', '0', '99999999999']) {
      const response = await call('GET', `User/MyData/${id}/Download`, anna);
      expect(response.statusCode, id).toBe(400);
      expect(json<ErrorAnswer>(response).error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('Verwijder mijn account', () => {
  const remove = (user: CreatedUser, body: unknown, headers: Record<string, string> = {}) =>
    ctx.request({
      method: 'POST',
      url: '/api/User/DeleteMyAccount',
      as: user,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('refuses a wrong password with a Dutch message, and bad input with JSON 400', async () => {
    const wrong = await remove(anna, { password: 'niet-mijn-wachtwoord' });
    expect(wrong.statusCode).toBe(400);
    expect(json<ErrorAnswer>(wrong).error).toMatchObject({
      code: 'WRONG_PASSWORD',
      fields: { password: 'Je wachtwoord is onjuist.' },
    });
    for (const body of [{}, { password: '' }, { password: 42 }, null, undefined]) {
      const response = await remove(anna, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
    const broken = await ctx.request({
      method: 'POST',
      url: '/api/User/DeleteMyAccount',
      as: anna,
      headers: { 'content-type': 'application/json' },
      payload: '{"password":',
    });
    expect(broken.statusCode).toBe(400);
    const [still] = await ctx.db.select().from(users).where(eq(users.id, anna.id));
    expect(still!.anonymizedAt).toBeNull();
  });

  it('refuses while a payment is open or a chore waits, saying why', async () => {
    const owing = await ctx.createUser({ username: 'schuld-gegevens' });
    await insertPayment(owing, 'open', 'Lidgeld open');
    const refused = await remove(owing, { password: owing.password });
    expect(refused.statusCode).toBe(409);
    expect(json<ErrorAnswer>(refused).error.code).toBe('ACCOUNT_HAS_OPEN_PAYMENT');
    expect(json<ErrorAnswer>(refused).error.message).toMatch(/openstaande betaling/);

    const waiting = await ctx.createUser({ username: 'klus-gegevens' });
    const task = await insertTask('Wachtende klus', new Date(Date.now() + 72 * hour));
    await ctx.db.insert(taskAssignments).values({ appId: ctx.appId, taskId: task, userId: waiting.id });
    const refusedChore = await remove(waiting, { password: waiting.password });
    expect(refusedChore.statusCode).toBe(409);
    expect(json<ErrorAnswer>(refusedChore).error.code).toBe('ACCOUNT_HAS_PENDING_CHORE');
    expect(json<ErrorAnswer>(refusedChore).error.message).toMatch(/klusje/);
    for (const user of [owing, waiting]) {
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.anonymizedAt).toBeNull();
    }
  });

  it('is not for an Admin working as the member (403)', async () => {
    const response = await remove(
      admin,
      { password: 'pluk-test-password' },
      { 'x-impersonate-user': String(bert.id) },
    );
    expect(response.statusCode).toBe(403);
    expect(json<ErrorAnswer>(response).error.code).toBe('IMPERSONATION_FORBIDDEN');
  });

  it('anonymises like a manager’s delete, keeps the money history, tells the managers and audits', async () => {
    const manager = await ctx.createUser({
      username: 'beheer-gegevens',
      email: 'beheer@gegevens.test',
      roles: ['ApplicationManager'],
    });
    const { id: exportId } = await exportZip(anna);
    const [paidBefore] = await ctx.db
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.userId, anna.id));

    const response = await remove(anna, { password: anna.password });
    expect(response.statusCode, response.body).toBe(204);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, anna.id));
    expect(row).toMatchObject({ firstName: 'Verwijderd', lastName: 'lid', phone: '', isActive: false });
    expect(row!.email).not.toContain('anna');
    expect(row!.anonymizedAt).not.toBeNull();
    // Money history stays, under the anonymous member.
    const [paidAfter] = await ctx.db
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.id, paidBefore!.id));
    expect(paidAfter).toMatchObject({ status: 'paid', amountCents: 12_345, userId: anna.id });
    expect(
      await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.description, 'Welkom ANNA')),
    ).toHaveLength(1);
    // Copies of my data go too.
    expect(await ctx.db.select().from(myDataExports).where(eq(myDataExports.id, exportId))).toHaveLength(0);
    // My token no longer works.
    expect((await call('GET', 'User', anna)).statusCode).toBe(401);

    // The managers are told through the queue: one e-mail job each and a notification.
    const mailsQueued = await ctx.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, `member-left:${ctx.appId}:${anna.id}:%`));
    expect(mailsQueued.map((job) => job.idempotencyKey).sort()).toEqual(
      [admin.id, manager.id].map((id) => `member-left:${ctx.appId}:${anna.id}:${id}`).sort(),
    );
    await ctx.app.jobs.drain();
    const mail = await ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.userId, manager.id), eq(emailLog.template, 'memberLeft')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('anna-gegevens Testlid');
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, manager.id));
    expect(told.map((n) => n.title)).toContain('Een lid verwijderde zijn account');

    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete-own'), eq(auditLog.actorUserId, anna.id)));
    expect(audited!.details).toMatchObject({ userId: anna.id, managersTold: 2 });
  });
});
