import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, ManagedUser, UpdateAccountBody } from '@pluk/contract';
import { auditLog, emailChanges, emailLog, jobs, users } from '../src/db/schema/index.js';
import { hashToken } from '../src/lib/tokens.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

/**
 * ADR 087: a changed e-mail address counts only after the link sent to it is used; the old address is
 * told; password-reset links only ever go to the confirmed address.
 */

let ctx: TestContext;
let admin: CreatedUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.createUser({ username: uniqueName('admin'), roles: ['Admin'] });
});
afterAll(() => ctx.close());

interface MailPayload {
  mail: {
    to: string;
    template: string;
    values: Record<string, string>;
    loggedValues?: Record<string, string>;
  };
}

/** The waiting mail jobs of one account's e-mail changes (before the worker empties their payload). */
async function changeJobs(userId: number) {
  const rows = await ctx.db
    .select({ key: jobs.idempotencyKey, payload: jobs.payload, status: jobs.status })
    .from(jobs)
    .where(like(jobs.idempotencyKey, `email-change:${ctx.appId}:${userId}:%`))
    .orderBy(jobs.id);
  return rows.map((row) => ({ ...row, payload: row.payload as unknown as MailPayload }));
}

/** The token of the newest confirmation link queued for the account. */
async function latestToken(userId: number): Promise<string> {
  const confirm = (await changeJobs(userId)).filter((job) => job.key.endsWith(':new')).at(-1);
  const link = confirm?.payload.mail.values.confirmLink ?? '';
  const token = /\/confirm-email\?token=([A-Za-z0-9_-]+)$/.exec(link)?.[1];
  if (!token) throw new Error(`no confirmation link in ${link}`);
  return token;
}

const emailOf = async (userId: number) =>
  (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

const confirm = (token: string, host?: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/auth/confirmEmail',
    payload: { token },
    ...(host ? { headers: { host } } : {}),
  });

const managerUpdate = (as: CreatedUser, body: { id: number; email?: string; phone?: string }) =>
  ctx.request({ method: 'POST', url: '/api/applicationManager/user/update', as, payload: body });

const profile = (email: string): UpdateAccountBody => ({
  firstName: 'Eigen',
  lastName: 'Lid',
  email,
  phone: '09 123 45 67',
  address: { street: 'Molenstraat', number: '7', postalCode: '2000', city: 'Antwerpen' },
  householdMembers: [],
  privacy: { showContactData: false, receiveEmails: true },
  customQuestionAnswer: null,
});

