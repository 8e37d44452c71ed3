import type { ApprovalRequest } from '../../contract/admin';

/** A pending request to raise the admin quorum threshold from 2 to 3, approved once so far; a test states what its case changes. */
export const pendingQuorumChange = (changes: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'ADMIN_QUORUM_THRESHOLD',
  status: 'PENDING',
  summary: 'Change the admin quorum threshold from 2 to 3',
  change: { adminQuorumThreshold: 3, before: 2 },
  requestedBy: { id: 'a3', name: 'Adam Admin' },
  requiredApprovals: 2,
  approvals: 1,
  decisions: [],
  createdAt: 1,
  decidedAt: null,
  result: null,
  ...changes,
});
