import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  bankRoutes,
  bankLimits,
  type ManagedTransaction,
  type PagedTransactions,
  type TransactionPagedQuery,
} from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { feedPaging, type FeedPage, type FeedPageParam } from '../../../../lib/feed-pages';
import { bankManagerKeys, type TransactionFilters } from './keys';

/** Rows per "Meer laden" of the bank list. */
export const transactionRowsPerPage = 25;

export function postTransactionsPage(body: TransactionPagedQuery): Promise<PagedTransactions> {
  return apiRequest(bankRoutes.paged, { body });
}

/**
 * The bank route pages from 1 with `rowsPerPage` (docs/product/api-and-routes.md, "Paging"); the shared "Meer
 * laden" parts count from 0 with `pageSize`. Only the numbering differs: the keyset cursor is the same.
 */
function asFeedPage(answer: PagedTransactions): FeedPage<ManagedTransaction> {
  return {
    items: answer.items,
    total: answer.total,
    totalIsLowerBound: answer.totalIsLowerBound,
    nextCursor: answer.nextCursor,
    page: answer.page - 1,
    pageSize: answer.rowsPerPage,
  };
}

/** The request body of a page of the list: only the filters that are set. */
export function transactionsPageBody(
  filters: TransactionFilters,
  page: FeedPageParam,
): TransactionPagedQuery {
  const search = filters.search.trim();
  return {
    page: page.page + 1,
    rowsPerPage: filters.rowsPerPage ?? transactionRowsPerPage,
    // Overdue is of every harvest year: a debt of last year is as late as one of this year.
    ...(filters.overdue ? { overdue: true } : { harvestYear: filters.harvestYear }),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.subscriptionId !== null ? { subscriptionId: filters.subscriptionId } : {}),
    ...(filters.userId !== null ? { userId: filters.userId } : {}),
    ...(search ? { search } : {}),
    ...(page.after ? { after: page.after } : {}),
  };
}

export const transactionsQueryOptions = (filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: bankManagerKeys.list(filters),
    queryFn: async ({ pageParam }) =>
      asFeedPage(await postTransactionsPage(transactionsPageBody(filters, pageParam))),
    ...feedPaging,
  });

/** The farm's transactions, filtered, the latest first, a page at a time; old rows stay while a filter loads. */
export function useTransactions(filters: TransactionFilters) {
  return useInfiniteQuery({ ...transactionsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** A member's transactions, all harvest years: page 1, 20 rows (docs/product/api-and-routes.md, "Paging"). */
export function useUserTransactions(userId: number) {
  return useQuery(
    queryOptions({
      queryKey: bankManagerKeys.user(userId),
      queryFn: () => postTransactionsPage({ page: 1, rowsPerPage: bankLimits.userRowsPerPage, userId }),
    }),
  );
}

/** One transaction with its audit rows (`GET applicationManager/bank/{id}`). */
export function useTransaction(id: number) {
  return useQuery(
    queryOptions({
      queryKey: bankManagerKeys.detail(id),
      queryFn: () => apiRequest(bankRoutes.detail, { params: { id } }),
    }),
  );
}
