import { ApprovalIdParam, ApprovalList, ApprovalListQuery, ApprovalRequest } from '../admin';
import { defineOperation, QUORUM_READERS } from './operation';

// The approval requests that administrative changes raise (the admins' decisions on them: decisions.ts).
export const listApprovalRequests = defineOperation({
  id: 'listApprovalRequests',
  method: 'get',
  path: '/v1/approval_requests',
  tags: ['Administration (extension)'],
  summary: 'Approval requests, newest first (pending or decided)',
  roles: QUORUM_READERS,
  rateCategory: 'query',
  query: ApprovalListQuery,
  responses: { 200: { description: 'A page of requests', schema: ApprovalList } },
});

export const getApprovalRequest = defineOperation({
  id: 'getApprovalRequest',
  method: 'get',
  path: '/v1/approval_requests/{requestId}',
  tags: ['Administration (extension)'],
  summary: 'One approval request',
  roles: QUORUM_READERS,
  rateCategory: 'query',
  params: ApprovalIdParam,
  responses: { 200: { description: 'The request', schema: ApprovalRequest } },
  errors: [404],
});
