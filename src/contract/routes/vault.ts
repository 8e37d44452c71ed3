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

export const listVaultAccountsPaged = vault.read({
  id: 'listVaultAccountsPaged',
  path: '/v1/vault/accounts_paged',
  summary: 'List vault accounts (paginated)',
  description: 'The accounts orders settle from and to, with their asset balances as decimal strings.',
  query: VaultAccountsPagedQuery,
  responses: { 200: { description: 'A page of vault accounts', schema: VaultAccountsPaged } },
});

export const listVaultAccounts = vault.read({
  id: 'listVaultAccounts',
  path: '/v1/vault/accounts',
  summary: 'List vault accounts (legacy, unpaginated)',
  description:
    'Deprecated: use GET /vault/accounts_paged. At most 400,000 accounts per minute per workspace, counted across requests: a request that would pass the total gets 429 and nothing.',
  query: VaultAccountsLegacyQuery,
  responses: { 200: { description: 'Every vault account', schema: z.array(VaultAccount) } },
});

// The public API's reads of one vault account, which the console's vault pages show (extensions here: no stated roles)
export const getVaultAccount = vault.read({
  id: 'getVaultAccount',
  path: '/v1/vault/accounts/{vaultAccountId}',
  summary: 'Get a vault account',
  description: 'The account with its asset balances as decimal strings.',
  params: VaultAccountIdParam,
  responses: { 200: { description: 'The vault account', schema: VaultAccount } },
  errors: [404],
});

export const listVaultAccountAssetAddresses = vault.read({
  id: 'listVaultAccountAssetAddresses',
  path: '/v1/vault/accounts/{vaultAccountId}/{assetId}/addresses_paginated',
  summary: "List the deposit addresses of a vault account's asset wallet",
  description:
    'The addresses the account receives the asset at; a tag or memo is included on the chains that need one. 404 when the account holds no wallet for the asset.',
  params: VaultAccountAssetParams,
  query: VaultAddressesQuery,
  responses: { 200: { description: 'The deposit addresses', schema: VaultAddressesPage } },
  errors: [404],
});
