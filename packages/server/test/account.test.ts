import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, type Account, type TokenData, type UpdateAccountBody } from '@pluk/contract';
import { users } from '../src/db/schema/index.js';
import { multipartFile, tinyPng } from './helpers/multipart.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const update = (name: string): UpdateAccountBody => ({
  firstName: 'Nieuwe',
  lastName: 'Naam',
  email: `${name}-nieuw@example.test`,
  phone: '09 123 45 67',
  address: { street: 'Molenstraat', number: '7a', postalCode: '2000', city: 'Antwerpen' },
  householdMembers: [{ name: 'Kind Naam', yearOfBirth: 2019, isAdult: false }],
  privacy: { showContactData: true, receiveEmails: false },
  customQuestionAnswer: 'Nieuw antwoord',
});

describe('GET User', () => {
  it('answers the account in the contract shape', async () => {
    const user = await ctx.createUser({
      username: uniqueName('acc'),
      roles: ['TaskManager', 'EventManager'],
      household: [{ name: 'Partner', yearOfBirth: 1990, isAdult: true }],
    });
    const response = await ctx.request({ method: 'GET', url: '/api/User', as: user });
    expect(response.statusCode).toBe(200);
    const account = accountSchema.parse(json(response));
    expect(account).toMatchObject({
      id: user.id,
      username: user.username,
      roles: ['EventManager', 'TaskManager'],
      isApproved: true,
      isActive: true,
      hasAvatar: false,
      avatarVersion: null,
      impersonatedBy: null,
      privacy: { showContactData: false, receiveEmails: true },
    });
    expect(account.memberShip.members.map((m) => m.name)).toEqual([`${user.username} Testlid`, 'Partner']);
  });
});

describe('User/update', () => {
  it('updates profile, household (holder kept and renamed) and privacy', async () => {
    const name = uniqueName('upd');
    const user = await ctx.createUser({
      username: name,
      household: [{ name: 'Oud', yearOfBirth: null, isAdult: true }],
    });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/User/update',
      as: user,
      payload: update(name),
    });
    expect(response.statusCode).toBe(200);
    const account = json<Account>(response);
    expect(account).toMatchObject({
      firstName: 'Nieuwe',
      // ADR 087: a new address waits for the link sent to it; the account keeps the confirmed one.
      email: user.email,
      pendingEmail: `${name}-nieuw@example.test`,
      contactData: {
        address: { street: 'Molenstraat', number: '7a', city: 'Antwerpen' },
        phone: '09 123 45 67',
      },
      privacy: { showContactData: true, receiveEmails: false },
      customQuestionAnswer: 'Nieuw antwoord',
    });
    expect(account.memberShip.members.map((m) => [m.name, m.isHolder])).toEqual([
      ['Nieuwe Naam', true],
      ['Kind Naam', false],
    ]);
  });

  it('refuses an e-mail address of another account (409 EMAIL_TAKEN) and invalid fields (400)', async () => {
    const other = await ctx.createUser({ username: uniqueName('owner') });
    const name = uniqueName('thief');
    const user = await ctx.createUser({ username: name });
    const taken = await ctx.request({
      method: 'POST',
      url: '/api/User/update',
      as: user,
      payload: { ...update(name), email: other.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({ error: { code: 'EMAIL_TAKEN' } });
    const invalid = await ctx.request({
      method: 'POST',
      url: '/api/User/update',
      as: user,
      payload: {
        ...update(name),
        householdMembers: [{ name: '', isAdult: 'ja' }],
        address: { postalCode: 5 },
      },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(json<{ error: { fields: object } }>(invalid).error.fields)).toEqual(
      expect.arrayContaining(['householdMembers.0.name', 'householdMembers.0.isAdult', 'address.postalCode']),
    );
  });
});

describe('user/ChangePassword', () => {
  it('checks the current password and signs out the other sessions only', async () => {
    const user = await ctx.createUser({ username: uniqueName('pw'), password: 'oud-wachtwoord' });
    const login = async () =>
      json<TokenData>(
        await ctx.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: user.username, password: 'oud-wachtwoord' },
        }),
      );
    const here = await login();
    const elsewhere = await login();
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/user/ChangePassword',
      as: here.token,
      payload: { currentPassword: 'fout', newPassword: 'nieuw-wachtwoord' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({
      error: { code: 'WRONG_PASSWORD', fields: { currentPassword: expect.any(String) } },
    });

    const ok = await ctx.request({
      method: 'POST',
      url: '/api/user/ChangePassword',
      as: here.token,
      payload: { currentPassword: 'oud-wachtwoord', newPassword: 'nieuw-wachtwoord' },
    });
    expect(ok.statusCode).toBe(204);
    const refresh = async (tokens: TokenData) =>
      json<{ errors?: string[] }>(
        await ctx.request({ method: 'POST', url: '/api/auth/RefreshLogin', payload: tokens }),
      );
    expect((await refresh(elsewhere)).errors?.length).toBeGreaterThan(0);
    expect((await refresh(here)).errors).toBeUndefined();
    const relogin = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'nieuw-wachtwoord' },
    });
    expect(relogin.statusCode).toBe(200);
  });
});

