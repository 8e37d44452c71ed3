import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EarnProvider, EarnSortField } from '../../../contract/earn';
import { approveEarnTermsOfService, listEarnProviders } from '../../../contract/routes/earn';
import { api } from '../../lib/api';
import { useIdempotentMutation } from '../../lib/use-idempotency-key';

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
  return useIdempotentMutation({
    mutationFn: (provider: EarnProvider, keyFor) =>
      api(approveEarnTermsOfService, { body: { providerId: provider.providerId }, idempotencyKey: keyFor({ providerId: provider.providerId }) }),
    meta: { errorTitle: 'The terms of service were not approved' },
    onSuccess: (_nothing, provider) => {
      notifications.show({ color: 'teal', title: 'Terms of service approved', message: `${provider.displayName}’s terms are approved for this workspace.` });
    },
    invalidates: [providerQueries.all],
  });
}
