import { Button, EmptyState, Group, Modal, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiUser } from '../../../contract/admin';
import { mayPerform } from '../../../contract/operations';
import { ErrorView } from '../../components/error-view';
import { Page } from '../../components/page';
import { useRequestedAction } from '../../lib/requested-action';
import { useSignedInUser } from '../../app/auth/use-session';
import { apiUserQueries, approvalQueries } from './api';
import { type ApiUserActions, ApiUsersTable } from './api-users-table';
import { CreateApiUserForm } from './create-api-user-form';
import { PairingTokenDialog } from './pairing-token-dialog';

export default function ApiUsersPage() {
  const { role } = useSignedInUser();
  const users = useQuery(apiUserQueries.list());
  // Creation requests still waiting (the first page of them: the approvals page has the rest).
  const pending = useInfiniteQuery({ ...approvalQueries.list('PENDING'), enabled: mayPerform(role, 'listApprovalRequests') });
  const awaitingApproval = pending.data?.pages[0]?.data.filter((request) => request.kind === 'API_USER_CREATION') ?? [];
  const [creating, setCreating] = useState(false);
  useRequestedAction('createApiUser', () => setCreating(true));
  // Held here, not in the row: issuing the token changes the user's status, and with it the row.
  const [pairing, setPairing] = useState<ApiUser | null>(null);
  const canCreate = mayPerform(role, 'createApiUser');
  const actions: ApiUserActions = {
    canSetEnabled: mayPerform(role, 'setApiUserEnabled'),
    onIssuePairingToken: mayPerform(role, 'issuePairingToken') ? setPairing : undefined,
  };

  return (
    <Page title="API users" description="Programs and scripts that call the service with a key of their own.">
      {canCreate && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New API user
          </Button>
        </Group>
      )}
      {users.isPending ? (
        <Stack gap="xs" role="status">
          <VisuallyHidden>Loading API users…</VisuallyHidden>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={36} radius="sm" />
          ))}
        </Stack>
      ) : users.isError ? (
        <ErrorView title="The API users could not be loaded" error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 && awaitingApproval.length === 0 ? (
        <EmptyState icon={<IconKey aria-hidden />} withIndicatorBackground align="left" py="xl">
          <EmptyState.Title order={2}>No API users yet</EmptyState.Title>
          <EmptyState.Description>
            This workspace has no API users.{canCreate && ' Create one with “New API user”; it is added once admins approve it.'}
          </EmptyState.Description>
        </EmptyState>
      ) : (
        <ApiUsersTable users={users.data} awaitingApproval={awaitingApproval} actions={actions} />
      )}
      {/* Clicking outside would throw away a half-filled form, or a key generated and not yet saved. */}
      <Modal opened={creating} onClose={() => setCreating(false)} title="New API user" size="lg" closeOnClickOutside={false}>
        <CreateApiUserForm onDone={() => setCreating(false)} />
      </Modal>
      <PairingTokenDialog user={pairing} onClose={() => setPairing(null)} />
    </Page>
  );
}
