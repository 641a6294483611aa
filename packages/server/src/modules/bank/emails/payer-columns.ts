import { bankTransactions, users } from '../../../db/schema/index.js';

/**
 * What a payment e-mail needs of a transaction and its member (a left join on `users`): the columns the
 * generated payment e-mails and the scheduled reminders both select, so both mails read the same facts.
 */
export const payerColumns = {
  publicId: bankTransactions.publicId,
  description: bankTransactions.description,
  amountCents: bankTransactions.amountCents,
  dueDate: bankTransactions.dueDate,
  structuredReference: bankTransactions.structuredReference,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
};
