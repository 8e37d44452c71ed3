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
import { defineOperation } from './operation';

const tags = ['Vaults'];

export const listVaultAccountsPaged = defineOperation({
  id: 'listVaultAccountsPaged',
  method: 'get',
  path: '/v1/vault/accounts_paged',
  tags,
  summary: 'List vault accounts (paginated)',
  description: 'The accounts orders settle from and to, with their asset balances as decimal strings.',
  roles: 'any',
  beta: true,
  rateCategory: 'query',
  query: VaultAccountsPagedQuery,
  responses: { 200: { description: 'A page of vault accounts', schema: VaultAccountsPaged } },
});

export const listVaultAccounts = defineOperation({
  id: 'listVaultAccounts',
  method: 'get',
  path: '/v1/vault/accounts',
  tags,
  summary: 'List vault accounts (legacy, unpaginated)',
  description:
    'Deprecated: use GET /vault/accounts_paged. At most 400,000 accounts per minute per workspace, counted across requests: a request that would pass the total gets 429 and nothing.',
  roles: 'any',
  beta: true,
  rateCategory: 'query',
  query: VaultAccountsLegacyQuery,
  responses: { 200: { description: 'Every vault account', schema: z.array(VaultAccount) } },
});

// The public API's reads of one vault account, which the console's vault pages show (extensions here: no stated roles)
export const getVaultAccount = defineOperation({
  id: 'getVaultAccount',
  method: 'get',
  path: '/v1/vault/accounts/{vaultAccountId}',
  tags,
  summary: 'Get a vault account',
  description: 'The account with its asset balances as decimal strings.',
  roles: 'any',
  beta: true,
  rateCategory: 'query',
  params: VaultAccountIdParam,
  responses: { 200: { description: 'The vault account', schema: VaultAccount } },
  errors: [404],
});

export const listVaultAccountAssetAddresses = defineOperation({
  id: 'listVaultAccountAssetAddresses',
  method: 'get',
  path: '/v1/vault/accounts/{vaultAccountId}/{assetId}/addresses_paginated',
  tags,
  summary: "List the deposit addresses of a vault account's asset wallet",
  description:
    'The addresses the account receives the asset at; a tag or memo is included on the chains that need one. 404 when the account holds no wallet for the asset.',
  roles: 'any',
  beta: true,
  rateCategory: 'query',
  params: VaultAccountAssetParams,
  query: VaultAddressesQuery,
  responses: { 200: { description: 'The deposit addresses', schema: VaultAddressesPage } },
  errors: [404],
});
