import { z } from 'zod';

/**
 * Passkeys (WebAuthn, issue 20): console users register passkeys, sign in with them, and confirm
 * the operations of STEP_UP_OPERATIONS with a fresh assertion bound to the exact request.
 * The WebAuthn JSON shapes follow the W3C "…JSON" dictionaries that @simplewebauthn produces.
 */

/**
 * Operations that take a fresh passkey assertion (header X-Passkey-Assertion) bound to the exact
 * request: deciding approvals and the changes that weaken protection. Without the header they are
 * refused (passkeyRequired) only when passkeys are required for the caller. That each is an
 * operation is checked by src/contract/routes/all.test.ts.
 */
export const STEP_UP_OPERATIONS = [
  'approveApprovalRequest',
  'rejectApprovalRequest',
  'updateScreeningConfiguration',
  'createWebhook',
  'updateWebhook',
  'deleteWebhook',
  'setApiUserEnabled',
  'deletePasskey',
  'updatePasskeyPolicy',
] as const;
export type StepUpOperation = (typeof STEP_UP_OPERATIONS)[number];
export const StepUpOperation = z.enum(STEP_UP_OPERATIONS, { error: `operationId must be one of ${STEP_UP_OPERATIONS.join(', ')}` });

export const isStepUpOperation = (operationId: string): operationId is StepUpOperation => (STEP_UP_OPERATIONS as readonly string[]).includes(operationId);

/** The header a guarded call carries: base64url of the JSON of a StepUpAssertion. */
export const PASSKEY_ASSERTION_HEADER = 'X-Passkey-Assertion';

/** Roles for whom the workspace setting "admins require passkeys" applies (the quorum's admins). */
export const PASSKEY_REQUIRED_ROLES = ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN'] as const;

const b64url = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, { error: `${name} must not be empty` })
    .max(16_384, { error: `${name} is too long` })
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, { error: `${name} must be base64url` });

export const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

const HINTS = ['hybrid', 'security-key', 'client-device'] as const;

const CredentialDescriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.enum(TRANSPORTS)).optional() });

/** What navigator.credentials.create() needs, as JSON (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyCreationOptions = z
  .object({
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(CredentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
      })
      .optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
    hints: z.array(z.enum(HINTS)).optional(),
  })
  .meta({ description: 'PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3): pass it to navigator.credentials.create().' });
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;

/** What navigator.credentials.get() needs, as JSON (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptions = z
  .object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(CredentialDescriptor).optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    extensions: z.object({}).optional(),
    hints: z.array(z.enum(HINTS)).optional(),
  })
  .meta({ description: 'PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3): pass it to navigator.credentials.get().' });
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

/** navigator.credentials.create()'s answer as JSON (RegistrationResponseJSON). */
export const RegistrationResponse = z
  .object({
    id: b64url('response.id'),
    rawId: b64url('response.rawId'),
    response: z.object({
      clientDataJSON: b64url('response.response.clientDataJSON'),
      attestationObject: b64url('response.response.attestationObject'),
      authenticatorData: b64url('response.response.authenticatorData').optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url('response.response.publicKey').optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    // unknown rather than a record: the browser library's type is an interface, which a record type would refuse.
    clientExtensionResults: z.unknown(),
    type: z.literal('public-key', { error: 'response.type must be public-key' }),
  })
  .meta({ description: 'RegistrationResponseJSON, as navigator.credentials.create() (or @simplewebauthn/browser startRegistration) answers.' });
export type RegistrationResponse = z.infer<typeof RegistrationResponse>;

/** navigator.credentials.get()'s answer as JSON (AuthenticationResponseJSON). */
export const AuthenticationResponse = z
  .object({
    id: b64url('response.id'),
    rawId: b64url('response.rawId'),
    response: z.object({
      clientDataJSON: b64url('response.response.clientDataJSON'),
      authenticatorData: b64url('response.response.authenticatorData'),
      signature: b64url('response.response.signature'),
      userHandle: b64url('response.response.userHandle').optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.unknown(),
    type: z.literal('public-key', { error: 'response.type must be public-key' }),
  })
  .meta({ description: 'AuthenticationResponseJSON, as navigator.credentials.get() (or @simplewebauthn/browser startAuthentication) answers.' });
export type AuthenticationResponse = z.infer<typeof AuthenticationResponse>;

export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  credentialId: z.string().meta({ description: 'The WebAuthn credential id, base64url.' }),
  deviceType: z.enum(['singleDevice', 'multiDevice']).meta({ description: 'multiDevice: a synced passkey; singleDevice: bound to one authenticator.' }),
  backedUp: z.boolean(),
  transports: z.array(z.string()),
  createdAt: z.number().int().meta({ description: 'Epoch milliseconds.' }),
  lastUsedAt: z.number().int().nullable().meta({ description: 'Epoch milliseconds of the last sign-in or confirmation with it.' }),
});
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyList = z.object({
  passkeys: z.array(Passkey),
  requiredForMe: z.boolean().meta({ description: 'Whether the workspace requires passkeys of the caller (an admin while the setting is on).' }),
  origin: z.string().meta({
    description: 'The console origin passkeys belong to (PUBLIC_ORIGIN): a browser registers and uses them only on a page of this origin.',
  }),
});
export type PasskeyList = z.infer<typeof PasskeyList>;

const passkeyName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(64, { error: 'name must be at most 64 characters' });

export const PasskeyIdParam = z.object({ passkeyId: z.uuid({ error: 'passkeyId must be a UUID' }) });
const challengeId = z.uuid({ error: 'challengeId must be a UUID' });

export const EmptyRequest = z.strictObject({});

export const RegistrationOptionsResponse = z.object({ challengeId: z.string(), options: PasskeyCreationOptions });
export type RegistrationOptionsResponse = z.infer<typeof RegistrationOptionsResponse>;

export const RegisterPasskeyRequest = z.strictObject({ challengeId, name: passkeyName, response: RegistrationResponse });
export type RegisterPasskeyRequest = z.infer<typeof RegisterPasskeyRequest>;

export const RenamePasskeyRequest = z.strictObject({ name: passkeyName });
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequest>;

export const AuthenticationOptionsResponse = z.object({ challengeId: z.string(), options: PasskeyRequestOptions });
export type AuthenticationOptionsResponse = z.infer<typeof AuthenticationOptionsResponse>;

export const PasskeySignInRequest = z.strictObject({ challengeId, response: AuthenticationResponse });
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequest>;

export const StepUpOptionsRequest = z.strictObject({
  operationId: StepUpOperation,
  resourceId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'The path parameter of the guarded call (request, webhook, API user or passkey id), when it has one.' }),
  body: z
    .unknown()
    .optional()
    .meta({ description: 'The JSON body the guarded call will send, exactly (ignored for approve and reject, whose content the server reads).' }),
});
export type StepUpOptionsRequest = z.infer<typeof StepUpOptionsRequest>;

