import type { ApprovalRequest } from '../../../contract/admin';

export const KIND_LABELS: Record<ApprovalRequest['kind'], string> = {
  ADMIN_QUORUM_THRESHOLD: 'Quorum threshold',
  API_USER_CREATION: 'New API user',
  PASSKEY_POLICY: 'Passkeys for admins',
};

export const STATUS_BADGES: Record<ApprovalRequest['status'], { label: string; color: string }> = {
  PENDING: { label: 'Pending', color: 'blue' },
  EXECUTED: { label: 'Executed', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
  CANCELED: { label: 'Canceled', color: 'gray' },
};

export const approvalsCount = ({ approvals, requiredApprovals }: Pick<ApprovalRequest, 'approvals' | 'requiredApprovals'>) =>
  `${approvals} of ${requiredApprovals} ${requiredApprovals === 1 ? 'approval' : 'approvals'}`;
