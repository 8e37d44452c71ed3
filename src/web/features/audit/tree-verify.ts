import { sha256 } from '@noble/hashes/sha2.js';
import { base64urlnopad } from '@scure/base';
import type { AuditLogData } from '../../../contract/audit';
import { type AuditConsistencyProof, type AuditInclusionProof, type AuditTreeHead, type ChainedFields, treeHeadMessage } from '../../../contract/audit-tree';
import { canonicalJson } from '../../../contract/canonical-json';
import { fromHex, leafHash, toHex, verifyConsistency, verifyInclusion } from '../../../contract/merkle';

/*
 * The verifiable log checked in the browser, trusting nothing the service says about it: a tree
 * head's Ed25519 signature with WebCrypto against the service's published key, an event's leaf and
 * inclusion proof, two heads' consistency proof, with contract/merkle.ts over @noble/hashes' SHA-256
 * (synchronous, as merkle.ts needs; WebCrypto's digest is not). Loaded only when a drawer or the
 * integrity page verifies something. Every check runs, so a failure names all that failed.
 */

/** A public key of the service's JWKS (/.well-known/jwks.json), as far as a tree head's check reads it. */
export interface PublicJwk {
  kid?: string;
  alg?: string;
  kty?: string;
  crv?: string;
  x?: string;
}

/** What a check found: nothing failed, or each thing that did, said plainly. */
export interface Verdict {
  failures: string[];
}

export interface InclusionVerdict extends Verdict {
  head: AuditTreeHead;
}

export interface ConsistencyVerdict extends Verdict {
  first: AuditTreeHead;
  second: AuditTreeHead;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Why the head's signature does not verify with the key it names, or null when it does. */
export async function signatureProblem(head: AuditTreeHead, keys: readonly PublicJwk[]): Promise<string | null> {
  const jwk = keys.find((key) => key.kid === head.keyId && key.alg === 'EdDSA');
  if (!jwk) return `the service publishes no Ed25519 key ${head.keyId}, which tree head #${head.treeSize} names`;
  let signature: Uint8Array;
  try {
    signature = base64urlnopad.decode(head.signature);
  } catch {
    return `the signature of tree head #${head.treeSize} is not base64url`;
  }
  let key: CryptoKey;
  try {
    // Only the key itself: WebCrypto checks a JWK's `alg` against its own algorithm names.
    key = await crypto.subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return `key ${head.keyId} could not be read as an Ed25519 key (this browser may not verify Ed25519)`;
  }
  const valid = await crypto.subtle.verify({ name: 'Ed25519' }, key, signature as Uint8Array<ArrayBuffer>, utf8(treeHeadMessage(head)));
  return valid ? null : `the signature of tree head #${head.treeSize} does not verify with key ${head.keyId}`;
}

/** The fields of the event as shown, in the form its leaf holds them (see ChainedFields). */
function leafFieldsOf(event: AuditLogData, seq: number): ChainedFields {
  return {
    id: event.id,
    workspaceId: event.tenantId,
    seq,
    timestamp: event.timestamp,
    userName: event.user,
    userId: event.userId,
    category: event.category,
    subject: event.subject,
    event: event.event,
    requestId: event.requestId,
    sourceAddress: event.sourceAddress,
    detail: event.detail,
  };
}

/** Why the leaf is not the event shown (the fields that differ), or null when it is that event, byte for byte. */
function leafProblem(event: AuditLogData, proof: AuditInclusionProof): string | null {
  const shown = leafFieldsOf(event, proof.leafIndex + 1);
  if (canonicalJson(shown) === proof.leafData) return null;
  let held: Record<string, unknown>;
  try {
    held = JSON.parse(proof.leafData) as Record<string, unknown>;
  } catch {
    return 'the leaf data is not JSON';
  }
  const differ = Object.entries(shown)
    .filter(([name, value]) => canonicalJson(value) !== canonicalJson(held[name]))
    .map(([name]) => name);
  return differ.length > 0 ? `the leaf differs from the event shown in ${differ.join(', ')}` : 'the leaf data is not in canonical form';
}

/**
 * Whether the proof shows that the event as displayed is in the signed tree head: the head is the
 * event's workspace's and signed by the service's key; the leaf data is the event's fields (the
 * event is leaf seq - 1); its hash is recomputed here, not taken from the answer; and the audit
 * path leads from that hash to the head's root.
 */
export async function verifyEventInclusion(event: AuditLogData, proof: AuditInclusionProof, keys: readonly PublicJwk[]): Promise<InclusionVerdict> {
  const head = proof.treeHead;
  const failures: string[] = [];
  if (head.workspaceId !== event.tenantId) failures.push(`tree head #${head.treeSize} is of another workspace (${head.workspaceId})`);
  const signature = await signatureProblem(head, keys);
  if (signature) failures.push(signature);
  const leaf = leafProblem(event, proof);
  if (leaf) failures.push(leaf);
  const hash = leafHash(sha256, utf8(proof.leafData));
  if (toHex(hash) !== proof.leafHash) failures.push('the leaf hash given is not the hash of the leaf data');
  if (!hashes(proof.auditPath, (path) => verifyInclusion(sha256, proof.leafIndex, head.treeSize, hash, path, fromHex(head.rootHash)))) {
    failures.push(`the inclusion proof does not lead from leaf ${proof.leafIndex} to the root of tree head #${head.treeSize}`);
  }
  return { head, failures };
}

/** Whether both heads are signed and the proof shows the first tree is a prefix of the second: nothing it held was changed or removed. */
export async function verifyHeadConsistency(proof: AuditConsistencyProof, keys: readonly PublicJwk[]): Promise<ConsistencyVerdict> {
  const { first, second } = proof;
  const failures: string[] = [];
  if (first.workspaceId !== second.workspaceId) failures.push('the two tree heads are of different workspaces');
  for (const head of [first, second]) {
    const problem = await signatureProblem(head, keys);
    if (problem) failures.push(problem);
  }
  if (!hashes(proof.path, (path) => verifyConsistency(sha256, first.treeSize, second.treeSize, path, fromHex(first.rootHash), fromHex(second.rootHash)))) {
    failures.push(`the consistency proof does not show tree head #${first.treeSize} to be a prefix of tree head #${second.treeSize}`);
  }
  return { first, second, failures };
}

/** A proof's hashes as bytes, handed to `check`; a hash that is not hex fails the proof. */
function hashes(path: readonly string[], check: (path: Uint8Array[]) => boolean): boolean {
  try {
    return check(path.map(fromHex));
  } catch {
    return false;
  }
}
