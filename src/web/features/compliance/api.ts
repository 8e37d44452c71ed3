import { notifications } from '@mantine/notifications';
import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  getScreeningConfiguration,
  getTravelRuleIntegration,
  getTravelRuleMessage,
  getTravelRuleRequiredActions,
  getVasp,
  listTravelRuleMessages,
  listVasps,
  resolveTravelRuleAction,
  updateScreeningConfiguration,
} from '../../../contract/routes/compliance';
import type { UpdateScreeningConfigurationRequest } from '../../../contract/screening';
import type { ResolveActionRequest, TrmDirection, TrmStatus } from '../../../contract/travel-rule';
import { api } from '../../lib/api';
import { stepUpHeaders } from '../../lib/passkeys';
import { complianceKeys } from '../../lib/query-keys';
import { useIdempotentMutation } from '../../lib/use-idempotency-key';

// Every query of this area sits under one root (complianceKeys.all), so a change can refresh all of it by prefix.

export const integrationQueries = {
  all: complianceKeys.integration,
  current: () =>
    queryOptions({
      queryKey: [...integrationQueries.all, 'current'] as const,
      queryFn: ({ signal }) => api(getTravelRuleIntegration, { signal }),
      // The integration does not change while the console is open.
      staleTime: Infinity,
    }),
};

export interface TrmFilters {
  status?: TrmStatus;
  direction?: TrmDirection;
}

export const trmQueries = {
  all: complianceKeys.travelRuleMessages,
  /** Newest first, a page at a time; the service's cursor leads to the next page. */
  list: (integrationId: string, filters: TrmFilters) =>
    infiniteQueryOptions({
      queryKey: [...trmQueries.all, 'list', integrationId, filters] as const,
      queryFn: ({ pageParam, signal }) =>
        api(listTravelRuleMessages, {
          params: { customerIntegrationId: integrationId },
          query: { pageSize: 20, status: filters.status, direction: filters.direction, pageCursor: pageParam },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.paging?.next ?? null,
    }),
  detail: (integrationId: string, trmId: string) =>
    queryOptions({
      queryKey: [...trmQueries.all, 'detail', integrationId, trmId] as const,
      queryFn: ({ signal }) => api(getTravelRuleMessage, { params: { customerIntegrationId: integrationId, trmId }, signal }),
    }),
  requiredActions: (integrationId: string, trmId: string) =>
    queryOptions({
      queryKey: [...trmQueries.all, 'required-actions', integrationId, trmId] as const,
      queryFn: ({ signal }) => api(getTravelRuleRequiredActions, { params: { customerIntegrationId: integrationId, trmId }, signal }),
    }),
};

export const vaspQueries = {
  all: complianceKeys.vasps,
  search: (integrationId: string, q: string) =>
    infiniteQueryOptions({
      queryKey: [...vaspQueries.all, 'search', integrationId, q] as const,
      queryFn: ({ pageParam, signal }) =>
        api(listVasps, { params: { customerIntegrationId: integrationId }, query: { pageSize: 20, q: q || undefined, pageCursor: pageParam }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.paging?.next ?? null,
    }),
  detail: (integrationId: string, vaspId: string) =>
    queryOptions({
      queryKey: [...vaspQueries.all, 'detail', integrationId, vaspId] as const,
      queryFn: ({ signal }) => api(getVasp, { params: { customerIntegrationId: integrationId, vaspId }, signal }),
      // The directory is shipped data: a VASP read once stays valid while the console is open.
      staleTime: Infinity,
    }),
};

export const screeningQueries = {
  all: complianceKeys.screening,
  state: () =>
    queryOptions({
      queryKey: [...screeningQueries.all, 'state'] as const,
      queryFn: ({ signal }) => api(getScreeningConfiguration, { signal }),
    }),
};

const STATUS_NOTICE: Record<string, { title: string; color: string }> = {
  ACCEPTED: { title: 'Beneficiary information accepted', color: 'teal' },
  REJECTED: { title: 'Beneficiary information rejected', color: 'red' },
  FAILED: { title: 'Beneficiary information not delivered', color: 'red' },
  PENDING: { title: 'Beneficiary information sent', color: 'blue' },
};

export function useResolveAction(integrationId: string, trmId: string) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: ResolveActionRequest, keyFor) =>
      api(resolveTravelRuleAction, { params: { customerIntegrationId: integrationId, trmId }, body, idempotencyKey: keyFor(body) }),
    onSuccess: (message) => {
      queryClient.setQueryData(trmQueries.detail(integrationId, trmId).queryKey, message);
      const notice = STATUS_NOTICE[message.status ?? 'PENDING'] ?? STATUS_NOTICE.PENDING!;
      notifications.show({ ...notice, message: message.reason ?? '' });
    },
    meta: { errorTitle: 'The beneficiary information was not sent' },
    invalidates: [trmQueries.all],
  });
}

export function useUpdateScreening() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    // Screening protects against sanctioned funds: a change is confirmed with a passkey when I have one.
    mutationFn: async (body: UpdateScreeningConfigurationRequest, keyFor) => {
      const headers = await stepUpHeaders(queryClient, { operationId: 'updateScreeningConfiguration', body });
      return api(updateScreeningConfiguration, { body, headers, idempotencyKey: keyFor(body) });
    },
    meta: { errorTitle: 'The screening configuration was not changed' },
    onSuccess: (stored) => {
      notifications.show({
        color: 'teal',
        title: 'Screening configuration saved',
        message: `Bypassing screening is ${stored.disableBypass ? 'blocked' : 'allowed'}; unfreezing frozen funds is ${stored.disableUnfreeze ? 'blocked' : 'allowed'}.`,
      });
    },
    invalidates: [screeningQueries.all],
  });
}
