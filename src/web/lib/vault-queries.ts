import { queryOptions, useQuery } from '@tanstack/react-query';
import { listVaultAccountsPaged } from '../../contract/routes/vault';
import type { VaultAccount } from '../../contract/vault';
import { api } from './api';
import { vaultAccountKeys } from './query-keys';

/*
 * The vault accounts, with their balances, under one key for every area that shows them: an
 * order's settlement and a transfer pick them, transactions name their peers by them, and a write
 * that moves balances refreshes them all through `vaultAccountKeys.all`.
 */

/** Every vault account shown in the console, following the keyset cursor to the end. */
async function fetchVaultAccounts(signal: AbortSignal): Promise<VaultAccount[]> {
  const accounts: VaultAccount[] = [];
  let after: string | undefined;
  do {
    const page = await api(listVaultAccountsPaged, { query: { limit: 500, after }, signal });
    accounts.push(...page.accounts);
    after = page.paging.after;
  } while (after);
  return accounts.filter((account) => !account.hiddenOnUI);
}

export const vaultQueries = {
  list: () =>
    queryOptions({
      queryKey: vaultAccountKeys.list(),
      queryFn: ({ signal }) => fetchVaultAccounts(signal),
    }),
};

const NO_NAMES: ReadonlyMap<string, string> = new Map();
const namesOf = (accounts: VaultAccount[]): ReadonlyMap<string, string> => new Map(accounts.map((account) => [account.id, account.name]));

/**
 * Vault account names by id, to name the peers of transactions. Empty while they load, and for a
 * workspace whose vault accounts cannot be read (without the trading beta): ids then stand alone.
 */
export function useVaultAccountNames(): ReadonlyMap<string, string> {
  return useQuery({ ...vaultQueries.list(), select: namesOf, retry: false }).data ?? NO_NAMES;
}
