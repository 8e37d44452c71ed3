import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { listTransactions } from '../../../contract/routes/transactions';
import { getVaultAccount, listVaultAccountAssetAddresses, listVaultAccountsPaged } from '../../../contract/routes/vault';
import type { TransactionDetails } from '../../../contract/transactions';
import { api } from '../../lib/api';
import { transactionKeys, vaultAccountKeys } from '../../lib/query-keys';

/** Accounts per page of the vault list. */
export const VAULT_PAGE_SIZE = 25;
/** How many of an account's transactions its page shows. */
export const RECENT_TRANSACTIONS = 10;

/** An account's transactions either way, newest first: the service filters one side at a time, so both are asked for and merged. */
async function recentTransactions(accountId: string, signal: AbortSignal): Promise<TransactionDetails[]> {
  const side = (type: 'source' | 'dest') =>
    api(listTransactions, {
      query: new URLSearchParams({ [`${type}Type`]: 'VAULT_ACCOUNT', [`${type}Id`]: accountId, limit: String(RECENT_TRANSACTIONS), sort: 'DESC' }),
      signal,
    });
  const [sent, received] = await Promise.all([side('source'), side('dest')]);
  // A transfer from the account to itself is on both sides: listed once.
  const byId = new Map([...sent, ...received].map((tx) => [tx.id, tx]));
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt).slice(0, RECENT_TRANSACTIONS);
}

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
      queryFn: ({ signal }) => recentTransactions(id, signal),
    }),
};
