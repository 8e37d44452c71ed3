import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { VaultAccount, VaultAccountsLegacyQuery, VaultAccountsPaged, VaultAccountsPagedQuery } from '../vault';
import { BETA, SECURITY } from './common';
import { errorResponses, GUARDED } from './responses';

const tags = ['Vaults'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

export const listVaultAccountsPaged = createRoute({
  method: 'get',
  path: '/v1/vault/accounts_paged',
  operationId: 'getPagedVaultAccounts',
  tags,
  summary: 'List vault accounts (paginated)',
  description: `The accounts orders settle from and to, with their asset balances as decimal strings. ${BETA} Rate category: query.`,
  security: SECURITY,
  request: { query: VaultAccountsPagedQuery },
  responses: { 200: json(VaultAccountsPaged, 'A page of vault accounts'), ...errorResponses(...GUARDED) },
});

export const listVaultAccounts = createRoute({
  method: 'get',
  path: '/v1/vault/accounts',
  operationId: 'getVaultAccounts',
  tags,
  summary: 'List vault accounts (legacy, unpaginated)',
  description: `Deprecated: use GET /vault/accounts_paged. At most 400,000 accounts per minute per workspace, counted across requests: a request that would pass the total gets 429 and nothing. ${BETA} Rate category: query.`,
  security: SECURITY,
  request: { query: VaultAccountsLegacyQuery },
  responses: { 200: json(z.array(VaultAccount), 'Every vault account'), ...errorResponses(...GUARDED) },
});
