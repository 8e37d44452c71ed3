import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { listVaultAccountTransactions } from '../../../contract/routes/transactions';
import { getVaultAccount, listVaultAccountAssetAddresses, listVaultAccountsPaged } from '../../../contract/routes/vault';
import { api } from '../../lib/api';
import { transactionKeys, vaultAccountKeys } from '../../lib/query-keys';

/** Accounts per page of the vault list. */
export const VAULT_PAGE_SIZE = 25;
/** How many of an account's transactions its page shows. */
export const RECENT_TRANSACTIONS = 10;

/**
 * The vault pages' queries, as `queryOptions` a page reads and a route loader can prefetch. Keys come
 * from the shared factories, so a transfer or an order that moves balances refreshes these too.
 */
export const vaultAccountQueries = {
  /** The accounts whose names start with `namePrefix` (case-insensitive; empty: every account), a page at a time. */
  pages: (namePrefix: string, pageSize = VAULT_PAGE_SIZE) =>
    infiniteQueryOptions({
      queryKey: vaultAccountKeys.pages(namePrefix, pageSize),
      queryFn: ({ pageParam, signal }) =>
        api(listVaultAccountsPaged, { query: { limit: pageSize, namePrefix: namePrefix || undefined, after: pageParam }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.paging.after ?? null,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: vaultAccountKeys.detail(id),
      queryFn: ({ signal }) => api(getVaultAccount, { params: { vaultAccountId: id }, signal }),
    }),
  addresses: (id: string, assetId: string) =>
    queryOptions({
      queryKey: vaultAccountKeys.addresses(id, assetId),
      queryFn: ({ signal }) => api(listVaultAccountAssetAddresses, { params: { vaultAccountId: id, assetId }, signal }),
      // An address never changes once the wallet has it.
      staleTime: Infinity,
    }),
  recentTransactions: (id: string) =>
    queryOptions({
      queryKey: transactionKeys.ofVaultAccount(id),
      queryFn: ({ signal }) => api(listVaultAccountTransactions, { params: { vaultAccountId: id }, query: { limit: RECENT_TRANSACTIONS }, signal }),
    }),
};
