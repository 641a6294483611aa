import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, jobs, passwordResetTokens, serverSecrets, users } from '../src/db/schema/index.js';
import { ConfigError, parseConfig } from '../src/config.js';
import { jwtSecretFile, resolveJwtSecret } from '../src/modules/auth/access-tokens.js';
import { changeUserAccess } from '../src/modules/users/access.js';
import { commonPasswordMessage } from '../src/lib/password-policy.js';
import { multipartBody, multipartFile, tinyPng } from './helpers/multipart.js';
import { redactUrl } from '../src/lib/log-redaction.js';
import { hashToken } from '../src/lib/tokens.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

// Decisions 054 and 055: what a probe found, and must keep answering as delivered.
let ctx: TestContext;
let dataDir: string;
const logLines: string[] = [];
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pluk-sec-'));
  ctx = await createTestContext({
    config: { logLevel: 'info', dataDir },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A valid PNG header (signature and IHDR with its CRC) declaring `width` × `height`, and no pixels. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const type = Buffer.from('IHDR');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, ihdr])));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Padding stands in for the rest of a 3.8 KB file.
  return Buffer.concat([signature, length, type, ihdr, crc, Buffer.alloc(3800)]);
}

const registration = (
  username: string,
  email = `${username}@example.test`,
  password = 'een-goed-wachtwoord',
) => ({
  username,
  email,
  password,
  firstName: 'Jan',
  lastName: 'Peeters',
});

async function mailJobs(keyPrefix: string) {
  const rows = await ctx.db
    .select()
    .from(jobs)
    .where(like(jobs.idempotencyKey, `${keyPrefix}%`));
  return rows.map(
    (row) => (row.payload as { mail: { to: string; template: string; values: Record<string, string> } }).mail,
  );
}

describe('the log keeps no secrets', () => {
  it('redacts reset tokens, e-mail addresses, passwords and bearer tokens from a request', async () => {
    const member = await ctx.createUser({ username: uniqueName('log') });
    const secretToken = 'Zg7hS3cr3tR3s3tT0k3nThatMustNotBeLogged';
    const password = 'Geheim-wachtwoord-voor-de-log';
    const bearer = ctx.tokenFor(member);
    logLines.length = 0;
    await ctx.request({ method: 'GET', url: `/api/auth/requestReset/${encodeURIComponent(member.email)}` });
    await ctx.request({ method: 'GET', url: `/auth/passwordReset/${secretToken}/${member.id}` });
    await ctx.request({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: { userId: member.id, token: secretToken, password },
    });
    await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.username, password },
    });
    await ctx.request({ method: 'GET', url: '/api/User', as: bearer });
    // A request object logged by hand (as a plugin might) loses its secrets too.
    ctx.app.log.info(
      { req: { headers: { authorization: `Bearer ${bearer}` } }, body: { password, token: secretToken } },
      'probe',
    );
    const log = logLines.join('');
    expect(log).toContain('/api/auth/requestReset/[verborgen]');
    expect(log).toContain('/auth/passwordReset/[verborgen]');
    expect(log).toContain('"password":"[verborgen]"');
    for (const secret of [secretToken, member.email, encodeURIComponent(member.email), password, bearer]) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts the secret pieces of URLs and nothing else', () => {
    expect(redactUrl('/auth/passwordReset/abc/12?x=1')).toBe('/auth/passwordReset/[verborgen]?x=1');
    expect(redactUrl('/api/auth/requestReset/an%40b.be')).toBe('/api/auth/requestReset/[verborgen]');
    expect(redactUrl('/api/x/jan@hoeve.be/y?token=abc&p=2')).toBe(
      '/api/x/[verborgen]/y?token=[verborgen]&p=2',
    );
    expect(redactUrl('/api/task/12')).toBe('/api/task/12');
  });
});

