import type { FastifyInstance } from 'fastify';
import type { BankHandlers } from '../handler-types.js';

// SCAFFOLD: replaced by the slice that owns this file before it lands.
const notBuilt = async (): Promise<never> => {
  throw new Error('not built yet');
};

export function transactionHandlers(
  _app: FastifyInstance,
): BankHandlers<
  | 'mine'
  | 'publicDetail'
  | 'summary'
  | 'paged'
  | 'detail'
  | 'update'
  | 'membershipCreate'
  | 'markPaid'
  | 'cancel'
  | 'remove'
  | 'settings'
  | 'saveSettings'
  | 'yearlyPreview'
  | 'yearlyCreate'
  | 'setPayed'
  | 'exportUsers'
  | 'exportTransactions'
  | 'exportSubscriptionTransactions'
  | 'exportSubscriptionCurrentYear'
> {
  return {
    mine: notBuilt,
    publicDetail: notBuilt,
    summary: notBuilt,
    paged: notBuilt,
    detail: notBuilt,
    update: notBuilt,
    membershipCreate: notBuilt,
    markPaid: notBuilt,
    cancel: notBuilt,
    remove: notBuilt,
    settings: notBuilt,
    saveSettings: notBuilt,
    yearlyPreview: notBuilt,
    yearlyCreate: notBuilt,
    setPayed: notBuilt,
    exportUsers: notBuilt,
    exportTransactions: notBuilt,
    exportSubscriptionTransactions: notBuilt,
    exportSubscriptionCurrentYear: notBuilt,
  };
}
