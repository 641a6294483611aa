import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInfoSchema } from '@pluk/contract';
import type { CreatedUser } from '../src/seed/factories.js';
import { multipartBody, multipartFile, tinyPng } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/** The farm's overview, colours, membership texts and logo (decision 081). */

let ctx: TestContext;
let manager: CreatedUser;
let member: CreatedUser;
let otherManager: CreatedUser;
const otherHost = { host: 'andere.test' };

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createApp({ appId: 'andere', name: 'De Andere', hosts: ['andere.test'] });
  manager = await ctx.createUser({ username: 'br-manager', roles: ['ApplicationManager'] });
  member = await ctx.createUser({ username: 'br-member' });
  otherManager = await ctx.createUser({
    appId: 'andere',
    username: 'br-other',
    roles: ['ApplicationManager'],
  });
});
afterAll(() => ctx.close());

const info = async (headers: Record<string, string> = {}) =>
  appInfoSchema.parse(json(await ctx.request({ method: 'GET', url: '/api/info', headers })));

describe('overview', () => {
  it('renames the farm and moves the harvest-year start; app info and the manifest follow at once', async () => {
    // Warm the app resolver's cache first: the change must not wait for it to expire.
    expect((await info()).appName).toBe('Testhoeve');
    const saved = await ctx.request({
      method: 'POST',
      url: '/api/admin/Settings/overview',
      as: manager,
      payload: { appName: '  De Nieuwe Hoeve ', harvestYearStartMonth: 9, harvestYearStartDay: 15 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toEqual({
      appName: 'De Nieuwe Hoeve',
      harvestYearStartMonth: 9,
      harvestYearStartDay: 15,
    });
    expect((await info()).appName).toBe('De Nieuwe Hoeve');
    const manifest = await ctx.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'farm.test' },
    });
    expect(json(manifest)).toMatchObject({ name: 'De Nieuwe Hoeve' });
    const field = await ctx.request({
      method: 'GET',
      url: '/api/admin/Settings/overview/harvestYearStartMonth',
      as: manager,
    });
    expect(json(field)).toEqual({ key: 'harvestYearStartMonth', value: 9 });
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/admin/Settings/overview/colors',
      as: manager,
    });
    expect(unknown.statusCode).toBe(400);
    // The other farm keeps its name.
    expect((await info(otherHost)).appName).toBe('De Andere');
  });

  it('refuses a day the month does not have every year, and an empty name', async () => {
    for (const [payload, field] of [
      [{ appName: 'X', harvestYearStartMonth: 2, harvestYearStartDay: 29 }, 'harvestYearStartDay'],
      [{ appName: 'X', harvestYearStartMonth: 4, harvestYearStartDay: 31 }, 'harvestYearStartDay'],
      [{ appName: 'X', harvestYearStartMonth: 13, harvestYearStartDay: 1 }, 'harvestYearStartMonth'],
      [{ appName: '   ', harvestYearStartMonth: 3, harvestYearStartDay: 1 }, 'appName'],
    ] as const) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/admin/Settings/overview',
        as: manager,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ error: { fields: { [field]: expect.any(String) } } });
    }
  });
});

