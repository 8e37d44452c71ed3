import { notifications } from '@mantine/notifications';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AdminQuorumRequest, ApiUser, ApprovalRequest, CreateApiUserRequest } from '../../../contract/admin';
import {
  createApiUser,
  getAdminQuorum,
  getApiUser,
  issuePairingToken,
  listApiUsers,
  setApiUserEnabled,
  updateAdminQuorum,
} from '../../../contract/routes/admin';
import { approveApprovalRequest, cancelApprovalRequest, rejectApprovalRequest } from '../../../contract/routes/decisions';
import { api } from '../../lib/api';
import type { FormMutationOptions } from '../../lib/form-mutation';
import { stepUpHeaders } from '../../lib/passkeys';
import { adminKeys, passkeyKeys, peopleKeys } from '../../lib/query-keys';
import { useIdempotentMutation } from '../../lib/use-idempotency-key';

/**
 * Every query of this area sits under one root: a decision can create an API user or change the
 * quorum, so after one the whole area is invalidated (only what is on screen refetches).
 */
const ADMIN = adminKeys.all;

/** Query keys of the API users, nested so that invalidating `all` refreshes every view of them. */
export const apiUserQueries = {
  all: adminKeys.apiUsers,
  list: () =>
    queryOptions({
      queryKey: [...apiUserQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api(listApiUsers, { signal }),
      select: (response) => response.users,
    }),
  detail: (userId: string) =>
    queryOptions({
      queryKey: [...apiUserQueries.all, 'detail', userId] as const,
      queryFn: ({ signal }) => api(getApiUser, { params: { userId }, signal }),
    }),
};

export const quorumQueries = {
  all: adminKeys.quorum,
  state: () =>
    queryOptions({
      queryKey: [...quorumQueries.all, 'state'] as const,
      queryFn: ({ signal }) => api(getAdminQuorum, { signal }),
    }),
};

/**
 * A request that left the pending list was decided, perhaps by another admin: what a decision
 * carries out (the quorum, the API users) is read again, so those pages do not show the old state
 * for as long as it counts as fresh.
 */
export function useRefreshWhenDecided(pendingIds: readonly string[] | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(pendingIds);
  useEffect(() => {
    const before = previous.current;
    previous.current = pendingIds;
    if (!before || !pendingIds || before.every((id) => pendingIds.includes(id))) return;
    void queryClient.invalidateQueries({ queryKey: quorumQueries.all });
    void queryClient.invalidateQueries({ queryKey: apiUserQueries.all });
    void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
  }, [pendingIds, queryClient]);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function useRequestQuorumChange({ onError }: FormMutationOptions) {
  return useIdempotentMutation({
    mutationFn: (body: AdminQuorumRequest, keyFor) => api(updateAdminQuorum, { body, idempotencyKey: keyFor(body) }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'teal', title: 'Threshold change requested', message });
    },
    onError,
    // Also after a failure: a 409 means a change is pending that this page has not shown yet.
    invalidates: [ADMIN],
  });
}

export type ApprovalDecision = 'approve' | 'reject' | 'cancel';

/**
 * After a decision (or a request that carried itself out) the area, the people an approved API user
 * joins, and the passkey requirement an approved request changes, are read again.
 */
const CHANGED_BY_DECISION = [ADMIN, peopleKeys.all, passkeyKeys.policy];

const DECISION_FAILED: Record<ApprovalDecision, string> = {
  approve: 'The approval was not recorded',
  reject: 'The rejection was not recorded',
  cancel: 'The request was not canceled',
};

function decisionNotice(decision: ApprovalDecision, after: ApprovalRequest): { title: string; message: string } {
  if (decision === 'cancel') return { title: 'Request canceled', message: after.summary };
  if (decision === 'reject') return { title: 'Request rejected', message: `${after.summary}: it will not be carried out.` };
  if (after.status === 'EXECUTED') return { title: 'Approved and carried out', message: `${after.summary}: done.` };
  return {
    title: 'Approved',
    message: `${after.summary}: ${after.approvals} of ${plural(after.requiredApprovals, 'approval', 'approvals')} so far.`,
  };
}

