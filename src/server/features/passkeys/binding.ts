import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '../../../contract/canonical-json';
import type { approvalRequests } from '../../db/schema';

/**
 * What a step-up challenge is bound to. The challenge carries SHA-256 of the digest, so the
 * authenticator signs over it (clientDataJSON holds the challenge), and the server compares the
 * digest stored with the challenge to the one it recomputes from the request actually sent.
 */
export interface StepUpBinding {
  operationId: string;
  resourceId: string | null;
  contentDigest: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

export function contentDigest(operationId: string, resourceId: string | null, content: unknown): string {
  return sha256(canonicalJson({ operationId, resourceId, content: content ?? null })).toString('hex');
}

/** base64url(16 random bytes || SHA-256(contentDigest)). */
export function boundChallenge(digest: string): string {
  return Buffer.concat([randomBytes(16), sha256(digest)]).toString('base64url');
}

/** Whether a challenge was made for this digest (its last 32 bytes). */
export function challengeCarries(challenge: string, digest: string): boolean {
  const bytes = Buffer.from(challenge, 'base64url');
  return bytes.length === 48 && bytes.subarray(16).equals(sha256(digest));
}

/**
 * An approval request as an approver confirms it: read from the database, never from the client,
 * and with the hidden payload (an API user's public key) by its digest.
 */
export function approvalContent(request: typeof approvalRequests.$inferSelect) {
  return { id: request.id, kind: request.kind, change: request.change, payloadDigest: sha256(canonicalJson(request.payload)).toString('hex') };
}
