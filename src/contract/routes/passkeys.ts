import { ApprovalIdParam, ApprovalRequest } from '../admin';
import { SessionResponse } from '../auth';
import {
  ApprovalSignatures,
  AuthenticationOptionsResponse,
  EmptyRequest,
  Passkey,
  PasskeyIdParam,
  PasskeyList,
  PasskeyPolicy,
  PasskeySignInRequest,
  RegisterPasskeyRequest,
  RegistrationOptionsResponse,
  RenamePasskeyRequest,
  StepUpOptionsRequest,
  StepUpOptionsResponse,
  UpdatePasskeyPolicyRequest,
} from '../passkeys';
import { defineOperation, area, OWNER_AND_ADMINS, QUORUM_READERS } from './operation';

const tags = ['Passkeys (extension)'];
const CONSOLE_ONLY = 'Console users only: an API user gets 403.';

const passkeys = area({ tags, roles: 'any' });

// Passkeys (extension, issue 20): console users only, whatever their role (an API user gets 403:
// it signs every request already). Each manages their own passkeys; the workspace setting belongs
// to the admins and changes through an approval request, as the quorum does.
export const listPasskeys = passkeys.get('listPasskeys', '/v1/auth/passkeys', 'My passkeys', {
  description: `The caller’s own passkeys, oldest first, and whether the workspace requires passkeys of the caller. ${CONSOLE_ONLY}`,
  200: ['My passkeys', PasskeyList],
});

export const startPasskeyRegistration = defineOperation({
  id: 'startPasskeyRegistration',
  method: 'post',
  path: '/v1/auth/passkeys/registration_options',
  tags,
  summary: 'Start registering a passkey',
  description: `Options for navigator.credentials.create(): a discoverable credential (residentKey required) with user verification, excluding my passkeys. The challenge is single use and expires after 2 minutes. ${CONSOLE_ONLY}`,
  roles: 'any',
  rateCategory: 'write',
  body: EmptyRequest,
  responses: { 200: { description: 'The registration options', schema: RegistrationOptionsResponse } },
});

export const registerPasskey = passkeys.post('registerPasskey', '/v1/auth/passkeys', 'Register a passkey', {
  description: `Verifies the authenticator’s answer (origin, relying party, user verification, the challenge from registration_options) and keeps the public key. Audited (Security / Passkey: Registered). ${CONSOLE_ONLY}`,
  body: RegisterPasskeyRequest,
  201: ['The passkey', Passkey],
});

export const renamePasskey = passkeys.patch('renamePasskey', '/v1/auth/passkeys/{passkeyId}', 'Rename one of my passkeys', {
  description: `Audited. ${CONSOLE_ONLY}`,
  params: PasskeyIdParam,
  body: RenamePasskeyRequest,
  200: ['The passkey', Passkey],
});

export const deletePasskey = passkeys.delete('deletePasskey', '/v1/auth/passkeys/{passkeyId}', 'Remove one of my passkeys', {
  description: `409 when it is my last passkey and the workspace requires passkeys of me. Audited. ${CONSOLE_ONLY}`,
  params: PasskeyIdParam,
  204: ['Removed'],
});

export const startPasskeySignIn = defineOperation({
  id: 'startPasskeySignIn',
  method: 'post',
  path: '/v1/auth/passkey_sign_in/options',
  tags,
  summary: 'Start signing in with a passkey',
  description:
    'Options for navigator.credentials.get() without allowCredentials (discoverable credentials: no email to type). The challenge is single use and expires after 2 minutes. Slowed down like the password sign-in after repeated failures from one address (429 with Retry-After).',
  public: true,
  body: EmptyRequest,
  responses: { 200: { description: 'The authentication options', schema: AuthenticationOptionsResponse } },
  errors: [400, 413, 415, 429, 500],
});

export const passkeySignIn = defineOperation({
  id: 'passkeySignIn',
  method: 'post',
  path: '/v1/auth/passkey_sign_in',
  tags,
  summary: 'Sign in with a passkey',
  description:
    'Verifies the assertion against the registered passkey (origin, relying party, user verification, a signature counter that never goes back) and signs in exactly as the password sign-in does: an access token and the refresh cookie. Audited. Repeated failures are slowed down (429 with Retry-After).',
  public: true,
  body: PasskeySignInRequest,
  responses: { 200: { description: 'Signed in', schema: SessionResponse } },
  errors: [400, 401, 403, 413, 415, 429, 500],
});

export const startStepUp = defineOperation({
  id: 'startStepUp',
  method: 'post',
  path: '/v1/auth/step_up/options',
  tags,
  summary: 'Start confirming an operation with a passkey',
  description: `A challenge bound to one exact call of a step-up operation: base64url(16 random bytes || SHA-256(contentDigest)), where contentDigest is the hex SHA-256 of the canonical JSON of { operationId, resourceId, content }. For approve and reject the content is the approval request as stored (read by the server); for the others it is the body the call will send. Sign it with one of my passkeys and send the call with X-Passkey-Assertion: base64url(JSON { challengeId, response }). Single use, 2 minutes. ${CONSOLE_ONLY}`,
  roles: 'any',
  rateCategory: 'write',
  body: StepUpOptionsRequest,
  responses: { 200: { description: 'The authentication options and the digest they are bound to', schema: StepUpOptionsResponse } },
  errors: [404],
});

export const getPasskeyPolicy = passkeys.get('getPasskeyPolicy', '/v1/management/passkey_policy', 'Whether the workspace requires passkeys of its admins', {
  description: CONSOLE_ONLY,
  roles: QUORUM_READERS,
  200: ['The setting', PasskeyPolicy],
});

export const updatePasskeyPolicy = passkeys.put('updatePasskeyPolicy', '/v1/management/passkey_policy', 'Require passkeys of admins, or stop requiring them', {
  description: `Raises an approval request (kind PASSKEY_POLICY) like a quorum change; it takes effect when approved. While it is on, admins (Owner, Admin, Non-Signing Admin) sign in with a passkey only and confirm the step-up operations with one. 409 when turning it on while an enabled admin has no passkey (named), checked again when it executes. ${CONSOLE_ONLY}`,
  roles: OWNER_AND_ADMINS,
  body: UpdatePasskeyPolicyRequest,
  202: ['The approval request', ApprovalRequest],
});

export const getApprovalSignatures = passkeys.get(
  'getApprovalSignatures',
  '/v1/approval_requests/{requestId}/signatures',
  'Verify which passkey signed each decision of an approval request',
  {
    description: `Recomputes the request’s digest from the stored request and verifies each stored assertion against the public key stored with it (which outlives the passkey’s removal). ${CONSOLE_ONLY}`,
    roles: QUORUM_READERS,
    params: ApprovalIdParam,
    200: ['Each decision and whether its signature verifies', ApprovalSignatures],
  },
);
