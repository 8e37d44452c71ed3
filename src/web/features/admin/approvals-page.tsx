import { Badge, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useId, useMemo } from 'react';
import type { ApprovalRequest } from '../../../contract/admin';
import { mayPerform } from '../../../contract/operations';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { useSignedInUser } from '../../app/auth/use-session';
import { ErrorView } from '../../components/error-view';
import { LoadMoreButton } from '../../components/load-more-button';
import { Page } from '../../components/page';
import { Person } from '../../components/person';
import { UtcTime } from '../../components/utc-time';
import { whileStreamDown } from '../../lib/live';
import { approvalQueries, type ApprovalListStatus, APPROVALS_POLL_MS, useRefreshWhenDecided } from './api';
import { ApprovalCard, type Viewer } from './approval-card';
import { approvalsCount, STATUS_BADGES } from './approval-labels';

const SECTIONS: Record<ApprovalListStatus, { heading: string; loading: string; failed: string; empty: string }> = {
  PENDING: {
    heading: 'Waiting for a decision',
    loading: 'Loading the requests waiting for a decision…',
    failed: 'The pending requests could not be loaded',
    empty: 'Nothing is waiting for a decision.',
  },
  DECIDED: {
    heading: 'Decided',
    loading: 'Loading the decided requests…',
    failed: 'The decided requests could not be loaded',
    empty: 'No request has been decided yet.',
  },
};

function DecidedTable({ requests }: { requests: readonly ApprovalRequest[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Request</Table.Th>
            <Table.Th scope="col">Raised by</Table.Th>
            <Table.Th scope="col">Outcome</Table.Th>
            <Table.Th scope="col">Approvals</Table.Th>
            <Table.Th scope="col">Decisions</Table.Th>
            <Table.Th scope="col">Decided</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>{request.summary}</Table.Td>
              <Table.Td>
                <Person id={request.requestedBy.id} name={request.requestedBy.name} />
              </Table.Td>
              <Table.Td>
                <Badge variant="dot" color={STATUS_BADGES[request.status].color}>
                  {STATUS_BADGES[request.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>{approvalsCount(request)}</Table.Td>
              <Table.Td>
                {request.decisions.length === 0
                  ? '—'
                  : request.decisions.map((entry, i) => (
                      <Fragment key={entry.userId}>
                        {i > 0 && ', '}
                        <Person id={entry.userId} name={entry.userName} /> {entry.decision === 'APPROVE' ? 'approved' : 'rejected'}
                      </Fragment>
                    ))}
              </Table.Td>
              <Table.Td>{request.decidedAt === null ? '—' : <UtcTime ms={request.decidedAt} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One list of requests, newest first, with "Load more" while the service has older ones. */
function ApprovalSection({ status, viewer }: { status: ApprovalListStatus; viewer: Viewer }) {
  const headingId = useId();
  // Followed (the live stream, or polling while it is down): another admin's decision moves a request
  // from one list to the other, and the requester's Cancel must go with it rather than fail with a 409 on the next click.
  const list = useInfiniteQuery({ ...approvalQueries.list(status), refetchInterval: () => whileStreamDown(APPROVALS_POLL_MS) });
  const text = SECTIONS[status];
  const requests = list.data?.pages.flatMap((page) => page.data) ?? [];
  const ids = useMemo(
    () => (status === 'PENDING' ? list.data?.pages.flatMap((page) => page.data.map((request) => request.id)) : undefined),
    [status, list.data],
  );
  useRefreshWhenDecided(ids);

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {text.heading}
      </Title>
      {list.isPending ? (
        <Stack gap="xs" role="status">
          <VisuallyHidden>{text.loading}</VisuallyHidden>
          <Skeleton height={96} />
        </Stack>
      ) : list.isError ? (
        <ErrorView title={text.failed} error={list.error} onRetry={() => void list.refetch()} />
      ) : requests.length === 0 ? (
        <Text c="dimmed">{text.empty}</Text>
      ) : status === 'PENDING' ? (
        requests.map((request) => <ApprovalCard key={request.id} request={request} viewer={viewer} />)
      ) : (
        <DecidedTable requests={requests} />
      )}
      <LoadMoreButton list={list} />
    </Stack>
  );
}

export default function ApprovalsPage() {
  const user = useSignedInUser();
  return (
    <Page title="Approvals" description="Administrative changes, such as a new API user or a new quorum threshold, wait here until enough admins approve them.">
      {!mayPerform(user.role, 'approveApprovalRequest') && <Text>Your role, {ROLE_LABELS[user.role]}, can follow these requests but not decide on them.</Text>}
      <ApprovalSection status="PENDING" viewer={user} />
      <ApprovalSection status="DECIDED" viewer={user} />
    </Page>
  );
}
