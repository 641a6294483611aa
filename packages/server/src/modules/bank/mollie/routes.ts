import type { FastifyInstance } from 'fastify';
import type { BankHandlers } from '../handler-types.js';

// SCAFFOLD: replaced by the slice that owns this file before it lands.
const notBuilt = async (): Promise<never> => {
  throw new Error('not built yet');
};

export function mollieHandlers(
  _app: FastifyInstance,
): BankHandlers<
  'createPayment' | 'paymentReturn' | 'mollieWebhook' | 'mollieStatus' | 'saveMollieKey' | 'removeMollieKey'
> {
  return {
    createPayment: notBuilt,
    paymentReturn: notBuilt,
    mollieWebhook: notBuilt,
    mollieStatus: notBuilt,
    saveMollieKey: notBuilt,
    removeMollieKey: notBuilt,
  };
}
