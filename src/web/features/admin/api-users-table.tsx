import { Badge, Table, Text } from '@mantine/core';
import type { ApiUser, UserStatus } from '../../../contract/admin';
import { ROLE_LABELS } from '../../../contract/roles';
import { CopyableValue } from '../../components/copyable-value';

const STATUS: Record<UserStatus, { label: string; color: string }> = {
  PENDING_ACTIVATION: { label: 'Pending activation', color: 'yellow' },
  PENDING_DEVICE_PAIRING: { label: 'Pending device pairing', color: 'orange' },
  PENDING_DEVICE_SETUP: { label: 'Pending device setup', color: 'orange' },
  READY: { label: 'Ready', color: 'teal' },
};

const USER_TYPES: Record<ApiUser['userType'], string> = { API: 'API', CONSOLE: 'Console' };

export function ApiUsersTable({ users }: { users: readonly ApiUser[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>
          {users.length === 1 ? '1 API user' : `${users.length} API users`}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Enabled</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">API key</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Text fw={500} size="sm">
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
                <Badge variant="dot" color={user.enabled ? 'teal' : 'gray'}>
                  {user.enabled ? 'Enabled' : 'Disabled'}
                </Badge>
              </Table.Td>
              <Table.Td>{USER_TYPES[user.userType]}</Table.Td>
              <Table.Td>
                <CopyableValue value={user.id} label={`API key of ${user.name}`} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
