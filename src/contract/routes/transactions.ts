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
export const listTransactions = transactions.get('listTransactions', '/v1/transactions', 'List transactions', {
  description:
    'A bare array as in the public API, newest first by default. When more match, the `next-page` header holds the URL of the next page (its `next` parameter is an opaque cursor); on a page reached by a cursor, the `prev-page` header holds the URL of the page before it (its `prev` parameter). Send `next` or `prev`, not both.',
  query: TransactionsQuery,
  200: {
    description: 'A page of transactions',
    schema: TransactionsResponse,
    headers: z.object({
      [NEXT_PAGE_HEADER]: z.string().optional().meta({ description: 'URL of the next page; absent on the last page.' }),
      [PREV_PAGE_HEADER]: z.string().optional().meta({ description: 'URL of the previous page; absent on the first page.' }),
    }),
  },
});

export const getTransaction = transactions.get('getTransaction', '/v1/transactions/{txId}', 'Get a transaction', {
  description: 'The transaction details of the spec, plus its status timeline (extension).',
  params: TxIdParam,
  200: ['The transaction', TransactionWithTimeline],
});

export const createTransaction = transactions.post('createTransaction', '/v1/transactions', 'Submit a simulated transfer', {
  description:
    'Submits a TRANSFER from a vault account to another vault account or a one-time address on a simulated chain: the transaction engine then takes it through the statuses of the public API and every change is sent to the subscribed webhooks. `simulation.outcome` (extension) picks a failure path for demos and tests.',
  roles: ORDER_WRITERS,
  body: CreateTransactionRequest,
  200: ['The new transaction', CreateTransactionResponse],
  errors: [404],
});

export const listVaultAccountTransactions = transactions.get(
  'listVaultAccountTransactions',
  '/v1/vault/accounts/{vaultAccountId}/transactions',
  'A vault account’s latest transactions, sent or received',
  {
    tags: ['Transactions (extension)'],
    description:
      'Newest first, whichever end the account is at (a transfer to itself once): listTransactions by sourceId and by destId in one answer, for a page about the account. 404 for an id that is not a vault account of the workspace.',
    params: VaultAccountIdParam,
    query: TransactionsQuery.pick({ limit: true }),
    200: ['The account’s transactions, newest first', TransactionsResponse],
  },
);
