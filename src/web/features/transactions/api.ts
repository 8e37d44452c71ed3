import { notifications } from '@mantine/notifications';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { createTransaction, getTransaction, listTransactions } from '../../../contract/routes/transactions';
import type { CreateTransactionRequest } from '../../../contract/transactions';
import { api, apiPage } from '../../lib/api';
import type { FormMutationOptions } from '../../lib/form-mutation';
import { whileStreamDown } from '../../lib/live';
import { transactionKeys, vaultAccountKeys } from '../../lib/query-keys';
import { useIdempotentMutation } from '../../lib/use-idempotency-key';
import { isFinal } from './labels';
import { toListQuery, type TransactionsView } from './transactions-view';

/** How often a transaction that is still moving is asked for again. */
export const MOVING_REFRESH_MS = 1_500;

/** Every query of transactions sits under one root, so a new transfer refreshes all of it by prefix. */
const TRANSACTIONS = transactionKeys.all;

export const transactionQueries = {
  all: TRANSACTIONS,
  /** Pages of the list, newest first by default; the `next-page` header leads to the next. */
  list: (view: TransactionsView) =>
    infiniteQueryOptions({
      queryKey: [...TRANSACTIONS, 'list', view] as const,
      queryFn: ({ pageParam, signal }) => apiPage(listTransactions, { query: toListQuery(view, pageParam), signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      // While any transaction on screen is still moving, the list follows it: by the live stream, or by polling while that is down.
      refetchInterval: (query) =>
        whileStreamDown(query.state.data?.pages.some((page) => page.data.some((tx) => !isFinal(tx.status))) ? MOVING_REFRESH_MS * 2 : false),
    }),
  detail: (txId: string) =>
    queryOptions({
      queryKey: [...TRANSACTIONS, 'detail', txId] as const,
      queryFn: ({ signal }) => api(getTransaction, { params: { txId }, signal }),
      // Followed until it reaches a final status; after that it no longer changes.
      refetchInterval: (query) => whileStreamDown(query.state.data && isFinal(query.state.data.status) ? false : MOVING_REFRESH_MS),
    }),
};

export function useCreateTransfer({ onError }: FormMutationOptions) {
  return useIdempotentMutation({
    mutationFn: (body: CreateTransactionRequest, keyFor) => api(createTransaction, { body, idempotencyKey: keyFor(body) }),
    onSuccess: (created, body) => {
      notifications.show({ color: 'teal', title: 'Transfer submitted', message: `${body.amount} ${body.assetId} is on its way: transaction ${created.id}.` });
    },
    onError,
    // The transfer's source balance is reserved at once, wherever the vault accounts are shown.
    invalidates: [transactionQueries.all, vaultAccountKeys.all],
  });
}
