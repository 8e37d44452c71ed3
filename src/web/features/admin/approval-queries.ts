import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApprovalListQuery } from '../../../contract/admin';
import { getApprovalRequest, listApprovalRequests } from '../../../contract/routes/approvals';
import { api } from '../../lib/api';
import { adminKeys } from '../../lib/query-keys';

// The approval requests' queries, apart from the area's writes (api.ts) and from the navbar's
// badge (pending-approvals-badge.tsx), which is in every signed-in screen and needs only the count.

export type ApprovalListStatus = NonNullable<z.input<typeof ApprovalListQuery>['status']>;

export const approvalQueries = {
  all: adminKeys.approvals,
  /** Newest first, a page at a time; the service's cursor leads to the next page. */
  list: (status: ApprovalListStatus) =>
    infiniteQueryOptions({
      queryKey: [...approvalQueries.all, 'list', status] as const,
      queryFn: ({ pageParam, signal }) => api(listApprovalRequests, { query: { status, pageCursor: pageParam }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
    }),
  detail: (requestId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.all, 'detail', requestId] as const,
      queryFn: ({ signal }) => api(getApprovalRequest, { params: { requestId }, signal }),
    }),
  /** Each decision's passkey signature, checked by the service against the key it kept and the request's digest. */
  signatures: (requestId: string) =>
    queryOptions({
      queryKey: [...approvalQueries.all, 'signatures', requestId] as const,
      // The passkeys contract is imported with the call: only the signatures dialog makes it.
      queryFn: async ({ signal }) => api((await import('../../../contract/routes/passkeys')).getApprovalSignatures, { params: { requestId }, signal }),
    }),
};
