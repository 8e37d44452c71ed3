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
  /** One console user's page (under `all`, so what changes the people refreshes it too). */
  consoleUser: (id: string) => ['people', 'console-user', id] as const,
};

/*
 * The roots of the areas the live stream tells about (lib/live.ts): each notice invalidates its
 * kind's root, so every view of what changed refetches (only what is on screen fetches at once).
 */

/** Trading: providers and orders; an order's notice invalidates `orders`. */
export const tradingKeys = {
  all: ['trading'] as const,
  providers: ['trading', 'providers'] as const,
  orders: ['trading', 'orders'] as const,
};

/** Administration: API users, the quorum and approval requests (a decision can change all three). */
export const adminKeys = {
  all: ['admin'] as const,
  apiUsers: ['admin', 'api-users'] as const,
  quorum: ['admin', 'quorum'] as const,
  approvals: ['admin', 'approvals'] as const,
};

/**
 * Passkeys: the signed-in person's own (the security page lists them; every guarded write reads
 * them to know whether to ask for a confirmation) and the workspace's policy.
 */
export const passkeyKeys = {
  all: ['passkeys'] as const,
  mine: ['passkeys', 'mine'] as const,
  policy: ['passkeys', 'policy'] as const,
};

/** Webhooks and their notifications. */
export const webhookKeys = {
  all: ['webhooks'] as const,
};

/** Compliance: the Travel Rule integration, its messages, VASPs and the screening configuration. */
export const complianceKeys = {
  all: ['compliance'] as const,
  integration: ['compliance', 'integration'] as const,
  travelRuleMessages: ['compliance', 'trm'] as const,
  vasps: ['compliance', 'vasps'] as const,
  screening: ['compliance', 'screening'] as const,
};

/** The home's glances at other areas, under its own keys. */
export const homeKeys = {
  all: ['home'] as const,
  summary: ['home', 'summary'] as const,
  orders: ['home', 'orders'] as const,
  transfers: ['home', 'transfers'] as const,
  decidedApprovals: ['home', 'decided-approvals'] as const,
};
