import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { ApiUser, ApprovalRequest, UserStatus } from '../../../contract/admin';
import type { Role } from '../../../contract/roles';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { ActionButton } from '../../components/action-button';
import { CopyableValue } from '../../components/copyable-value';
import { ColumnHeads } from '../../components/facts';
import { apiUserAnchor } from '../../components/person';
import { ApiUserEnabledSwitch } from './api-user-enabled-switch';
import { approvalCardHref } from './approval-card';

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
  const anchor = apiUserAnchor(user.id);
  // A name elsewhere (the audit log, an approval) links here: the list arrives after the page, so
  // the row the link named brings itself into view once drawn, and stands out.
  const linkedTo = useLocation().hash === `#${anchor}`;
  const row = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (linkedTo) row.current?.scrollIntoView({ block: 'center' });
  }, [linkedTo]);
  return (
    <Table.Tr ref={row} id={anchor} aria-current={linkedTo ? 'true' : undefined} bg={linkedTo ? 'var(--mantine-primary-color-light)' : undefined}>
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
          <ActionButton operation="issuePairingToken" size="xs" variant="light" onClick={() => actions.onIssuePairingToken?.(user)} aria-describedby={nameId}>
            Issue pairing token
          </ActionButton>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * An API user that exists only as a creation request until admins approve it: listed with the
 * others so that whoever created it finds it, with the way to its request.
 */
function AwaitingApprovalRow({ request }: { request: ApprovalRequest }) {
  const nameId = useId();
  const { name, role } = request.change as { name?: unknown; role?: unknown };
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500} size="sm" id={nameId}>
          {typeof name === 'string' ? name : request.summary}
        </Text>
      </Table.Td>
      <Table.Td>{typeof role === 'string' && role in ROLE_LABELS ? ROLE_LABELS[role as Role] : '—'}</Table.Td>
      <Table.Td>
        <Badge variant="dot" color="gray">
          Pending approval
        </Badge>
      </Table.Td>
      <Table.Td>—</Table.Td>
      <Table.Td>{USER_TYPES.API}</Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          Issued once approved
        </Text>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={approvalCardHref(request.id)} size="sm" aria-describedby={nameId}>
          Approval request ({request.approvals} of {request.requiredApprovals})
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function ApiUsersTable({
  users,
  awaitingApproval = [],
  actions,
}: {
  users: readonly ApiUser[];
  /** Pending API_USER_CREATION requests, listed after the users that exist. */
  awaitingApproval?: readonly ApprovalRequest[];
  actions: ApiUserActions;
}) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>
          {countOf(users.length, 'API user', 'API users')}
          {awaitingApproval.length > 0 && `, ${countOf(awaitingApproval.length, 'pending approval', 'pending approval')}`}
        </Table.Caption>
        <ColumnHeads columns={['Name', 'Role', 'Status', 'Enabled', 'Type', 'API key', { label: 'Actions', hidden: true }]} />
        <Table.Tbody>
          {users.map((user) => (
            <ApiUserRow key={user.id} user={user} actions={actions} />
          ))}
          {awaitingApproval.map((request) => (
            <AwaitingApprovalRow key={request.id} request={request} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
