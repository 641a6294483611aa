import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTemplates, SmtpSettings, SmtpTestResult } from '@pluk/contract';
import { auditLog, emailLog, settings } from '../src/db/schema/index.js';
import { putSetting, settingValue } from '../src/lib/app-settings.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { startSmtpServer, type SmtpStandIn, withSmtpStandIn } from './helpers/smtp.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

/** E-mail templates (ApplicationManager) and the farm's SMTP server (Admin), decision 082. */
let ctx: TestContext;
let smtp: SmtpStandIn;
let admin: CreatedUser;
let manager: CreatedUser;
let member: CreatedUser;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    config: { logLevel: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  smtp = await withSmtpStandIn(ctx);
  admin = await ctx.createUser({ username: uniqueName('adm'), roles: ['Admin'] });
  manager = await ctx.createUser({ username: uniqueName('am'), roles: ['ApplicationManager'] });
  member = await ctx.createUser({ username: uniqueName('lid'), firstName: 'Lien', lastName: 'Peeters' });
  await ctx.createApp({ appId: 'other', name: 'Andere hoeve', hosts: ['other.test'] });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const templatesUrl = '/api/admin/settings/email';

describe('e-mail templates', () => {
  it('lists every template with its default, its placeholders and where e-mails go', async () => {
    const response = await ctx.request({ method: 'GET', url: templatesUrl, as: manager });
    expect(response.statusCode).toBe(200);
    const body = json<EmailTemplates>(response);
    expect(body.smtpSource).toBe('farm');
    const welcome = body.templates.find((t) => t.name === 'welcome')!;
    expect(welcome.isCustom).toBe(false);
    expect(welcome.subject).toBe(welcome.defaultSubject);
    expect(welcome.placeholders).toEqual(expect.arrayContaining(['appName', 'firstName', 'loginUrl']));
    expect(body.templates.map((t) => t.name)).toContain('communication');
  });

  it('saves a farm text, uses it for the next e-mail, and the default text again removes it', async () => {
    const save = await ctx.request({
      method: 'POST',
      url: templatesUrl,
      as: manager,
      payload: { name: 'welcome', subject: 'Hallo {firstName}!', body: 'Welkom op {appName}, {firstName}.' },
    });
    expect(save.statusCode).toBe(200);
    expect(json(save)).toMatchObject({ isCustom: true, subject: 'Hallo {firstName}!' });
    expect(await settingValue(ctx.db, ctx.appId, 'email.template.welcome.subject')).toBe(
      'Hallo {firstName}!',
    );
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'email.template.update'));
    expect(rows.length).toBeGreaterThan(0);

    const list = json<EmailTemplates>(await ctx.request({ method: 'GET', url: templatesUrl, as: manager }));
    const welcome = list.templates.find((t) => t.name === 'welcome')!;
    const reset = await ctx.request({
      method: 'POST',
      url: templatesUrl,
      as: manager,
      payload: { name: 'welcome', subject: welcome.defaultSubject, body: welcome.defaultBody },
    });
    expect(json(reset)).toMatchObject({ isCustom: false });
    expect(await settingValue(ctx.db, ctx.appId, 'email.template.welcome.subject')).toBeUndefined();
  });

  it('refuses an unknown placeholder, a two-line subject and an unknown template with a Dutch 400', async () => {
    const unknown = await ctx.request({
      method: 'POST',
      url: templatesUrl,
      as: manager,
      payload: { name: 'welcome', subject: 'Hallo {voornaam}', body: 'Tekst' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(unknown).error.fields.subject).toMatch(
      /Onbekende plaatshouder \{voornaam\}/,
    );
    const twoLines = await ctx.request({
      method: 'POST',
      url: templatesUrl,
      as: manager,
      payload: { name: 'welcome', subject: 'Hallo\r\nBcc: x@evil.test', body: 'Tekst' },
    });
    expect(twoLines.statusCode).toBe(400);
    const notATemplate = await ctx.request({
      method: 'POST',
      url: templatesUrl,
      as: manager,
      payload: { name: 'paymentNeeded', subject: 'x', body: 'y' },
    });
    expect(notATemplate.statusCode).toBe(400);
  });

  it('keeps the password link on a line of its own, so no editor can send it to an address of its own (ADR 086)', async () => {
    for (const body of [
      'Kies hier: https://elders.example/?{resetLink}',
      'x\n{resetLink}#ook',
      '{resetLink} {resetLink}',
    ]) {
      const glued = await ctx.request({
        method: 'POST',
        url: templatesUrl,
        as: manager,
        payload: { name: 'passwordReset', subject: 'Nieuw wachtwoord', body },
      });
      expect(glued.statusCode, body).toBe(400);
      expect(json<{ error: { fields: Record<string, string> } }>(glued).error.fields.body).toMatch(
        /eigen regel/,
      );
    }
    const inSubject = await ctx.request({
      method: 'POST',
      url: templatesUrl,
      as: manager,
      payload: {
        name: 'passwordReset',
        subject: 'Link {resetLink}',
        body: 'Dag\n  {resetLink}  \nTot ziens',
      },
    });
    expect(json<{ error: { fields: Record<string, string> } }>(inSubject).error.fields).toEqual({
      subject: expect.stringMatching(/onderwerp/),
    });
    const alone = await ctx.request({
      method: 'POST',
      url: templatesUrl,
      as: manager,
      payload: {
        name: 'passwordReset',
        subject: 'Nieuw wachtwoord',
        body: 'Dag {firstName},\n\n  {resetLink}\n',
      },
    });
    expect(alone.statusCode).toBe(200);
    // A glued text stored before this rule (or around it) is not used: the default is.
    await putSetting(
      ctx.db,
      ctx.appId,
      'email.template.passwordReset.body',
      'Hier: https://elders.example/?{resetLink}',
    );
    const prepared = await ctx.app.mailer.prepare({
      appId: ctx.appId,
      userId: member.id,
      to: 'lid@example.test',
      template: 'passwordReset',
      values: {
        firstName: 'Lien',
        username: 'lien',
        appName: 'Testhoeve',
        resetLink: 'http://pluk.test/r/geheim',
      },
    });
    expect(prepared.body).not.toContain('elders.example');
    expect(prepared.body).toMatch(/^http:\/\/pluk\.test\/r\/geheim$/m);
    // The default text again removes the farm's own.
    const list = json<EmailTemplates>(await ctx.request({ method: 'GET', url: templatesUrl, as: manager }));
    const reset = list.templates.find((t) => t.name === 'passwordReset')!;
    const back = await ctx.request({
      method: 'POST',
      url: templatesUrl,
      as: manager,
      payload: { name: 'passwordReset', subject: reset.defaultSubject, body: reset.defaultBody },
    });
    expect(json(back)).toMatchObject({ isCustom: false });
  });

  it("previews the editor's text with a chosen member's data, and never another farm's member", async () => {
    const preview = await ctx.request({
      method: 'POST',
      url: `${templatesUrl}/preview`,
      as: manager,
      payload: {
        name: 'welcome',
        subject: 'Dag {firstName}',
        body: 'Je naam: {username}',
        userId: member.id,
      },
    });
    expect(preview.statusCode).toBe(200);
    expect(json(preview)).toEqual({ subject: 'Dag Lien', body: `Je naam: ${member.username}` });
    const stranger = await ctx.createUser({ appId: 'other', username: uniqueName('vreemd') });
    const other = await ctx.request({
      method: 'POST',
      url: `${templatesUrl}/preview`,
      as: manager,
      payload: { name: 'welcome', subject: 'Dag {firstName}', body: 'x', userId: stranger.id },
    });
    expect(other.statusCode).toBe(404);
  });

  it("sends a test to the manager's own address through the queue, recorded in the log", async () => {
    const response = await ctx.request({
      method: 'POST',
      url: `${templatesUrl}/test`,
      as: manager,
      payload: {
        name: 'post',
        subject: 'Test {title}',
        body: 'Dag {firstName},\n{postText}',
        userId: member.id,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ to: manager.email, smtpSource: 'farm' });
    await ctx.app.jobs.drain();
    const mail = await smtp.waitFor((m) => m.to.includes(manager.email));
    expect(mail.subject).toBe('Test Voorbeeld: nieuws van het veld');
    expect(mail.text).toContain('Dag Lien');
    const [logged] = await ctx.db.select().from(emailLog).where(eq(emailLog.toAddress, manager.email));
    expect(logged).toMatchObject({ status: 'sent', template: 'templateTest' });
  });

  it('keeps one farm from reading or changing the templates of another', async () => {
    const otherManager = await ctx.createUser({
      appId: 'other',
      username: uniqueName('am2'),
      roles: ['ApplicationManager'],
    });
    const save = await ctx.request({
      method: 'POST',
      url: templatesUrl,
      as: otherManager,
      headers: { host: 'other.test' },
      payload: { name: 'pluk', subject: 'Andere {appName}', body: 'Andere tekst' },
    });
    expect(save.statusCode).toBe(200);
    expect(await settingValue(ctx.db, ctx.appId, 'email.template.pluk.subject')).toBeUndefined();
    const mine = json<EmailTemplates>(await ctx.request({ method: 'GET', url: templatesUrl, as: manager }));
    expect(mine.templates.find((t) => t.name === 'pluk')!.isCustom).toBe(false);
    // A token of farm B on farm A's host is refused.
    const crossed = await ctx.request({ method: 'GET', url: templatesUrl, as: otherManager });
    expect(crossed.statusCode).toBe(401);
  });
});

const smtpUrl = '/api/admin/settings/smtp';

describe('SMTP settings', () => {
  const secret = 'geheim-wachtwoord-xyz-123';

  it('is for an Admin only', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await ctx.request({
        method,
        url: smtpUrl,
        as: manager,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await ctx.request({ method: 'POST', url: `${smtpUrl}/test`, as: manager })).statusCode).toBe(403);
  });

  it('saves the server and never answers or logs the password', async () => {
    const save = await ctx.request({
      method: 'POST',
      url: smtpUrl,
      as: admin,
      payload: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: '',
        password: secret,
        from: 'Hoeve <hoeve@example.test>',
      },
    });
    expect(save.statusCode).toBe(200);
    expect(save.body).not.toContain(secret);
    expect(json<SmtpSettings>(save)).toMatchObject({
      host: '127.0.0.1',
      port: smtp.port,
      hasPassword: true,
      source: 'farm',
    });
    const read = await ctx.request({ method: 'GET', url: smtpUrl, as: admin });
    expect(read.body).not.toContain(secret);
    expect(json<SmtpSettings>(read).hasPassword).toBe(true);
    // Saving without a password keeps the stored one.
    await ctx.request({
      method: 'POST',
      url: smtpUrl,
      as: admin,
      payload: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Hoeve <hoeve@example.test>' },
    });
    expect(await settingValue(ctx.db, ctx.appId, 'smtp.password')).toBe(secret);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'smtp.update'));
    expect(JSON.stringify(audits)).not.toContain(secret);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(secret);
    // The password is not a setting anyone reads back through the templates either.
    const templates = await ctx.request({ method: 'GET', url: templatesUrl, as: admin });
    expect(templates.body).not.toContain(secret);
  });

  it('refuses a bad port, a host with spaces and a sender without an address', async () => {
    for (const payload of [
      { host: '127.0.0.1', port: 70000, secure: false },
      { host: 'mail server', port: 25, secure: false },
      { host: 'mail.test', port: 25, secure: false, from: 'geen adres' },
      { host: 'mail.test', port: 25, secure: 'ja' },
    ]) {
      const response = await ctx.request({ method: 'POST', url: smtpUrl, as: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('tests the connection against the stand-in, and says in Dutch when the server does not answer', async () => {
    await putSetting(ctx.db, ctx.appId, 'smtp.password', '');
    const ok = await ctx.request({ method: 'POST', url: `${smtpUrl}/test`, as: admin });
    expect(ok.statusCode).toBe(200);
    expect(json<SmtpTestResult>(ok).ok).toBe(true);

    const gone = await startSmtpServer();
    const port = gone.port;
    await gone.close();
    await putSetting(ctx.db, ctx.appId, 'smtp.port', String(port));
    const refused = await ctx.request({ method: 'POST', url: `${smtpUrl}/test`, as: admin });
    expect(refused.statusCode).toBe(200);
    const result = json<SmtpTestResult>(refused);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/verbinding/);
    await putSetting(ctx.db, ctx.appId, 'smtp.port', String(smtp.port));
  });

  it("keeps another farm's Admin from reading or changing this farm's SMTP", async () => {
    const otherAdmin = await ctx.createUser({
      appId: 'other',
      username: uniqueName('adm2'),
      roles: ['Admin'],
    });
    const save = await ctx.request({
      method: 'POST',
      url: smtpUrl,
      as: otherAdmin,
      headers: { host: 'other.test' },
      payload: { host: 'smtp.andere.test', port: 25, secure: false, password: 'ander-geheim' },
    });
    expect(json<SmtpSettings>(save)).toMatchObject({ host: 'smtp.andere.test', source: 'farm' });
    expect(await settingValue(ctx.db, ctx.appId, 'smtp.host')).toBe('127.0.0.1');
    expect(await settingValue(ctx.db, ctx.appId, 'smtp.password')).not.toBe('ander-geheim');
    const mine = json<SmtpSettings>(await ctx.request({ method: 'GET', url: smtpUrl, as: admin }));
    expect(mine.host).toBe('127.0.0.1');
    const crossed = await ctx.request({ method: 'GET', url: smtpUrl, as: otherAdmin });
    expect(crossed.statusCode).toBe(401);
  });

  it('an empty server removes the farm SMTP: e-mails are then recorded, not sent', async () => {
    const save = await ctx.request({
      method: 'POST',
      url: smtpUrl,
      as: admin,
      payload: { host: '', port: 587, secure: false },
    });
    expect(json<SmtpSettings>(save)).toMatchObject({ host: '', hasPassword: false, source: 'none' });
    const rows = await ctx.db.select().from(settings).where(eq(settings.appId, ctx.appId));
    expect(rows.filter((r) => r.key.startsWith('smtp.'))).toEqual([]);
    const test = json<SmtpTestResult>(
      await ctx.request({ method: 'POST', url: `${smtpUrl}/test`, as: admin }),
    );
    expect(test).toMatchObject({ ok: false, message: expect.stringMatching(/geen SMTP-instellingen/) });
    await putSetting(ctx.db, ctx.appId, 'smtp.host', '127.0.0.1');
    await putSetting(ctx.db, ctx.appId, 'smtp.port', String(smtp.port));
  });
});
