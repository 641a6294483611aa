import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/app-settings.js';
import { type SmtpStandIn, withSmtpStandIn } from './helpers/smtp.js';
import { createTestContext, type TestContext, uniqueName } from './helpers/test-app.js';

// Names end up in e-mail subjects (through a farm's own template) and bodies: a CR/LF in a first name
// must neither add header lines nor start new lines of text in a message sent in the farm's name.
let ctx: TestContext;
let smtp: SmtpStandIn;
beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await withSmtpStandIn(ctx);
  await putSetting(ctx.db, ctx.appId, 'email.template.welcome.subject', 'Welkom {firstName} bij {appName}');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** The id of a user registered by name (registration answers no id, ADR 054). */
async function userIdOf(username: string) {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!;
}

const evilName = 'Jan\r\nBcc: dief@evil.test\r\nX-Injected: ja\r\n\r\nKlik hier: http://evil.test';

describe('e-mail header and body injection', () => {
  it('keeps a first name with CR/LF on one line, in the subject and in the body', async () => {
    const admin = await ctx.createUser({ username: uniqueName('mailadm'), roles: ['Admin'] });
    const registeredName = uniqueName('inject');
    const register = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: registeredName,
        email: 'slachtoffer@example.test',
        password: 'lang-genoeg-123',
        firstName: evilName,
        lastName: 'Peeters',
      },
    });
    expect(register.statusCode).toBe(201);
    const approve = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/Approve',
      as: admin,
      payload: { userId: (await userIdOf(registeredName)).id },
    });
    expect(approve.statusCode).toBe(200);
    await ctx.app.jobs.drain();
    const mail = await smtp.waitFor(
      (m) => m.to.includes('slachtoffer@example.test') && m.subject.startsWith('Welkom'),
    );
    expect(mail.to).toEqual(['slachtoffer@example.test']);
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Welkom Jan');
    // No line of the body starts with the attacker's text.
    expect(mail.text).not.toMatch(/^(Klik hier|Bcc|X-Injected)/m);
    expect(mail.text).toContain('Dag Jan');
  });

  it('builds links from PUBLIC_URL, never from the Host or X-Forwarded-Host of the request', async () => {
    const user = await ctx.createUser({ username: uniqueName('hostlink') });
    // An unknown host falls back to the default app; the link must still point at PUBLIC_URL.
    const response = await ctx.request({
      method: 'GET',
      url: `/api/auth/requestReset/${user.username}`,
      headers: { host: 'evil.test', 'x-forwarded-host': 'evil2.test' },
    });
    expect(response.statusCode).toBe(200);
    await ctx.app.jobs.drain();
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.text).toMatch(/http:\/\/pluk\.test\/auth\/passwordReset\//);
    expect(mail.raw).not.toContain('evil');
  });
});
