import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInfoSchema } from '@pluk/contract';
import { webManifest } from '../src/modules/info/manifest.js';
import { AppResolver } from '../src/plugins/app-resolver.js';
import { tinyPng } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createApp({
    appId: 'coop',
    name: 'De Coöperatie',
    hosts: ['coop.example.be', 'www.coop.example.be'],
    localeVariant: 'nl-be-cooperative',
    colors: { primary: '#123456', secondary: '#abcdef', background: '#ffffff' },
    membershipExplanation: 'Word coöperant.',
    customRegistrationQuestion: null,
    logo: { data: tinyPng, mime: 'image/png' },
    settings: [
      { key: 'welcomeText', value: 'Welkom!', isPublic: true },
      { key: 'smtp.password', value: 'geheim', isPublic: false },
    ],
  });
});
afterAll(() => ctx.close());

const get = (url: string, host = 'farm.test') => ctx.request({ method: 'GET', url, headers: { host } });

describe('app resolution from the Host header', () => {
  it('finds the app by host, ignoring port and case, and falls back to the default app', async () => {
    expect(json(await get('/api/info', 'COOP.example.be:8080'))).toMatchObject({ appId: 'coop' });
    expect(json(await get('/api/info', 'www.coop.example.be'))).toMatchObject({ appId: 'coop' });
    expect(json(await get('/api/info', 'unknown.example.be'))).toMatchObject({ appId: 'farm' });
    expect(json(await get('/api/info', 'farm.test'))).toMatchObject({ appId: 'farm', appName: 'Testhoeve' });
  });

  it('never takes the app from the query or body', async () => {
    expect(json(await get('/api/info?appId=coop'))).toMatchObject({ appId: 'farm' });
  });
});

describe('app info', () => {
  it('answers info, colours, membership explanation and custom question per app', async () => {
    const info = appInfoSchema.parse(json(await get('/api/info', 'coop.example.be')));
    expect(info).toMatchObject({
      appId: 'coop',
      appName: 'De Coöperatie',
      localeVariant: 'nl-be-cooperative',
    });
    expect(info.logoUrl).toMatch(/^\/api\/info\/logo\?v=/);
    expect(json(await get('/api/info/colors', 'coop.example.be'))).toEqual({
      primary: '#123456',
      secondary: '#abcdef',
      background: '#ffffff',
    });
    expect(json(await get('/api/info/membershipExplanation', 'coop.example.be'))).toEqual({
      text: 'Word coöperant.',
    });
    expect(json(await get('/api/info/customRegistrationQuestion', 'coop.example.be'))).toEqual({
      question: null,
    });
    expect(json(await get('/api/info/customRegistrationQuestion'))).toEqual({
      question: 'Waarom wil je lid worden?',
    });
    expect(json(await get('/api/info'))).toMatchObject({ logoUrl: null, localeVariant: 'nl-be' });
  });

  it('serves the logo with its type, or 404 when the app has none', async () => {
    const logo = await get('/api/info/logo', 'coop.example.be');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(tinyPng)).toBe(true);
    const none = await get('/api/info/logo');
    expect(none.statusCode).toBe(404);
    expect(json(none)).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers public settings only, per app', async () => {
    expect(json(await get('/api/settings/welcomeText', 'coop.example.be'))).toEqual({
      key: 'welcomeText',
      value: 'Welkom!',
    });
    expect((await get('/api/settings/smtp.password', 'coop.example.be')).statusCode).toBe(404);
    expect((await get('/api/settings/welcomeText')).statusCode).toBe(404);
    expect((await get('/api/settings/bestaat-niet', 'coop.example.be')).statusCode).toBe(404);
  });
});

describe('without any app (E001)', () => {
  it('answers E001 on every API call except health', async () => {
    const empty = await createTestContext({ withDefaultApp: false });
    try {
      for (const [method, url] of [
        ['GET', '/api/info'],
        ['GET', '/api/info/colors'],
        ['POST', '/api/auth/login'],
        ['GET', '/api/User'],
      ] as const) {
        const response = await empty.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(response.statusCode, url).toBe(404);
        expect(json(response)).toEqual({
          code: 'E001',
          error: { code: 'E001', message: 'Deze plukboerderij/zelfpluktuin bestaat nog niet' },
        });
      }
      expect((await empty.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await empty.close();
    }
  });
});

describe('behind a reverse proxy', () => {
  it('resolves the app from X-Forwarded-Host only when TRUST_PROXY is set', async () => {
    const proxied = await createTestContext({ config: { trustProxy: true } });
    try {
      await proxied.createApp({ appId: 'achter-proxy', hosts: ['pluk.example.be'] });
      const viaProxy = await proxied.app.inject({
        method: 'GET',
        url: '/api/info',
        headers: { host: 'internal:3000', 'x-forwarded-host': 'pluk.example.be' },
      });
      expect(json(viaProxy)).toMatchObject({ appId: 'achter-proxy' });
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is ignored: the default app answers.
    const direct = await ctx.app.inject({
      method: 'GET',
      url: '/api/info',
      headers: { host: 'farm.test', 'x-forwarded-host': 'coop.example.be' },
    });
    expect(json(direct)).toMatchObject({ appId: 'farm' });
  });
});

describe('web app manifest per app', () => {
  it('installs each farm with its own name and colours', async () => {
    const response = await get('/manifest.webmanifest', 'coop.example.be');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(json(response)).toMatchObject({
      name: 'De Coöperatie',
      theme_color: '#123456',
      background_color: '#ffffff',
      start_url: '/',
      display: 'standalone',
    });
    expect(json(await get('/manifest.webmanifest'))).toMatchObject({ name: 'Testhoeve' });
  });

  it('gives a host without a farm the generic Pluk manifest', () => {
    expect(webManifest(null)).toMatchObject({ name: 'Pluk', short_name: 'Pluk', theme_color: '#2f7d32' });
  });
});

describe('Host header tricks', () => {
  it('resolves port, trailing dot, upper case and IPv6 forms, and never crosses to another app', async () => {
    for (const host of [
      'COOP.EXAMPLE.BE',
      'coop.example.be.',
      'coop.example.be:8443',
      'Coop.Example.Be.:80',
    ]) {
      expect(json(await get('/api/info', host)), host).toMatchObject({ appId: 'coop' });
    }
    // Look-alikes and junk fall back to the default app, never to coop.
    for (const host of [
      'coop.example.be.evil.test',
      'evil.coop.example.be',
      '[::1]:3000',
      '[::1',
      '',
      'coop.example.be@evil',
    ]) {
      expect(json(await get('/api/info', host)), JSON.stringify(host)).toMatchObject({ appId: 'farm' });
    }
  });

  it('answers a request without any Host header (HTTP/1.0) with the default app', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/info HTTP/1.0\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.[01] 200/);
    expect(raw).toContain('"appId":"farm"');
  });

  it('keeps the per-host cache bounded when clients send endless random hosts', async () => {
    const resolver = new AppResolver(ctx.db, 60_000, 50);
    for (let i = 0; i < 300; i++) await resolver.resolve(`random-${i}.evil.test`);
    expect(resolver.cachedHosts).toBeLessThanOrEqual(50);
    expect((await resolver.resolve('coop.example.be'))?.appId).toBe('coop');
    expect((await resolver.resolve('whatever.test'))?.appId).toBe('farm');
  });
});
