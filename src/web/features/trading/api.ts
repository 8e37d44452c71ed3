import { notifications } from '@mantine/notifications';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isFinalOrderStatus } from '../../../contract/order-states';
import { cancelOrder, createOrder, createQuote, getOrder, listOrders, listTradingProviders } from '../../../contract/routes/trading';
import type { CreateOrderRequest, CreateQuoteRequest, TradingProvider } from '../../../contract/trading';
import { type Answer, api } from '../../lib/api';
import type { FormMutationOptions } from '../../lib/form-mutation';
import { whileStreamDown } from '../../lib/live';
import { tradingKeys } from '../../lib/query-keys';
import { useIdempotentMutation } from '../../lib/use-idempotency-key';

/*
 * Every query of this area's own resources sits under one root (tradingKeys in lib/query-keys.ts,
 * beside the vault accounts and assets it shares). Orders move on their own (the provider executes
 * them): the live stream's notices refresh their queries, which poll only while the stream is down
 * and an order on screen is not final; an order created or cancelled here invalidates `orders.all`.
 */

/** How often an order that is still moving is asked for again while the stream is down: the engine steps about every second. */
const ORDER_POLL_MS = 1_000;
/** The list is scanned rather than watched, so it refreshes less eagerly. */
const ORDERS_POLL_MS = 3_000;

/** Every provider, following `next` to the end: a workspace deals with a handful. */
async function fetchProviders(signal: AbortSignal): Promise<TradingProvider[]> {
  const providers: TradingProvider[] = [];
  let cursor: string | null = null;
  do {
    const page: Answer<typeof listTradingProviders> = await api(listTradingProviders, { query: { pageSize: 100, pageCursor: cursor }, signal });
    providers.push(...page.data);
    cursor = page.next ?? null;
  } while (cursor);
  return providers;
}

export const providerQueries = {
  all: tradingKeys.providers,
  list: () =>
    queryOptions({
      queryKey: [...providerQueries.all, 'list'] as const,
      queryFn: ({ signal }) => fetchProviders(signal),
      // Manifests change with the provider's release, not while somebody works.
      staleTime: 10 * 60_000,
    }),
};

export const orderQueries = {
  all: tradingKeys.orders,
  /** Newest first, a page at a time; `query` is the service's own filter query. */
  list: (query: string) =>
    infiniteQueryOptions({
      queryKey: [...orderQueries.all, 'list', query] as const,
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams(query);
        if (pageParam) params.set('pageCursor', pageParam);
        return api(listOrders, { query: params, signal });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
      // Followed by the live stream; polled only while that is down.
      refetchInterval: (q) =>
        whileStreamDown(q.state.data?.pages.some((page) => page.data.some((order) => !isFinalOrderStatus(order.status))) ? ORDERS_POLL_MS : false),
    }),
  detail: (orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'detail', orderId] as const,
      queryFn: ({ signal }) => api(getOrder, { params: { orderId }, signal }),
      refetchInterval: (q) => whileStreamDown(q.state.data && isFinalOrderStatus(q.state.data.status) ? false : ORDER_POLL_MS),
      // The status is the point of the page: a tab in the background still follows it.
      refetchIntervalInBackground: true,
    }),
};

/** A quote from one provider; a refusal comes back inside the answer, as the service words it. */
export function useCreateQuote({ onError }: FormMutationOptions) {
  return useIdempotentMutation({
    mutationFn: async (body: CreateQuoteRequest, keyFor) => {
      const answer = await api(createQuote, { body, idempotencyKey: keyFor(body) });
      const failure = answer.quoteFailures[0];
      if (!answer.quotes[0]) throw new Error(failure?.error.message ?? 'The provider gave no quote.');
      return answer.quotes[0];
    },
    onError,
    // A quote changes nothing the console shows.
    invalidates: [],
  });
}

interface SubmitOrder {
  body: CreateOrderRequest;
  /** Kept with the draft until the service accepts the order (see order-builder-page). */
  idempotencyKey: string;
}

/** For the builder, which puts the service's objections on the draft's fields itself. */
export function useCreateOrder({ onError }: FormMutationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: SubmitOrder) => api(createOrder, { body, idempotencyKey }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueries.detail(order.id).queryKey, order);
      notifications.show({ color: 'teal', title: 'Order submitted', message: 'The provider has accepted the order; its page follows it to the end.' });
    },
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueries.all }),
  });
}

export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (_, keyFor) => api(cancelOrder, { params: { orderId }, idempotencyKey: keyFor({ cancel: orderId }) }),
    meta: { errorTitle: 'The order was not cancelled' },
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueries.detail(order.id).queryKey, order);
      notifications.show({ color: 'teal', title: 'Order cancelled', message: 'The provider will not execute it.' });
    },
    invalidates: [orderQueries.all],
  });
}
