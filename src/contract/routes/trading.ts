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
import { BETA, SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const tags = ['Trading (beta)'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

export const listTradingProviders = createRoute({
  method: 'get',
  path: '/v1/trading/providers',
  tags,
  summary: 'List trading providers',
  ...operation(
    'listTradingProviders',
    `Each provider with its manifest: the execution and settlement types it supports, the order fields it requires and the pairs it trades. ${BETA}`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('listTradingProviders'), query: ProvidersQuery },
  responses: { 200: json(ProvidersResponse, 'A page of providers'), ...errorResponses(...GUARDED) },
});

export const getTradingProvider = createRoute({
  method: 'get',
  path: '/v1/trading/providers/{providerId}',
  tags,
  summary: 'Get a trading provider',
  ...operation('getTradingProvider', `${BETA}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('getTradingProvider'), params: ProviderIdParam },
  responses: { 200: json(TradingProvider, 'The provider'), ...errorResponses(...GUARDED, 404) },
});

export const createQuote = createRoute({
  method: 'post',
  path: '/v1/trading/quotes',
  tags,
  summary: 'Create quotes',
  ...operation(
    'createQuote',
    `One quote per provider in scope, priced from the catalogue; a provider that cannot quote appears in quoteFailures. A quote is valid for 60 seconds and is used by a QUOTE order. ${BETA}`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('createQuote'), body: { required: true, content: { 'application/json': { schema: CreateQuoteRequest } } } },
  responses: { 201: json(QuotesResponse, 'The quotes'), ...errorResponses(...GUARDED_WRITE) },
});

export const createOrder = createRoute({
  method: 'post',
  path: '/v1/trading/orders',
  tags,
  summary: 'Create an order',
  ...operation(
    'createOrder',
    `Validation failures (including the provider manifest's requirements) answer 400 with code 900 and a message naming the field. ${BETA}`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('createOrder'), body: { required: true, content: { 'application/json': { schema: CreateOrderRequest } } } },
  responses: { 202: json(OrderDetails, 'The order, accepted'), ...errorResponses(...GUARDED_WRITE) },
});

export const listOrders = createRoute({
  method: 'get',
  path: '/v1/trading/orders',
  tags,
  summary: 'List orders',
  ...operation('listOrders', `Newest first by default; filters combine with AND, repeated values with OR. ${BETA}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('listOrders'), query: OrdersQuery },
  responses: { 200: json(OrdersResponse, 'A page of orders'), ...errorResponses(...GUARDED) },
});

export const getOrder = createRoute({
  method: 'get',
  path: '/v1/trading/orders/{orderId}',
  tags,
  summary: 'Get an order',
  ...operation('getOrder', `${BETA}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('getOrder'), params: OrderIdParam },
  responses: { 200: json(OrderDetails, 'The order'), ...errorResponses(...GUARDED, 404) },
});

export const cancelOrder = createRoute({
  method: 'post',
  path: '/v1/trading/orders/{orderId}/cancel',
  tags: ['Trading (beta) (extension)'],
  summary: 'Cancel an order before execution',
  ...operation('cancelOrder', `Only an order in ${CANCELLABLE_ORDER_STATUSES.join(' or ')} can be cancelled (409 otherwise). ${BETA}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('cancelOrder'), params: OrderIdParam },
  responses: { 200: json(OrderDetails, 'The cancelled order'), ...errorResponses(...GUARDED_WRITE, 404) },
});
