import {
  AdminQuorumRequest,
  AdminQuorumResponse,
  AdminQuorumState,
  ApiUser,
  UserIdParam,
  ApiUsersResponse,
  CompleteSetupRequest,
  CompleteSetupResponse,
  CreateApiUserRequest,
  PairingTokenResponse,
  RedeemPairingRequest,
  RedeemPairingResponse,
  SetApiUserEnabledRequest,
} from '../admin';
import { defineOperation, area, ADMINS, OWNER_AND_ADMINS, QUORUM_READERS } from './operation';

const management = area({ tags: ['Administration'], roles: ADMINS });

export const listApiUsers = management.read({
  id: 'listApiUsers',
  path: '/v1/management/api_users',
  summary: 'List API keys',
  responses: { 200: { description: 'The API users of the workspace', schema: ApiUsersResponse } },
});

export const getApiUser = management.read({
  id: 'getApiUser',
  path: '/v1/management/api_users/{userId}',
  tags: ['Administration (extension)'],
  summary: 'Get one API user',
  params: UserIdParam,
  responses: { 200: { description: 'The API user', schema: ApiUser } },
  errors: [404],
});

export const setApiUserEnabled = management.write({
  id: 'setApiUserEnabled',
  method: 'put',
  path: '/v1/management/api_users/{userId}/enabled',
  tags: ['Administration (extension)'],
  summary: 'Disable or re-enable an API user',
  description: 'Takes effect on the API user’s next request.',
  roles: OWNER_AND_ADMINS,
  params: UserIdParam,
  body: SetApiUserEnabledRequest,
  responses: { 200: { description: 'The API user as stored', schema: ApiUser } },
  errors: [404],
});

// Quorum (spec states no roles; approvals belong to the admins who count)
export const updateAdminQuorum = management.write({
  id: 'updateAdminQuorum',
  method: 'put',
  path: '/v1/admin_quorum',
  summary: 'Update admin quorum threshold',
  description:
    'Raises an approval request to change the number of admin approvals that administrative changes need; it takes effect when approved. The threshold must be between 1 and the number of enabled admins who can approve.',
  roles: OWNER_AND_ADMINS,
  body: AdminQuorumRequest,
  responses: { 202: { description: 'The request was raised', schema: AdminQuorumResponse } },
});

export const getAdminQuorum = management.read({
  id: 'getAdminQuorum',
  path: '/v1/admin_quorum',
  tags: ['Administration (extension)'],
  summary: 'The current admin quorum threshold and the admins who count',
  roles: QUORUM_READERS,
  responses: { 200: { description: 'The quorum', schema: AdminQuorumState } },
});

export const createApiUser = management.write({
  id: 'createApiUser',
  method: 'post',
  path: '/v1/management/api_users',
  summary: 'Create API key',
  description:
    'Validates the name, role and CSR (a PEM PKCS#10 request whose self-signature verifies, with an RSA key of 2048 bits or more or an EC P-256 key) and raises an approval request; the API user exists once it is approved.',
  body: CreateApiUserRequest,
  responses: { 200: { description: 'An approval request for the new user has been sent' } },
});

export const issuePairingToken = management.write({
  id: 'issuePairingToken',
  method: 'post',
  path: '/v1/management/api_users/{userId}/pairing_token',
  summary: 'Issue API user pairing token',
  description: 'Only for a user in PENDING_ACTIVATION; moves it to PENDING_DEVICE_PAIRING. The token is single-use and expires after 24 hours.',
  roles: OWNER_AND_ADMINS,
  params: UserIdParam,
  responses: { 201: { description: 'User info plus the token', schema: PairingTokenResponse } },
  errors: [404],
});

export const redeemPairingToken = defineOperation({
  id: 'redeemPairingToken',
  method: 'post',
  path: '/v1/cosigner/pairing',
  tags: ['Co-signer (extension)'],
  summary: 'A co-signer redeems its pairing token (PENDING_DEVICE_PAIRING → PENDING_DEVICE_SETUP)',
  description: 'The pairing token is the credential: no other authentication. A redeemed or expired token is refused.',
  public: true,
  body: RedeemPairingRequest,
  responses: { 200: { description: 'Paired; finish with the setup token', schema: RedeemPairingResponse } },
  errors: [400, 401, 409, 413, 415, 500],
});

export const completeDeviceSetup = defineOperation({
  id: 'completeDeviceSetup',
  method: 'post',
  path: '/v1/cosigner/setup',
  tags: ['Co-signer (extension)'],
  summary: 'A co-signer reports its device set up (PENDING_DEVICE_SETUP → READY)',
  public: true,
  body: CompleteSetupRequest,
  responses: { 200: { description: 'The API user is ready', schema: CompleteSetupResponse } },
  errors: [400, 401, 409, 413, 415, 500],
});
