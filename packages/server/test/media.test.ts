import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSchema, type Media } from '@pluk/contract';
import { eq } from 'drizzle-orm';
import { media, postMedia, posts } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { multipartBody, tinyPng, type MultipartPart as Part } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

let ctx: TestContext;
let dataDir: string;
let manager: CreatedUser;
let member: CreatedUser;
let stranger: CreatedUser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pluk-media-'));
  ctx = await createTestContext({ config: { dataDir } });
  manager = await ctx.createUser({ username: 'mediabeheer', roles: ['PostManager'] });
  member = await ctx.createUser({ username: 'medialid' });
  await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: 'ander', username: 'anderbeheer', roles: ['ApplicationManager'] });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const storedFiles = async () => readdir(join(dataDir, 'media', 'farm')).catch(() => [] as string[]);

async function upload(parts: Part[], as: CreatedUser = manager) {
  return ctx.request({ method: 'POST', url: '/api/Media/Create', as, ...multipartBody(parts) });
}

describe('Media/Create', () => {
  it('stores several files, judged by their bytes, under DATA_DIR/media/<app>', async () => {
    const before = (await storedFiles()).length;
    const response = await upload([
      { name: 'title', value: 'Oogst' },
      { name: 'files', fileName: 'veld.png', type: 'application/octet-stream', data: tinyPng },
      { name: 'files', fileName: 'folder.pdf', type: 'image/png', data: tinyPdf },
      {
        name: 'files',
        fileName: 'lijst.xlsx',
        type: 'application/zip',
        data: Buffer.from('PK\x03\x04rest-of-zip'),
      },
    ]);
    expect(response.statusCode).toBe(200);
    const created = json<unknown[]>(response).map((m) => mediaSchema.parse(m));
    expect(created.map((m) => [m.fileName, m.kind, m.mime, m.title])).toEqual([
      ['veld.png', 'image', 'image/png', 'Oogst'],
      ['folder.pdf', 'document', 'application/pdf', 'Oogst'],
      [
        'lijst.xlsx',
        'document',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Oogst',
      ],
    ]);
    const files = await storedFiles();
    expect(files.length).toBe(before + 3);
    for (const name of files) expect(name).toMatch(/^[0-9a-f]{48}$/);
  });

  it('refuses a file whose bytes are no allowed type, whatever its name or claimed type (415)', async () => {
    const before = (await storedFiles()).length;
    const html = await upload([
      {
        name: 'files',
        fileName: 'foto.png',
        type: 'image/png',
        data: Buffer.from('<html><script>alert(1)</script>'),
      },
    ]);
    expect(html.statusCode).toBe(415);
    expect(json<{ error: { code: string; message: string } }>(html).error).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: expect.stringContaining('"foto.png" kan niet opgeladen worden'),
    });
    const zipAsPdf = await upload([
      { name: 'files', fileName: 'archief.zip', type: 'application/pdf', data: Buffer.from('PK\x03\x04xx') },
    ]);
    expect(zipAsPdf.statusCode).toBe(415);
    // One bad file among good ones stores none of them.
    const mixed = await upload([
      { name: 'files', fileName: 'goed.png', type: 'image/png', data: tinyPng },
      { name: 'files', fileName: 'slecht.exe', type: 'image/png', data: Buffer.from('MZ\x90\x00') },
    ]);
    expect(mixed.statusCode).toBe(415);
    expect((await storedFiles()).length).toBe(before);
  });

  it('limits images to 10 MB and documents to 20 MB (413, Dutch)', async () => {
    const bigImage = Buffer.concat([jpegHead, Buffer.alloc(10 * 1024 * 1024)]);
    const image = await upload([
      { name: 'files', fileName: 'groot.jpg', type: 'image/jpeg', data: bigImage },
    ]);
    expect(image.statusCode).toBe(413);
    expect(json<{ error: { message: string } }>(image).error.message).toContain(
      'een foto mag hoogstens 10 MB',
    );
    const okPdf = Buffer.concat([tinyPdf, Buffer.alloc(12 * 1024 * 1024)]);
    expect(
      (await upload([{ name: 'files', fileName: 'dik.pdf', type: 'application/pdf', data: okPdf }]))
        .statusCode,
    ).toBe(200);
    const bigPdf = Buffer.concat([tinyPdf, Buffer.alloc(20 * 1024 * 1024)]);
    const pdf = await upload([
      { name: 'files', fileName: 'te-dik.pdf', type: 'application/pdf', data: bigPdf },
    ]);
    expect(pdf.statusCode).toBe(413);
    expect(json<{ error: { code: string; message: string } }>(pdf).error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: expect.stringContaining('hoogstens 20 MB'),
    });
  });

  it('takes at most 10 files at once, and at least one', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: 'files',
      fileName: `f${i}.png`,
      type: 'image/png',
      data: tinyPng,
    }));
    const response = await upload(eleven);
    expect(response.statusCode).toBe(413);
    expect(json<{ error: { message: string } }>(response).error.message).toContain('hoogstens 10 bestanden');
    const none = await upload([{ name: 'title', value: 'Leeg' }]);
    expect(none.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(none).error.fields.files).toBe(
      'Kies minstens één bestand.',
    );
  });

  it('is for PostManagers only (403 for a member)', async () => {
    const response = await upload(
      [{ name: 'files', fileName: 'a.png', type: 'image/png', data: tinyPng }],
      member,
    );
    expect(response.statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/Media', as: member })).statusCode).toBe(403);
  });
});

