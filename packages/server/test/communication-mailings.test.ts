import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailLogPage, Mailing, MailingDetail, MailingPage } from '@pluk/contract';
import { emailLog, jobs, mailings, settings, users } from '../src/db/schema/index.js';
import { createSubscription, subscribeUser, type CreatedUser } from '../src/seed/factories.js';
import { type SmtpStandIn, withSmtpStandIn } from './helpers/smtp.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

/** The manager's mailings to members and the e-mail log (decision 082). */
let ctx: TestContext;
let smtp: SmtpStandIn;
let postManager: CreatedUser;
let manager: CreatedUser;
let groot: { id: number };
let holders: CreatedUser[];
let optedOut: CreatedUser;
let otherManager: CreatedUser;

const base = '/api/applicationManager/communication';
let keyCounter = 0;
const newKey = () => `form-key-${process.pid}-${(keyCounter += 1)}`;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await withSmtpStandIn(ctx);
  postManager = await ctx.createUser({ username: uniqueName('pm'), roles: ['PostManager'] });
  manager = await ctx.createUser({ username: uniqueName('am'), roles: ['ApplicationManager'] });
  groot = await createSubscription(ctx.db, { appId: ctx.appId, name: 'Groot', harvestYear: 2026 });
  holders = [];
  for (const name of ['An', 'Bert']) {
    const user = await ctx.createUser({ username: uniqueName(name.toLowerCase()), firstName: name });
    await subscribeUser(ctx.db, { appId: ctx.appId, userId: user.id, subscriptionId: groot.id });
    holders.push(user);
  }
  optedOut = await ctx.createUser({ username: uniqueName('stil'), firstName: 'Stil' });
  await ctx.db.update(users).set({ receiveEmails: false }).where(eq(users.id, optedOut.id));
  await subscribeUser(ctx.db, { appId: ctx.appId, userId: optedOut.id, subscriptionId: groot.id });
  await ctx.createApp({ appId: 'other', name: 'Andere hoeve', hosts: ['other.test'] });
  otherManager = await ctx.createUser({
    appId: 'other',
    username: uniqueName('am2'),
    roles: ['ApplicationManager'],
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const send = (payload: Record<string, unknown>, as: CreatedUser = postManager, host?: string) =>
  ctx.request({
    method: 'POST',
    url: `${base}/mailings`,
    as,
    payload,
    ...(host ? { headers: { host } } : {}),
  });

const mailingTo = (audience: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  idempotencyKey: newKey(),
  audience,
  subject: 'Nieuws van het veld',
  body: '<p>Morgen <strong>oogstdag</strong>!</p>',
  ...extra,
});

describe('mailings', () => {
  it('counts the recipients of an audience before sending, leaving out who opted out', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: `${base}/recipients`,
      as: postManager,
      payload: { audience: { kind: 'subscription', subscriptionId: groot.id } },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ recipients: 2, optedOut: 1 });
  });

  it('sends one e-mail per subscription member as jobs keyed mailing:<id>:<userId>, with a per-recipient log', async () => {
    const response = await send(mailingTo({ kind: 'subscription', subscriptionId: groot.id }));
    expect(response.statusCode).toBe(200);
    const mailing = json<Mailing>(response);
    expect(mailing).toMatchObject({ recipients: 2, waiting: 2, audienceLabel: 'Abonnement Groot (2026)' });
    const queued = await ctx.db
      .select({ key: jobs.idempotencyKey })
      .from(jobs)
      .where(like(jobs.idempotencyKey, `mailing:${mailing.id}:%`));
    expect(queued.map((j) => j.key).sort()).toEqual(
      holders.map((h) => `mailing:${mailing.id}:${h.id}`).sort(),
    );

    await ctx.app.jobs.drain();
    const an = await smtp.waitFor(
      (m) => m.to.includes(holders[0]!.email) && m.subject === 'Nieuws van het veld',
    );
    expect(an.text).toContain('Dag An');
    expect(an.text).toContain('Morgen oogstdag!');
    expect(an.raw).toContain('<strong>oogstdag</strong>');
    expect(smtp.messages.some((m) => m.to.includes(optedOut.email))).toBe(false);

    const detail = json<MailingDetail>(
      await ctx.request({ method: 'GET', url: `${base}/mailings/${mailing.id}`, as: postManager }),
    );
    expect(detail).toMatchObject({ sent: 2, waiting: 0, body: '<p>Morgen <strong>oogstdag</strong>!</p>' });
    expect(detail.recipientList.map((r) => r.status)).toEqual(['sent', 'sent']);
    const logged = await ctx.db.select().from(emailLog).where(eq(emailLog.mailingId, mailing.id));
    expect(logged).toHaveLength(2);
    expect(logged.every((row) => row.template === 'communication')).toBe(true);
  });

  it('a double-submitted form is one mailing; the same key with another message is a 409', async () => {
    const payload = mailingTo({ kind: 'users', userIds: [holders[0]!.id] });
    const first = json<Mailing>(await send(payload));
    const second = json<Mailing>(await send(payload));
    expect(second.id).toBe(first.id);
    const reused = await send({ ...payload, subject: 'Iets anders' });
    expect(reused.statusCode).toBe(409);
    expect(json<{ error: { code: string } }>(reused).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const count = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(like(jobs.idempotencyKey, `mailing:${first.id}:%`));
    expect(count).toHaveLength(1);
  });

  it("sends per role and to chosen members, never to another farm's member or one who opted out", async () => {
    const byRole = json<Mailing>(await send(mailingTo({ kind: 'role', role: 'ApplicationManager' })));
    expect(byRole.recipients).toBe(1);
    const stranger = await ctx.createUser({ appId: 'other', username: uniqueName('vreemd') });
    const chosen = json<Mailing>(
      await send(mailingTo({ kind: 'users', userIds: [holders[1]!.id, stranger.id, optedOut.id] })),
    );
    expect(chosen.recipients).toBe(1);
    const nobody = await send(mailingTo({ kind: 'users', userIds: [stranger.id] }));
    expect(nobody.statusCode).toBe(400);
    const otherSubscription = await createSubscription(ctx.db, {
      appId: 'other',
      name: 'X',
      harvestYear: 2026,
    });
    const foreign = await send(mailingTo({ kind: 'subscription', subscriptionId: otherSubscription.id }));
    expect(foreign.statusCode).toBe(404);
    await ctx.app.jobs.drain();
    expect(smtp.messages.some((m) => m.to.includes(stranger.email))).toBe(false);
  });

  it('sanitizes the rich text and keeps placeholders and headers out of it', async () => {
    const response = await send(
      mailingTo(
        { kind: 'users', userIds: [holders[0]!.id] },
        {
          subject: 'Hallo {firstName}',
          body: '<p onclick="x()">Klik <a href="javascript:alert(1)">hier</a> {resetLink}</p><script>alert(1)</script>',
        },
      ),
    );
    expect(response.statusCode).toBe(200);
    const mailing = json<Mailing>(response);
    const [row] = await ctx.db.select().from(mailings).where(eq(mailings.id, mailing.id));
    expect(row!.body).not.toMatch(/script|onclick|javascript:/);
    await ctx.app.jobs.drain();
    const mail = await smtp.waitFor((m) => m.subject === 'Hallo {firstName}');
    expect(mail.text).toContain('{resetLink}');
    const twoLines = await send(mailingTo({ kind: 'all' }, { subject: 'Hallo\r\nBcc: dief@evil.test' }));
    expect(twoLines.statusCode).toBe(400);
    const empty = await send(mailingTo({ kind: 'all' }, { body: '<p> </p>' }));
    expect(empty.statusCode).toBe(400);
  });

  it('lists the mailings newest first with their progress', async () => {
    const page = json<MailingPage>(
      await ctx.request({ method: 'GET', url: `${base}/mailings?pageSize=2`, as: postManager }),
    );
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.nextCursor).not.toBeNull();
    const next = json<MailingPage>(
      await ctx.request({
        method: 'GET',
        url: `${base}/mailings?pageSize=2&page=1&after=${page.nextCursor}`,
        as: postManager,
      }),
    );
    expect(next.items[0]!.id).toBeLessThan(page.items[1]!.id);
  });

  it("keeps farm B's manager from every mailing and log row of farm A", async () => {
    const [mine] = await ctx.db
      .select({ id: mailings.id })
      .from(mailings)
      .where(eq(mailings.appId, ctx.appId));
    const detail = await ctx.request({
      method: 'GET',
      url: `${base}/mailings/${mine!.id}`,
      as: otherManager,
      headers: { host: 'other.test' },
    });
    expect(detail.statusCode).toBe(404);
    const list = json<MailingPage>(
      await ctx.request({
        method: 'GET',
        url: `${base}/mailings`,
        as: otherManager,
        headers: { host: 'other.test' },
      }),
    );
    expect(list.items).toEqual([]);
    const log = json<EmailLogPage>(
      await ctx.request({
        method: 'GET',
        url: `${base}/emailLog`,
        as: otherManager,
        headers: { host: 'other.test' },
      }),
    );
    expect(log.items).toEqual([]);
    const members = await ctx.request({
      method: 'GET',
      url: `${base}/members?search=An`,
      as: otherManager,
      headers: { host: 'other.test' },
    });
    expect(json<unknown[]>(members)).toEqual([]);
  });
});

