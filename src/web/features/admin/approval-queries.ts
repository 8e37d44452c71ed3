import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApprovalList, type ApprovalListQuery, ApprovalRequest } from '../../../contract/admin';
import { whileStreamDown } from '../../lib/live';
import { adminKeys } from '../../lib/query-keys';
import { session } from '../../lib/session';

// The approval requests' queries, apart from the area's writes (api.ts): the navbar's approvals
// badge is in every signed-in screen, and needs only the count.

export type ApprovalListStatus = NonNullable<z.input<typeof ApprovalListQuery>['status']>;

/**
 * How often what waits for a decision is asked again (the navbar's count, the approvals page's
 * lists), so a request raised or decided by another admin shows without a reload.
 */
export const APPROVALS_POLL_MS = 15_000;

export const approvalQueries = {
  all: adminKeys.approvals,
  /** Newest first, a page at a time; the service's cursor leads to the next page. */
  list: (status: ApprovalListStatus) =>
    infiniteQueryOptions({
      queryKey: [...approvalQueries.all, 'list', status] as const,
      queryFn: ({ pageParam, signal }) => {
        const query = new URLSearchParams({ status });
        if (pageParam) query.set('pageCursor', pageParam);
        return session.api.request(`/v1/approval_requests?${query}`, ApprovalList, { signal });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
    }),
  detail: (requestId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.all, 'detail', requestId] as const,
      queryFn: ({ signal }) => session.api.request(`/v1/approval_requests/${requestId}`, ApprovalRequest, { signal }),
    }),
  /** Each decision's passkey signature, checked by the service against the key it kept and the request's digest. */
  signatures: (requestId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.all, 'signatures', requestId] as const,
      // The passkeys contract is imported with the answer: this module is in every signed-in screen.
      queryFn: ({ signal }) =>
        session.api.request(`/v1/approval_requests/${requestId}/signatures`, async () => (await import('../../../contract/passkeys')).ApprovalSignatures, {
          signal,
        }),
    }),
  /** One request's worth of page, for its `pendingCount` alone. */
  pendingCount: () =>
    queryOptions({
      queryKey: [...approvalQueries.all, 'pending-count'] as const,
      queryFn: ({ signal }) => session.api.request('/v1/approval_requests?status=PENDING&pageSize=1', ApprovalList, { signal }),
      select: (page) => page.pendingCount,
      refetchInterval: () => whileStreamDown(APPROVALS_POLL_MS),
    }),
};