describe('API answers are not stored (Cache-Control)', () => {
  it('answers no-store on tokens, the profile, errors and unknown routes; cacheable reads say their own', async () => {
    const member = await ctx.createUser({ username: uniqueName('cache') });
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.username, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    const { token, refreshToken } = json<{ token: string; refreshToken: string }>(login);
    const refresh = await ctx.request({
      method: 'POST',
      url: '/api/auth/RefreshLogin',
      payload: { token, refreshToken },
    });
    const profile = await ctx.request({ method: 'GET', url: '/api/User', as: member });
    const refused = await ctx.request({ method: 'GET', url: '/api/User' });
    const unknown = await ctx.request({ method: 'GET', url: '/api/no-such-route' });
    for (const response of [login, refresh, profile, refused, unknown]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // The app's logo says it may be cached; the web app (outside /api) keeps its own rules.
    await ctx.db.update(apps).set({ logo: tinyPng, logoMime: 'image/png' }).where(eq(apps.appId, ctx.appId));
    const logo = await ctx.request({ method: 'GET', url: '/api/info/logo' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=300');
    const page = await ctx.request({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});

describe('registration does not tell whether an e-mail address has an account', () => {
  it('answers a known address like a new one, makes no account, and e-mails the owner instead', async () => {
    const owner = await ctx.createUser({ username: uniqueName('eigenaar') });
    const fresh = uniqueName('nieuw');
    const newOne = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(fresh),
    });
    const known = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(uniqueName('kaper'), owner.email.toUpperCase()),
    });
    expect([newOne.statusCode, known.statusCode]).toEqual([201, 201]);
    expect(known.body).toBe(newOne.body);
    expect(json(known)).toEqual({ status: 'waiting' });
    const withAddress = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email));
    expect(withAddress).toEqual([{ id: owner.id }]);
    // The owner hears of it, with its username and where to ask for a new password; once an hour.
    await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(uniqueName('kaper'), owner.email),
    });
    const told = await mailJobs(`registration-existing:${ctx.appId}:${owner.id}:`);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      to: owner.email,
      template: 'registrationExistingAccount',
      values: { username: owner.username, resetLink: 'http://pluk.test/request-reset' },
    });
    // The newcomer gets its own "registration received" e-mail: both check their mailbox.
    const [created] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, fresh));
    expect(await mailJobs(`registration:${ctx.appId}:${created!.id}`)).toMatchObject([
      { to: `${fresh}@example.test`, template: 'registrationReceived' },
    ]);
    // A taken username is still said (the form checks it live; a username is no address).
    const sameName = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(owner.username, `${uniqueName('x')}@example.test`),
    });
    expect(sameName.statusCode).toBe(409);
    expect(json(sameName)).toMatchObject({ error: { code: 'USERNAME_TAKEN' } });
  });
});

describe('common and breached passwords are refused', () => {
  const refusal = (field: string) => ({
    error: { code: 'VALIDATION_ERROR', fields: { [field]: commonPasswordMessage } },
  });

  it('on register, reset and change, with a Dutch message on the field', async () => {
    for (const password of ['password', 'Password', '12345678', 'iloveyou']) {
      const name = uniqueName('zwak');
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: registration(name, undefined, password),
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject(refusal('password'));
    }
    const member = await ctx.createUser({ username: uniqueName('sterk') });
    const change = await ctx.request({
      method: 'POST',
      url: '/api/user/ChangePassword',
      as: member,
      payload: { currentPassword: member.password, newPassword: 'qwertyuiop' },
    });
    expect(change.statusCode).toBe(400);
    expect(json(change)).toMatchObject(refusal('newPassword'));
    // A reset with a weak password is refused and leaves the link working for a good one.
    const token = 'een-geldige-link-voor-de-wachtwoordtest-0123456789';
    await ctx.db.insert(passwordResetTokens).values({
      appId: ctx.appId,
      userId: member.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const reset = (password: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/resetPassword',
        payload: { userId: member.id, token, password },
      });
    const weak = await reset('password1');
    expect(weak.statusCode).toBe(400);
    expect(json(weak)).toMatchObject(refusal('password'));
    expect((await reset('een-goed-nieuw-wachtwoord')).statusCode).toBe(204);
  });
});

describe('image dimensions are read from the header', () => {
  it('refuses a small PNG declaring 60,000 × 60,000 pixels as avatar and as media; a normal one passes', async () => {
    const bomb = pngDeclaring(60_000, 60_000);
    expect(bomb.length).toBeLessThan(4_000);
    const member = await ctx.createUser({ username: uniqueName('bom') });
    const avatar = await ctx.request({
      method: 'POST',
      url: '/api/User/ChangeAvatar',
      as: member,
      ...multipartFile('file', 'bom.png', 'image/png', bomb),
    });
    expect(avatar.statusCode).toBe(400);
    expect(json(avatar)).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { file: expect.stringContaining('60000 × 60000') } },
    });
    const manager = await ctx.createUser({ username: uniqueName('mbom'), roles: ['PostManager'] });
    const media = await ctx.request({
      method: 'POST',
      url: '/api/Media/Create',
      as: manager,
      ...multipartBody([{ name: 'files', fileName: 'bom.png', type: 'image/png', data: bomb }]),
    });
    expect(media.statusCode).toBe(400);
    expect(json(media)).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { files: expect.any(String) } },
    });
    // One side too long, and over 40 megapixels with both sides allowed.
    for (const [w, h] of [
      [8_001, 10],
      [7_000, 7_000],
    ] as const) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/User/ChangeAvatar',
        as: member,
        ...multipartFile('file', 'x.png', 'image/png', pngDeclaring(w, h)),
      });
      expect(response.statusCode).toBe(400);
    }
    const fine = await ctx.request({
      method: 'POST',
      url: '/api/User/ChangeAvatar',
      as: member,
      ...multipartFile('file', 'ok.png', 'image/png', pngDeclaring(8_000, 5_000)),
    });
    expect(fine.statusCode).toBeLessThan(300);
  });
});

