import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Images and the API are same-origin; nothing needs cross-origin embedding.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // HSTS only makes sense behind TLS, which a reverse proxy terminates and should set itself.
    strictTransportSecurity: false,
  });
}
