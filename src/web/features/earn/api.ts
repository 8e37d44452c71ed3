import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { EarnProvidersResponse, type EarnProvider, type EarnSortField } from '../../../contract/earn';
import { session } from '../../lib/session';
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
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ sortBy: params.sortBy, order: params.order, pageSize: String(params.pageSize) });
        if (params.cursor) query.set('pageCursor', params.cursor);
        return session.api.request(`/v1/earn/providers?${query}`, EarnProvidersResponse, { signal });
      },
      // While another page or order loads, the table keeps showing the last one.
      placeholderData: keepPreviousData,
    }),
};

export function useApproveTerms() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (provider: EarnProvider) =>
      session.api.send('/v1/earn/providers/approve_terms_of_service', {
        method: 'POST',
        body: { providerId: provider.providerId },
        idempotencyKey: idempotency.keyFor({ providerId: provider.providerId }),
      }),
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
