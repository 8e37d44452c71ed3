import { ApprovalIdParam, ApprovalList, ApprovalListQuery, ApprovalRequest } from '../admin';
import { area, QUORUM_READERS } from './operation';

const approvals = area({ tags: ['Administration (extension)'], roles: QUORUM_READERS });

// The approval requests that administrative changes raise (the admins' decisions on them: decisions.ts).
export const listApprovalRequests = approvals.read({
  id: 'listApprovalRequests',
  path: '/v1/approval_requests',
  summary: 'Approval requests, newest first (pending or decided)',
  query: ApprovalListQuery,
  responses: { 200: { description: 'A page of requests', schema: ApprovalList } },
});

export const getApprovalRequest = approvals.read({
  id: 'getApprovalRequest',
  path: '/v1/approval_requests/{requestId}',
  summary: 'One approval request',
  params: ApprovalIdParam,
  responses: { 200: { description: 'The request', schema: ApprovalRequest } },
  errors: [404],
});
