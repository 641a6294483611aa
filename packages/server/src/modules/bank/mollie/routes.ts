import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../../lib/http-error.js';
import { errorBody } from '../../../plugins/errors.js';
import { authOf, tenantOf } from '../../../plugins/request-context.js';
import type { BankHandlers } from '../handler-types.js';
import { mollieStatus, removeMollieKey, saveMollieKey } from './connection.js';
import { MollieRefusedError, MollieUnavailableError } from './gateway.js';
import { registerMollieGateways } from './gateways.js';
import { paymentReturn } from './payment-return.js';
import { refundTransaction } from './refund.js';
import { startOnlinePayment } from './start-payment.js';
import { registerMollieWebhookBody } from './webhook-body.js';
import { receiveMollieWebhook } from './webhook.js';

/** How long a caller should wait before asking again while Mollie cannot be reached. */
export const mollieRetryAfterSeconds = 30;

/**
 * Mollie's failures as answers: refused → 409 PAYMENT_PROVIDER_REFUSED; unreachable → 503
 * PAYMENT_PROVIDER_UNAVAILABLE with Retry-After, logged as one warning without a stack (an outage of an
 * outside service is expected, like the database's, ADR 051).
 */
async function answeringMollieFailures<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MollieUnavailableError) {
      request.log.warn({ mollie: error.message }, 'Mollie unavailable');
      return reply
        .code(503)
        .header('retry-after', String(mollieRetryAfterSeconds))
        .type('application/json; charset=utf-8')
        .send(errorBody('PAYMENT_PROVIDER_UNAVAILABLE'));
    }
    if (error instanceof MollieRefusedError) {
      request.log.warn({ mollie: error.message }, 'Mollie refused');
      throw new HttpError(409, 'PAYMENT_PROVIDER_REFUSED');
    }
    throw error;
  }
}

/** Online payment through Mollie (decision 078). */
export function mollieHandlers(
  app: FastifyInstance,
): BankHandlers<
  | 'createPayment'
  | 'paymentReturn'
  | 'mollieWebhook'
  | 'mollieStatus'
  | 'saveMollieKey'
  | 'removeMollieKey'
  | 'refund'
> {
  registerMollieGateways(app);
  registerMollieWebhookBody(app);
  return {
    createPayment: async (request, reply) =>
      answeringMollieFailures(request, reply, () =>
        startOnlinePayment(app, tenantOf(request), request.params.publicId),
      ),
    paymentReturn: async (request) =>
      paymentReturn(app, tenantOf(request), request.params.publicId, request.log),
    mollieWebhook: async (request, reply) =>
      answeringMollieFailures(request, reply, async () => {
        await receiveMollieWebhook(app, tenantOf(request).appId, request.body.id);
        return { ok: true as const };
      }),
    mollieStatus: async (request) => mollieStatus(app, authOf(request).user.appId),
    saveMollieKey: async (request, reply) =>
      answeringMollieFailures(request, reply, () => saveMollieKey(app, authOf(request), request.body.apiKey)),
    refund: async (request, reply) =>
      answeringMollieFailures(request, reply, () =>
        refundTransaction(
          app,
          authOf(request).user.appId,
          authOf(request),
          request.params.id,
          request.body.reason,
        ),
      ),
    removeMollieKey: async (request, reply) => {
      await removeMollieKey(app, authOf(request));
      return reply.code(204).send();
    },
  };
}
