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

export const listApiUsers = management.get('listApiUsers', '/v1/management/api_users', 'List API keys', {
  200: ['The API users of the workspace', ApiUsersResponse],
});

export const getApiUser = management.get('getApiUser', '/v1/management/api_users/{userId}', 'Get one API user', {
  tags: ['Administration (extension)'],
  params: UserIdParam,
  200: ['The API user', ApiUser],
});

export const setApiUserEnabled = management.put('setApiUserEnabled', '/v1/management/api_users/{userId}/enabled', 'Disable or re-enable an API user', {
  tags: ['Administration (extension)'],
  description: 'Takes effect on the API user’s next request.',
  roles: OWNER_AND_ADMINS,
  params: UserIdParam,
  body: SetApiUserEnabledRequest,
  200: ['The API user as stored', ApiUser],
});

// Quorum (spec states no roles; approvals belong to the admins who count)
export const updateAdminQuorum = management.put('updateAdminQuorum', '/v1/admin_quorum', 'Update admin quorum threshold', {
  description:
    'Raises an approval request to change the number of admin approvals that administrative changes need; it takes effect when approved. The threshold must be between 1 and the number of enabled admins who can approve.',
  roles: OWNER_AND_ADMINS,
  body: AdminQuorumRequest,
  202: ['The request was raised', AdminQuorumResponse],
});

export const getAdminQuorum = management.get('getAdminQuorum', '/v1/admin_quorum', 'The current admin quorum threshold and the admins who count', {
  tags: ['Administration (extension)'],
  roles: QUORUM_READERS,
  200: ['The quorum', AdminQuorumState],
});

export const createApiUser = management.post('createApiUser', '/v1/management/api_users', 'Create API key', {
  description:
    'Validates the name, role and CSR (a PEM PKCS#10 request whose self-signature verifies, with an RSA key of 2048 bits or more or an EC P-256 key) and raises an approval request; the API user exists once it is approved.',
  body: CreateApiUserRequest,
  200: ['An approval request for the new user has been sent'],
});

export const issuePairingToken = management.post('issuePairingToken', '/v1/management/api_users/{userId}/pairing_token', 'Issue API user pairing token', {
  description: 'Only for a user in PENDING_ACTIVATION; moves it to PENDING_DEVICE_PAIRING. The token is single-use and expires after 24 hours.',
  roles: OWNER_AND_ADMINS,
  params: UserIdParam,
  201: ['User info plus the token', PairingTokenResponse],
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
