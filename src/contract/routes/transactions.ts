import {
  CreateTransactionRequest,
  CreateTransactionResponse,
  NEXT_PAGE_HEADER,
  PREV_PAGE_HEADER,
  TransactionsQuery,
  TransactionsResponse,
  TransactionWithTimeline,
  TxIdParam,
} from '../transactions';
import { VaultAccountIdParam } from '../vault';
import { z } from 'zod';
import { area, ORDER_WRITERS } from './operation';

const tags = ['Transactions'];

const transactions = area({ tags, roles: 'any' });

// Transactions (public API): reads have no stated roles; a transfer moves funds, so it takes
// the roles that may create an order.
export const listTransactions = transactions.read({
  id: 'listTransactions',
  path: '/v1/transactions',
  summary: 'List transactions',
  description:
    'A bare array as in the public API, newest first by default. When more match, the `next-page` header holds the URL of the next page (its `next` parameter is an opaque cursor); on a page reached by a cursor, the `prev-page` header holds the URL of the page before it (its `prev` parameter). Send `next` or `prev`, not both.',
  query: TransactionsQuery,
  responses: {
    200: {
      description: 'A page of transactions',
      schema: TransactionsResponse,
      headers: z.object({
        [NEXT_PAGE_HEADER]: z.string().optional().meta({ description: 'URL of the next page; absent on the last page.' }),
        [PREV_PAGE_HEADER]: z.string().optional().meta({ description: 'URL of the previous page; absent on the first page.' }),
      }),
    },
  },
});

export const getTransaction = transactions.read({
  id: 'getTransaction',
  path: '/v1/transactions/{txId}',
  summary: 'Get a transaction',
  description: 'The transaction details of the spec, plus its status timeline (extension).',
  params: TxIdParam,
  responses: { 200: { description: 'The transaction', schema: TransactionWithTimeline } },
  errors: [404],
});

export const createTransaction = transactions.write({
  id: 'createTransaction',
  method: 'post',
  path: '/v1/transactions',
  summary: 'Submit a simulated transfer',
  description:
    'Submits a TRANSFER from a vault account to another vault account or a one-time address on a simulated chain: the transaction engine then takes it through the statuses of the public API and every change is sent to the subscribed webhooks. `simulation.outcome` (extension) picks a failure path for demos and tests.',
  roles: ORDER_WRITERS,
  body: CreateTransactionRequest,
  responses: { 200: { description: 'The new transaction', schema: CreateTransactionResponse } },
  errors: [404],
});

export const listVaultAccountTransactions = transactions.read({
  id: 'listVaultAccountTransactions',
  path: '/v1/vault/accounts/{vaultAccountId}/transactions',
  tags: ['Transactions (extension)'],
  summary: 'A vault account’s latest transactions, sent or received',
  description:
    'Newest first, whichever end the account is at (a transfer to itself once): listTransactions by sourceId and by destId in one answer, for a page about the account. 404 for an id that is not a vault account of the workspace.',
  params: VaultAccountIdParam,
  query: TransactionsQuery.pick({ limit: true }),
  responses: { 200: { description: 'The account’s transactions, newest first', schema: TransactionsResponse } },
  errors: [404],
});
