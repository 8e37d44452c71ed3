import { Badge, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Fragment, Suspense, useId, useMemo } from 'react';
import type { ApprovalRequest } from '../../../contract/admin';
import { mayPerform } from '../../../contract/operations';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { ColumnHeads } from '../../components/facts';
import { useSignedInUser } from '../../lib/use-session-state';
import { LoadMoreButton } from '../../components/load-more-button';
import { Page } from '../../components/page';
import { Person } from '../../components/person';
import { UtcTime } from '../../components/utc-time';
import { whileStreamDown } from '../../lib/live';
import type { PageData } from '../../lib/page-data';
import { useRefreshWhenDecided } from './api';
import { approvalQueries, type ApprovalListStatus } from './approval-queries';
import { APPROVALS_POLL_MS } from './pending-approvals-badge';
import { ApprovalCard, DecisionText, type Viewer } from './approval-card';
import { approvalsCount, STATUS_BADGES } from './approval-labels';
import { VerifySignaturesButton } from './signatures-dialog';

const SECTIONS: Record<ApprovalListStatus, { heading: string; loading: string; empty: string }> = {
  PENDING: {
    heading: 'Waiting for a decision',
    loading: 'Loading the requests waiting for a decision…',
    empty: 'Nothing is waiting for a decision.',
  },
  DECIDED: {
    heading: 'Decided',
    loading: 'Loading the decided requests…',
    empty: 'No request has been decided yet.',
  },
};

function DecidedTable({ requests }: { requests: readonly ApprovalRequest[] }) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped verticalSpacing="sm">
        <ColumnHeads columns={['Request', 'Raised by', 'Outcome', 'Approvals', 'Decisions', 'Decided', 'Signatures']} />
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
                        <DecisionText entry={entry} />
                      </Fragment>
                    ))}
              </Table.Td>
              <Table.Td>{request.decidedAt === null ? '—' : <UtcTime ms={request.decidedAt} />}</Table.Td>
              <Table.Td>{request.decisions.length === 0 ? '—' : <VerifySignaturesButton request={request} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export const pageData: PageData = {
  errorTitle: 'The approval requests could not be loaded',
  load: ({ queryClient }) => Promise.all((['PENDING', 'DECIDED'] as const).map((status) => queryClient.ensureInfiniteQueryData(approvalQueries.list(status)))),
};

/** One list of requests, newest first, with "Load more" while the service has older ones. */
function ApprovalList({ status, viewer }: { status: ApprovalListStatus; viewer: Viewer }) {
  // Followed (the live stream, or polling while it is down): another admin's decision moves a request
  // from one list to the other, and the requester's Cancel must go with it rather than fail with a 409 on the next click.
  const list = useSuspenseInfiniteQuery({ ...approvalQueries.list(status), refetchInterval: () => whileStreamDown(APPROVALS_POLL_MS) });
  const requests = useMemo(() => list.data.pages.flatMap((page) => page.data), [list.data]);
  const ids = useMemo(() => (status === 'PENDING' ? requests.map((request) => request.id) : undefined), [status, requests]);
  useRefreshWhenDecided(ids);

  return (
    <>
      {requests.length === 0 ? (
        <Text c="dimmed">{SECTIONS[status].empty}</Text>
      ) : status === 'PENDING' ? (
        requests.map((request) => <ApprovalCard key={request.id} request={request} viewer={viewer} />)
      ) : (
        <DecidedTable requests={requests} />
      )}
      <LoadMoreButton list={list} />
    </>
  );
}

function ApprovalSection({ status, viewer }: { status: ApprovalListStatus; viewer: Viewer }) {
  const headingId = useId();
  const text = SECTIONS[status];
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {text.heading}
      </Title>
      <Suspense
        fallback={
          <Stack gap="xs" role="status">
            <VisuallyHidden>{text.loading}</VisuallyHidden>
            <Skeleton height={96} />
          </Stack>
        }
      >
        <ApprovalList status={status} viewer={viewer} />
      </Suspense>
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
