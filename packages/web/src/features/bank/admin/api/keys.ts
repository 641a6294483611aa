import type { QueryClient } from '@tanstack/react-query';
import type { PaymentEmailKind } from '@pluk/contract';

/**
 * Query keys of the bank's administration screens. Every one starts with 'bank', like the member's and
 * the manager's bank screens, so a change here refreshes their lists and sums too.
 */
export const bankAdminKeys = {
  bank: ['bank'] as const,
  yearlyPreview: (harvestYear: number) => ['bank', 'admin', 'yearly', harvestYear] as const,
  emails: (kind: PaymentEmailKind) => ['bank', 'admin', 'emails', kind] as const,
  imports: ['bank', 'admin', 'imports'] as const,
  importDetail: (id: number) => ['bank', 'admin', 'imports', id] as const,
  openTransactions: (search: string) => ['bank', 'admin', 'open-transactions', search] as const,
  mollie: ['bank', 'admin', 'mollie'] as const,
  settings: ['bank', 'admin', 'settings'] as const,
};

/**
 * After something that changes transactions (made, paid by a bank line): every bank query, and the
 * account, whose `hasPaid` follows the member's paid transactions.
 */
export function invalidateTransactionQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bankAdminKeys.bank }),
    queryClient.invalidateQueries({ queryKey: ['account'] }),
  ]);
}
