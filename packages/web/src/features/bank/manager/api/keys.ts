import type { QueryClient } from '@tanstack/react-query';
import type { BankMembersBody, TransactionStatus } from '@pluk/contract';

/** What the BankManager's list asks for (an empty search, no status, … send nothing). */
export interface TransactionFilters {
  harvestYear: number;
  status: TransactionStatus | null;
  subscriptionId: number | null;
  userId: number | null;
  search: string;
  /** Only open transactions past their due date, of every harvest year (the to-do list's link). */
  overdue?: boolean;
  /** Rows per page of the list: 25, 50 or 100 (default 25). */
  rowsPerPage?: number;
}

/**
 * Query keys of the BankManager's screens. Everything starts with 'bank', so one invalidation refreshes
 * the manager's screens and the member's payment screens alike (a transaction is both).
 */
export const bankManagerKeys = {
  all: ['bank'] as const,
  summary: (harvestYear: number | null) => ['bank', 'manager', 'summary', harvestYear ?? 'current'] as const,
  list: (filters: TransactionFilters) => ['bank', 'manager', 'list', filters] as const,
  user: (userId: number) => ['bank', 'manager', 'user', userId] as const,
  detail: (id: number) => ['bank', 'manager', 'detail', id] as const,
  /** The members and subscriptions to choose from (a transaction's change can change `hasLiveTransaction`). */
  members: (body: BankMembersBody) => ['bank', 'manager', 'members', body] as const,
  subscriptions: (harvestYear: number) => ['bank', 'manager', 'subscriptions', harvestYear] as const,
};

/**
 * After any change of a transaction: every bank query, and the signed-in account (its `hasPaid` follows
 * the transactions when the manager pays or cancels one of their own).
 */
export function invalidateBankQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bankManagerKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['account'] }),
  ]);
}