describe('avatar', () => {
  it('stores an image checked by its bytes and serves it with safe headers', async () => {
    const user = await ctx.createUser({ username: uniqueName('ava') });
    expect((await ctx.request({ method: 'GET', url: '/api/User/Avatar', as: user })).statusCode).toBe(404);
    // The browser claims octet-stream: the magic bytes decide.
    const upload = multipartFile('file', 'me.bin', 'application/octet-stream', tinyPng);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/User/ChangeAvatar',
      as: user,
      ...upload,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ hasAvatar: true, avatarVersion: expect.any(String) });
    const avatar = await ctx.request({ method: 'GET', url: '/api/User/Avatar', as: user });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.headers['x-content-type-options']).toBe('nosniff');
    expect(avatar.headers['content-disposition']).toBe('inline');
    expect(avatar.rawPayload.equals(tinyPng)).toBe(true);
  });

  it('refuses files over 5 MB (413), non-images (415), non-multipart bodies (415) and a missing file (400)', async () => {
    const user = await ctx.createUser({ username: uniqueName('avabad') });
    const big = Buffer.concat([tinyPng, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await ctx.request({
      method: 'POST',
      url: '/api/User/ChangeAvatar',
      as: user,
      ...multipartFile('file', 'big.png', 'image/png', big),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig)).toMatchObject({ error: { code: 'FILE_TOO_LARGE' } });

    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const wrongType = await ctx.request({
      method: 'POST',
      url: '/api/User/ChangeAvatar',
      as: user,
      ...multipartFile('file', 'evil.png', 'image/png', html),
    });
    expect(wrongType.statusCode).toBe(415);
    expect(json(wrongType)).toMatchObject({ error: { code: 'FILE_TYPE_NOT_ALLOWED' } });

    const json415 = await ctx.request({
      method: 'POST',
      url: '/api/User/ChangeAvatar',
      as: user,
      payload: { file: 'x' },
    });
    expect(json415.statusCode).toBe(415);
    expect(json(json415)).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });

    const wrongField = await ctx.request({
      method: 'POST',
      url: '/api/User/ChangeAvatar',
      as: user,
      ...multipartFile('picture', 'a.png', 'image/png', tinyPng),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(json(wrongField)).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { file: expect.any(String) } },
    });
    expect((await ctx.request({ method: 'GET', url: '/api/User/Avatar', as: user })).statusCode).toBe(404);
  });
});

describe('User/ContactData/:id', () => {
  it('shows contact data to the member, to all members when shared, and to managers; else 403', async () => {
    const hidden = await ctx.createUser({ username: uniqueName('hidden'), phone: '0400 00 00 01' });
    const shared = await ctx.createUser({ username: uniqueName('shared'), showContactData: true });
    const member = await ctx.createUser({ username: uniqueName('curious') });
    const manager = await ctx.createUser({ username: uniqueName('mgr'), roles: ['TaskManager'] });
    const get = (as: { id: number; appId: string }, id: number) =>
      ctx.request({ method: 'GET', url: `/api/User/ContactData/${id}`, as });

    const self = await get(hidden, hidden.id);
    expect(self.statusCode).toBe(200);
    expect(json(self)).toMatchObject({ userId: hidden.id, phone: '0400 00 00 01', email: hidden.email });
    expect((await get(member, shared.id)).statusCode).toBe(200);
    expect((await get(manager, hidden.id)).statusCode).toBe(200);
    const refused = await get(member, hidden.id);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('treats users of another app as unknown (404), even shared ones', async () => {
    const other = await ctx.createApp({ appId: 'contact-other', hosts: ['contact-other.test'] });
    const stranger = await ctx.createUser({
      appId: other.appId,
      username: uniqueName('far'),
      showContactData: true,
    });
    const admin = await ctx.createUser({ username: uniqueName('adm'), roles: ['Admin'] });
    const response = await ctx.request({
      method: 'GET',
      url: `/api/User/ContactData/${stranger.id}`,
      as: admin,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('User/Members and user/onlineMembers', () => {
  it('lists my household members, holder first', async () => {
    const user = await ctx.createUser({
      username: uniqueName('fam'),
      household: [
        { name: 'A', yearOfBirth: 1980, isAdult: true },
        { name: 'B', yearOfBirth: 2012, isAdult: false },
      ],
    });
    const response = await ctx.request({ method: 'GET', url: '/api/User/Members', as: user });
    expect(json<{ name: string }[]>(response).map((m) => m.name)).toEqual([
      `${user.username} Testlid`,
      'A',
      'B',
    ]);
  });

  it('counts members of this app seen in the last five minutes', async () => {
    const isolated = await createTestContext();
    try {
      const a = await isolated.createUser({ username: 'online-a' });
      const b = await isolated.createUser({ username: 'online-b' });
      const stale = await isolated.createUser({ username: 'online-stale' });
      await isolated.createUser({ username: 'waiting', approved: false });
      const other = await isolated.createApp({ appId: 'online-other', hosts: ['online-other.test'] });
      await isolated.createUser({ appId: other.appId, username: 'elsewhere' });
      await isolated.db
        .update(users)
        .set({ lastSeenAt: sql`now()` })
        .where(sql`${users.username} in ('waiting', 'elsewhere')`);
      await isolated.db
        .update(users)
        .set({ lastSeenAt: sql`now() - interval '6 minutes'` })
        .where(eq(users.id, stale.id));
      // Any authenticated request marks the caller as seen.
      await isolated.request({ method: 'GET', url: '/api/User', as: b });
      const response = await isolated.request({ method: 'GET', url: '/api/user/onlineMembers', as: a });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ count: 2 });
    } finally {
      await isolated.close();
    }
  });
});
