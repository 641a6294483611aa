import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Content security policy for the Vite React SPA served from the same origin: only our own scripts,
 * Mantine's inline styles, images from us or data:/blob: (previews), calls only to us. No
 * `upgrade-insecure-requests`: a farm may run Pluk on plain HTTP inside its network (ADR 016).
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  // Images and the API are same-origin; nothing needs cross-origin embedding.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // HSTS only makes sense behind TLS, which a reverse proxy terminates and should set itself.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets. They do not depend on the request (no CSP nonces), so they are computed
 * once; @fastify/helmet rebuilt helmet, parsing the whole policy, on every request (ADR 046).
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return headers;
}

/** API answers are not stored by browsers or proxies unless the route says otherwise (tokens, profiles). */
const apiPath = /^\/api(\/|\?|$)/i;

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    // A route that may be cached (app info, avatars, media) sets its own Cache-Control, replacing this.
    reply.headers(apiPath.test(request.url) ? apiHeaders : headers);
    done();
  });
}
