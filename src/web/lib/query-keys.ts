/**
 * The cache keys of the resources that more than one area of the console shows (TkDodo's query
 * key factories): an asset, a blockchain and a vault account are each cached under one root here,
 * whichever page asked for them, so a write anywhere invalidates by that root and every view of
 * the resource refreshes. Queries that one area alone shows keep their keys in that area's api.ts.
 */

export const assetKeys = {
  all: ['assets'] as const,
  /** One page of the catalogue's list: `query` is the service's own query string. */
  page: (query: string) => [...assetKeys.all, 'page', query] as const,
  /** One asset, by UUID or legacy id (both name it; a write invalidates `all`, which covers both). */
  detail: (id: string) => [...assetKeys.all, 'detail', id] as const,
};

export const blockchainKeys = {
  all: ['blockchains'] as const,
  list: (filters: object) => [...blockchainKeys.all, 'list', filters] as const,
  detail: (id: string) => [...blockchainKeys.all, 'detail', id] as const,
};

/** Vault accounts carry their balances, which transfers and orders move. */
export const vaultAccountKeys = {
  all: ['vault-accounts'] as const,
  list: () => [...vaultAccountKeys.all, 'list'] as const,
  /** The vault page's list, a page at a time, for one name search (empty: every account). */
  pages: (namePrefix: string, pageSize: number) => [...vaultAccountKeys.all, 'pages', { namePrefix, pageSize }] as const,
  detail: (id: string) => [...vaultAccountKeys.all, 'detail', id] as const,
  /** An account's deposit addresses for one asset. */
  addresses: (id: string, assetId: string) => [...vaultAccountKeys.all, 'addresses', id, assetId] as const,
};

/** Transactions: a new transfer invalidates `all`, which covers the list and a vault account's recent ones. */
export const transactionKeys = {
  all: ['transactions'] as const,
  ofVaultAccount: (id: string) => [...transactionKeys.all, 'vault-account', id] as const,
};

/** The workspace's people (console users and API users): one list, read by every name the console shows. */
export const peopleKeys = {
  all: ['people'] as const,
};