describe('an Admin changes a manager’s e-mail address', () => {
  it('keeps the address until the new one confirms; mails the new and the old address, once each', async () => {
    const manager = await ctx.createUser({ username: uniqueName('beheer'), roles: ['ApplicationManager'] });
    const before = manager.email;
    const response = await managerUpdate(admin, { id: manager.id, email: 'nieuw.beheer@voorbeeld.test' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<ManagedUser>(response)).toMatchObject({
      email: before,
      pendingEmail: 'nieuw.beheer@voorbeeld.test',
    });
    expect(await emailOf(manager.id)).toBe(before);

    const queued = await changeJobs(manager.id);
    expect(queued).toHaveLength(2);
    const [toNew, toOld] = [
      queued.find((j) => j.key.endsWith(':new'))!,
      queued.find((j) => j.key.endsWith(':old'))!,
    ];
    expect(toNew.payload.mail).toMatchObject({
      to: 'nieuw.beheer@voorbeeld.test',
      template: 'emailChangeConfirm',
    });
    expect(toNew.payload.mail.values.confirmLink).toMatch(/^http:\/\/pluk\.test\/confirm-email\?token=/);
    expect(toOld.payload.mail).toMatchObject({ to: before, template: 'emailChangeNotice' });
    expect(toOld.payload.mail.values.maskedEmail).toBe('n***@voorbeeld.test');
    expect(toNew.key.replace(/:new$/, '')).toBe(toOld.key.replace(/:old$/, ''));

    // The same address again (a profile saved twice) keeps the change and mails nobody again.
    const again = await managerUpdate(admin, { id: manager.id, email: 'NIEUW.beheer@voorbeeld.test' });
    expect(again.statusCode).toBe(200);
    expect(await changeJobs(manager.id)).toHaveLength(2);

    // The detail and the list show it too.
    const detail = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/user/${manager.id}`,
      as: admin,
    });
    expect(json(detail)).toMatchObject({ email: before, pendingEmail: 'nieuw.beheer@voorbeeld.test' });

    await ctx.app.jobs.drain();
    const logged = await ctx.db
      .select({ to: emailLog.toAddress, template: emailLog.template, body: emailLog.body })
      .from(emailLog)
      .where(eq(emailLog.userId, manager.id));
    expect(logged.map((row) => [row.template, row.to]).sort()).toEqual([
      ['emailChangeConfirm', 'nieuw.beheer@voorbeeld.test'],
      ['emailChangeNotice', before],
    ]);
    // The log never holds a working link.
    const token = toNew.payload.mail.values.confirmLink!.split('token=')[1]!;
    expect(logged.find((row) => row.template === 'emailChangeConfirm')!.body).not.toContain(token);
    expect(logged.find((row) => row.template === 'emailChangeConfirm')!.body).toContain('[verborgen]');
  });

  it('confirms once: the address changes, sessions stay, audited; the link then is a Dutch 400', async () => {
    const manager = await ctx.createUser({ username: uniqueName('bevestig'), roles: ['TaskManager'] });
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: manager.username, password: manager.password },
    });
    const session = json<{ token: string; refreshToken: string }>(login);
    await managerUpdate(admin, { id: manager.id, email: 'bevestigd@voorbeeld.test' });
    const token = await latestToken(manager.id);

    const ok = await confirm(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toEqual({ email: 'bevestigd@voorbeeld.test' });
    expect(await emailOf(manager.id)).toBe('bevestigd@voorbeeld.test');
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, manager.id))).toEqual([]);
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.email-change.confirm'), eq(auditLog.actorUserId, manager.id)));
    expect(audited?.details).toEqual({ userId: manager.id, requestedByUserId: admin.id });
    // The member is not signed out.
    const refreshed = await ctx.request({ method: 'POST', url: '/api/auth/RefreshLogin', payload: session });
    expect(json<{ errors?: unknown[] }>(refreshed).errors ?? []).toEqual([]);
    const account = await ctx.request({ method: 'GET', url: '/api/User', as: manager });
    expect(json<Account>(account)).toMatchObject({ email: 'bevestigd@voorbeeld.test', pendingEmail: null });

    const twice = await confirm(token);
    expect(twice.statusCode).toBe(400);
    expect(json(twice)).toEqual({
      error: {
        code: 'EMAIL_CHANGE_TOKEN_INVALID',
        message:
          'Deze bevestigingslink is ongeldig, al gebruikt of verlopen. Wijzig je e-mailadres opnieuw om een nieuwe link te krijgen.',
      },
    });
    // An unknown token answers exactly the same.
    expect(json(await confirm('verzonnen-token'))).toEqual(json(twice));
  });

  it('refuses an expired link, and a replaced one', async () => {
    const member = await ctx.createUser({ username: uniqueName('traag'), roles: ['EventManager'] });
    await managerUpdate(admin, { id: member.id, email: 'eerste@voorbeeld.test' });
    const first = await latestToken(member.id);
    await managerUpdate(admin, { id: member.id, email: 'tweede@voorbeeld.test' });
    const second = await latestToken(member.id);
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, member.id))).toHaveLength(
      1,
    );

    await ctx.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChanges.userId, member.id));
    const expired = await confirm(second);
    expect(expired.statusCode).toBe(400);
    expect(json(expired)).toMatchObject({ error: { code: 'EMAIL_CHANGE_TOKEN_INVALID' } });
    expect(await emailOf(member.id)).toBe(member.email);
    // An expired change is no longer shown as waiting.
    const detail = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/user/${member.id}`,
      as: admin,
    });
    expect(json(detail)).toMatchObject({ pendingEmail: null });
  });

  it('answers 409 in Dutch when another account took the address meanwhile, and ends the change', async () => {
    const member = await ctx.createUser({ username: uniqueName('later'), roles: ['PostManager'] });
    await managerUpdate(admin, { id: member.id, email: 'gegeerd@voorbeeld.test' });
    const token = await latestToken(member.id);
    await ctx.createUser({ username: uniqueName('sneller'), email: 'GEGEERD@voorbeeld.test' });
    const taken = await confirm(token);
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({
      error: { code: 'EMAIL_TAKEN', message: 'Er bestaat al een account met dit e-mailadres.' },
    });
    expect(await emailOf(member.id)).toBe(member.email);
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, member.id))).toEqual([]);
  });

  it('does not confirm on another farm', async () => {
    await ctx.createApp({ appId: 'buurhoeve', hosts: ['buurhoeve.test'] });
    const member = await ctx.createUser({ username: uniqueName('farmA'), roles: ['FieldManager'] });
    await managerUpdate(admin, { id: member.id, email: 'andere-hoeve@voorbeeld.test' });
    const token = await latestToken(member.id);
    const elsewhere = await confirm(token, 'buurhoeve.test');
    expect(elsewhere.statusCode).toBe(400);
    expect(json(elsewhere)).toMatchObject({ error: { code: 'EMAIL_CHANGE_TOKEN_INVALID' } });
    expect(await emailOf(member.id)).toBe(member.email);
    // Still valid at home.
    expect((await confirm(token)).statusCode).toBe(200);
  });
});

