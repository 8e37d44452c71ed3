import { createRoute } from '@hono/zod-openapi';
import {
  AdminQuorumRequest,
  AdminQuorumResponse,
  AdminQuorumState,
  ApiUser,
  ApiUserIdParam,
  ApiUsersResponse,
  ApprovalIdParam,
  ApprovalList,
  ApprovalListQuery,
  ApprovalRequest,
  CompleteSetupRequest,
  CompleteSetupResponse,
  CreateApiUserRequest,
  PairingTokenResponse,
  RedeemPairingRequest,
  RedeemPairingResponse,
  SetApiUserEnabledRequest,
} from '../admin';
import { IdempotencyHeaders, SECURITY } from './common';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

export const listApiUsers = createRoute({
  method: 'get',
  path: '/v1/management/api_users',
  operationId: 'listApiUsers',
  tags: ['Administration'],
  summary: 'List API keys',
  description: 'Roles: Admin, Non-Signing Admin. Rate category: query.',
  security: SECURITY,
  responses: {
    200: { description: 'The API users of the workspace', content: { 'application/json': { schema: ApiUsersResponse } } },
    ...errorResponses(...GUARDED),
  },
});

export const getApiUser = createRoute({
  method: 'get',
  path: '/v1/management/api_users/{userId}',
  operationId: 'getApiUser',
  tags: ['Administration (extension)'],
  summary: 'Get one API user',
  security: SECURITY,
  request: { params: ApiUserIdParam },
  responses: {
    200: { description: 'The API user', content: { 'application/json': { schema: ApiUser } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const setApiUserEnabled = createRoute({
  method: 'put',
  path: '/v1/management/api_users/{userId}/enabled',
  operationId: 'setApiUserEnabled',
  tags: ['Administration (extension)'],
  summary: 'Disable or re-enable an API user',
  description: 'Takes effect on the API user’s next request. Roles: Owner, Admin, Non-Signing Admin.',
  security: SECURITY,
  request: {
    params: ApiUserIdParam,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: SetApiUserEnabledRequest } } },
  },
  responses: {
    200: { description: 'The API user as stored', content: { 'application/json': { schema: ApiUser } } },
    ...errorResponses(...GUARDED_WRITE, 404),
  },
});

export const updateAdminQuorum = createRoute({
  method: 'put',
  path: '/v1/admin_quorum',
  operationId: 'updateAdminQuorum',
  tags: ['Administration'],
  summary: 'Update admin quorum threshold',
  description:
    'Raises an approval request to change the number of admin approvals that administrative changes need; it takes effect when approved. The threshold must be between 1 and the number of enabled admins who can approve. Rate category: write.',
  security: SECURITY,
  request: { headers: IdempotencyHeaders, body: { required: true, content: { 'application/json': { schema: AdminQuorumRequest } } } },
  responses: {
    202: { description: 'The request was raised', content: { 'application/json': { schema: AdminQuorumResponse } } },
    ...errorResponses(...GUARDED_WRITE),
  },
});

export const getAdminQuorum = createRoute({
  method: 'get',
  path: '/v1/admin_quorum',
  operationId: 'getAdminQuorum',
  tags: ['Administration (extension)'],
  summary: 'The current admin quorum threshold and the admins who count',
  security: SECURITY,
  responses: {
    200: { description: 'The quorum', content: { 'application/json': { schema: AdminQuorumState } } },
    ...errorResponses(...GUARDED),
  },
});

export const listApprovalRequests = createRoute({
  method: 'get',
  path: '/v1/approval_requests',
  operationId: 'listApprovalRequests',
  tags: ['Administration (extension)'],
  summary: 'Approval requests, newest first (pending or decided)',
  security: SECURITY,
  request: { query: ApprovalListQuery },
  responses: {
    200: { description: 'A page of requests', content: { 'application/json': { schema: ApprovalList } } },
    ...errorResponses(...GUARDED),
  },
});

export const getApprovalRequest = createRoute({
  method: 'get',
  path: '/v1/approval_requests/{requestId}',
  operationId: 'getApprovalRequest',
  tags: ['Administration (extension)'],
  summary: 'One approval request',
  security: SECURITY,
  request: { params: ApprovalIdParam },
  responses: {
    200: { description: 'The request', content: { 'application/json': { schema: ApprovalRequest } } },
    ...errorResponses(...GUARDED, 404),
  },
});

const decision = (action: 'approve' | 'reject' | 'cancel', summary: string) =>
  createRoute({
    method: 'post',
    path: `/v1/approval_requests/{requestId}/${action}`,
    operationId: `${action}ApprovalRequest`,
    tags: ['Administration (extension)'],
    summary,
    security: SECURITY,
    request: { params: ApprovalIdParam, headers: IdempotencyHeaders },
    responses: {
      200: { description: 'The request after the decision', content: { 'application/json': { schema: ApprovalRequest } } },
      ...errorResponses(...GUARDED_WRITE, 404),
    },
  });
export const approveApprovalRequest = decision('approve', 'Approve a pending request (each admin once); it executes when approvals reach the threshold');
export const rejectApprovalRequest = decision('reject', 'Reject a pending request; it will never execute');
export const cancelApprovalRequest = decision('cancel', 'Cancel a pending request (only the one who raised it)');

export const createApiUser = createRoute({
  method: 'post',
  path: '/v1/management/api_users',
  operationId: 'createApiUser',
  tags: ['Administration'],
  summary: 'Create API key',
  description:
    'Validates the name, role and CSR (a PEM PKCS#10 request whose self-signature verifies, with an RSA key of 2048 bits or more or an EC P-256 key) and raises an approval request; the API user exists once it is approved. Roles: Admin, Non-Signing Admin. Rate category: write.',
  security: SECURITY,
  request: { headers: IdempotencyHeaders, body: { required: true, content: { 'application/json': { schema: CreateApiUserRequest } } } },
  responses: { 200: { description: 'An approval request for the new user has been sent' }, ...errorResponses(...GUARDED_WRITE) },
});

export const issuePairingToken = createRoute({
  method: 'post',
  path: '/v1/management/api_users/{userId}/pairing_token',
  operationId: 'issuePairingToken',
  tags: ['Administration'],
  summary: 'Issue API user pairing token',
  description: 'Only for a user in PENDING_ACTIVATION; moves it to PENDING_DEVICE_PAIRING. The token is single-use and expires after 24 hours. Roles: Owner, Admin, Non-Signing Admin. Rate category: write.',
  security: SECURITY,
  request: { params: ApiUserIdParam, headers: IdempotencyHeaders },
  responses: {
    201: { description: 'User info plus the token', content: { 'application/json': { schema: PairingTokenResponse } } },
    ...errorResponses(...GUARDED_WRITE, 404),
  },
});

export const redeemPairingToken = createRoute({
  method: 'post',
  path: '/v1/cosigner/pairing',
  operationId: 'redeemPairingToken',
  tags: ['Co-signer (extension)'],
  summary: 'A co-signer redeems its pairing token (PENDING_DEVICE_PAIRING → PENDING_DEVICE_SETUP)',
  description: 'The pairing token is the credential: no other authentication. A redeemed or expired token is refused.',
  request: { body: { required: true, content: { 'application/json': { schema: RedeemPairingRequest } } } },
  responses: {
    200: { description: 'Paired; finish with the setup token', content: { 'application/json': { schema: RedeemPairingResponse } } },
    ...errorResponses(400, 401, 409, 413, 415, 500),
  },
});

export const completeDeviceSetup = createRoute({
  method: 'post',
  path: '/v1/cosigner/setup',
  operationId: 'completeDeviceSetup',
  tags: ['Co-signer (extension)'],
  summary: 'A co-signer reports its device set up (PENDING_DEVICE_SETUP → READY)',
  request: { body: { required: true, content: { 'application/json': { schema: CompleteSetupRequest } } } },
  responses: {
    200: { description: 'The API user is ready', content: { 'application/json': { schema: CompleteSetupResponse } } },
    ...errorResponses(400, 401, 409, 413, 415, 500),
  },
});
