import { createRoute } from '@hono/zod-openapi';
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
import { z } from 'zod';
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const tags = ['Transactions'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

export const listTransactions = createRoute({
  method: 'get',
  path: '/v1/transactions',
  tags,
  summary: 'List transactions',
  ...operation(
    'listTransactions',
    'A bare array as in the public API, newest first by default. When more match, the `next-page` header holds the URL of the next page (its `next` parameter is an opaque cursor); on a page reached by a cursor, the `prev-page` header holds the URL of the page before it (its `prev` parameter). Send `next` or `prev`, not both.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('listTransactions'), query: TransactionsQuery },
  responses: {
    200: {
      ...json(TransactionsResponse, 'A page of transactions'),
      headers: z.object({
        [NEXT_PAGE_HEADER]: z.string().optional().meta({ description: 'URL of the next page; absent on the last page.' }),
        [PREV_PAGE_HEADER]: z.string().optional().meta({ description: 'URL of the previous page; absent on the first page.' }),
      }),
    },
    ...errorResponses(...GUARDED),
  },
});

export const getTransaction = createRoute({
  method: 'get',
  path: '/v1/transactions/{txId}',
  tags,
  summary: 'Get a transaction',
  ...operation('getTransaction', 'The transaction details of the spec, plus its status timeline (extension).'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getTransaction'), params: TxIdParam },
  responses: { 200: json(TransactionWithTimeline, 'The transaction'), ...errorResponses(...GUARDED, 404) },
});

export const createTransaction = createRoute({
  method: 'post',
  path: '/v1/transactions',
  tags,
  summary: 'Submit a simulated transfer',
  ...operation(
    'createTransaction',
    'Submits a TRANSFER from a vault account to another vault account or a one-time address on a simulated chain: the transaction engine then takes it through the statuses of the public API and every change is sent to the subscribed webhooks. `simulation.outcome` (extension) picks a failure path for demos and tests.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('createTransaction'), body: { required: true, content: { 'application/json': { schema: CreateTransactionRequest } } } },
  responses: { 200: json(CreateTransactionResponse, 'The new transaction'), ...errorResponses(...GUARDED_WRITE, 404) },
});
