import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pluk-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Pluk</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("pluk")');
  writeFileSync(join(dist, 'service-worker.js'), 'self.addEventListener("install", () => {})');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Pluk"}');
  ctx = await createTestContext({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves index.html at / and as SPA fallback for client routes that accept HTML', async () => {
    for (const url of [
      '/',
      '/login',
      '/applicationManager/users/waiting-list',
      '/auth/passwordReset/abc/12',
    ]) {
      const response = await ctx.request({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const fallback = await ctx.request({ method: 'GET', url: '/events/3', headers: { accept: 'text/html' } });
    expect(fallback.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for long, and serves the service worker fresh with its scope header', async () => {
    const asset = await ctx.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await ctx.request({ method: 'GET', url: '/service-worker.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBe('/');
    expect(worker.headers['content-type']).toContain('javascript');
  });

  it('keeps answering API errors as JSON, and 404s for missing files that do not accept HTML', async () => {
    const api = await ctx.request({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    const missingAsset = await ctx.request({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: 'application/javascript' },
    });
    expect(missingAsset.statusCode).toBe(404);
    const post = await ctx.request({
      method: 'POST',
      url: '/login',
      headers: { accept: 'text/html' },
      payload: {},
    });
    expect(post.statusCode).toBe(404);
  });
});

describe('without a web build', () => {
  it('still runs the API and says at / that the web app is not built', async () => {
    const bare = await createTestContext();
    try {
      const root = await bare.request({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.headers['content-type']).toContain('text/plain');
      expect(root.body).toMatch(/niet gebouwd/);
      expect((await bare.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
