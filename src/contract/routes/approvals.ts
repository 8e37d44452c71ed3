import { ApprovalIdParam, ApprovalList, ApprovalListQuery, ApprovalRequest } from '../admin';
import { area, QUORUM_READERS } from './operation';

const approvals = area({ tags: ['Administration (extension)'], roles: QUORUM_READERS });

// The approval requests that administrative changes raise (the admins' decisions on them: decisions.ts).
export const listApprovalRequests = approvals.get('listApprovalRequests', '/v1/approval_requests', 'Approval requests, newest first (pending or decided)', {
  query: ApprovalListQuery,
  200: ['A page of requests', ApprovalList],
});

export const getApprovalRequest = approvals.get('getApprovalRequest', '/v1/approval_requests/{requestId}', 'One approval request', {
  params: ApprovalIdParam,
  200: ['The request', ApprovalRequest],
});
