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

export const listTradingProviders = trading.get('listTradingProviders', '/v1/trading/providers', 'List trading providers', {
  description: 'Each provider with its manifest: the execution and settlement types it supports, the order fields it requires and the pairs it trades.',
  query: ProvidersQuery,
  200: ['A page of providers', ProvidersResponse],
});

export const getTradingProvider = trading.get('getTradingProvider', '/v1/trading/providers/{providerId}', 'Get a trading provider', {
  params: ProviderIdParam,
  200: ['The provider', TradingProvider],
});

export const createQuote = trading.post('createQuote', '/v1/trading/quotes', 'Create quotes', {
  description:
    'One quote per provider in scope, priced from the catalogue; a provider that cannot quote appears in quoteFailures. A quote is valid for 60 seconds and is used by a QUOTE order.',
  body: CreateQuoteRequest,
  201: ['The quotes', QuotesResponse],
});

export const createOrder = trading.post('createOrder', '/v1/trading/orders', 'Create an order', {
  description: "Validation failures (including the provider manifest's requirements) answer 400 with code 900 and a message naming the field.",
  roles: ORDER_WRITERS,
  body: CreateOrderRequest,
  202: ['The order, accepted', OrderDetails],
});

export const listOrders = trading.get('listOrders', '/v1/trading/orders', 'List orders', {
  description: 'Newest first by default; filters combine with AND, repeated values with OR.',
  query: OrdersQuery,
  200: ['A page of orders', OrdersResponse],
});

// Trading (wire-facts, beta): no stated roles
export const getOrder = trading.get('getOrder', '/v1/trading/orders/{orderId}', 'Get an order', {
  params: OrderIdParam,
  200: ['The order', OrderDetails],
});

export const cancelOrder = trading.post('cancelOrder', '/v1/trading/orders/{orderId}/cancel', 'Cancel an order before execution', {
  tags: ['Trading (beta) (extension)'],
  description: `Only an order in ${CANCELLABLE_ORDER_STATUSES.join(' or ')} can be cancelled (409 otherwise).`,
  roles: ORDER_WRITERS,
  params: OrderIdParam,
  200: ['The cancelled order', OrderDetails],
});
