import { createRoute } from '@hono/zod-openapi';
import {
  AdminQuorumRequest,
  AdminQuorumResponse,
  AdminQuorumState,
  ApiUser,
  UserIdParam,
  ApiUsersResponse,
  ApprovalIdParam,
  ApprovalList,
  ApprovalListQuery,
  ApprovalRequest,
  CompleteSetupRequest,
  CompleteSetupResponse,
  ConsoleUser,
  CreateApiUserRequest,
  PairingTokenResponse,
  PeopleResponse,
  RedeemPairingRequest,
  RedeemPairingResponse,
  SetApiUserEnabledRequest,
} from '../admin';
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

export const listApiUsers = createRoute({
  method: 'get',
  path: '/v1/management/api_users',
  tags: ['Administration'],
  summary: 'List API keys',
  ...operation('listApiUsers'),
  security: SECURITY,
  request: { ...idempotencyHeaders('listApiUsers') },
  responses: {
    200: { description: 'The API users of the workspace', content: { 'application/json': { schema: ApiUsersResponse } } },
    ...errorResponses(...GUARDED),
  },
});

export const getApiUser = createRoute({
  method: 'get',
  path: '/v1/management/api_users/{userId}',
  tags: ['Administration (extension)'],
  summary: 'Get one API user',
  ...operation('getApiUser'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getApiUser'), params: UserIdParam },
  responses: {
    200: { description: 'The API user', content: { 'application/json': { schema: ApiUser } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const setApiUserEnabled = createRoute({
  method: 'put',
  path: '/v1/management/api_users/{userId}/enabled',
  tags: ['Administration (extension)'],
  summary: 'Disable or re-enable an API user',
  ...operation('setApiUserEnabled', 'Takes effect on the API user’s next request.'),
  security: SECURITY,
  request: {
    ...idempotencyHeaders('setApiUserEnabled'),
    params: UserIdParam,
    body: { required: true, content: { 'application/json': { schema: SetApiUserEnabledRequest } } },
  },
  responses: {
    200: { description: 'The API user as stored', content: { 'application/json': { schema: ApiUser } } },
    ...errorResponses(...GUARDED_WRITE, 404),
  },
});

export const listPeople = createRoute({
  method: 'get',
  path: '/v1/console/people',
  tags: ['Console (extension)'],
  summary: 'The people of the workspace, by name (extension)',
  ...operation(
    'listPeople',
    'Every console user and API user of the caller’s workspace: id, name, kind and role (no email, no key material), so that a client can show the name and role behind the user ids that events, approvals, transfers and orders carry.',
  ),
  security: SECURITY,
  responses: {
    200: { description: 'The people of the workspace, by name', content: { 'application/json': { schema: PeopleResponse } } },
    ...errorResponses(...GUARDED),
  },
});

export const getConsoleUser = createRoute({
  method: 'get',
  path: '/v1/console/people/{userId}',
  tags: ['Console (extension)'],
  summary: 'One console user of the workspace (extension)',
  ...operation(
    'getConsoleUser',
    'A console user of the caller’s workspace, for the page their name links to: name, role, whether they are enabled, when they were created and, for the roles that may read the audit log and the passkey policy, their last sign-in and how many passkeys they have (no email, no credentials). An id of another workspace, or of an API user, is 404.',
  ),
  security: SECURITY,
  request: { params: UserIdParam },
  responses: {
    200: { description: 'The console user', content: { 'application/json': { schema: ConsoleUser } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const updateAdminQuorum = createRoute({
  method: 'put',
  path: '/v1/admin_quorum',
  tags: ['Administration'],
  summary: 'Update admin quorum threshold',
  ...operation(
    'updateAdminQuorum',
    'Raises an approval request to change the number of admin approvals that administrative changes need; it takes effect when approved. The threshold must be between 1 and the number of enabled admins who can approve.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('updateAdminQuorum'), body: { required: true, content: { 'application/json': { schema: AdminQuorumRequest } } } },
  responses: {
    202: { description: 'The request was raised', content: { 'application/json': { schema: AdminQuorumResponse } } },
    ...errorResponses(...GUARDED_WRITE),
  },
});

export const getAdminQuorum = createRoute({
  method: 'get',
  path: '/v1/admin_quorum',
  tags: ['Administration (extension)'],
  summary: 'The current admin quorum threshold and the admins who count',
  ...operation('getAdminQuorum'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getAdminQuorum') },
  responses: {
    200: { description: 'The quorum', content: { 'application/json': { schema: AdminQuorumState } } },
    ...errorResponses(...GUARDED),
  },
});

export const listApprovalRequests = createRoute({
  method: 'get',
  path: '/v1/approval_requests',
  tags: ['Administration (extension)'],
  summary: 'Approval requests, newest first (pending or decided)',
  ...operation('listApprovalRequests'),
  security: SECURITY,
  request: { ...idempotencyHeaders('listApprovalRequests'), query: ApprovalListQuery },
  responses: {
    200: { description: 'A page of requests', content: { 'application/json': { schema: ApprovalList } } },
    ...errorResponses(...GUARDED),
  },
});

export const getApprovalRequest = createRoute({
  method: 'get',
  path: '/v1/approval_requests/{requestId}',
  tags: ['Administration (extension)'],
  summary: 'One approval request',
  ...operation('getApprovalRequest'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getApprovalRequest'), params: ApprovalIdParam },
  responses: {
    200: { description: 'The request', content: { 'application/json': { schema: ApprovalRequest } } },
    ...errorResponses(...GUARDED, 404),
  },
});

const decision = (action: 'approve' | 'reject' | 'cancel', summary: string) =>
  createRoute({
    method: 'post',
    path: `/v1/approval_requests/{requestId}/${action}`,
    tags: ['Administration (extension)'],
    summary,
    ...operation(`${action}ApprovalRequest` as const),
    security: SECURITY,
    request: { ...idempotencyHeaders(`${action}ApprovalRequest` as const), params: ApprovalIdParam },
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
  tags: ['Administration'],
  summary: 'Create API key',
  ...operation(
    'createApiUser',
    'Validates the name, role and CSR (a PEM PKCS#10 request whose self-signature verifies, with an RSA key of 2048 bits or more or an EC P-256 key) and raises an approval request; the API user exists once it is approved.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('createApiUser'), body: { required: true, content: { 'application/json': { schema: CreateApiUserRequest } } } },
  responses: { 200: { description: 'An approval request for the new user has been sent' }, ...errorResponses(...GUARDED_WRITE) },
});

export const issuePairingToken = createRoute({
  method: 'post',
  path: '/v1/management/api_users/{userId}/pairing_token',
  tags: ['Administration'],
  summary: 'Issue API user pairing token',
  ...operation(
    'issuePairingToken',
    'Only for a user in PENDING_ACTIVATION; moves it to PENDING_DEVICE_PAIRING. The token is single-use and expires after 24 hours.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('issuePairingToken'), params: UserIdParam },
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
