import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { walletRoutes, type Wallet, type WalletEntryPage } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { accountQueryKey } from '../../user/api/get-account';

/** Query keys of the wallet; every wallet query starts with 'wallet' (a trade elsewhere refreshes them). */
export const walletKeys = {
  all: ['wallet'] as const,
  withEntries: ['wallet', 'entries'] as const,
  only: ['wallet', 'only'] as const,
};

/** A page of my movements; the first page also carries the wallet itself (`GET User/Wallet`). */
export type WalletPage = WalletEntryPage & { wallet?: Wallet };

/**
 * The first page is `GET User/Wallet` (the wallet with its newest movements), the next ones
 * `GET User/Wallet/entries` after the previous page's cursor: one request for what the screen shows
 * first, and "Meer laden" for the rest.
 */
export async function getWalletPage(page: FeedPageParam = { page: 0 }): Promise<WalletPage> {
  if (page.page === 0 && !page.after) {
    const { entries, ...wallet } = await apiRequest(walletRoutes.wallet);
    return { ...entries, wallet };
  }
  return apiRequest(walletRoutes.entries, { query: { ...page } });
}

export function getWalletOnly(): Promise<Wallet> {
  return apiRequest(walletRoutes.walletOnly);
}

export const walletQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: walletKeys.withEntries,
    queryFn: ({ pageParam }) => getWalletPage(pageParam),
    ...feedPaging,
  });

/** My wallet with my movements, newest first, a page at a time. */
export function useWalletWithEntries() {
  return useInfiniteQuery(walletQueryOptions());
}

/** My wallet without its movements (`GET User/Wallet/false`): balance, available, whether I trade. */
export function useWalletOnly() {
  return useQuery(queryOptions({ queryKey: walletKeys.only, queryFn: getWalletOnly }));
}

/** Switch trading with virtual money on or off for myself (`POST User/ToggleTransactionable`). */
export function useToggleTransactionable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(walletRoutes.toggleTransactionable),
    onSuccess: (wallet) => {
      queryClient.setQueryData(walletKeys.only, wallet);
      queryClient.setQueryData<InfiniteData<WalletPage>>(walletKeys.withEntries, (data) =>
        data
          ? { ...data, pages: data.pages.map((page, index) => (index === 0 ? { ...page, wallet } : page)) }
          : data,
      );
      // The account carries isTransactionable too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
      ]);
    },
  });
}
