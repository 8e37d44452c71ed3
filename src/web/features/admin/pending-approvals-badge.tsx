import { Badge } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listApprovalRequests } from '../../../contract/routes/approvals';
import { api } from '../../lib/api';
import { whileStreamDown } from '../../lib/live';
import { adminKeys } from '../../lib/query-keys';

/**
 * How often what waits for a decision is asked again (the navbar's count, the approvals page's
 * lists), so a request raised or decided by another admin shows without a reload.
 */
export const APPROVALS_POLL_MS = 15_000;

/** One request's worth of page, for its `pendingCount` alone. */
const pendingCountQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.approvals, 'pending-count'] as const,
    queryFn: ({ signal }) => api(listApprovalRequests, { query: { status: 'PENDING', pageSize: 1 }, signal }),
    select: (page) => page.pendingCount,
    refetchInterval: () => whileStreamDown(APPROVALS_POLL_MS),
  });

/**
 * The number of requests waiting for a decision, for the navbar's Approvals link. The badge is
 * for the eye; assistive technology reads the sentence in `descriptionId`, which the link
 * references as its description, so the link's name stays "Approvals".
 */
export default function PendingApprovalsBadge({ descriptionId }: { descriptionId: string }) {
  const count = useQuery(pendingCountQuery()).data ?? 0;
  return (
    <>
      {count > 0 && (
        <Badge size="sm" circle={count < 10} aria-hidden>
          {count}
        </Badge>
      )}
      <span id={descriptionId} hidden>
        {count === 1 ? '1 request waits for a decision' : count > 1 ? `${count} requests wait for a decision` : ''}
      </span>
    </>
  );
}
