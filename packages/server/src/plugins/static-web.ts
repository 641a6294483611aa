import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';

const immutable = 'public, max-age=31536000, immutable';

/**
 * Cache policy per file: hashed assets under /assets/ forever; entry points (index.html, the manifest)
 * and the unhashed scripts at the root (service worker, workbox, push handler) always revalidated, so
 * a release reaches every member at once. `path` may be a precompressed twin (`x.js.br`).
 */
function cacheHeaders(res: { setHeader(name: string, value: string): void }, path: string): void {
  const file = path.replaceAll('\\', '/').replace(/\.(?:br|gz)$/, '');
  // The same URL answers br, gzip or plain by Accept-Encoding: caches must key on it.
  res.setHeader('Vary', 'Accept-Encoding');
  if (file.endsWith('/service-worker.js')) {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Service-Worker-Allowed', '/');
  } else if (file.includes('/assets/')) {
    res.setHeader('Cache-Control', immutable);
  } else if (/\.(?:html|webmanifest|js)$/.test(file)) {
    res.setHeader('Cache-Control', 'no-cache');
  } else {
    res.setHeader('Cache-Control', 'public, max-age=3600');
  }
}

/**
 * Only navigations get the SPA fallback: browsers send `text/html` for those. A bare `*\/*` (a script
 * tag, a stale service worker fetching an old hashed asset) gets a 404, never HTML with 200 that it
 * would cache or run as the missing file (ADR 022).
 */
function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

function isApiPath(url: string): boolean {
  return /^\/api(\/|\?|$)/i.test(url);
}

/**
 * Serves the built web app at `/` with an SPA fallback: any GET outside /api that accepts HTML gets
 * index.html and the client router takes over. Without a build the API still runs.
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const built = existsSync(join(webDistDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      cacheControl: false,
      setHeaders: cacheHeaders,
      // Dotfiles of the build (.vite/manifest.json, a stray .env) are not part of the site (ADR 022).
      dotfiles: 'ignore',
      // The web build writes a .br and .gz twin of every compressible file: sent by Accept-Encoding
      // with Vary, never compressed again per request (decision 045).
      preCompressed: true,
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built; serving the API only');
    app.get('/', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          `De webapp is nog niet gebouwd (${webDistDir} ontbreekt).\n` +
            'The web app is not built: run `npm run build -w @pluk/web`. The API runs at /api.\n',
        ),
    );
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (built && !isApiPath(request.url) && wantsHtml(request)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(errorBody('ROUTE_NOT_FOUND'));
  });
}
