import type { FastifyInstance } from 'fastify';
import type { BankHandlers } from '../handler-types.js';

// SCAFFOLD: replaced by the slice that owns this file before it lands.
const notBuilt = async (): Promise<never> => {
  throw new Error('not built yet');
};

export function paymentEmailHandlers(
  _app: FastifyInstance,
): BankHandlers<
  | 'generateNeededEmails'
  | 'generateNeededEmailForUser'
  | 'generateNeededEmailForTransaction'
  | 'generateReminderEmails'
  | 'generateReminderEmailForUser'
  | 'generateReminderEmailForTransaction'
  | 'neededEmails'
  | 'reminderEmails'
  | 'confirmNeededEmails'
  | 'confirmReminderEmails'
  | 'discardEmail'
> {
  return {
    generateNeededEmails: notBuilt,
    generateNeededEmailForUser: notBuilt,
    generateNeededEmailForTransaction: notBuilt,
    generateReminderEmails: notBuilt,
    generateReminderEmailForUser: notBuilt,
    generateReminderEmailForTransaction: notBuilt,
    neededEmails: notBuilt,
    reminderEmails: notBuilt,
    confirmNeededEmails: notBuilt,
    confirmReminderEmails: notBuilt,
    discardEmail: notBuilt,
  };
}
