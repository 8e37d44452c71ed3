import { Alert, Anchor, Badge, Group, List, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Passkey, PasskeyList } from '../../../contract/passkeys';
import { mayPerform } from '../../../contract/operations';
import { ColumnHeads } from '../../components/facts';
import { useSignedInUser } from '../../lib/use-session-state';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorView } from '../../components/error-view';
import { Page } from '../../components/page';
import { LoadingSkeleton, Section } from '../../components/section';
import { UtcTime } from '../../components/utc-time';
import { describeError } from '../../lib/api-client';
import type { PageData } from '../../lib/page-data';
import { myPasskeysQuery } from '../../lib/passkeys';
import { passkeyPolicyQuery, useRegisterPasskey, useRemovePasskey, useRenamePasskey, useRequestPasskeyPolicy } from './api';
import { PasskeyNameForm, usePasskeyNameForm } from './passkey-name-form';

const DEVICE_TYPES: Record<Passkey['deviceType'], string> = {
  singleDevice: 'This device only',
  multiDevice: 'Synced across devices',
};

function RequiredNotice({ mine }: { mine: PasskeyList }) {
  if (!mine.requiredForMe) return null;
  if (mine.passkeys.length === 0) {
    return (
      <Alert role="status" color="orange" variant="light" icon={<IconShieldExclamation aria-hidden />} title="Your workspace requires a passkey of you">
        Add one below: until you do, approvals and other protected changes are refused, and you cannot sign in with your password.
      </Alert>
    );
  }
  return (
    <Alert role="status" color="blue" variant="light" icon={<IconShieldCheck aria-hidden />} title="Your workspace requires passkeys of admins">
      You sign in with a passkey and confirm approvals with one. Your last passkey cannot be removed while this holds.
    </Alert>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { form, onError } = usePasskeyNameForm(passkey.name, 'The passkey was not renamed');
  const rename = useRenamePasskey(passkey.id, { onError });
  return (
    <Modal opened onClose={rename.isPending ? () => {} : onClose} title={`Rename “${passkey.name}”`} centered>
      <PasskeyNameForm
        form={form}
        label="New name"
        formLabel="Rename passkey"
        submitLabel="Rename"
        operation="renamePasskey"
        pending={rename.isPending}
        onSubmit={(name) => rename.mutate(name, { onSuccess: onClose })}
        onCancel={onClose}
      />
    </Modal>
  );
}

function RemoveDialog({ passkey, last, onClose }: { passkey: Passkey; last: boolean; onClose: () => void }) {
  const remove = useRemovePasskey();
  return (
    <ConfirmDialog
      opened
      title={`Remove “${passkey.name}”?`}
      confirmLabel="Remove"
      confirmColor="red"
      loading={remove.isPending}
      onConfirm={() => remove.mutate(passkey, { onSettled: onClose })}
      onClose={onClose}
    >
      <Text size="sm">
        It will no longer sign you in or confirm your approvals. You confirm the removal with one of your passkeys
        {last ? ': this one, since it is your last' : ''}.
      </Text>
    </ConfirmDialog>
  );
}

function PasskeysTable({ mine }: { mine: PasskeyList }) {
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  if (mine.passkeys.length === 0) return <Text c="dimmed">You have no passkey yet.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" aria-label="Your passkeys">
          <ColumnHeads columns={['Name', 'Kind', 'Added', 'Last used', { label: 'Actions', hidden: true }]} />
          <Table.Tbody>
            {mine.passkeys.map((passkey) => (
              <Table.Tr key={passkey.id}>
                <Table.Th scope="row" fw={500}>
                  {passkey.name}
                </Table.Th>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm">{DEVICE_TYPES[passkey.deviceType]}</Text>
                    {passkey.backedUp && (
                      <Badge variant="light" color="gray" size="sm">
                        Backed up
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <UtcTime ms={passkey.createdAt} />
                </Table.Td>
                <Table.Td>{passkey.lastUsedAt === null ? 'Never' : <UtcTime ms={passkey.lastUsedAt} />}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <ActionButton
                      operation="renamePasskey"
                      size="xs"
                      variant="default"
                      onClick={() => setRenaming(passkey)}
                      aria-label={`Rename ${passkey.name}`}
                    >
                      Rename
                    </ActionButton>
                    <ActionButton
                      operation="deletePasskey"
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setRemoving(passkey)}
                      aria-label={`Remove ${passkey.name}`}
                    >
                      Remove
                    </ActionButton>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {renaming && <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemoveDialog passkey={removing} last={mine.passkeys.length === 1} onClose={() => setRemoving(null)} />}
    </>
  );
}

/** `origin`: where the service's passkeys belong (PUBLIC_ORIGIN); a browser makes none for a page of another origin. */
function AddPasskey({ origin }: { origin: string }) {
  const { form, onError } = usePasskeyNameForm('', 'The passkey was not added');
  const add = useRegisterPasskey({ onError });
  // Said before the button rather than after a failed attempt: at 127.0.0.1, say, the browser refuses.
  const elsewhere = origin !== window.location.origin;
  return (
    <Section title="Add a passkey">
      <Text size="sm">
        Your browser asks your device (its fingerprint or face unlock, its PIN, or a security key) to make a passkey for this console. It stays on the device,
        or in the password manager that syncs it; the service keeps only its public key.
      </Text>
      {elsewhere && (
        <Alert role="status" color="orange" variant="light" icon={<IconShieldExclamation aria-hidden />} title={`Passkeys work only at ${origin}`}>
          This page is open at {window.location.origin}, where browsers make no passkey for this console.{' '}
          <Anchor href={`${origin}/security`} fw={600} underline="always">
            Open this page at {origin}
          </Anchor>{' '}
          (and sign in there) to add one.
        </Alert>
      )}
      <PasskeyNameForm
        form={form}
        label="Name"
        formLabel="Add a passkey"
        submitLabel="Add passkey"
        operation="registerPasskey"
        disabled={elsewhere}
        pending={add.isPending}
        onSubmit={(name) => add.mutate(name, { onSuccess: () => form.reset({ name: '' }) })}
      />
    </Section>
  );
}

/** The admins' workspace setting: changed through an approval request, as the quorum is. */
function WorkspacePolicy({ editable }: { editable: boolean }) {
  const policy = useQuery(passkeyPolicyQuery());
  // A refusal (an admin without a passkey, a change already waiting) is shown where the button was.
  const [refusal, setRefusal] = useState<string | null>(null);
  const request = useRequestPasskeyPolicy({ onError: (error) => setRefusal(describeError(error).message) });
  const [confirming, setConfirming] = useState(false);
  return (
    <Section title="Passkeys for admins">
      {policy.isPending ? (
        <Skeleton height={48} />
      ) : policy.isError ? (
        <ErrorView title="The workspace setting could not be loaded" error={policy.error} onRetry={() => void policy.refetch()} />
      ) : (
        <>
          <Text size="sm" data-testid="passkey-policy">
            {policy.data.adminsRequirePasskeys
              ? 'Required: owners, admins and non-signing admins sign in with a passkey and confirm approvals and protected changes with one.'
              : 'Not required: admins may sign in with their password, and confirm with a passkey only once they have one.'}
          </Text>
          {policy.data.adminsWithoutPasskey.length > 0 && (
            <Stack gap={4}>
              <Text size="sm">Admins without a passkey{policy.data.adminsRequirePasskeys ? '' : ' (it cannot be required until each has one)'}:</Text>
              <List size="sm" aria-label="Admins without a passkey">
                {policy.data.adminsWithoutPasskey.map((admin) => (
                  <List.Item key={admin.id}>{admin.name}</List.Item>
                ))}
              </List>
            </Stack>
          )}
          {refusal && (
            <Alert color="red" variant="light" role="alert" title="The setting change was not requested" withCloseButton onClose={() => setRefusal(null)}>
              {refusal}
            </Alert>
          )}
          {policy.data.pendingRequestId ? (
            <Text size="sm">
              A change of this setting is waiting for approval.{' '}
              <Anchor component={Link} to="/admin/approvals" size="sm" fw={600} underline="always">
                Review it in Approvals
              </Anchor>
            </Text>
          ) : (
            editable && (
              <Group>
                <ActionButton
                  operation="updatePasskeyPolicy"
                  variant={policy.data.adminsRequirePasskeys ? 'default' : 'filled'}
                  onClick={() => {
                    setRefusal(null);
                    setConfirming(true);
                  }}
                >
                  {policy.data.adminsRequirePasskeys ? 'Stop requiring passkeys' : 'Require passkeys for admins'}
                </ActionButton>
              </Group>
            )
          )}
          <ConfirmDialog
            opened={confirming}
            title={policy.data.adminsRequirePasskeys ? 'Stop requiring passkeys of admins?' : 'Require passkeys of admins?'}
            confirmLabel="Request change"
            loading={request.isPending}
            onConfirm={() => request.mutate({ adminsRequirePasskeys: !policy.data.adminsRequirePasskeys }, { onSettled: () => setConfirming(false) })}
            onClose={() => setConfirming(false)}
          >
            <Text size="sm">
              The change is an approval request: it takes effect once enough admins approve it, as a quorum change does. Your own approval counts
              {policy.data.adminsRequirePasskeys ? '' : '; from then on, password-only sign-in of admins is refused'}.
            </Text>
          </ConfirmDialog>
        </>
      )}
    </Section>
  );
}

/** My passkeys, once the route's loader (or this read) has them. */
function MyPasskeys() {
  const { data: mine } = useSuspenseQuery(myPasskeysQuery());
  return (
    <>
      <RequiredNotice mine={mine} />
      <Section title="Your passkeys">
        <PasskeysTable mine={mine} />
      </Section>
      <AddPasskey origin={mine.origin} />
    </>
  );
}

export const pageData: PageData = {
  errorTitle: 'Your passkeys could not be loaded',
  load: ({ queryClient }) => queryClient.ensureQueryData(myPasskeysQuery()),
};

export default function SecurityPage() {
  const user = useSignedInUser();
  return (
    <Page
      title="Security"
      description="Your passkeys: sign in without a password, and confirm approvals and other protected changes with the device that holds them."
    >
      <Suspense fallback={<LoadingSkeleton label="Loading your passkeys…" heights={[120]} gap="md" />}>
        <MyPasskeys />
      </Suspense>
      {mayPerform(user.role, 'getPasskeyPolicy') && <WorkspacePolicy editable={mayPerform(user.role, 'updatePasskeyPolicy')} />}
    </Page>
  );
}