describe('colours', () => {
  it('saves hex colours in lower case; info/colors and the manifest follow at once, the other farm not', async () => {
    await ctx.request({ method: 'GET', url: '/api/info/colors' });
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/admin/colors',
      as: manager,
      payload: { primary: '#AA3300', secondary: '#ffcc00', background: '#FFFFFF' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const colors = { primary: '#aa3300', secondary: '#ffcc00', background: '#ffffff' };
    expect(json(saved)).toEqual(colors);
    expect(json(await ctx.request({ method: 'GET', url: '/api/info/colors' }))).toEqual(colors);
    expect(json(await ctx.request({ method: 'GET', url: '/api/admin/colors', as: manager }))).toEqual(colors);
    const manifest = await ctx.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'farm.test' },
    });
    expect(json(manifest)).toMatchObject({ theme_color: '#aa3300', background_color: '#ffffff' });
    expect(
      json(await ctx.request({ method: 'GET', url: '/api/info/colors', headers: otherHost })),
    ).not.toEqual(colors);
  });

  // Low contrast is accepted (the web warns and picks readable text colours), decision 081.
  it('accepts low contrast but refuses what is no #rrggbb colour', async () => {
    const pale = await ctx.request({
      method: 'PUT',
      url: '/api/admin/colors',
      as: manager,
      payload: { primary: '#fefefe', secondary: '#ffffff', background: '#ffffff' },
    });
    expect(pale.statusCode).toBe(200);
    for (const bad of ['red', '#fff', '#12345g', '123456', '#1234567', '', 12]) {
      const response = await ctx.request({
        method: 'PUT',
        url: '/api/admin/colors',
        as: manager,
        payload: { primary: bad, secondary: '#ffffff', background: '#ffffff' },
      });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(json(response)).toMatchObject({ error: { fields: { primary: expect.any(String) } } });
    }
  });

  it('is refused to a member', async () => {
    const response = await ctx.request({
      method: 'PUT',
      url: '/api/admin/colors',
      as: member,
      payload: { primary: '#000000', secondary: '#000000', background: '#000000' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('membership texts', () => {
  it('saves the explanation, the question and the prices note; info and the public setting show them', async () => {
    const payload = {
      membershipExplanation: 'Lid worden kost € 50 per volwassene.',
      customRegistrationQuestion: 'Hoe ken je ons?',
      pricesNote: 'Prijzen per oogstjaar.',
    };
    const saved = await ctx.request({
      method: 'POST',
      url: '/api/admin/settings/membership',
      as: manager,
      payload,
    });
    expect(json(saved)).toEqual(payload);
    expect(json(await ctx.request({ method: 'GET', url: '/api/info/membershipExplanation' }))).toEqual({
      text: payload.membershipExplanation,
    });
    expect(json(await ctx.request({ method: 'GET', url: '/api/info/customRegistrationQuestion' }))).toEqual({
      question: 'Hoe ken je ons?',
    });
    expect(
      json(await ctx.request({ method: 'GET', url: '/api/settings/membership.pricesNote' })),
    ).toMatchObject({
      value: 'Prijzen per oogstjaar.',
    });
    // An empty question: the registration form asks none.
    await ctx.request({
      method: 'POST',
      url: '/api/admin/settings/membership',
      as: manager,
      payload: { ...payload, customRegistrationQuestion: '  ' },
    });
    expect(json(await ctx.request({ method: 'GET', url: '/api/info/customRegistrationQuestion' }))).toEqual({
      question: null,
    });
    const tooLong = await ctx.request({
      method: 'POST',
      url: '/api/admin/settings/membership',
      as: manager,
      payload: { ...payload, customRegistrationQuestion: 'x'.repeat(301) },
    });
    expect(tooLong.statusCode).toBe(400);
    // The other farm's texts are its own.
    const theirs = await ctx.request({
      method: 'GET',
      url: '/api/admin/settings/membership',
      as: otherManager,
      headers: otherHost,
    });
    expect(json(theirs)).toMatchObject({ pricesNote: '', membershipExplanation: '' });
  });
});

describe('logo', () => {
  it('takes an image judged by its bytes; info, the logo, the manifest icons and the version change', async () => {
    const before = await info();
    expect(before.logoUrl).toBeNull();
    const upload = multipartBody([
      { name: 'name', value: 'logo' },
      { name: 'file', fileName: 'logo.bin', type: 'application/octet-stream', data: tinyPng },
    ]);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/media/UploadLogo',
      as: manager,
      ...upload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { logoUrl, logoVersion } = json<{ logoUrl: string; logoVersion: string }>(response);
    expect((await info()).logoUrl).toBe(logoUrl);
    const logo = await ctx.request({ method: 'GET', url: logoUrl });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(tinyPng)).toBe(true);
    const manifest = json<{ icons: { src: string }[] }>(
      await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'farm.test' } }),
    );
    expect(manifest.icons[0]?.src).toBe(logoUrl);

    const second = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/media/UploadLogo',
      as: manager,
      ...multipartFile('file', 'logo.png', 'image/png', tinyPng),
    });
    expect(json(second)).not.toMatchObject({ logoVersion });
    expect((await info()).logoUrl).not.toBe(logoUrl);
    expect((await info(otherHost)).logoUrl).toBeNull();
  });

  it('refuses what is no image, too large, empty or missing, keeping the old logo', async () => {
    const current = (await info()).logoUrl;
    const send = (upload: { payload: Buffer; headers: Record<string, string> }) =>
      ctx.request({
        method: 'POST',
        url: '/api/applicationManager/media/UploadLogo',
        as: manager,
        ...upload,
      });
    const html = await send(
      multipartFile('file', 'logo.png', 'image/png', Buffer.from('<svg onload=alert(1)>')),
    );
    expect(html.statusCode).toBe(415);
    expect(json(html)).toMatchObject({ error: { code: 'FILE_TYPE_NOT_ALLOWED' } });
    const big = await send(
      multipartFile('file', 'logo.png', 'image/png', Buffer.concat([tinyPng, Buffer.alloc(1024 * 1024)])),
    );
    expect(big.statusCode).toBe(413);
    const empty = await send(multipartFile('file', 'logo.png', 'image/png', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    const none = await send(multipartBody([{ name: 'name', value: 'logo' }]));
    expect(none.statusCode).toBe(400);
    const broken = await send(multipartFile('file', 'logo.png', 'image/png', tinyPng.subarray(0, 12)));
    expect(broken.statusCode).toBe(400);
    expect((await info()).logoUrl).toBe(current);
  });

  it('is refused to a member and reaches only the own farm', async () => {
    const upload = multipartFile('file', 'logo.png', 'image/png', tinyPng);
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/media/UploadLogo',
      as: member,
      ...upload,
    });
    expect(refused.statusCode).toBe(403);
    const theirs = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/media/UploadLogo',
      as: otherManager,
      headers: { ...otherHost, ...upload.headers },
      payload: upload.payload,
    });
    expect(theirs.statusCode).toBe(200);
    expect((await info(otherHost)).logoUrl).toBe(json<{ logoUrl: string }>(theirs).logoUrl);
    expect((await info()).logoUrl).not.toBe(json<{ logoUrl: string }>(theirs).logoUrl);
  });
});
