import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app.js';

// Attacks on the static web app: traversal, dotfiles, the SPA fallback, headers on every kind of answer.
let ctx: TestContext;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pluk-attack-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(root, 'secret.txt'), 'OUTSIDE-THE-WEB-ROOT');
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Pluk</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("pluk")');
  writeFileSync(join(dist, '.env'), 'SECRET=DOTFILE');
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"secret":"DOTFILE"}');
  ctx = await createTestContext({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, accept = '*/*') => ctx.request({ method: 'GET', url, headers: { accept } });

describe('static files under attack', () => {
  it('never serves a file outside the web root, however the dots are encoded', async () => {
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/%252e%252e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..\\secret.txt',
      '/api/../../secret.txt',
    ]) {
      for (const accept of ['*/*', 'text/html']) {
        const response = await get(url, accept);
        expect(response.body, url).not.toContain('OUTSIDE-THE-WEB-ROOT');
        expect(response.statusCode, url).toBeLessThan(500);
      }
    }
  });

  it('does not serve dotfiles of the build (.env, .vite/manifest.json)', async () => {
    for (const url of ['/.env', '/.vite/manifest.json', '/%2eenv']) {
      for (const accept of ['*/*', 'text/html', 'application/json']) {
        const response = await get(url, accept);
        expect(response.body, `${url} ${accept}`).not.toContain('DOTFILE');
      }
    }
  });

  it('falls back to index.html only for requests that explicitly accept HTML', async () => {
    // A stale service worker or <script> asking for a missing asset (Accept */*) must get a 404, not HTML
    // with 200 that it would cache as JavaScript.
    for (const accept of ['*/*', 'application/javascript', 'image/*']) {
      const missing = await get('/assets/index-old999.js', accept);
      expect(missing.statusCode, accept).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
    }
    const page = await get('/events/3', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('keeps /api answers JSON whatever the spelling, and refuses other methods in the error shape', async () => {
    for (const url of ['/api', '/api/', '/API/nope', '/api//User', '/api/User/', '/api/../api/nope']) {
      const response = await get(url, 'text/html');
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.body, url).not.toContain('<div id="root">');
    }
    for (const method of ['OPTIONS', 'PUT', 'DELETE', 'PATCH', 'TRACE'] as const) {
      const response = await ctx.request({ method, url: '/api/User' });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    }
    const head = await ctx.request({ method: 'HEAD', url: '/api/User' });
    expect(head.statusCode).toBe(401);
  });

  it('sends the security headers on index.html, assets, API answers and errors; never X-Powered-By or stacks', async () => {
    const answers = [
      await get('/', 'text/html'),
      await get('/assets/index-abc123.js'),
      await get('/api/info'),
      await get('/api/User'),
      await get('/api/nope'),
      await ctx.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{"broken',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
      expect(response.body).not.toContain('"stack"');
    }
  });
});
