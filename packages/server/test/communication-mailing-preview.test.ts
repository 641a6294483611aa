import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, mailingPreviewSchema, type MailingSent } from '@pluk/contract';
import { emailLog, jobs, settings, users } from '../src/db/schema/index.js';
import { createSubscription, subscribeUser, type CreatedUser } from '../src/seed/factories.js';
import { type SmtpStandIn, withSmtpStandIn } from './helpers/smtp.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

/** Mailings that tell the truth (decision 094): a preview for a real member, a test to me, the answer. */
let ctx: TestContext;
let smtp: SmtpStandIn;
let postManager: CreatedUser;
let member: CreatedUser;
let optedOut: CreatedUser;
let groot: { id: number };
const base = '/api/applicationManager/communication';
let keys = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await withSmtpStandIn(ctx);
  postManager = await ctx.createUser({
    username: uniqueName('pm'),
    firstName: 'Piet',
    roles: ['PostManager'],
  });
  member = await ctx.createUser({ username: uniqueName('an'), firstName: 'Annelies', lastName: 'Aerts' });
  optedOut = await ctx.createUser({ username: uniqueName('stil'), firstName: 'Stil', lastName: 'Aa' });
  await ctx.db.update(users).set({ receiveEmails: false }).where(eq(users.id, optedOut.id));
  groot = await createSubscription(ctx.db, { appId: ctx.appId, name: 'Groot', harvestYear: 2026 });
  for (const user of [member, optedOut]) {
    await subscribeUser(ctx.db, { appId: ctx.appId, userId: user.id, subscriptionId: groot.id });
  }
  await ctx.createApp({ appId: 'other', name: 'Andere hoeve', hosts: ['other.test'] });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const message = { subject: 'Oogstdag', body: '<p>Morgen <strong>oogstdag</strong>!</p>' };
const errorOf = (response: { body: string }) => errorBodySchema.parse(JSON.parse(response.body)).error;

describe('mailing preview', () => {
  it("fills the farm's template in for the first member of the audience who receives e-mails", async () => {
    const response = await ctx.request({
      method: 'POST',
      url: `${base}/mailings/preview`,
      as: postManager,
      payload: { audience: { kind: 'subscription', subscriptionId: groot.id }, ...message },
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = mailingPreviewSchema.parse(json(response));
    expect(preview.member).toEqual({ id: member.id, name: 'Annelies Aerts' });
    expect(preview.subject).toBe('Oogstdag');
    expect(preview.text).toContain('Dag Annelies');
    expect(preview.text).toContain('Morgen oogstdag!');
    expect(preview.html).toContain('<strong>oogstdag</strong>');
    // Nothing was queued or logged.
    const queued = await ctx.db.select().from(jobs).where(like(jobs.idempotencyKey, 'mailing%'));
    expect(queued).toEqual([]);
  });

  it('refuses an audience that reaches nobody, and another member than the audience holds', async () => {
    const nobody = await ctx.request({
      method: 'POST',
      url: `${base}/mailings/preview`,
      as: postManager,
      payload: { audience: { kind: 'users', userIds: [optedOut.id] }, ...message },
    });
    expect(nobody.statusCode).toBe(400);
    expect(errorOf(nobody).message).toBe('Niemand van deze groep ontvangt e-mails. Kies andere ontvangers.');
    const outside = await ctx.request({
      method: 'POST',
      url: `${base}/mailings/preview`,
      as: postManager,
      payload: { audience: { kind: 'users', userIds: [member.id] }, userId: postManager.id, ...message },
    });
    expect(outside.statusCode).toBe(404);
    const forMember = await ctx.request({
      method: 'POST',
      url: `${base}/mailings/preview`,
      as: member,
      payload: { audience: { kind: 'all' }, ...message },
    });
    expect(forMember.statusCode).toBe(403);
  });
});

describe('a test to me', () => {
  it("queues one e-mail to the manager's own address and says it can leave", async () => {
    const response = await ctx.request({
      method: 'POST',
      url: `${base}/mailings/test`,
      as: postManager,
      payload: message,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({ to: postManager.email, smtpSource: 'farm' });
    await ctx.app.jobs.drain();
    const mail = await smtp.waitFor((m) => m.to.includes(postManager.email) && m.subject === 'Oogstdag');
    expect(mail.text).toContain('Dag Piet');
    expect(mail.raw).toContain('<strong>oogstdag</strong>');
  });

  it('refuses an empty message in Dutch', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: `${base}/mailings/test`,
      as: postManager,
      payload: { subject: 'Leeg', body: '<p> </p>' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ body: 'Schrijf een bericht.' });
  });

  it('says when nothing can leave: no mail server, and the mailing answers the same', async () => {
    await ctx.db.delete(settings).where(and(eq(settings.appId, ctx.appId), like(settings.key, 'smtp.%')));
    const test = await ctx.request({
      method: 'POST',
      url: `${base}/mailings/test`,
      as: postManager,
      payload: message,
    });
    expect(json(test)).toEqual({ to: postManager.email, smtpSource: 'none' });
    const sent = await ctx.request({
      method: 'POST',
      url: `${base}/mailings`,
      as: postManager,
      payload: {
        idempotencyKey: `preview-key-${(keys += 1)}-abcdef`,
        audience: { kind: 'users', userIds: [member.id] },
        ...message,
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json<MailingSent>(sent)).toMatchObject({ recipients: 1, smtpSource: 'none' });
    await ctx.app.jobs.drain();
    const logged = await ctx.db
      .select({ status: emailLog.status })
      .from(emailLog)
      .where(and(eq(emailLog.appId, ctx.appId), eq(emailLog.toAddress, postManager.email)));
    expect(logged.map((l) => l.status)).toContain('not_sent');
  });
});