export const StepUpOptionsResponse = z.object({
  challengeId: z.string(),
  options: PasskeyRequestOptions,
  contentDigest: z.string().meta({ description: 'Hex SHA-256 of the canonical JSON of { operationId, resourceId, content } that the challenge is bound to.' }),
});
export type StepUpOptionsResponse = z.infer<typeof StepUpOptionsResponse>;

/** What the X-Passkey-Assertion header carries (base64url of this JSON). */
export const StepUpAssertion = z.strictObject({ challengeId, response: AuthenticationResponse });
export type StepUpAssertion = z.infer<typeof StepUpAssertion>;

export const PasskeyPolicy = z.object({
  adminsRequirePasskeys: z.boolean(),
  pendingRequestId: z.string().nullable().meta({ description: 'The approval request changing the setting, while one waits.' }),
  adminsWithoutPasskey: z.array(z.object({ id: z.string(), name: z.string() })).meta({ description: 'Enabled admins who have no passkey yet.' }),
});
export type PasskeyPolicy = z.infer<typeof PasskeyPolicy>;

export const UpdatePasskeyPolicyRequest = z.strictObject({ adminsRequirePasskeys: z.boolean({ error: 'adminsRequirePasskeys must be true or false' }) });
export type UpdatePasskeyPolicyRequest = z.infer<typeof UpdatePasskeyPolicyRequest>;

export const SignatureCheck = z.object({
  userId: z.string(),
  userName: z.string(),
  decision: z.enum(['APPROVE', 'REJECT']),
  decidedAt: z.number().int(),
  passkey: z.object({ credentialId: z.string(), name: z.string() }).nullable(),
  verified: z.boolean().meta({ description: 'Whether the stored assertion verifies against the stored public key and is bound to this request’s digest.' }),
  reason: z.string().nullable().meta({ description: 'Why it does not verify (or that no passkey signed it).' }),
});
export const ApprovalSignatures = z.object({
  contentDigest: z.string().meta({ description: 'The request’s digest, recomputed from the stored request.' }),
  decisions: z.array(SignatureCheck),
});
export type ApprovalSignatures = z.infer<typeof ApprovalSignatures>;

/**
 * The verified assertion of a step-up, kept as the proof an auditor can verify again (the service
 * checks it: src/server/features/passkeys/step-up.ts).
 */
export interface StepUpProof {
  passkeyId: string;
  credentialId: string;
  name: string;
  publicKey: string;
  operationId: StepUpOperation;
  resourceId: string | null;
  contentDigest: string;
  challenge: string;
  authenticatorData: string;
  clientDataJson: string;
  signature: string;
}