describe('password-reset links while a change waits', () => {
  const resetJobsTo = async (userId: number) => {
    const rows = await ctx.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(like(jobs.idempotencyKey, `password-reset:${ctx.appId}:%`), eq(jobs.status, 'waiting')))
      .orderBy(desc(jobs.id));
    return rows
      .map((row) => (row.payload as unknown as MailPayload).mail)
      .filter((mail) => (mail as unknown as { userId: number }).userId === userId)
      .map((mail) => mail.to);
  };

  it('go to the confirmed address only: the forgot-password form, the manager and the Admin’s bulk reset', async () => {
    await ctx.app.jobs.drain();
    const manager = await ctx.createUser({ username: uniqueName('overname'), roles: ['ApplicationManager'] });
    await managerUpdate(admin, { id: manager.id, email: 'aanvaller@kwaad.test' });
    expect(await emailOf(manager.id)).toBe(manager.email);

    // The pending address names no account: the form answers the same and mails nobody.
    const byPending = await ctx.request({
      method: 'GET',
      url: `/api/auth/requestReset/${encodeURIComponent('aanvaller@kwaad.test')}`,
    });
    expect(byPending.statusCode).toBe(200);
    expect(await resetJobsTo(manager.id)).toEqual([]);

    await ctx.request({ method: 'GET', url: `/api/auth/requestReset/${manager.username}` });
    expect(await resetJobsTo(manager.id)).toEqual([manager.email]);
    await ctx.app.jobs.drain();

    const byManager = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/User/ResetPassword/${manager.id}`,
      as: admin,
    });
    expect(byManager.statusCode).toBe(200);
    expect(await resetJobsTo(manager.id)).toEqual([manager.email]);
    await ctx.app.jobs.drain();

    // The bulk reset skips members whose link still works: let the last one expire first.
    await ctx.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 second'`);
    const bulk = await ctx.request({
      method: 'GET',
      url: '/api/Admin/AdminAction/ResetAllPasswords',
      as: admin,
    });
    expect(bulk.statusCode).toBe(200);
    expect(await resetJobsTo(manager.id)).toEqual([manager.email]);
    const [mail] = (
      await ctx.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.status, 'waiting'))
    )
      .map((row) => (row.payload as unknown as MailPayload).mail)
      .filter((m) => m.to === 'aanvaller@kwaad.test');
    expect(mail).toBeUndefined();
    await ctx.app.jobs.drain();
  });
});

