import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EarnProvider, EarnSortField } from '../../../contract/earn';
import { approveEarnTermsOfService, listEarnProviders } from '../../../contract/routes/earn';
import { api } from '../../lib/api';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

const EARN = ['earn'] as const;

export interface ProviderListParams {
  sortBy: EarnSortField;
  order: 'ASC' | 'DESC';
  pageSize: number;
  cursor: string | null;
}

export const providerQueries = {
  all: [...EARN, 'providers'] as const,
  list: (params: ProviderListParams) =>
    queryOptions({
      queryKey: [...providerQueries.all, 'list', params] as const,
      queryFn: ({ signal }) =>
        api(listEarnProviders, { query: { sortBy: params.sortBy, order: params.order, pageSize: params.pageSize, pageCursor: params.cursor }, signal }),
      // While another page or order loads, the table keeps showing the last one.
      placeholderData: keepPreviousData,
    }),
};

export function useApproveTerms() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (provider: EarnProvider) =>
      api(approveEarnTermsOfService, { body: { providerId: provider.providerId }, idempotencyKey: idempotency.keyFor({ providerId: provider.providerId }) }),
    meta: { errorTitle: 'The terms of service were not approved' },
    onSuccess: (_nothing, provider) => {
      notifications.show({ color: 'teal', title: 'Terms of service approved', message: `${provider.displayName}’s terms are approved for this workspace.` });
    },
    onSettled: (_nothing, error) => {
      idempotency.settle(error);
      return queryClient.invalidateQueries({ queryKey: providerQueries.all });
    },
  });
}
