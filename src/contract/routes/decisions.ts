import { ApprovalIdParam, ApprovalRequest } from '../admin';
import { defineOperation, OWNER_AND_ADMINS } from './operation';

// The admins' decisions on an approval request (a module apart from the requests' reads, which
// every signed-in screen's navbar makes: it carries no more than it calls).
/** What the three decisions share; each names its own id, path and summary. */
const DECISION = {
  method: 'post',
  tags: ['Administration (extension)'],
  rateCategory: 'write',
  idempotent: true,
  params: ApprovalIdParam,
  responses: { 200: { description: 'The request after the decision', schema: ApprovalRequest } },
  errors: [404],
} as const;

export const approveApprovalRequest = defineOperation({
  ...DECISION,
  id: 'approveApprovalRequest',
  roles: OWNER_AND_ADMINS,
  path: '/v1/approval_requests/{requestId}/approve',
  summary: 'Approve a pending request (each admin once); it executes when approvals reach the threshold',
});

export const rejectApprovalRequest = defineOperation({
  ...DECISION,
  id: 'rejectApprovalRequest',
  roles: OWNER_AND_ADMINS,
  path: '/v1/approval_requests/{requestId}/reject',
  summary: 'Reject a pending request; it will never execute',
});

export const cancelApprovalRequest = defineOperation({
  ...DECISION,
  id: 'cancelApprovalRequest',
  roles: OWNER_AND_ADMINS,
  path: '/v1/approval_requests/{requestId}/cancel',
  summary: 'Cancel a pending request (only the one who raised it)',
});