describe('GET Media/:id', () => {
  let image: Media;
  let pdf: Media;
  beforeAll(async () => {
    const response = await upload([
      { name: 'files', fileName: 'zonnebloem é.png', type: 'image/png', data: tinyPng },
      { name: 'files', fileName: 'reglement;2026.pdf', type: 'application/pdf', data: tinyPdf },
    ]);
    const created = json<Media[]>(response);
    image = created[0]!;
    pdf = created[1]!;
  });

  it('serves an image inline with safe headers', async () => {
    const response = await ctx.request({ method: 'GET', url: `/api/Media/${image.id}`, as: member });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(tinyPng)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['cache-control']).toMatch(/^private/);
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="zonnebloem _.png"; filename*=UTF-8''${encodeURIComponent('zonnebloem é.png')}`,
    );
  });

  it('serves a document as an attachment', async () => {
    const response = await ctx.request({ method: 'GET', url: `/api/Media/${pdf.id}`, as: member });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="reglement_2026.pdf"; filename\*=UTF-8''reglement%3B2026.pdf$/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("hides another farm's media and a draft post's media from members", async () => {
    const other = await ctx.request({
      method: 'GET',
      url: `/api/Media/${image.id}`,
      as: stranger,
      headers: { host: 'ander.test' },
    });
    expect(other.statusCode).toBe(404);
    const [draft] = await ctx.db
      .insert(posts)
      .values({ appId: ctx.appId, title: 'Klad', isActive: false })
      .returning();
    await ctx.db.insert(postMedia).values({ appId: ctx.appId, postId: draft!.id, mediaId: image.id });
    expect((await ctx.request({ method: 'GET', url: `/api/Media/${image.id}`, as: member })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.request({ method: 'GET', url: `/api/Media/${image.id}`, as: manager })).statusCode,
    ).toBe(200);
    await ctx.db.update(posts).set({ isActive: true }).where(eq(posts.id, draft!.id));
    expect((await ctx.request({ method: 'GET', url: `/api/Media/${image.id}`, as: member })).statusCode).toBe(
      200,
    );
  });
});

describe('Media list, update, delete', () => {
  it('lists, renames and deletes (row and file), only within the app', async () => {
    const [created] = json<Media[]>(
      await upload([{ name: 'files', fileName: 'weg.png', type: 'image/png', data: tinyPng }]),
    );
    const listed = json<Media[]>(await ctx.request({ method: 'GET', url: '/api/Media', as: manager }));
    expect(listed[0]?.id).toBe(created!.id);
    const [row] = await ctx.db.select().from(media).where(eq(media.id, created!.id));
    expect(await storedFiles()).toContain(row!.storageKey);

    const renamed = await ctx.request({
      method: 'POST',
      url: '/api/Media/update',
      as: manager,
      payload: { id: created!.id, title: ' Nieuwe titel ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed)).toMatchObject({ title: 'Nieuwe titel' });

    const foreign = { as: stranger, headers: { host: 'ander.test' } };
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: '/api/Media/update',
          payload: { id: created!.id, title: 'x' },
          ...foreign,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/Media/${created!.id}`, ...foreign })).statusCode,
    ).toBe(404);
    expect(json<Media[]>(await ctx.request({ method: 'GET', url: '/api/Media', ...foreign }))).toEqual([]);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/Media/${created!.id}`, as: member })).statusCode,
    ).toBe(403);

    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/Media/${created!.id}`, as: manager })).statusCode,
    ).toBe(204);
    expect(await storedFiles()).not.toContain(row!.storageKey);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/Media/${created!.id}`, as: manager })).statusCode,
    ).toBe(404);
  });
});
