import { useMutation, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { READ_MODELS } from '@evc/contracts/shared';
import type { WalletQuery } from '@evc/contracts/wallet';
import { api, type InputOf } from '../../../lib/api';

export const WALLET_PAGE_SIZE = 20;
export type WalletFilter = WalletQuery['filter'];

/**
 * Query keys of the customer's wallet; each starts with the read model the server names on `/api/live/me`, so a
 * change there invalidates them.
 */
export const walletKeys = {
  wallet: [READ_MODELS.walletTransactions] as const,
  walletList: (filter: string) => [READ_MODELS.walletTransactions, 'list', filter] as const,
  payment: (id: string) => [READ_MODELS.payments, id] as const,
};

/**
 * The wallet's pages: each asks for what follows the previous page's last line (its cursor), so lines added while the
 * customer loads more never show twice nor push one out; the balance and total count come from the latest page.
 */
export const useWallet = (filter: WalletFilter) =>
  useInfiniteQuery({
    queryKey: walletKeys.walletList(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.query('me.wallet', { filter, pageSize: WALLET_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const usePayment = (paymentId: string | null, poll: boolean) =>
  useQuery({
    queryKey: walletKeys.payment(paymentId ?? ''),
    enabled: paymentId !== null,
    queryFn: ({ signal }) => api.query('me.payment', { paymentId: paymentId ?? '' }, { signal }),
    refetchInterval: (query) => (poll && (query.state.data?.status ?? 'pending') === 'pending' ? 2000 : false),
  });

/** Starts a top-up (the wallet is read again when the customer comes back from the checkout). */
export const useTopUp = () => useMutation({ mutationFn: (body: InputOf<'wallet.top-up'>) => api.command('wallet.top-up', body) });
