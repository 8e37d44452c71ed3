import { z } from 'zod';
import {
  VaultAccount,
  VaultAccountAssetParams,
  VaultAccountIdParam,
  VaultAccountsLegacyQuery,
  VaultAccountsPaged,
  VaultAccountsPagedQuery,
  VaultAddressesPage,
  VaultAddressesQuery,
} from '../vault';
import { area } from './operation';

const tags = ['Vaults'];

const vault = area({ tags, roles: 'any', beta: true });

export const listVaultAccountsPaged = vault.get('listVaultAccountsPaged', '/v1/vault/accounts_paged', 'List vault accounts (paginated)', {
  description: 'The accounts orders settle from and to, with their asset balances as decimal strings.',
  query: VaultAccountsPagedQuery,
  200: ['A page of vault accounts', VaultAccountsPaged],
});

export const listVaultAccounts = vault.get('listVaultAccounts', '/v1/vault/accounts', 'List vault accounts (legacy, unpaginated)', {
  description:
    'Deprecated: use GET /vault/accounts_paged. At most 400,000 accounts per minute per workspace, counted across requests: a request that would pass the total gets 429 and nothing.',
  query: VaultAccountsLegacyQuery,
  200: ['Every vault account', z.array(VaultAccount)],
});

// The public API's reads of one vault account, which the console's vault pages show (extensions here: no stated roles)
export const getVaultAccount = vault.get('getVaultAccount', '/v1/vault/accounts/{vaultAccountId}', 'Get a vault account', {
  description: 'The account with its asset balances as decimal strings.',
  params: VaultAccountIdParam,
  200: ['The vault account', VaultAccount],
});

export const listVaultAccountAssetAddresses = vault.get(
  'listVaultAccountAssetAddresses',
  '/v1/vault/accounts/{vaultAccountId}/{assetId}/addresses_paginated',
  "List the deposit addresses of a vault account's asset wallet",
  {
    description:
      'The addresses the account receives the asset at; a tag or memo is included on the chains that need one. 404 when the account holds no wallet for the asset.',
    params: VaultAccountAssetParams,
    query: VaultAddressesQuery,
    200: ['The deposit addresses', VaultAddressesPage],
  },
);
