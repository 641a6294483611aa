import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let dist: string;
const script = `console.log(${JSON.stringify('pluk '.repeat(400))});`;
const html = `<!doctype html><title>Pluk</title><div id="root"></div><!-- ${'x'.repeat(2000)} -->`;
const worker = `self.addEventListener("install", () => {}); // ${'w'.repeat(2000)}`;

/** A build as `npm run build -w @pluk/web` leaves it: each compressible file with .br and .gz twins. */
function writeWithTwins(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pluk-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeWithTwins(join(dist, 'index.html'), html);
  writeWithTwins(join(dist, 'assets', 'index-abc123.js'), script);
  writeWithTwins(join(dist, 'service-worker.js'), worker);
  writeWithTwins(join(dist, 'workbox-abc123.js'), script);
  ctx = await createTestContext({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('precompressed web app files', () => {
  it('sends the Brotli twin to a browser that accepts br, with Vary and long caching for assets', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip twin when br is not accepted, and the plain file when nothing is', async () => {
    const gz = await ctx.request({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await ctx.request({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps index.html (also as SPA fallback), the service worker and workbox uncached long', async () => {
    for (const url of ['/', '/tasks']) {
      const page = await ctx.request({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    }
    const sw = await ctx.request({
      method: 'GET',
      url: '/service-worker.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['service-worker-allowed']).toBe('/');
    expect(sw.headers['content-encoding']).toBe('gzip');
    const workbox = await ctx.request({ method: 'GET', url: '/workbox-abc123.js' });
    expect(workbox.headers['cache-control']).toBe('no-cache');
  });
});

describe('compressed API answers', () => {
  it('compresses a JSON answer over 1 KB with br or gzip, by Accept-Encoding', async () => {
    const br = await ctx.request({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    const spec = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { openapi: string };
    expect(spec.openapi).toBeTruthy();
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(spec).length);

    const gz = await ctx.request({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(spec);
  });

  it('sends a JSON answer under 1 KB as it is, and nothing compressed without Accept-Encoding', async () => {
    const small = await ctx.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();

    const none = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect((none.json() as { openapi: string }).openapi).toBeTruthy();
  });

  it('does not inflate a gzip request body: the API only reads plain JSON', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/Auth/Login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'x', password: 'y' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
