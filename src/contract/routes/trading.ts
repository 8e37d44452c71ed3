import { createRoute } from '@hono/zod-openapi';
import { CANCELLABLE_ORDER_STATUSES } from '../order-states';
import {
  CreateOrderRequest,
  CreateQuoteRequest,
  OrderDetails,
  OrderIdParam,
  OrdersQuery,
  OrdersResponse,
  ProviderIdParam,
  ProvidersQuery,
  ProvidersResponse,
  QuotesResponse,
  TradingProvider,
} from '../trading';
import { BETA, IdempotencyHeaders, SECURITY } from './common';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const tags = ['Trading (beta)'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

export const listTradingProviders = createRoute({
  method: 'get',
  path: '/v1/trading/providers',
  operationId: 'getTradingProviders',
  tags,
  summary: 'List trading providers',
  description: `Each provider with its manifest: the execution and settlement types it supports, the order fields it requires and the pairs it trades. ${BETA} Rate category: query.`,
  security: SECURITY,
  request: { query: ProvidersQuery },
  responses: { 200: json(ProvidersResponse, 'A page of providers'), ...errorResponses(...GUARDED) },
});

export const getTradingProvider = createRoute({
  method: 'get',
  path: '/v1/trading/providers/{providerId}',
  operationId: 'getTradingProviderById',
  tags,
  summary: 'Get a trading provider',
  description: `${BETA} Rate category: query.`,
  security: SECURITY,
  request: { params: ProviderIdParam },
  responses: { 200: json(TradingProvider, 'The provider'), ...errorResponses(...GUARDED, 404) },
});

export const createQuote = createRoute({
  method: 'post',
  path: '/v1/trading/quotes',
  operationId: 'createQuote',
  tags,
  summary: 'Create quotes',
  description: `One quote per provider in scope, priced from the catalogue; a provider that cannot quote appears in quoteFailures. A quote is valid for 60 seconds and is used by a QUOTE order. ${BETA} Rate category: write.`,
  security: SECURITY,
  request: { headers: IdempotencyHeaders, body: { required: true, content: { 'application/json': { schema: CreateQuoteRequest } } } },
  responses: { 201: json(QuotesResponse, 'The quotes'), ...errorResponses(...GUARDED_WRITE) },
});

export const createOrder = createRoute({
  method: 'post',
  path: '/v1/trading/orders',
  operationId: 'createOrder',
  tags,
  summary: 'Create an order',
  description: `Validation failures (including the provider manifest's requirements) answer 400 with code 900 and a message naming the field. Roles: Owner, Admin, Non-Signing Admin, Signer, Editor. ${BETA} Rate category: write.`,
  security: SECURITY,
  request: { headers: IdempotencyHeaders, body: { required: true, content: { 'application/json': { schema: CreateOrderRequest } } } },
  responses: { 202: json(OrderDetails, 'The order, accepted'), ...errorResponses(...GUARDED_WRITE) },
});

export const listOrders = createRoute({
  method: 'get',
  path: '/v1/trading/orders',
  operationId: 'getOrders',
  tags,
  summary: 'List orders',
  description: `Newest first by default; filters combine with AND, repeated values with OR. ${BETA} Rate category: query.`,
  security: SECURITY,
  request: { query: OrdersQuery },
  responses: { 200: json(OrdersResponse, 'A page of orders'), ...errorResponses(...GUARDED) },
});

export const getOrder = createRoute({
  method: 'get',
  path: '/v1/trading/orders/{orderId}',
  operationId: 'getOrder',
  tags,
  summary: 'Get an order',
  description: `${BETA} Rate category: query.`,
  security: SECURITY,
  request: { params: OrderIdParam },
  responses: { 200: json(OrderDetails, 'The order'), ...errorResponses(...GUARDED, 404) },
});

export const cancelOrder = createRoute({
  method: 'post',
  path: '/v1/trading/orders/{orderId}/cancel',
  operationId: 'cancelOrder',
  tags: ['Trading (beta) (extension)'],
  summary: 'Cancel an order before execution',
  description: `Only an order in ${CANCELLABLE_ORDER_STATUSES.join(' or ')} can be cancelled (409 otherwise). Roles: as create. ${BETA} Rate category: write.`,
  security: SECURITY,
  request: { params: OrderIdParam, headers: IdempotencyHeaders },
  responses: { 200: json(OrderDetails, 'The cancelled order'), ...errorResponses(...GUARDED_WRITE, 404) },
});
