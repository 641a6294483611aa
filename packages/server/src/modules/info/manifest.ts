import type { FastifyInstance } from 'fastify';
import type { AppResolver } from '../../plugins/app-resolver.js';
import type { Tenant } from '../../types.js';
import { logoUrlOf } from './service.js';

/** Name and colours of the installable app when the host has no farm (the generic Pluk brand). */
const fallback = { name: 'Pluk', primary: '#2f7d32', background: '#f6f8f3' };

/**
 * The web app manifest of the farm this host serves: each farm installs on a phone with its own name
 * and colours. Not an API route (browsers fetch it from `<link rel="manifest">`), so it lives outside
 * the contract and never answers E001: a host without a farm gets the generic Pluk manifest.
 */
export function webManifest(tenant: Tenant | null) {
  const name = tenant?.name ?? fallback.name;
  return {
    name,
    short_name: name.length > 12 ? name.replace(/^(De|Het|'t)\s+/i, '').slice(0, 12) : name,
    description: `De ledenapp van ${name}`,
    lang: 'nl-BE',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: tenant?.colors.primary ?? fallback.primary,
    background_color: tenant?.colors.background ?? fallback.background,
    icons: [
      // The farm's own logo first (its address changes with every new one), then the Pluk icons.
      ...(tenant?.hasLogo ? [{ src: logoUrlOf(tenant.logoVersion), sizes: 'any' }] : []),
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

export function registerWebManifest(app: FastifyInstance, resolver: AppResolver): void {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const tenant = await resolver.resolve(request.host);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(JSON.stringify(webManifest(tenant)));
  });
}
