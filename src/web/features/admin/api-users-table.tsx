import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import type { ApiUser, UserStatus } from '../../../contract/admin';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { CopyableValue } from '../../components/copyable-value';
import { ApiUserEnabledSwitch } from './api-user-enabled-switch';

// Yellow: waiting on an admin (a pairing token); orange: waiting on the device; teal: in service.
const STATUS: Record<UserStatus, { label: string; color: string }> = {
  PENDING_ACTIVATION: { label: 'Pending activation', color: 'yellow' },
  PENDING_DEVICE_PAIRING: { label: 'Pending device pairing', color: 'orange' },
  PENDING_DEVICE_SETUP: { label: 'Pending device setup', color: 'orange' },
  READY: { label: 'Ready', color: 'teal' },
};

const USER_TYPES: Record<ApiUser['userType'], string> = { API: 'API', CONSOLE: 'Console' };

/** What the signed-in role may do to the API users listed. */
export interface ApiUserActions {
  canSetEnabled: boolean;
  /** Absent when the role may not issue pairing tokens. */
  onIssuePairingToken?: (user: ApiUser) => void;
}

function ApiUserRow({ user, actions }: { user: ApiUser; actions: ApiUserActions }) {
  const nameId = useId();
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500} size="sm" id={nameId}>
          {user.name}
        </Text>
      </Table.Td>
      <Table.Td>{ROLE_LABELS[user.role]}</Table.Td>
      <Table.Td>
        <Badge variant="dot" color={STATUS[user.status].color}>
          {STATUS[user.status].label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {actions.canSetEnabled ? (
          <ApiUserEnabledSwitch user={user} nameId={nameId} />
        ) : (
          <Badge variant="dot" color={user.enabled ? 'teal' : 'gray'}>
            {user.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{USER_TYPES[user.userType]}</Table.Td>
      <Table.Td>
        <CopyableValue value={user.id} label={`API key of ${user.name}`} />
      </Table.Td>
      <Table.Td>
        {/* Only a user waiting for activation can be paired with a device. */}
        {actions.onIssuePairingToken && user.status === 'PENDING_ACTIVATION' && (
          <Button size="xs" variant="light" onClick={() => actions.onIssuePairingToken?.(user)} aria-describedby={nameId}>
            Issue pairing token
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function ApiUsersTable({ users, actions }: { users: readonly ApiUser[]; actions: ApiUserActions }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>{users.length === 1 ? '1 API user' : `${users.length} API users`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Enabled</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">API key</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <ApiUserRow key={user.id} user={user} actions={actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