describe('a member changes their own address', () => {
  it('waits for confirmation, answers pendingEmail, and can cancel', async () => {
    const member = await ctx.createUser({ username: uniqueName('eigen') });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/User/update',
      as: member,
      payload: profile('mijn.nieuwe@voorbeeld.test'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Account>(response)).toMatchObject({
      email: member.email,
      pendingEmail: 'mijn.nieuwe@voorbeeld.test',
      firstName: 'Eigen',
    });
    expect(await emailOf(member.id)).toBe(member.email);
    const queued = await changeJobs(member.id);
    expect(queued.map((job) => [job.key.split(':').at(-1), job.payload.mail.to])).toEqual([
      ['new', 'mijn.nieuwe@voorbeeld.test'],
      ['old', member.email],
    ]);
    const token = await latestToken(member.id);

    // Saving the profile with the confirmed address keeps the pending change (the form shows that one).
    await ctx.request({
      method: 'POST',
      url: '/api/User/update',
      as: member,
      payload: profile(member.email),
    });
    expect(await changeJobs(member.id)).toHaveLength(2);

    const cancelled = await ctx.request({ method: 'POST', url: '/api/user/cancelEmailChange', as: member });
    expect(cancelled.statusCode).toBe(200);
    expect(json<Account>(cancelled)).toMatchObject({ email: member.email, pendingEmail: null });
    expect((await confirm(token)).statusCode).toBe(400);
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it('confirms through the link and keeps the member signed in', async () => {
    const member = await ctx.createUser({ username: uniqueName('zelf') });
    await ctx.request({
      method: 'POST',
      url: '/api/User/update',
      as: member,
      payload: profile('zelf@voorbeeld.test'),
    });
    const ok = await confirm(await latestToken(member.id));
    expect(ok.statusCode).toBe(200);
    const account = await ctx.request({ method: 'GET', url: '/api/User', as: member });
    expect(json<Account>(account)).toMatchObject({ email: 'zelf@voorbeeld.test', pendingEmail: null });
  });

  it('writes a change of letter case at once (the same mailbox)', async () => {
    const member = await ctx.createUser({
      username: uniqueName('hoofd'),
      email: 'kleine.letters@voorbeeld.test',
    });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/User/update',
      as: member,
      payload: profile('Kleine.Letters@voorbeeld.test'),
    });
    expect(json<Account>(response)).toMatchObject({
      email: 'Kleine.Letters@voorbeeld.test',
      pendingEmail: null,
    });
    expect(await changeJobs(member.id)).toEqual([]);
  });
});

describe('a manager cancels a member’s pending change', () => {
  it('cancels on this farm; another farm’s member is 404', async () => {
    const member = await ctx.createUser({ username: uniqueName('annuleer') });
    await managerUpdate(admin, { id: member.id, email: 'weg@voorbeeld.test' });
    const token = await latestToken(member.id);
    const manager = await ctx.createUser({ username: uniqueName('am'), roles: ['ApplicationManager'] });
    const cancelled = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/User/CancelEmailChange/${member.id}`,
      as: manager,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(json<ManagedUser>(cancelled)).toMatchObject({ id: member.id, pendingEmail: null });
    expect((await confirm(token)).statusCode).toBe(400);

    const neighbour = await ctx.createUser({ appId: 'buurhoeve', username: uniqueName('buur') });
    const foreign = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/User/CancelEmailChange/${neighbour.id}`,
      as: manager,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('auth/confirmEmail is rate-limited like the reset link (ADR 047)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      config: {
        rateLimit: {
          authPerMinute: 1_000,
          accountPer15Minutes: 10,
          accountAttackPer15Minutes: 30,
          feedPerMinute: 30,
        },
      },
    });
  });
  afterAll(() => limited.close());

  it('counts wrong links per client; a valid link always gets through', async () => {
    const member = await limited.createUser({ username: uniqueName('grind') });
    const token = 'een-echte-link-van-de-e-mail-0123456789';
    await limited.db.insert(emailChanges).values({
      appId: limited.appId,
      userId: member.id,
      newEmail: 'grind-nieuw@voorbeeld.test',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
      requestedByUserId: member.id,
    });
    const attempt = (guess: string, ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/confirmEmail',
        remoteAddress: ip,
        headers: { host: 'farm.test' },
        payload: { token: guess },
      });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await attempt(`geraden-${i}`, '203.0.113.80')).statusCode);
    expect(codes).toEqual([...Array<number>(10).fill(400), 429]);
    expect((await attempt('nog-een-gok', '198.51.100.80')).statusCode).toBe(400);
    expect((await attempt(token, '203.0.113.80')).statusCode).toBe(200);
    expect((await attempt('weer-een-gok', '203.0.113.80')).statusCode).toBe(429);
  });
});