const DECISIONS = { approve: approveApprovalRequest, reject: rejectApprovalRequest, cancel: cancelApprovalRequest } as const;
const STEP_UP_OPERATIONS = { approve: 'approveApprovalRequest', reject: 'rejectApprovalRequest' } as const;

/**
 * Approve, reject or cancel one request; failures are notified with the service's reason (e.g.
 * 409). Approving and rejecting are confirmed with one of my passkeys when I have one, bound to
 * this very request (its id, kind and content, as the service stores it).
 */
export function useDecideApproval(decision: ApprovalDecision) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: async (request: ApprovalRequest, keyFor) => {
      const headers = decision === 'cancel' ? {} : await stepUpHeaders(queryClient, { operationId: STEP_UP_OPERATIONS[decision], resourceId: request.id });
      return api(DECISIONS[decision], { params: { requestId: request.id }, headers, idempotencyKey: keyFor({ id: request.id, decision }) });
    },
    meta: { errorTitle: DECISION_FAILED[decision] },
    onSuccess: (after) => {
      notifications.show({ color: 'teal', ...decisionNotice(decision, after) });
    },
    // Also after a failure: a 409 means somebody else decided first, which the page should show.
    invalidates: CHANGED_BY_DECISION,
  });
}

export interface CreateApiUserInput {
  body: CreateApiUserRequest;
  /** The quorum threshold when the form was sent, to tell the user what happens next; null if unknown. */
  requiredApprovals: number | null;
}

function creationNotice({ body, requiredApprovals }: CreateApiUserInput): string {
  if (requiredApprovals === 1) {
    return `Your own approval met the threshold of 1, so “${body.name}” was created and is listed now.`;
  }
  if (requiredApprovals === null) return `“${body.name}” is listed once enough admins approve the request in Approvals.`;
  return `Creating “${body.name}” needs ${plural(requiredApprovals, 'approval', 'approvals')}, yours included. It is listed once other admins approve it in Approvals.`;
}

export function useCreateApiUser({ onError }: FormMutationOptions) {
  return useIdempotentMutation({
    // The service answers 200 without a body: the user exists only once the request is approved.
    mutationFn: ({ body }: CreateApiUserInput, keyFor) => api(createApiUser, { body, idempotencyKey: keyFor(body) }),
    onSuccess: (_nothing, input) => {
      notifications.show({ color: 'teal', title: 'Approval request sent', message: creationNotice(input) });
    },
    onError,
    // With a threshold of 1 the request executes at once: the new API user is a person to name.
    invalidates: CHANGED_BY_DECISION,
  });
}

export function useSetApiUserEnabled() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    // Disabling or enabling an API user changes who may act: confirmed with a passkey when I have one.
    mutationFn: async ({ user, enabled }: { user: ApiUser; enabled: boolean }, keyFor) => {
      const body = { enabled };
      const headers = await stepUpHeaders(queryClient, { operationId: 'setApiUserEnabled', resourceId: user.id, body });
      return api(setApiUserEnabled, { params: { userId: user.id }, body, headers, idempotencyKey: keyFor({ id: user.id, enabled }) });
    },
    meta: { errorTitle: 'The API user was not changed' },
    onSuccess: (after) => {
      notifications.show({
        color: 'teal',
        title: after.enabled ? `“${after.name}” enabled` : `“${after.name}” disabled`,
        message: after.enabled ? 'Its requests are accepted again.' : 'Its requests are refused from its next call until it is enabled again.',
      });
    },
    invalidates: [apiUserQueries.all],
  });
}

export function useIssuePairingToken() {
  return useIdempotentMutation({
    mutationFn: (user: ApiUser, keyFor) => api(issuePairingToken, { params: { userId: user.id }, idempotencyKey: keyFor({ id: user.id }) }),
    // The token is a credential: do not keep it in the mutation cache once the dialog is gone.
    gcTime: 0,
    meta: { errorTitle: 'No pairing token was issued' },
    onSuccess: (issued) => {
      notifications.show({ color: 'teal', title: 'Pairing token issued', message: `“${issued.name}” now waits for its device to pair.` });
    },
    invalidates: [apiUserQueries.all],
  });
}
