import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  walletRoutes,
  type DonateBody,
  type IssuancePage,
  type MemberWallet,
  type MemberWalletPage,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';

/** Query keys of the BankManager's screen; under 'wallet' so every wallet change refreshes them. */
export const bankKeys = {
  all: ['wallet', 'bank'] as const,
  bank: ['wallet', 'bank', 'summary'] as const,
  issuances: ['wallet', 'bank', 'issuances'] as const,
  members: (search: string) => ['wallet', 'bank', 'members', search] as const,
};

/** After a donation or a switch: the bank's figures, its history, the members' wallets and every member wallet. */
export function invalidateBankQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  ]);
}

/** The farm's internal bank: issued, members' total, donations, transactionable members. */
export function useInternalBank() {
  return useQuery({ queryKey: bankKeys.bank, queryFn: () => apiRequest(walletRoutes.internalBank) });
}

export function getIssuances(page: FeedPageParam = { page: 0 }): Promise<IssuancePage> {
  return apiRequest(walletRoutes.issuances, { query: { ...page } });
}

/** The issuance history, newest first, a page at a time (`GET applicationManager/internalbank/history`). */
export function useIssuances() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: bankKeys.issuances,
      queryFn: ({ pageParam }) => getIssuances(pageParam),
      ...feedPaging,
    }),
  );
}

export function getMemberWallets(
  search: string,
  page: FeedPageParam = { page: 0 },
): Promise<MemberWalletPage> {
  return apiRequest(walletRoutes.memberWallets, { query: { ...page, search: search || undefined } });
}

/** The members' wallets by name, with search, a page at a time (`GET applicationManager/internalbank/wallets`). */
export function useMemberWallets(search: string) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: bankKeys.members(search),
      queryFn: ({ pageParam }) => getMemberWallets(search, pageParam),
      ...feedPaging,
    }),
    placeholderData: keepPreviousData,
  });
}

/** Switches a member's trading with virtual money on or off. */
export function useManagerToggleTransactionable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number): Promise<MemberWallet> =>
      apiRequest(walletRoutes.managerToggleTransactionable, { body: { userId } }),
    onSuccess: (member) => {
      // The switch follows at once in every loaded page of the members' list, then all is asked again.
      queryClient.setQueriesData<InfiniteData<MemberWalletPage>>(
        { queryKey: ['wallet', 'bank', 'members'] },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((item) => (item.userId === member.userId ? member : item)),
                })),
              }
            : data,
      );
      return invalidateBankQueries(queryClient);
    },
  });
}

/** Gives virtual money from the internal bank to one or many members (the body carries the idempotency key). */
export function useDonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DonateBody) => apiRequest(walletRoutes.donate, { body }),
    onSuccess: () => invalidateBankQueries(queryClient),
  });
}
