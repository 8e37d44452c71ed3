import { sha256 } from '@noble/hashes/sha2.js';
import { base64urlnopad } from '@scure/base';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogData } from '../../../contract/audit';
import { type AuditInclusionProof, type AuditTreeHead, treeHeadMessage } from '../../../contract/audit-tree';
import { canonicalJson } from '../../../contract/canonical-json';
import { consistencyRanges, inclusionRanges, type LeafRange, leafHash, toHex, treeHash } from '../../../contract/merkle';
import { type PublicJwk, signatureProblem, verifyEventInclusion, verifyHeadConsistency } from './tree-verify';

/*
 * The verifier's own inputs, made here as the service makes them (a key of its own, the leaves of
 * seven events, proofs cut from the tree) and then tampered with: each change must be reported as
 * the failure it is, and only that one. The console's tests against the real service check the
 * verifier with the service's own answers.
 */

const WORKSPACE = 'ws-harbour';
const events: AuditLogData[] = Array.from({ length: 7 }, (_, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  timestamp: 1_790_000_000_000 + i,
  createdAt: 1_790_000_000_000 + i,
  user: 'Ada Admin',
  userId: 'u-1',
  category: 'Security',
  subject: 'Sign-in',
  event: 'Signed in',
  tenantId: WORKSPACE,
  requestId: i % 2 ? `req-${i}` : null,
  sourceAddress: null,
  detail: { method: 'password', attempt: i, nested: { b: 1, a: [1, 'two'] } },
  hash: 'not read by the tree',
}));
const leafData = (event: AuditLogData, seq: number) =>
  canonicalJson({
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
  });
const leaves = events.map((event, i) => leafHash(sha256, new TextEncoder().encode(leafData(event, i + 1))));
const rangeHex = ({ start, size }: LeafRange) => toHex(treeHash(sha256, leaves.slice(start, start + size)));

let keys: PublicJwk[];
let head: (size: number) => Promise<AuditTreeHead>;

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  keys = [{ ...(await crypto.subtle.exportKey('jwk', pair.publicKey)), kid: 'tree-key-1', alg: 'EdDSA', use: 'sig' } as PublicJwk];
  head = async (size) => {
    const unsigned = { workspaceId: WORKSPACE, treeSize: size, rootHash: toHex(treeHash(sha256, leaves.slice(0, size))), timestamp: 1_790_000_100_000 + size };
    const signature = await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(treeHeadMessage(unsigned)));
    return { ...unsigned, signature: base64urlnopad.encode(new Uint8Array(signature)), keyId: 'tree-key-1' };
  };
});

async function inclusionProof(index: number, size: number): Promise<AuditInclusionProof> {
  return {
    leafIndex: index,
    leafData: leafData(events[index]!, index + 1),
    leafHash: toHex(leaves[index]!),
    auditPath: inclusionRanges(index, size).map(rangeHex),
    treeHead: await head(size),
  };
}

/** The hex with one bit of its first byte flipped. */
const flipped = (hex: string) => (parseInt(hex.slice(0, 2), 16) ^ 1).toString(16).padStart(2, '0') + hex.slice(2);