describe('secrets at rest', () => {
  it('keeps the generated JWT secret in DATA_DIR/secrets/jwt-secret (0600, folder 0700), not in the database', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pluk-secret-'));
    try {
      const first = await resolveJwtSecret(ctx.db, { dataDir: dir });
      const file = jwtSecretFile(dir);
      expect((await readFile(file, 'utf8')).trim()).toBe(first);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'secrets'))).mode & 0o777).toBe(0o700);
      expect(await ctx.db.select().from(serverSecrets)).toEqual([]);
      expect(await resolveJwtSecret(ctx.db, { dataDir: dir })).toBe(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('moves a secret an older version kept in server_secrets to the file, and deletes the row', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pluk-secret-'));
    try {
      const old = 'a-secret-an-older-pluk-kept-in-the-database-0123456789';
      await ctx.db.insert(serverSecrets).values({ key: 'jwt_secret', value: old });
      expect(await resolveJwtSecret(ctx.db, { dataDir: dir })).toBe(old);
      expect((await readFile(jwtSecretFile(dir), 'utf8')).trim()).toBe(old);
      expect(await ctx.db.select().from(serverSecrets)).toEqual([]);
      // Loose permissions left by a restore are tightened.
      await mkdir(join(dir, 'secrets'), { recursive: true });
      await writeFile(jwtSecretFile(dir), `${old}\n`, { mode: 0o644 });
      await resolveJwtSecret(ctx.db, { dataDir: dir });
      expect((await stat(jwtSecretFile(dir))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production without JWT_SECRET, with a clear message', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET.*required with NODE_ENV=production/,
    );
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe(
      'x'.repeat(40),
    );
    expect(parseConfig({}).jwtSecret).toBeUndefined();
  });
});

describe('a deactivated member', () => {
  it('gets no tokens, cannot read its account with an old token, and is not re-activated by "approve"', async () => {
    const member = await ctx.createUser({ username: uniqueName('weg') });
    const login = () =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: member.username, password: member.password },
      });
    const before = await login();
    expect(before.statusCode).toBe(200);
    const tokens = json<{ token: string; refreshToken: string }>(before);
    await changeUserAccess(ctx.app, ctx.appId, member.id, { isActive: false });

    const after = await login();
    expect(after.statusCode).toBe(403);
    expect(json(after)).toMatchObject({
      error: { code: 'ACCOUNT_INACTIVE', message: expect.stringContaining('niet actief') },
    });
    const read = await ctx.request({ method: 'GET', url: '/api/User', as: tokens.token });
    expect(read.statusCode).toBe(401);
    expect(json(read)).toMatchObject({ error: { code: 'ACCOUNT_INACTIVE' } });
    const refreshed = await ctx.request({ method: 'POST', url: '/api/auth/RefreshLogin', payload: tokens });
    expect(json(refreshed)).toEqual({ errors: [expect.stringContaining('niet actief')] });
    // A wrong password still says only "wrong": being deactivated is told to the right password alone.
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.username, password: 'fout-wachtwoord-123' },
    });
    expect(json(wrong)).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });

    const manager = await ctx.createUser({ username: uniqueName('beheer'), roles: ['ApplicationManager'] });
    const approve = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/Approve',
      as: manager,
      payload: { userId: member.id },
    });
    expect(approve.statusCode).toBe(409);
    expect(json(approve)).toMatchObject({ error: { code: 'ALREADY_APPROVED' } });
    const [row] = await ctx.db
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, member.id));
    expect(row?.isActive).toBe(false);
    expect((await login()).statusCode).toBe(403);
  });
});
