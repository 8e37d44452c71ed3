import { createRoute } from '@hono/zod-openapi';
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
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const tags = ['Passkeys (extension)'];
const CONSOLE_ONLY = 'Console users only: an API user gets 403.';
const json = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

export const listPasskeys = createRoute({
  method: 'get',
  path: '/v1/auth/passkeys',
  tags,
  summary: 'My passkeys',
  ...operation('listPasskeys', `The caller’s own passkeys, oldest first, and whether the workspace requires passkeys of the caller. ${CONSOLE_ONLY}`),
  security: SECURITY,
  responses: {
    200: { description: 'My passkeys', content: { 'application/json': { schema: PasskeyList } } },
    ...errorResponses(...GUARDED),
  },
});

export const startPasskeyRegistration = createRoute({
  method: 'post',
  path: '/v1/auth/passkeys/registration_options',
  tags,
  summary: 'Start registering a passkey',
  ...operation(
    'startPasskeyRegistration',
    `Options for navigator.credentials.create(): a discoverable credential (residentKey required) with user verification, excluding my passkeys. The challenge is single use and expires after 2 minutes. ${CONSOLE_ONLY}`,
  ),
  security: SECURITY,
  request: { body: json(EmptyRequest) },
  responses: {
    200: { description: 'The registration options', content: { 'application/json': { schema: RegistrationOptionsResponse } } },
    ...errorResponses(...GUARDED_WRITE),
  },
});

export const registerPasskey = createRoute({
  method: 'post',
  path: '/v1/auth/passkeys',
  tags,
  summary: 'Register a passkey',
  ...operation(
    'registerPasskey',
    `Verifies the authenticator’s answer (origin, relying party, user verification, the challenge from registration_options) and keeps the public key. Audited (Security / Passkey: Registered). ${CONSOLE_ONLY}`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('registerPasskey'), body: json(RegisterPasskeyRequest) },
  responses: {
    201: { description: 'The passkey', content: { 'application/json': { schema: Passkey } } },
    ...errorResponses(...GUARDED_WRITE),
  },
});

export const renamePasskey = createRoute({
  method: 'patch',
  path: '/v1/auth/passkeys/{passkeyId}',
  tags,
  summary: 'Rename one of my passkeys',
  ...operation('renamePasskey', `Audited. ${CONSOLE_ONLY}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('renamePasskey'), params: PasskeyIdParam, body: json(RenamePasskeyRequest) },
  responses: {
    200: { description: 'The passkey', content: { 'application/json': { schema: Passkey } } },
    ...errorResponses(...GUARDED_WRITE, 404),
  },
});

export const deletePasskey = createRoute({
  method: 'delete',
  path: '/v1/auth/passkeys/{passkeyId}',
  tags,
  summary: 'Remove one of my passkeys',
  ...operation('deletePasskey', `409 when it is my last passkey and the workspace requires passkeys of me. Audited. ${CONSOLE_ONLY}`),
  security: SECURITY,
  request: { ...idempotencyHeaders('deletePasskey'), params: PasskeyIdParam },
  responses: { 204: { description: 'Removed' }, ...errorResponses(...GUARDED_WRITE, 404) },
});

export const startPasskeySignIn = createRoute({
  method: 'post',
  path: '/v1/auth/passkey_sign_in/options',
  operationId: 'startPasskeySignIn',
  tags,
  summary: 'Start signing in with a passkey',
  description:
    'Options for navigator.credentials.get() without allowCredentials (discoverable credentials: no email to type). The challenge is single use and expires after 2 minutes. Slowed down like the password sign-in after repeated failures from one address (429 with Retry-After).',
  request: { body: json(EmptyRequest) },
  responses: {
    200: { description: 'The authentication options', content: { 'application/json': { schema: AuthenticationOptionsResponse } } },
    ...errorResponses(400, 413, 415, 429, 500),
  },
});

export const passkeySignIn = createRoute({
  method: 'post',
  path: '/v1/auth/passkey_sign_in',
  operationId: 'passkeySignIn',
  tags,
  summary: 'Sign in with a passkey',
  description:
    'Verifies the assertion against the registered passkey (origin, relying party, user verification, a signature counter that never goes back) and signs in exactly as the password sign-in does: an access token and the refresh cookie. Audited. Repeated failures are slowed down (429 with Retry-After).',
  request: { body: json(PasskeySignInRequest) },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: SessionResponse } } },
    ...errorResponses(400, 401, 403, 413, 415, 429, 500),
  },
});

export const startStepUp = createRoute({
  method: 'post',
  path: '/v1/auth/step_up/options',
  tags,
  summary: 'Start confirming an operation with a passkey',
  ...operation(
    'startStepUp',
    `A challenge bound to one exact call of a step-up operation: base64url(16 random bytes || SHA-256(contentDigest)), where contentDigest is the hex SHA-256 of the canonical JSON of { operationId, resourceId, content }. For approve and reject the content is the approval request as stored (read by the server); for the others it is the body the call will send. Sign it with one of my passkeys and send the call with X-Passkey-Assertion: base64url(JSON { challengeId, response }). Single use, 2 minutes. ${CONSOLE_ONLY}`,
  ),
  security: SECURITY,
  request: { body: json(StepUpOptionsRequest) },
  responses: {
    200: { description: 'The authentication options and the digest they are bound to', content: { 'application/json': { schema: StepUpOptionsResponse } } },
    ...errorResponses(...GUARDED_WRITE, 404),
  },
});

export const getPasskeyPolicy = createRoute({
  method: 'get',
  path: '/v1/management/passkey_policy',
  tags,
  summary: 'Whether the workspace requires passkeys of its admins',
  ...operation('getPasskeyPolicy', CONSOLE_ONLY),
  security: SECURITY,
  responses: {
    200: { description: 'The setting', content: { 'application/json': { schema: PasskeyPolicy } } },
    ...errorResponses(...GUARDED),
  },
});

export const updatePasskeyPolicy = createRoute({
  method: 'put',
  path: '/v1/management/passkey_policy',
  tags,
  summary: 'Require passkeys of admins, or stop requiring them',
  ...operation(
    'updatePasskeyPolicy',
    `Raises an approval request (kind PASSKEY_POLICY) like a quorum change; it takes effect when approved. While it is on, admins (Owner, Admin, Non-Signing Admin) sign in with a passkey only and confirm the step-up operations with one. 409 when turning it on while an enabled admin has no passkey (named), checked again when it executes. ${CONSOLE_ONLY}`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('updatePasskeyPolicy'), body: json(UpdatePasskeyPolicyRequest) },
  responses: {
    202: { description: 'The approval request', content: { 'application/json': { schema: ApprovalRequest } } },
    ...errorResponses(...GUARDED_WRITE),
  },
});

export const getApprovalSignatures = createRoute({
  method: 'get',
  path: '/v1/approval_requests/{requestId}/signatures',
  tags,
  summary: 'Verify which passkey signed each decision of an approval request',
  ...operation(
    'getApprovalSignatures',
    `Recomputes the request’s digest from the stored request and verifies each stored assertion against the public key stored with it (which outlives the passkey’s removal). ${CONSOLE_ONLY}`,
  ),
  security: SECURITY,
  request: { params: ApprovalIdParam },
  responses: {
    200: { description: 'Each decision and whether its signature verifies', content: { 'application/json': { schema: ApprovalSignatures } } },
    ...errorResponses(...GUARDED, 404),
  },
});
