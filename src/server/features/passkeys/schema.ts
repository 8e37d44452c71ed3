import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Passkeys' own tables (migrations in ./migrations, tracked apart from the core). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Console users' WebAuthn credentials: the public key and what the authenticator reported. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    /** base64url; unique across workspaces, since a discoverable sign-in names no workspace. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; a value that does not increase betrays a clone. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports').array().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.workspaceId, t.userId)],
);

/**
 * Challenges, single use and short-lived, kept in the database so any instance can verify the
 * answer. `binding` ties a STEP_UP challenge to one request (operationId, resourceId, contentDigest).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id'),
    userId: uuid('user_id'),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    binding: jsonb('binding'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * The proof kept for auditors: each step-up assertion as signed, with a copy of the public key,
 * so it can be verified again after the passkey is removed.
 */
export const passkeySignatures = pgTable(
  'passkey_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id').notNull(),
    passkeyId: uuid('passkey_id').notNull(),
    credentialId: text('credential_id').notNull(),
    passkeyName: text('passkey_name').notNull(),
    publicKey: text('public_key').notNull(),
    operationId: text('operation_id').notNull(),
    resourceId: text('resource_id'),
    /** Hex SHA-256 of the canonical JSON of { operationId, resourceId, content }. */
    contentDigest: text('content_digest').notNull(),
    challenge: text('challenge').notNull(),
    authenticatorData: text('authenticator_data').notNull(),
    clientDataJson: text('client_data_json').notNull(),
    signature: text('signature').notNull(),
    /** For approve and reject: the request and the decision. */
    requestId: uuid('request_id'),
    decision: text('decision'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('passkey_signatures_request_idx').on(t.workspaceId, t.requestId)],
);

/** Per-workspace passkey settings, changed through an approval request (kind PASSKEY_POLICY). */
export const passkeyPolicies = pgTable('passkey_policies', {
  workspaceId: uuid('workspace_id').primaryKey(),
  adminsRequirePasskeys: boolean('admins_require_passkeys').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
