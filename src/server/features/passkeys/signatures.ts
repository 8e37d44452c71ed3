import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Config } from '../../env';
import { challengeCarries } from './binding';
import { passkeySignatures } from './schema';
import type { Principal } from '../../http/types';
import type { StepUpProof } from '../../../contract/passkeys';
import type { PasskeyRow } from './store';
import { refusalReason, verifyAssertion } from './webauthn';

/** Which passkey signed each decision, keyed `requestId:userId`. */
export async function decisionPasskeys(db: Db, requestIds: string[]): Promise<Map<string, { credentialId: string; name: string }>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({
      requestId: passkeySignatures.requestId,
      userId: passkeySignatures.userId,
      credentialId: passkeySignatures.credentialId,
      name: passkeySignatures.passkeyName,
    })
    .from(passkeySignatures)
    .where(inArray(passkeySignatures.requestId, requestIds));
  return new Map(rows.map((r) => [`${r.requestId}:${r.userId}`, { credentialId: r.credentialId, name: r.name }]));
}

/**
 * Keeps a verified step-up assertion as the proof of what it confirmed (for a decision, with the
 * request and the decision). Called in the transaction that makes the change it confirms.
 */
export async function keepSignature(
  db: Db,
  principal: Principal,
  proof: StepUpProof,
  decision: { requestId: string; decision: 'APPROVE' | 'REJECT' } | null,
  now: Date,
) {
  const { passkeyId, credentialId, name, publicKey, ...signed } = proof;
  await db.insert(passkeySignatures).values({
    workspaceId: principal.workspaceId,
    userId: principal.id,
    passkeyId,
    credentialId,
    passkeyName: name,
    publicKey,
    ...signed,
    requestId: decision?.requestId ?? null,
    decision: decision?.decision ?? null,
    createdAt: now,
  });
}

export type SignatureRow = typeof passkeySignatures.$inferSelect;

/** The kept assertions of an approval request's decisions, newest first. */
export function signaturesOfRequest(db: Db, workspaceId: string, requestId: string) {
  return db
    .select()
    .from(passkeySignatures)
    .where(and(eq(passkeySignatures.workspaceId, workspaceId), eq(passkeySignatures.requestId, requestId)))
    .orderBy(desc(passkeySignatures.createdAt));
}

/**
 * Verifies a kept assertion again, from the stored proof alone: it must be bound to `digest` (the
 * digest recomputed from what it claims to confirm) and its signature must verify with the public
 * key copied at signing time, so removing the passkey later does not break the proof. Null when it
 * holds, else why not.
 */
export async function verifyKeptSignature(config: Config, row: SignatureRow, digest: string): Promise<string | null> {
  if (row.contentDigest !== digest) return 'the signed digest is not the digest of this request as stored';
  if (!challengeCarries(row.challenge, digest)) return 'the signed challenge is not bound to this request';
  const keptKey: PasskeyRow = {
    id: row.passkeyId,
    workspaceId: row.workspaceId,
    userId: row.userId,
    name: row.passkeyName,
    credentialId: row.credentialId,
    publicKey: row.publicKey,
    // The counter was checked when it was signed; verifying again only needs the signature.
    counter: 0,
    deviceType: 'singleDevice',
    backedUp: false,
    transports: [],
    createdAt: row.createdAt,
    lastUsedAt: null,
  };
  const response = {
    id: row.credentialId,
    rawId: row.credentialId,
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: { authenticatorData: row.authenticatorData, clientDataJSON: row.clientDataJson, signature: row.signature },
  };
  try {
    await verifyAssertion(config, response, row.challenge, keptKey);
    return null;
  } catch (error) {
    return `the signature does not verify: ${refusalReason(error)}`;
  }
}