describe('verifying an event in the browser', () => {
  it('verifies every event of every signed tree that holds it', async () => {
    for (let size = 1; size <= events.length; size++) {
      for (let index = 0; index < size; index++) {
        const verdict = await verifyEventInclusion(events[index]!, await inclusionProof(index, size), keys);
        expect(verdict.failures, `leaf ${index} of ${size}`).toEqual([]);
        expect(verdict.head.treeSize).toBe(size);
      }
    }
  });

  it('reports a flipped byte of the audit path as a proof that does not lead to the root', async () => {
    const proof = await inclusionProof(2, 7);
    proof.auditPath[1] = flipped(proof.auditPath[1]!);
    expect((await verifyEventInclusion(events[2]!, proof, keys)).failures).toEqual([
      'the inclusion proof does not lead from leaf 2 to the root of tree head #7',
    ]);
  });

  it('reports a leaf that is not the event shown, naming the fields that differ, even when its hash and proof are consistent', async () => {
    // The event shown is not the log's (changed in the database after it was signed, or on the way):
    // leaf, hash, proof and head agree with each other, not with what the reader sees.
    const altered = { ...events[3]!, detail: { method: 'passkey' } };
    expect((await verifyEventInclusion(altered, await inclusionProof(3, 7), keys)).failures).toEqual(['the leaf differs from the event shown in detail']);
    // The same event shown at another place in the log.
    const moved = await inclusionProof(3, 7);
    moved.leafIndex = 4;
    const failures = (await verifyEventInclusion(events[3]!, moved, keys)).failures;
    expect(failures).toEqual(['the leaf differs from the event shown in seq', 'the inclusion proof does not lead from leaf 4 to the root of tree head #7']);
  });

  it('recomputes the leaf hash instead of taking the one given', async () => {
    const proof = await inclusionProof(0, 5);
    proof.leafHash = flipped(proof.leafHash);
    expect((await verifyEventInclusion(events[0]!, proof, keys)).failures).toEqual(['the leaf hash given is not the hash of the leaf data']);
  });

  it("reports a head whose root, size or signature was changed, or whose key the service does not publish, as the signature's failure", async () => {
    const proof = await inclusionProof(1, 6);
    expect(await signatureProblem({ ...proof.treeHead, timestamp: proof.treeHead.timestamp + 1 }, keys)).toBe(
      'the signature of tree head #6 does not verify with key tree-key-1',
    );
    expect(await signatureProblem({ ...proof.treeHead, rootHash: flipped(proof.treeHead.rootHash) }, keys)).toBe(
      'the signature of tree head #6 does not verify with key tree-key-1',
    );
    expect(await signatureProblem({ ...proof.treeHead, keyId: 'other-key' }, keys)).toBe(
      'the service publishes no Ed25519 key other-key, which tree head #6 names',
    );
    expect(await signatureProblem(proof.treeHead, [])).toBe('the service publishes no Ed25519 key tree-key-1, which tree head #6 names');
    // A head passed off as another workspace's: its signature covers the workspace it was signed for.
    const forged = { ...proof, treeHead: { ...proof.treeHead, workspaceId: 'ws-other' } };
    expect((await verifyEventInclusion(events[1]!, forged, keys)).failures).toEqual([
      'tree head #6 is of another workspace (ws-other)',
      'the signature of tree head #6 does not verify with key tree-key-1',
    ]);
  });
});

describe('checking two tree heads for consistency in the browser', () => {
  const consistency = async (first: number, second: number) => ({
    first: await head(first),
    second: await head(second),
    path: consistencyRanges(first, second).map(rangeHex),
  });

  it('verifies every pair of heads, earlier first', async () => {
    for (let second = 1; second <= events.length; second++) {
      for (let first = 1; first <= second; first++) {
        expect((await verifyHeadConsistency(await consistency(first, second), keys)).failures, `${first} → ${second}`).toEqual([]);
      }
    }
  });

  it('reports a flipped byte of the proof, and a rewritten earlier root, as failed', async () => {
    const proof = await consistency(3, 7);
    proof.path[0] = flipped(proof.path[0]!);
    expect((await verifyHeadConsistency(proof, keys)).failures).toEqual(['the consistency proof does not show tree head #3 to be a prefix of tree head #7']);

    const rewritten = await consistency(3, 7);
    rewritten.first = { ...rewritten.first, rootHash: flipped(rewritten.first.rootHash) };
    expect((await verifyHeadConsistency(rewritten, keys)).failures).toEqual([
      'the signature of tree head #3 does not verify with key tree-key-1',
      'the consistency proof does not show tree head #3 to be a prefix of tree head #7',
    ]);
  });
});
