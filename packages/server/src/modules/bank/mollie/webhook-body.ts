import type { FastifyInstance } from 'fastify';
import { api } from '@pluk/contract';
import { HttpError } from '../../../lib/http-error.js';

/** Mollie's webhook body is `id=tr_…`: a few dozen bytes. */
const webhookBodyLimit = 1024;

/**
 * Mollie calls its webhook with a form-encoded body (`id=tr_…`), while the API speaks JSON only and
 * answers any other body with 415. This parser reads form bodies for the webhook route alone; every
 * other route still answers 415 UNSUPPORTED_MEDIA_TYPE, as it did without the parser. The parsed body
 * then goes through the route's own schema (`mollieWebhookBodySchema`) like a JSON body would.
 */
export function registerMollieWebhookBody(app: FastifyInstance): void {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: webhookBodyLimit },
    (request, body, done) => {
      if (request.routeOptions.config.route !== api.bank.mollieWebhook) {
        done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE'), undefined);
        return;
      }
      // Own properties only (`__proto__` included, as a plain key): nothing reaches a prototype.
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
