import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, tenantOf, userOf } from '../../../plugins/request-context.js';
import { sendSpreadsheet } from '../exports/spreadsheet.js';
import {
  subscriptionCurrentYearExport,
  subscriptionTransactionsExport,
  transactionsExport,
} from '../exports/transactions.js';
import { usersExport } from '../exports/users.js';
import type { BankHandlers } from '../handler-types.js';
import { readBankSettings, saveBankSettings } from '../settings.js';
import { cancelTransaction, deleteTransaction, markTransactionPaid, updateTransaction } from './manage.js';
import { createMembershipTransaction } from './membership-create.js';
import { pagedTransactions } from './paged.js';
import { reopenTransaction } from './reopen.js';
import { myTransactions, publicTransaction, transactionDetail } from './read.js';
import { setPayed } from './set-payed.js';
import { bankSummary } from './summary.js';
import { createYearlyTransactions, yearlyPreview } from './yearly.js';

/**
 * The bank's transactions, settings, SetPayed and exports (decision 077). The farm is always the
 * request's own (the signed-in user's app, or the Host's on the public page), never a value of the input.
 */
export function transactionHandlers(
  app: FastifyInstance,
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
  | 'reopen'
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
  const appIdOf = (request: FastifyRequest) => userOf(request).appId;
  return {
    mine: async (request) => myTransactions(app.db, appIdOf(request), userOf(request).id),
    publicDetail: async (request) => publicTransaction(app.db, tenantOf(request), request.params.publicId),
    summary: async (request) => bankSummary(app.db, appIdOf(request), request.query.harvestYear),
    paged: async (request) => pagedTransactions(app.db, appIdOf(request), request.body),
    detail: async (request) => transactionDetail(app.db, appIdOf(request), request.params.id),
    update: async (request) => updateTransaction(app.db, appIdOf(request), authOf(request), request.body),
    membershipCreate: async (request) =>
      createMembershipTransaction(app.db, appIdOf(request), authOf(request), request.body),
    markPaid: async (request) =>
      markTransactionPaid(app.db, appIdOf(request), authOf(request), request.params.id, request.body),
    cancel: async (request) =>
      cancelTransaction(app.db, appIdOf(request), authOf(request), request.params.id),
    reopen: async (request) =>
      reopenTransaction(app.db, appIdOf(request), authOf(request), request.params.id, request.body.reason),
    remove: async (request, reply) => {
      await deleteTransaction(app.db, appIdOf(request), authOf(request), request.params.id);
      return reply.code(204).send();
    },
    settings: async (request) => readBankSettings(app.db, appIdOf(request)),
    saveSettings: async (request) =>
      saveBankSettings(app.db, appIdOf(request), authOf(request), request.body),
    yearlyPreview: async (request) => yearlyPreview(app.db, appIdOf(request), request.query.harvestYear),
    yearlyCreate: async (request) =>
      createYearlyTransactions(app.db, appIdOf(request), authOf(request), request.body),
    setPayed: async (request) => setPayed(app.db, appIdOf(request), authOf(request), request.body),
    exportUsers: async (request, reply) => {
      const file = await usersExport(app.db, appIdOf(request));
      return sendSpreadsheet(reply, file.fileName, file.data);
    },
    exportTransactions: async (request, reply) => {
      const file = await transactionsExport(app.db, appIdOf(request), request.query.harvestYear);
      return sendSpreadsheet(reply, file.fileName, file.data);
    },
    exportSubscriptionTransactions: async (request, reply) => {
      const file = await subscriptionTransactionsExport(app.db, appIdOf(request), request.params.id);
      return sendSpreadsheet(reply, file.fileName, file.data);
    },
    exportSubscriptionCurrentYear: async (request, reply) => {
      const file = await subscriptionCurrentYearExport(app.db, appIdOf(request), request.params.id);
      return sendSpreadsheet(reply, file.fileName, file.data);
    },
  };
}
