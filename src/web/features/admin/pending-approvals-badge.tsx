import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { approvalQueries } from './approval-queries';

/**
 * The number of requests waiting for a decision, for the navbar's Approvals link. The badge is
 * for the eye; assistive technology reads the sentence in `descriptionId`, which the link
 * references as its description, so the link's name stays "Approvals".
 */
export default function PendingApprovalsBadge({ descriptionId }: { descriptionId: string }) {
  const count = useQuery(approvalQueries.pendingCount()).data ?? 0;
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
