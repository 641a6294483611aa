import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, users } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { type SmtpStandIn, withSmtpStandIn } from './helpers/smtp.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let smtp: SmtpStandIn;
let manager: CreatedUser;
let taskManager: CreatedUser;
let approvedMember: CreatedUser;
let stranger: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await withSmtpStandIn(ctx);
  manager = await ctx.createUser({ username: 'beheerder', roles: ['ApplicationManager'] });
  taskManager = await ctx.createUser({ username: 'klusjes', roles: ['TaskManager'] });
  approvedMember = await ctx.createUser({ username: 'lid' });
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'elders', approved: false });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

function refuse(payload: Record<string, unknown>, as: CreatedUser = manager) {
  return ctx.request({ method: 'POST', url: '/api/applicationManager/User/Refuse', as, payload });
}

async function waitingNames(): Promise<string[]> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/applicationManager/user/paged',
    as: manager,
    payload: { isApproved: false },
  });
  return json<{ items: { username: string }[] }>(response).items.map((u) => u.username);
}

describe('applicationManager/User/Refuse', () => {
  it('refuses: the person is mailed the message, the account is anonymised, audited, and cannot log in', async () => {
    const person = await ctx.createUser({
      username: 'wachter',
      firstName: 'Wout',
      email: 'wout@voorbeeld.test',
      approved: false,
      password: 'een-goed-wachtwoord',
    });
    expect(await waitingNames()).toContain('wachter');
    const response = await refuse({
      userId: person.id,
      message: 'We zitten helaas vol dit seizoen.\nProbeer het volgend jaar opnieuw!',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ emailed: true });

    await ctx.app.jobs.drain();
    const mail = await smtp.waitFor((m) => m.to.includes('wout@voorbeeld.test'));
    expect(mail.subject).toBe('Je registratie bij Testhoeve werd niet aanvaard');
    expect(mail.text).toContain('Dag Wout,');
    expect(mail.text).toContain('We zitten helaas vol dit seizoen.\nProbeer het volgend jaar opnieuw!');

    expect(await waitingNames()).not.toContain('wachter');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({
      username: `verwijderd-${person.id}`,
      firstName: 'Verwijderd',
      isApproved: false,
    });
    expect(row?.anonymizedAt).not.toBeNull();
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.refuse'), eq(auditLog.actorUserId, manager.id)));
    expect(audited?.details).toMatchObject({ userId: person.id, emailed: true, withMessage: true });

    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'wachter', password: 'een-goed-wachtwoord' },
    });
    expect(login.statusCode).toBe(401);

    // Refused once: again is a 404, and no second e-mail is queued.
    expect((await refuse({ userId: person.id })).statusCode).toBe(404);
    const refusalJobs = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `registration-refused:${ctx.appId}:${person.id}`));
    expect(refusalJobs).toHaveLength(1);
  });

  it('frees the user name and e-mail: the person may register again', async () => {
    const person = await ctx.createUser({
      username: 'opnieuw',
      email: 'opnieuw@voorbeeld.test',
      approved: false,
    });
    expect((await refuse({ userId: person.id, sendEmail: false })).statusCode).toBe(200);
    const again = await ctx.createUser({
      username: 'opnieuw',
      email: 'opnieuw@voorbeeld.test',
      approved: false,
    });
    expect(again.id).not.toBe(person.id);
  });

  it('sends nothing when asked not to', async () => {
    const person = await ctx.createUser({ username: 'stil', approved: false });
    const response = await refuse({ userId: person.id, sendEmail: false, message: 'niet verstuurd' });
    expect(json(response)).toEqual({ emailed: false });
    const queued = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `registration-refused:${ctx.appId}:${person.id}`));
    expect(queued).toEqual([]);
  });

  it('never refuses an approved member (409), another farm’s registration (404) or for a non-manager (403)', async () => {
    const approved = await refuse({ userId: approvedMember.id });
    expect(approved.statusCode).toBe(409);
    expect(json(approved)).toMatchObject({ error: { code: 'ALREADY_APPROVED' } });
    const [still] = await ctx.db.select().from(users).where(eq(users.id, approvedMember.id));
    expect(still?.anonymizedAt).toBeNull();

    expect((await refuse({ userId: stranger.id })).statusCode).toBe(404);
    const [foreign] = await ctx.db.select().from(users).where(eq(users.id, stranger.id));
    expect(foreign?.anonymizedAt).toBeNull();

    const person = await ctx.createUser({ username: 'bewaard', approved: false });
    expect((await refuse({ userId: person.id }, taskManager)).statusCode).toBe(403);
    expect((await refuse({ userId: person.id }, approvedMember)).statusCode).toBe(403);
    expect(await waitingNames()).toContain('bewaard');
  });

  it('answers 400 in Dutch for a message that is too long', async () => {
    const person = await ctx.createUser({ username: 'lang', approved: false });
    const response = await refuse({ userId: person.id, message: 'x'.repeat(2001) });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(json(response))).toContain('Het bericht is hoogstens 2000 tekens lang.');
  });
});
