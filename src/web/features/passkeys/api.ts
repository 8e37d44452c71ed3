import { notifications } from '@mantine/notifications';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Passkey, UpdatePasskeyPolicyRequest } from '../../../contract/passkeys';
import {
  deletePasskey,
  getPasskeyPolicy,
  registerPasskey,
  renamePasskey,
  startPasskeyRegistration,
  updatePasskeyPolicy,
} from '../../../contract/routes/passkeys';
import { api } from '../../lib/api';
import type { FormMutationOptions } from '../../lib/form-mutation';
import { createPasskeyCredential } from '../../lib/passkey-ceremony';
import { stepUpHeaders } from '../../lib/passkeys';
import { adminKeys, passkeyKeys } from '../../lib/query-keys';
import { useIdempotentMutation } from '../../lib/use-idempotency-key';

export const passkeyPolicyQuery = () =>
  queryOptions({
    queryKey: passkeyKeys.policy,
    queryFn: ({ signal }) => api(getPasskeyPolicy, { signal }),
  });

/**
 * Registers a passkey: the service's options (a discoverable credential with user verification,
 * none of mine again), the authenticator's answer, then the service's check of it. Each attempt
 * is a ceremony of its own with a single-use challenge, so each has its own Idempotency-Key.
 */
export function useRegisterPasskey({ onError }: FormMutationOptions) {
  return useIdempotentMutation({
    mutationFn: async (name: string, keyFor) => {
      const { challengeId, options } = await api(startPasskeyRegistration, { body: {} });
      const response = await createPasskeyCredential(options);
      const body = { challengeId, name, response };
      return api(registerPasskey, { body, idempotencyKey: keyFor(body) });
    },
    onSuccess: (passkey) => {
      notifications.show({ color: 'teal', title: 'Passkey added', message: `“${passkey.name}” signs you in and confirms your approvals from now on.` });
    },
    onError,
    // The policy lists the admins without a passkey.
    invalidates: [passkeyKeys.all],
  });
}

export function useRenamePasskey(passkeyId: string, { onError }: FormMutationOptions) {
  return useIdempotentMutation({
    mutationFn: (name: string, keyFor) => api(renamePasskey, { params: { passkeyId }, body: { name }, idempotencyKey: keyFor({ passkeyId, name }) }),
    onSuccess: (passkey) => {
      notifications.show({ color: 'teal', title: 'Passkey renamed', message: `It is now called “${passkey.name}”.` });
    },
    onError,
    invalidates: [passkeyKeys.mine],
  });
}

/** Removes a passkey, confirmed with a passkey (perhaps this very one): removing one weakens the account. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: async (passkey: Passkey, keyFor) => {
      const headers = await stepUpHeaders(queryClient, { operationId: 'deletePasskey', resourceId: passkey.id });
      await api(deletePasskey, { params: { passkeyId: passkey.id }, headers, idempotencyKey: keyFor({ delete: passkey.id }) });
      return passkey;
    },
    meta: { errorTitle: 'The passkey was not removed' },
    onSuccess: (passkey) => {
      notifications.show({ color: 'teal', title: 'Passkey removed', message: `“${passkey.name}” can no longer sign you in.` });
    },
    invalidates: [passkeyKeys.all],
  });
}

/** Raises the approval request that turns the workspace's setting on or off; with a threshold of 1 it is carried out at once. */
export function useRequestPasskeyPolicy({ onError }: FormMutationOptions) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: async (body: UpdatePasskeyPolicyRequest, keyFor) => {
      const headers = await stepUpHeaders(queryClient, { operationId: 'updatePasskeyPolicy', body });
      return api(updatePasskeyPolicy, { body, headers, idempotencyKey: keyFor(body) });
    },
    onSuccess: (request) => {
      notifications.show({
        color: 'teal',
        title: request.status === 'EXECUTED' ? 'Setting changed' : 'Setting change requested',
        message:
          request.status === 'EXECUTED'
            ? `${request.summary}: done.`
            : `${request.summary}: ${request.approvals} of ${request.requiredApprovals} approvals so far; it is decided in Approvals.`,
      });
    },
    onError,
    // Also after a failure: a 409 names the admins without a passkey, or a change already waiting.
    invalidates: [passkeyKeys.all, adminKeys.all],
  });
}
