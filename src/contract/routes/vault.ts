import { createRoute } from '@hono/zod-openapi';
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
import { BETA, SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED } from './responses';

const tags = ['Vaults'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

export const listVaultAccountsPaged = createRoute({
  method: 'get',
  path: '/v1/vault/accounts_paged',
  tags,
  summary: 'List vault accounts (paginated)',
  ...operation('listVaultAccountsPaged', `The accounts orders settle from and to, with their asset balances as decimal strings. ${BETA}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('listVaultAccountsPaged'), query: VaultAccountsPagedQuery },
  responses: { 200: json(VaultAccountsPaged, 'A page of vault accounts'), ...errorResponses(...GUARDED) },
});

export const listVaultAccounts = createRoute({
  method: 'get',
  path: '/v1/vault/accounts',
  tags,
  summary: 'List vault accounts (legacy, unpaginated)',
  ...operation(
    'listVaultAccounts',
    `Deprecated: use GET /vault/accounts_paged. At most 400,000 accounts per minute per workspace, counted across requests: a request that would pass the total gets 429 and nothing. ${BETA}`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('listVaultAccounts'), query: VaultAccountsLegacyQuery },
  responses: { 200: json(z.array(VaultAccount), 'Every vault account'), ...errorResponses(...GUARDED) },
});

export const getVaultAccount = createRoute({
  method: 'get',
  path: '/v1/vault/accounts/{vaultAccountId}',
  tags,
  summary: 'Get a vault account',
  ...operation('getVaultAccount', `The account with its asset balances as decimal strings. ${BETA}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('getVaultAccount'), params: VaultAccountIdParam },
  responses: { 200: json(VaultAccount, 'The vault account'), ...errorResponses(...GUARDED, 404) },
});

export const listVaultAccountAssetAddresses = createRoute({
  method: 'get',
  path: '/v1/vault/accounts/{vaultAccountId}/{assetId}/addresses_paginated',
  tags,
  summary: "List the deposit addresses of a vault account's asset wallet",
  ...operation(
    'listVaultAccountAssetAddresses',
    `The addresses the account receives the asset at; a tag or memo is included on the chains that need one. 404 when the account holds no wallet for the asset. ${BETA}`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('listVaultAccountAssetAddresses'), params: VaultAccountAssetParams, query: VaultAddressesQuery },
  responses: { 200: json(VaultAddressesPage, 'The deposit addresses'), ...errorResponses(...GUARDED, 404) },
});