describe('the e-mail log', () => {
  it('is for the ApplicationManager, paged and filtered by status and search', async () => {
    expect((await ctx.request({ method: 'GET', url: `${base}/emailLog`, as: postManager })).statusCode).toBe(
      403,
    );
    const all = json<EmailLogPage>(
      await ctx.request({ method: 'GET', url: `${base}/emailLog`, as: manager }),
    );
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items[0]).toMatchObject({ status: 'sent', template: 'communication' });
    const found = json<EmailLogPage>(
      await ctx.request({
        method: 'GET',
        url: `${base}/emailLog?search=${encodeURIComponent(holders[1]!.email)}`,
        as: manager,
      }),
    );
    expect(found.items.every((i) => i.to === holders[1]!.email)).toBe(true);
    expect(found.items.length).toBeGreaterThan(0);
    const failed = json<EmailLogPage>(
      await ctx.request({ method: 'GET', url: `${base}/emailLog?status=failed`, as: manager }),
    );
    expect(failed.items).toEqual([]);
    const bad = await ctx.request({ method: 'GET', url: `${base}/emailLog?status=weg`, as: manager });
    expect(bad.statusCode).toBe(400);
  });

  it('records a mailing as not sent when the farm has no SMTP', async () => {
    await ctx.db.delete(settings).where(and(eq(settings.appId, ctx.appId), like(settings.key, 'smtp.%')));
    const mailing = json<Mailing>(await send(mailingTo({ kind: 'users', userIds: [holders[0]!.id] })));
    await ctx.app.jobs.drain();
    const detail = json<MailingDetail>(
      await ctx.request({ method: 'GET', url: `${base}/mailings/${mailing.id}`, as: postManager }),
    );
    expect(detail).toMatchObject({ notSent: 1, sent: 0 });
    expect(detail.recipientList[0]!.status).toBe('notSent');
  });
});

describe('the compose options', () => {
  it("lists this farm's subscriptions and where e-mails go, for a PostManager", async () => {
    await createSubscription(ctx.db, { appId: 'other', name: 'Vreemd', harvestYear: 2027 });
    const response = await ctx.request({ method: 'GET', url: `${base}/options`, as: postManager });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      smtpSource: 'none',
      subscriptions: [{ id: groot.id, name: 'Groot', harvestYear: 2026 }],
    });
  });
});

describe('the recipient picker', () => {
  it('finds approved, active members by name and says who opted out', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `${base}/members?search=Stil`,
      as: postManager,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual([
      { id: optedOut.id, name: expect.stringContaining('Stil'), receiveEmails: false },
    ]);
  });
});
