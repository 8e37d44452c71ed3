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
import { area, ORDER_WRITERS } from './operation';

const tags = ['Trading (beta)'];

const trading = area({ tags, roles: 'any', beta: true });

export const listTradingProviders = trading.read({
  id: 'listTradingProviders',
  path: '/v1/trading/providers',
  summary: 'List trading providers',
  description: 'Each provider with its manifest: the execution and settlement types it supports, the order fields it requires and the pairs it trades.',
  query: ProvidersQuery,
  responses: { 200: { description: 'A page of providers', schema: ProvidersResponse } },
});

export const getTradingProvider = trading.read({
  id: 'getTradingProvider',
  path: '/v1/trading/providers/{providerId}',
  summary: 'Get a trading provider',
  params: ProviderIdParam,
  responses: { 200: { description: 'The provider', schema: TradingProvider } },
  errors: [404],
});

export const createQuote = trading.write({
  id: 'createQuote',
  method: 'post',
  path: '/v1/trading/quotes',
  summary: 'Create quotes',
  description:
    'One quote per provider in scope, priced from the catalogue; a provider that cannot quote appears in quoteFailures. A quote is valid for 60 seconds and is used by a QUOTE order.',
  body: CreateQuoteRequest,
  responses: { 201: { description: 'The quotes', schema: QuotesResponse } },
});

export const createOrder = trading.write({
  id: 'createOrder',
  method: 'post',
  path: '/v1/trading/orders',
  summary: 'Create an order',
  description: "Validation failures (including the provider manifest's requirements) answer 400 with code 900 and a message naming the field.",
  roles: ORDER_WRITERS,
  body: CreateOrderRequest,
  responses: { 202: { description: 'The order, accepted', schema: OrderDetails } },
});

export const listOrders = trading.read({
  id: 'listOrders',
  path: '/v1/trading/orders',
  summary: 'List orders',
  description: 'Newest first by default; filters combine with AND, repeated values with OR.',
  query: OrdersQuery,
  responses: { 200: { description: 'A page of orders', schema: OrdersResponse } },
});

// Trading (wire-facts, beta): no stated roles
export const getOrder = trading.read({
  id: 'getOrder',
  path: '/v1/trading/orders/{orderId}',
  summary: 'Get an order',
  params: OrderIdParam,
  responses: { 200: { description: 'The order', schema: OrderDetails } },
  errors: [404],
});

export const cancelOrder = trading.write({
  id: 'cancelOrder',
  method: 'post',
  path: '/v1/trading/orders/{orderId}/cancel',
  tags: ['Trading (beta) (extension)'],
  summary: 'Cancel an order before execution',
  description: `Only an order in ${CANCELLABLE_ORDER_STATUSES.join(' or ')} can be cancelled (409 otherwise).`,
  roles: ORDER_WRITERS,
  params: OrderIdParam,
  responses: { 200: { description: 'The cancelled order', schema: OrderDetails } },
  errors: [404],
});
