import { describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../src/config.js';
import { detectImageType } from '../src/lib/image-type.js';
import { signJwt, verifyJwt } from '../src/lib/jwt.js';
import { AccessTokens } from '../src/modules/auth/access-tokens.js';
import { render } from '../src/mail/templates.js';
import { normalizeHost } from '../src/plugins/app-resolver.js';
import { defaultDataDir, repoRoot } from '../src/paths.js';

describe('settings', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: defaultDataDir,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      trustProxy: false,
      rateLimit: {
        authPerMinute: 30,
        accountPer15Minutes: 10,
        accountAttackPer15Minutes: 50,
        feedPerMinute: 120,
      },
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtp).toBeUndefined();
    expect(config.seedDemo).toBeUndefined();
    // DATA_DIR defaults to <repo>/data whatever the working directory.
    expect(defaultDataDir).toBe(`${repoRoot}/data`);
  });

  it('reads every setting', () => {
    const config = parseConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/pluk',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      SMTP_HOST: 'smtp.example.be',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_FROM: 'Hoeve <hoeve@example.be>',
      SEED_DEMO: 'false',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      PUBLIC_URL: 'https://pluk.example.be/',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/pluk',
      accessTokenTtlSeconds: 60,
      smtp: { host: 'smtp.example.be', port: 465, secure: true, from: 'Hoeve <hoeve@example.be>' },
      seedDemo: false,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      publicUrl: 'https://pluk.example.be',
    });
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('stops with a message naming each wrong setting and why', () => {
    expect(() =>
      parseConfig({
        PORT: 'drieduizend',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'kort',
        SMTP_SECURE: 'misschien',
      }),
    ).toThrowError(
      expect.objectContaining({
        message: expect.stringMatching(
          /PORT="drieduizend": expected a whole number[\s\S]*DATABASE_URL="mysql:\/\/x": expected a postgres[\s\S]*JWT_SECRET="kort": must be at least 32[\s\S]*SMTP_SECURE="misschien": expected true or false/,
        ),
      }),
    );
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT.*at most 65535/);
    expect(() => parseConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('small helpers', () => {
  it('signs and verifies JWTs, rejecting tampering and expiry', () => {
    const secret = 'x'.repeat(32);
    const token = signJwt({ sub: 7, app: 'farm', iat: 100, exp: 200 }, secret);
    expect(verifyJwt(token, secret, { now: 150 })).toMatchObject({
      ok: true,
      claims: { sub: 7, app: 'farm' },
    });
    expect(verifyJwt(token, secret, { now: 200 })).toEqual({ ok: false, reason: 'expired' });
    expect(verifyJwt(token, secret, { now: 300, ignoreExpiry: true }).ok).toBe(true);
    const [h, , s] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 1, app: 'farm', iat: 100, exp: 999 })).toString(
      'base64url',
    );
    expect(verifyJwt(`${h}.${forgedPayload}.${s}`, secret, { now: 150 }).ok).toBe(false);
    expect(verifyJwt(token, 'y'.repeat(32), { now: 150 }).ok).toBe(false);
  });

  it('remembers verified access tokens but still checks their expiry and never a forgery', () => {
    const secret = 'x'.repeat(32);
    const tokens = new AccessTokens(secret, 60);
    const now = Math.floor(Date.now() / 1000);
    const token = tokens.issue({ id: 7, appId: 'farm' }, 'session-1', now);
    expect(tokens.verify(token)).toMatchObject({
      ok: true,
      claims: { sub: 7, app: 'farm', sid: 'session-1' },
    });
    // The second call answers from what the first verified.
    expect(tokens.verify(token)).toMatchObject({ ok: true, claims: { sub: 7 } });
    // A token whose payload was swapped is a different text: checked, and refused.
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 1, app: 'farm', iat: now, exp: now + 999 })).toString(
      'base64url',
    );
    expect(tokens.verify(`${h}.${forged}.${s}`).ok).toBe(false);
    expect(tokens.verify(`${h}.${forged}.${s}`).ok).toBe(false);
    // Remembered or not, a token past its expiry is refused (and still readable with ignoreExpiry).
    vi.useFakeTimers({ now: (now + 61) * 1000 });
    try {
      expect(tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
      expect(tokens.verify(token, { ignoreExpiry: true }).ok).toBe(true);
      const other = new AccessTokens(secret, 60);
      expect(other.verify(token)).toEqual({ ok: false, reason: 'expired' });
      expect(other.verify(token)).toEqual({ ok: false, reason: 'expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('recognises images by their bytes', () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from([]))).toBeNull();
  });

  it('normalises hosts and fills templates', () => {
    expect(normalizeHost('Farm.Example.BE:3000')).toBe('farm.example.be');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
    expect(render('Dag {firstName}, {onbekend}', { firstName: 'An' })).toBe('Dag An, {onbekend}');
  });
});
