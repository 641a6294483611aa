import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { userOf } from '../../plugins/request-context.js';
import {
  donate,
  internalBank,
  issuances,
  memberWallets,
  toggleMemberTransactionable,
  toggleMyTransactionable,
  walletEntries,
  walletOf,
  walletWithEntries,
} from './service.js';

export function walletHandlers(app: FastifyInstance): FeatureHandlers<typeof api.wallet> {
  return {
    wallet: async (request) => walletWithEntries(app.db, userOf(request)),
    walletOnly: async (request) => walletOf(app.db, userOf(request)),
    entries: async (request) => walletEntries(app.db, userOf(request), request.query),
    toggleTransactionable: async (request) => toggleMyTransactionable(app, userOf(request)),
    managerToggleTransactionable: async (request) =>
      toggleMemberTransactionable(app, userOf(request), request.body.userId),
    donate: async (request) => donate(app, userOf(request), request.body),
    internalBank: async (request) => internalBank(app.db, userOf(request).appId),
    issuances: async (request) => issuances(app.db, userOf(request).appId, request.query),
    memberWallets: async (request) => memberWallets(app.db, userOf(request).appId, request.query),
  };
}
