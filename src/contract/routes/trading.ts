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
import { defineOperation, ORDER_WRITERS } from './operation';

const tags = ['Trading (beta)'];

export const listTradingProviders = defineOperation({
  id: 'listTradingProviders',
  method: 'get',
  path: '/v1/trading/providers',
  tags,
  summary: 'List trading providers',
  description: 'Each provider with its manifest: the execution and settlement types it supports, the order fields it requires and the pairs it trades.',
  roles: 'any',
  beta: true,
  rateCategory: 'query',
  query: ProvidersQuery,
  responses: { 200: { description: 'A page of providers', schema: ProvidersResponse } },
});

export const getTradingProvider = defineOperation({
  id: 'getTradingProvider',
  method: 'get',
  path: '/v1/trading/providers/{providerId}',
  tags,
  summary: 'Get a trading provider',
  roles: 'any',
  beta: true,
  rateCategory: 'query',
  params: ProviderIdParam,
  responses: { 200: { description: 'The provider', schema: TradingProvider } },
  errors: [404],
});

export const createQuote = defineOperation({
  id: 'createQuote',
  method: 'post',
  path: '/v1/trading/quotes',
  tags,
  summary: 'Create quotes',
  description:
    'One quote per provider in scope, priced from the catalogue; a provider that cannot quote appears in quoteFailures. A quote is valid for 60 seconds and is used by a QUOTE order.',
  roles: 'any',
  beta: true,
  rateCategory: 'write',
  idempotent: true,
  body: CreateQuoteRequest,
  responses: { 201: { description: 'The quotes', schema: QuotesResponse } },
});

export const createOrder = defineOperation({
  id: 'createOrder',
  method: 'post',
  path: '/v1/trading/orders',
  tags,
  summary: 'Create an order',
  description: "Validation failures (including the provider manifest's requirements) answer 400 with code 900 and a message naming the field.",
  roles: ORDER_WRITERS,
  beta: true,
  rateCategory: 'write',
  idempotent: true,
  body: CreateOrderRequest,
  responses: { 202: { description: 'The order, accepted', schema: OrderDetails } },
});

export const listOrders = defineOperation({
  id: 'listOrders',
  method: 'get',
  path: '/v1/trading/orders',
  tags,
  summary: 'List orders',
  description: 'Newest first by default; filters combine with AND, repeated values with OR.',
  roles: 'any',
  beta: true,
  rateCategory: 'query',
  query: OrdersQuery,
  responses: { 200: { description: 'A page of orders', schema: OrdersResponse } },
});

// Trading (wire-facts, beta): no stated roles
export const getOrder = defineOperation({
  id: 'getOrder',
  method: 'get',
  path: '/v1/trading/orders/{orderId}',
  tags,
  summary: 'Get an order',
  roles: 'any',
  beta: true,
  rateCategory: 'query',
  params: OrderIdParam,
  responses: { 200: { description: 'The order', schema: OrderDetails } },
  errors: [404],
});

export const cancelOrder = defineOperation({
  id: 'cancelOrder',
  method: 'post',
  path: '/v1/trading/orders/{orderId}/cancel',
  tags: ['Trading (beta) (extension)'],
  summary: 'Cancel an order before execution',
  description: `Only an order in ${CANCELLABLE_ORDER_STATUSES.join(' or ')} can be cancelled (409 otherwise).`,
  roles: ORDER_WRITERS,
  beta: true,
  rateCategory: 'write',
  idempotent: true,
  params: OrderIdParam,
  responses: { 200: { description: 'The cancelled order', schema: OrderDetails } },
  errors: [404],
});
