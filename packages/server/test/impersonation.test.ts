import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let admin: CreatedUser;
let member: CreatedUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.createUser({ username: 'admin', roles: ['Admin'] });
  member = await ctx.createUser({ username: 'lid', firstName: 'Lien' });
});
afterAll(() => ctx.close());

const as = (user: CreatedUser, impersonate: string | number) =>
  ctx.request({
    method: 'GET',
    url: '/api/User',
    as: user,
    headers: { 'x-impersonate-user': String(impersonate) },
  });

describe('X-Impersonate-User', () => {
  it('lets an Admin act as a user of the same app, and records it', async () => {
    const response = await as(admin, member.id);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: member.id, username: 'lid', impersonatedBy: admin.id });
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.id), eq(auditLog.impersonatedUserId, member.id)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ action: 'impersonation.request', appId: ctx.appId });
  });

  it('answers as the impersonated user would be answered (an unapproved user gets 403 on member calls)', async () => {
    const waiting = await ctx.createUser({ username: 'wacht', approved: false });
    const members = await ctx.request({
      method: 'GET',
      url: '/api/User/Members',
      as: admin,
      headers: { 'x-impersonate-user': String(waiting.id) },
    });
    expect(members.statusCode).toBe(403);
    expect(json(members)).toMatchObject({ error: { code: 'ACCOUNT_NOT_APPROVED' } });
  });

  it('refuses everyone else with 403 IMPERSONATION_FORBIDDEN, managers included', async () => {
    const manager = await ctx.createUser({ username: 'beheerder', roles: ['ApplicationManager'] });
    for (const user of [member, manager]) {
      const response = await as(user, admin.id);
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({ error: { code: 'IMPERSONATION_FORBIDDEN' } });
    }
  });

  it('treats users of another app and unknown ids as not found (404)', async () => {
    const other = await ctx.createApp({ appId: 'elders', hosts: ['elders.test'] });
    const stranger = await ctx.createUser({ appId: other.appId, username: 'vreemde' });
    for (const target of [stranger.id, 999999, 'abc']) {
      const response = await as(admin, target);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('is ignored on public routes called without a token', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/info',
      headers: { 'x-impersonate-user': '1' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('treats odd ids (non-numeric, signed, exponent, huge, non-ASCII digits, lists) as not found', async () => {
    for (const target of [
      '1e3',
      '0x10',
      '-1',
      '+1',
      `${member.id}abc`,
      '99999999999999999999',
      '٣',
      `${member.id}, ${admin.id}`,
    ]) {
      const response = await as(admin, target);
      expect(response.statusCode, target).toBe(404);
    }
    // Two headers (an attempt to chain impersonations) arrive as one list: refused, not the last one taken.
    const two = await ctx.request({
      method: 'GET',
      url: '/api/User',
      as: admin,
      headers: { 'x-impersonate-user': [String(member.id), String(member.id)] },
    });
    expect(two.statusCode).toBe(404);
  });

  it('refuses impersonating another Admin (no acting, or taking over, under a peer admin name)', async () => {
    const otherAdmin = await ctx.createUser({ username: 'admin2', roles: ['Admin'] });
    const response = await as(admin, otherAdmin.id);
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ error: { code: 'IMPERSONATION_FORBIDDEN' } });
    // Changing the other admin's e-mail address through impersonation is therefore impossible too.
    const update = await ctx.request({
      method: 'POST',
      url: '/api/User/update',
      as: admin,
      headers: { 'x-impersonate-user': String(otherAdmin.id) },
      payload: {},
    });
    expect(update.statusCode).toBe(403);
    // Acting as yourself changes nothing and stays allowed.
    expect((await as(admin, admin.id)).statusCode).toBe(200);
  });

  it('refuses an Admin of another app, whose token is not valid here at all', async () => {
    const other = await ctx.createApp({ appId: 'derde', hosts: ['derde.test'] });
    const foreignAdmin = await ctx.createUser({
      appId: other.appId,
      username: 'vreemde-admin',
      roles: ['Admin'],
    });
    const response = await as(foreignAdmin, member.id);
    expect(response.statusCode).toBe(401);
  });
});
