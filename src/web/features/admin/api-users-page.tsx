import { EmptyState, Group, Modal } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import type { ApiUser, ApprovalRequest } from '../../../contract/admin';
import { mayPerform } from '../../../contract/operations';
import { ActionButton } from '../../components/action-button';
import { FormLoader } from '../../components/form-loader';
import { Page } from '../../components/page';
import { preloadable } from '../../components/preloadable';
import { useRequestedAction } from '../../lib/requested-action';
import { useSignedInUser } from '../../lib/use-session-state';
import type { PageData } from '../../lib/page-data';
import { apiUserQueries } from './api';
import { approvalQueries } from './approval-queries';
import { type ApiUserActions, ApiUsersTable } from './api-users-table';
import { PairingTokenDialog } from './pairing-token-dialog';
import { LoadingSkeleton } from '../../components/section';

// The new API user's form (its form library, the key and CSR checks) is not drawn until asked for:
// fetched as the page opens, not before it draws.
const CreateApiUserForm = preloadable(async () => (await import('./create-api-user-form')).CreateApiUserForm);

export const pageData: PageData = {
  errorTitle: 'The API users could not be loaded',
  load: ({ queryClient }) => queryClient.ensureQueryData(apiUserQueries.list()),
};

function ApiUsersList({ awaitingApproval, canCreate, actions }: { awaitingApproval: ApprovalRequest[]; canCreate: boolean; actions: ApiUserActions }) {
  const { data: users } = useSuspenseQuery(apiUserQueries.list());
  return users.length === 0 && awaitingApproval.length === 0 ? (
    <EmptyState icon={<IconKey aria-hidden />} withIndicatorBackground align="left" py="xl">
      <EmptyState.Title order={2}>No API users yet</EmptyState.Title>
      <EmptyState.Description>
        This workspace has no API users.{canCreate && ' Create one with “New API user”; it is added once admins approve it.'}
      </EmptyState.Description>
    </EmptyState>
  ) : (
    <ApiUsersTable users={users} awaitingApproval={awaitingApproval} actions={actions} />
  );
}

export default function ApiUsersPage() {
  const { role } = useSignedInUser();
  // Creation requests still waiting (the first page of them: the approvals page has the rest).
  const pending = useInfiniteQuery({ ...approvalQueries.list('PENDING'), enabled: mayPerform(role, 'listApprovalRequests') });
  const awaitingApproval = pending.data?.pages[0]?.data.filter((request) => request.kind === 'API_USER_CREATION') ?? [];
  const [creating, setCreating] = useState(false);
  useEffect(() => CreateApiUserForm.preload(), []);
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
          <ActionButton operation="createApiUser" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New API user
          </ActionButton>
        </Group>
      )}
      <Suspense fallback={<LoadingSkeleton label="Loading API users…" heights={[36, 36, 36, 36]} gap="xs" radius="sm" />}>
        <ApiUsersList awaitingApproval={awaitingApproval} canCreate={canCreate} actions={actions} />
      </Suspense>
      {/* Clicking outside would throw away a half-filled form, or a key generated and not yet saved. */}
      <Modal opened={creating} onClose={() => setCreating(false)} title="New API user" size="lg" closeOnClickOutside={false}>
        <Suspense fallback={<FormLoader />}>
          <CreateApiUserForm onDone={() => setCreating(false)} />
        </Suspense>
      </Modal>
      <PairingTokenDialog user={pairing} onClose={() => setPairing(null)} />
    </Page>
  );
}
