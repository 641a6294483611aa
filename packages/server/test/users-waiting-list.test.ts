import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagedUsersSchema, type PagedQuery, type PagedUsers } from '@pluk/contract';
import { auditLog, emailLog } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { type SmtpStandIn, withSmtpStandIn } from './helpers/smtp.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let smtp: SmtpStandIn;
let manager: CreatedUser;
let stranger: CreatedUser;
const waiting: CreatedUser[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await withSmtpStandIn(ctx);
  manager = await ctx.createUser({ username: 'manager', roles: ['ApplicationManager'], firstName: 'Mia' });
  // Seven users on the waiting list, oldest first; one inactive but approved member; two active members.
  for (let i = 1; i <= 7; i++) {
    waiting.push(
      await ctx.createUser({
        username: `wacht${i}`,
        firstName: i === 3 ? 'Zoë' : `Voornaam${i}`,
        lastName: i === 3 ? 'Vandamme' : 'Wachter',
        email: i === 5 ? 'speciaal@voorbeeld.test' : undefined,
        approved: false,
        createdAt: new Date(Date.UTC(2026, 0, i)),
      }),
    );
  }
  await ctx.createUser({ username: 'gestopt', approved: true, active: false });
  await ctx.createUser({ username: 'lid1' });
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'wachtelders', approved: false });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

async function paged(query: Partial<PagedQuery>): Promise<PagedUsers> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/applicationManager/user/paged',
    as: manager,
    payload: query,
  });
  expect(response.statusCode).toBe(200);
  return pagedUsersSchema.parse(json(response));
}

describe('applicationManager/user/paged', () => {
  it('pages the waiting list (1-based), oldest first, only this app', async () => {
    const first = await paged({ page: 1, rowsPerPage: 3, isApproved: false });
    expect(first.total).toBe(7);
    expect(first.items.map((u) => u.username)).toEqual(['wacht1', 'wacht2', 'wacht3']);
    expect(first).toMatchObject({ page: 1, rowsPerPage: 3 });
    const third = await paged({ page: 3, rowsPerPage: 3, isApproved: false });
    expect(third.items.map((u) => u.username)).toEqual(['wacht7']);
    expect((await paged({ page: 4, rowsPerPage: 3, isApproved: false })).items).toEqual([]);
    expect(first.items[0]).toMatchObject({ isApproved: false, isActive: false, householdSize: 1, roles: [] });
  });

  it('uses the spec defaults (page 1, 50 rows) and filters on name, username and e-mail', async () => {
    const all = await paged({});
    expect(all).toMatchObject({ page: 1, rowsPerPage: 50, total: 10 });
    expect((await paged({ filter: 'zoë vandamme' })).items.map((u) => u.username)).toEqual(['wacht3']);
    expect((await paged({ filter: 'VANDAM' })).items.map((u) => u.username)).toEqual(['wacht3']);
    expect((await paged({ filter: 'speciaal@' })).items.map((u) => u.username)).toEqual(['wacht5']);
    expect((await paged({ filter: 'wacht' })).total).toBe(7);
    expect((await paged({ filter: '%' })).total).toBe(0);
  });

  it('filters on isActive and userIds', async () => {
    expect((await paged({ isApproved: true, isActive: false })).items.map((u) => u.username)).toEqual([
      'gestopt',
    ]);
    const ids = [waiting[0]?.id ?? 0, waiting[6]?.id ?? 0];
    expect((await paged({ userIds: ids })).items.map((u) => u.id)).toEqual(ids);
    expect((await paged({ userIds: [] })).total).toBe(0);
  });

  it('refuses bad paging input with 400', async () => {
    for (const payload of [{ page: 0 }, { rowsPerPage: 1000 }, { page: 'een' }, { userIds: ['x'] }]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/user/paged',
        as: manager,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('applicationManager/User/Approve', () => {
  it('approves, audit-logs and sends the welcome e-mail', async () => {
    const target = waiting[1];
    if (!target) throw new Error('setup');
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/Approve',
      as: manager,
      payload: { userId: target.id },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: target.id, isApproved: true, isActive: true });

    // The approval queued the welcome e-mail in its own transaction; the worker sends it.
    await ctx.app.jobs.drain();
    const mail = await smtp.waitFor((m) => m.to.includes(target.email));
    expect(mail.subject).toBe('Welkom bij Testhoeve!');
    expect(mail.text).toContain('Dag Voornaam2,');
    expect(mail.text).toContain('http://pluk.test/login');
    const [logged] = await ctx.db.select().from(emailLog).where(eq(emailLog.userId, target.id));
    expect(logged).toMatchObject({ template: 'welcome', status: 'sent' });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.approve'), eq(auditLog.actorUserId, manager.id)));
    expect(audits.map((a) => a.details)).toContainEqual({ userId: target.id });

    const again = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/Approve',
      as: manager,
      payload: { userId: target.id },
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ error: { code: 'ALREADY_APPROVED' } });
  });

  it('answers 404 for unknown ids and for users of another app', async () => {
    expect((await paged({ filter: 'wachtelders' })).total).toBe(0);
    for (const userId of [999999, stranger.id]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/User/Approve',
        as: manager,
        payload: { userId },
      });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });
});
