import { Alert, Anchor, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useId } from 'react';
import { Link } from 'react-router';
import type { AdminQuorumState } from '../../../contract/admin';
import { mayPerform } from '../../../contract/operations';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { ColumnHeads } from '../../components/facts';
import { Page } from '../../components/page';
import { useSignedInUser } from '../../lib/use-session-state';
import type { PageData } from '../../lib/page-data';
import { quorumQueries } from './api';
import { approvalQueries } from './approval-queries';
import { approvalsCount } from './approval-labels';
import { QuorumForm } from './quorum-form';
import { LoadingSkeleton } from '../../components/section';

function CurrentThreshold({ quorum }: { quorum: AdminQuorumState }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        Current threshold
      </Text>
      <Group gap="xs" align="baseline">
        <Text fz={36} fw={700} lh={1.2} data-testid="current-threshold">
          {quorum.adminQuorumThreshold}
        </Text>
        <Text>
          of {quorum.admins.length} {quorum.admins.length === 1 ? 'admin' : 'admins'} must approve each administrative change.
        </Text>
      </Group>
    </Paper>
  );
}

function PendingChange({ requestId, editable }: { requestId: string; editable: boolean }) {
  const request = useQuery(approvalQueries.detail(requestId));
  return (
    // A standing fact rather than an event: polite, not interrupting like Mantine's default role "alert".
    <Alert role="status" color="blue" variant="light" icon={<IconHourglass aria-hidden />} title="A threshold change is waiting for approval">
      <Stack gap={4}>
        {request.isPending ? (
          <Skeleton height={16} width="60%" />
        ) : request.isError ? (
          <Text size="sm">Its details could not be loaded.</Text>
        ) : (
          <Text size="sm">
            {request.data.summary}: {approvalsCount(request.data)} so far.
          </Text>
        )}
        <Text size="sm">
          {editable && 'A new change can be requested once this one is decided. '}
          {/* The theme's link blue is too faint on the alert's blue; an underline marks the link instead. */}
          <Anchor component={Link} to="/admin/approvals" size="sm" c="inherit" fw={600} underline="always">
            Review it in Approvals
          </Anchor>
        </Text>
      </Stack>
    </Alert>
  );
}

function QuorumAdmins({ quorum }: { quorum: AdminQuorumState }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        Admins who count
      </Title>
      <Text size="sm" c="dimmed">
        Enabled owners, admins and non-signing admins: each one&apos;s approval counts towards the threshold.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="sm">
          <ColumnHeads columns={['Name', 'Role', 'Email']} />
          <Table.Tbody>
            {quorum.admins.map((admin) => (
              <Table.Tr key={admin.id}>
                <Table.Td>{admin.name}</Table.Td>
                <Table.Td>{ROLE_LABELS[admin.role]}</Table.Td>
                <Table.Td>{admin.email}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export const pageData: PageData = {
  errorTitle: 'The quorum could not be loaded',
  load: ({ queryClient }) => queryClient.ensureQueryData(quorumQueries.state()),
};

function Quorum() {
  const user = useSignedInUser();
  const { data: quorum } = useSuspenseQuery(quorumQueries.state());
  const editable = mayPerform(user.role, 'updateAdminQuorum');
  return (
    <>
      <CurrentThreshold quorum={quorum} />
      {quorum.pendingRequestId && <PendingChange requestId={quorum.pendingRequestId} editable={editable} />}
      {!editable && <Text>Your role, {ROLE_LABELS[user.role]}, can see the quorum but not change it.</Text>}
      {editable && !quorum.pendingRequestId && (
        // Keyed by the state it validates against, so the form starts afresh when that changes.
        <QuorumForm key={`${quorum.adminQuorumThreshold}/${quorum.admins.length}`} quorum={quorum} />
      )}
      <QuorumAdmins quorum={quorum} />
    </>
  );
}

export default function QuorumPage() {
  return (
    <Page
      title="Quorum"
      description="How many admins must approve an administrative change, such as a new API user or a new threshold, before it takes effect."
    >
      <Suspense fallback={<LoadingSkeleton label="Loading the quorum…" heights={[80, 160]} gap="md" />}>
        <Quorum />
      </Suspense>
    </Page>
  );
}
