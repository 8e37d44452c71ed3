import { notifications } from '@mantine/notifications';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ScreeningConfiguration, ScreeningConfigurationState, type UpdateScreeningConfigurationRequest } from '../../../contract/screening';
import {
  RequiredActionsResponse,
  type ResolveActionRequest,
  TravelRuleIntegration,
  TravelRuleMessage,
  TrmList,
  type TrmDirection,
  type TrmStatus,
  Vasp,
  VaspList,
} from '../../../contract/travel-rule';
import { stepUpHeaders } from '../../lib/passkeys';
import { complianceKeys } from '../../lib/query-keys';
import { session } from '../../lib/session';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

// Every query of this area sits under one root (complianceKeys.all), so a change can refresh all of it by prefix.
const integrationPath = (integrationId: string) => `/v1/screening/trlink/customers/integration/${integrationId}`;

export const integrationQueries = {
  all: complianceKeys.integration,
  current: () =>
    queryOptions({
      queryKey: [...integrationQueries.all, 'current'] as const,
      queryFn: ({ signal }) => session.api.request('/v1/screening/trlink/integration', TravelRuleIntegration, { signal }),
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
      queryFn: ({ pageParam, signal }) => {
        const query = new URLSearchParams({ pageSize: '20' });
        if (filters.status) query.set('status', filters.status);
        if (filters.direction) query.set('direction', filters.direction);
        if (pageParam) query.set('pageCursor', pageParam);
        return session.api.request(`${integrationPath(integrationId)}/trm?${query}`, TrmList, { signal });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.paging?.next ?? null,
    }),
  detail: (integrationId: string, trmId: string) =>
    queryOptions({
      queryKey: [...trmQueries.all, 'detail', integrationId, trmId] as const,
      queryFn: ({ signal }) => session.api.request(`${integrationPath(integrationId)}/trm/${trmId}`, TravelRuleMessage, { signal }),
    }),
  requiredActions: (integrationId: string, trmId: string) =>
    queryOptions({
      queryKey: [...trmQueries.all, 'required-actions', integrationId, trmId] as const,
      queryFn: ({ signal }) => session.api.request(`${integrationPath(integrationId)}/trm/${trmId}/required_actions`, RequiredActionsResponse, { signal }),
    }),
};

export const vaspQueries = {
  all: complianceKeys.vasps,
  search: (integrationId: string, q: string) =>
    infiniteQueryOptions({
      queryKey: [...vaspQueries.all, 'search', integrationId, q] as const,
      queryFn: ({ pageParam, signal }) => {
        const query = new URLSearchParams({ pageSize: '20' });
        if (q) query.set('q', q);
        if (pageParam) query.set('pageCursor', pageParam);
        return session.api.request(`${integrationPath(integrationId)}/vasps?${query}`, VaspList, { signal });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.paging?.next ?? null,
    }),
  detail: (integrationId: string, vaspId: string) =>
    queryOptions({
      queryKey: [...vaspQueries.all, 'detail', integrationId, vaspId] as const,
      queryFn: ({ signal }) => session.api.request(`${integrationPath(integrationId)}/vasps/${encodeURIComponent(vaspId)}`, Vasp, { signal }),
      // The directory is shipped data: a VASP read once stays valid while the console is open.
      staleTime: Infinity,
    }),
};

export const screeningQueries = {
  all: complianceKeys.screening,
  state: () =>
    queryOptions({
      queryKey: [...screeningQueries.all, 'state'] as const,
      queryFn: ({ signal }) => session.api.request('/v1/screening/configurations', ScreeningConfigurationState, { signal }),
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
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: ResolveActionRequest) =>
      session.api.request(`${integrationPath(integrationId)}/trm/${trmId}/resolve_action`, TravelRuleMessage, {
        method: 'POST',
        body,
        idempotencyKey: idempotency.keyFor(body),
      }),
    onSuccess: (message) => {
      queryClient.setQueryData(trmQueries.detail(integrationId, trmId).queryKey, message);
      const notice = STATUS_NOTICE[message.status ?? 'PENDING'] ?? STATUS_NOTICE.PENDING!;
      notifications.show({ ...notice, message: message.reason ?? '' });
    },
    meta: { errorTitle: 'The beneficiary information was not sent' },
    onSettled: (_message, error) => {
      idempotency.settle(error);
      return queryClient.invalidateQueries({ queryKey: trmQueries.all });
    },
  });
}

export function useUpdateScreening() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    // Screening protects against sanctioned funds: a change is confirmed with a passkey when I have one.
    mutationFn: async (body: UpdateScreeningConfigurationRequest) => {
      const headers = await stepUpHeaders(queryClient, { operationId: 'updateScreeningConfiguration', body });
      return session.api.request('/v1/screening/configurations', ScreeningConfiguration, {
        method: 'PUT',
        body,
        headers,
        idempotencyKey: idempotency.keyFor(body),
      });
    },
    meta: { errorTitle: 'The screening configuration was not changed' },
    onSuccess: (stored) => {
      notifications.show({
        color: 'teal',
        title: 'Screening configuration saved',
        message: `Bypassing screening is ${stored.disableBypass ? 'blocked' : 'allowed'}; unfreezing frozen funds is ${stored.disableUnfreeze ? 'blocked' : 'allowed'}.`,
      });
    },
    onSettled: (_stored, error) => {
      idempotency.settle(error);
      return queryClient.invalidateQueries({ queryKey: screeningQueries.all });
    },
  });
}
