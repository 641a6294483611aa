import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefreshResponse, TokenData } from '@pluk/contract';
import { emailLog, passwordResetTokens } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/app-settings.js';
import { type SmtpStandIn, withSmtpStandIn } from './helpers/smtp.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

let ctx: TestContext;
let smtp: SmtpStandIn;
beforeAll(async () => {
  ctx = await createTestContext();
  // The app's own SMTP settings (non-public), pointing at the in-process server.
  smtp = await withSmtpStandIn(ctx);
  await putSetting(ctx.db, ctx.appId, 'smtp.from', 'Testhoeve <hallo@testhoeve.test>');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const linkPattern = /http:\/\/pluk\.test\/auth\/passwordReset\/([A-Za-z0-9_-]+)\/(\d+)/;

async function requestReset(value: string) {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/auth/requestReset/${encodeURIComponent(value)}`,
  });
  expect(response.statusCode).toBe(200);
  expect(json(response)).toEqual({ ok: true });
  await ctx.app.jobs.drain();
}

async function resetLinkFor(email: string): Promise<{ token: string; userId: number }> {
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  const match = linkPattern.exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error(`No reset link in: ${mail.text}`);
  return { token: match[1], userId: Number(match[2]) };
}

const resetPassword = (body: { userId: number; token: string; password: string }) =>
  ctx.request({ method: 'POST', url: '/api/auth/resetPassword', payload: body });

describe('password reset', () => {
  it('e-mails a working link to /auth/passwordReset/{token}/{userId}, usable once', async () => {
    const user = await ctx.createUser({ username: uniqueName('vergeet'), firstName: 'Griet' });
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    const session = json<TokenData>(login);

    await requestReset(user.email.toUpperCase());
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Nieuw wachtwoord voor Testhoeve');
    expect(mail.from).toBe('hallo@testhoeve.test');
    expect(mail.text).toContain('Dag Griet,');
    expect(mail.text).toContain('één uur geldig');
    const { token, userId } = await resetLinkFor(user.email);
    expect(userId).toBe(user.id);

    expect((await resetPassword({ userId, token, password: 'nieuw-wachtwoord-1' })).statusCode).toBe(204);
    // The old password is gone, the new one works.
    const oldLogin = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'nieuw-wachtwoord-1' },
    });
    expect(newLogin.statusCode).toBe(200);
    // Every earlier session is signed out.
    const refreshed = await ctx.request({ method: 'POST', url: '/api/auth/RefreshLogin', payload: session });
    expect(json<RefreshResponse>(refreshed).errors?.length).toBeGreaterThan(0);

    // Single use.
    const again = await resetPassword({ userId, token, password: 'nog-een-wachtwoord' });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ error: { code: 'RESET_TOKEN_INVALID' } });

    // Logged as sent, without the secret link.
    const [logged] = await ctx.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.userId, user.id))
      .orderBy(desc(emailLog.id))
      .limit(1);
    expect(logged).toMatchObject({ status: 'sent', template: 'passwordReset', toAddress: user.email });
    expect(logged?.body).not.toContain(token);
    expect(logged?.body).toContain('[verborgen]');
  });

  it('refuses an expired link, a link for another user, and a made-up token', async () => {
    const user = await ctx.createUser({ username: uniqueName('traag') });
    await requestReset(user.username);
    const { token, userId } = await resetLinkFor(user.email);
    const other = await ctx.createUser({ username: uniqueName('ander') });
    for (const body of [
      { userId: other.id, token, password: 'wachtwoord-123' },
      { userId, token: 'verzonnen-token', password: 'wachtwoord-123' },
    ]) {
      expect((await resetPassword(body)).statusCode).toBe(400);
    }
    await ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, userId));
    const expired = await resetPassword({ userId, token, password: 'wachtwoord-123' });
    expect(expired.statusCode).toBe(400);
    expect(json(expired)).toMatchObject({ error: { code: 'RESET_TOKEN_INVALID' } });
  });

  it('makes only the newest link valid', async () => {
    const user = await ctx.createUser({ username: uniqueName('tweemaal') });
    await requestReset(user.username);
    const first = await resetLinkFor(user.email);
    smtp.messages.length = 0;
    await requestReset(user.username);
    const second = await resetLinkFor(user.email);
    expect((await resetPassword({ ...first, password: 'wachtwoord-123' })).statusCode).toBe(400);
    expect((await resetPassword({ ...second, password: 'wachtwoord-123' })).statusCode).toBe(204);
  });

  it('answers the same for unknown accounts and sends nothing', async () => {
    const before = smtp.messages.length;
    const [{ count: logBefore } = { count: 0 }] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(emailLog);
    await requestReset('niemand@nergens.test');
    await new Promise((r) => setTimeout(r, 50));
    expect(smtp.messages.length).toBe(before);
    const [{ count: logAfter } = { count: 0 }] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(emailLog);
    expect(logAfter).toBe(logBefore);
  });

  it('uses a template overridden by the app', async () => {
    await putSetting(
      ctx.db,
      ctx.appId,
      'email.template.passwordReset.subject',
      'Reset bij {appName} voor {username}',
    );
    const user = await ctx.createUser({ username: uniqueName('sjabloon') });
    await requestReset(user.username);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe(`Reset bij Testhoeve voor ${user.username}`);
    await ctx.db.execute(sql`delete from settings where key = 'email.template.passwordReset.subject'`);
  });
});

describe('e-mail without or with broken SMTP', () => {
  it('records e-mails as not_sent when the app has no SMTP settings', async () => {
    const bare = await ctx.createApp({
      appId: 'zonder-smtp',
      hosts: ['zonder-smtp.test'],
      // Its own web address: e-mailed links use it instead of PUBLIC_URL.
      settings: [{ key: 'publicUrl', value: 'https://zonder.example.be/' }],
    });
    const user = await ctx.createUser({ appId: bare.appId, username: uniqueName('nosmtp') });
    const response = await ctx.request({
      method: 'GET',
      url: `/api/auth/requestReset/${user.username}`,
      headers: { host: 'zonder-smtp.test' },
    });
    expect(response.statusCode).toBe(200);
    await ctx.app.jobs.drain();
    const rows = await ctx.db.select().from(emailLog).where(eq(emailLog.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'not_sent', appId: bare.appId, template: 'passwordReset' });
    expect(rows[0]?.subject).toContain('Boerderij zonder-smtp');
    expect(rows[0]?.body).toContain(`https://zonder.example.be/auth/passwordReset/[verborgen]/${user.id}`);
  });

  it('records failed, and still answers 200, when the SMTP server is unreachable', async () => {
    const broken = await ctx.createApp({
      appId: 'kapotte-smtp',
      hosts: ['kapotte-smtp.test'],
      // Port 9 on loopback: nothing listens, the connection is refused at once.
      settings: [
        { key: 'smtp.host', value: '127.0.0.1' },
        { key: 'smtp.port', value: '9' },
      ],
    });
    const user = await ctx.createUser({ appId: broken.appId, username: uniqueName('fail') });
    const response = await ctx.request({
      method: 'GET',
      url: `/api/auth/requestReset/${user.username}`,
      headers: { host: 'kapotte-smtp.test' },
    });
    expect(response.statusCode).toBe(200);
    // The first attempt fails and waits for its retry: nothing is logged yet.
    await ctx.app.jobs.drain();
    expect(await ctx.db.select().from(emailLog).where(eq(emailLog.userId, user.id))).toEqual([]);
    // Every retry fails too; after the last one the e-mail is logged as failed, once.
    await ctx.app.jobs.drain({ ignoreRunAt: true });
    const rows = await ctx.db.select().from(emailLog).where(eq(emailLog.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed' });
    expect(rows[0]?.error).toBeTruthy();
  });
});
