import { z } from 'zod';
import { pageSize } from './query';

// The verifiable audit log's wire (docs/audit-log.md): signed tree heads and proofs. A module of its
// own so the console's pages that read the audit log do not carry these schemas until one uses them.

/** A SHA-256 hash as the verifiable log gives it: 64 lower-case hex digits. */
const Sha256Hex = z
  .string()
  .meta({ description: 'SHA-256, 64 lower-case hex digits.', example: 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7' });

const treeSize = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a tree size` })
    .int({ error: `${name} must be a whole number` })
    .min(1, { error: `${name} must be at least 1` });

/**
 * A signed tree head: the workspace's audit log as a Merkle tree (RFC 9162 §2.1, see
 * contract/merkle.ts) of its first `treeSize` events, event `seq` being leaf seq - 1.
 */
export const AuditTreeHead = z.object({
  workspaceId: z.string(),
  treeSize: z.number().int(),
  rootHash: Sha256Hex,
  timestamp: z.number().int().meta({ description: 'When it was signed, epoch milliseconds.' }),
  signature: z.string().meta({ description: 'Ed25519 over treeHeadMessage (the head as five lines of text), base64url.' }),
  keyId: z.string().meta({ description: 'The key in /.well-known/jwks.json that verifies it (alg EdDSA).' }),
});
export type AuditTreeHead = z.infer<typeof AuditTreeHead>;

/** The bytes a tree head's signature covers (UTF-8): one field a line, so nothing is ambiguous and any language can rebuild it. */
export function treeHeadMessage(head: Pick<AuditTreeHead, 'workspaceId' | 'treeSize' | 'rootHash' | 'timestamp'>): string {
  return `asset-ops audit tree head v1\n${head.workspaceId}\n${head.treeSize}\n${head.rootHash}\n${head.timestamp}\n`;
}

/**
 * The fields an event's chain hash covers: everything it says, in a form that survives a jsonb round
 * trip. Their canonical JSON (contract/canonical-json.ts) is also the event's leaf data, which the
 * console rebuilds from the event it shows (seq being leafIndex + 1) to check the leaf is that event.
 */
export interface ChainedFields {
  id: string;
  workspaceId: string;
  seq: number;
  timestamp: number;
  userName: string;
  userId: string;
  category: string;
  subject: string;
  event: string;
  requestId: string | null;
  sourceAddress: string | null;
  detail: unknown;
}

export const AUDIT_TREE_HEAD_PAGE_SIZE = { min: 1, max: 500, default: 100 } as const;

export const AuditTreeHeadsQuery = z.object({
  pageSize: pageSize('pageSize', AUDIT_TREE_HEAD_PAGE_SIZE),
  pageCursor: z.string().max(1024, { error: 'pageCursor is too long' }).optional(),
});

export const AuditTreeHeadList = z.object({
  data: z.array(AuditTreeHead).meta({ description: 'Latest first.' }),
  next: z.string().nullable().meta({ description: 'Cursor of the next page, or null on the last page.' }),
});

export const AuditTreeSizeParams = z.object({ treeSize: treeSize('treeSize') });

export const AuditEventParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

export const AuditInclusionQuery = z.object({
  treeSize: treeSize('treeSize').optional().meta({ description: 'A signed tree size; the latest signed head when left out.' }),
});

export const AuditInclusionProof = z.object({
  leafIndex: z.number().int().meta({ description: "The event's seq - 1." }),
  leafData: z.string().meta({
    description: 'The leaf: the canonical JSON (keys sorted) of the event as hashed into the chain, as the log holds it now.',
  }),
  leafHash: Sha256Hex.meta({ description: 'SHA-256 of 0x00 and leafData.' }),
  auditPath: z.array(Sha256Hex).meta({ description: 'RFC 9162 §2.1.3 inclusion proof, leaf side first.' }),
  treeHead: AuditTreeHead,
});
export type AuditInclusionProof = z.infer<typeof AuditInclusionProof>;

export const AuditConsistencyQuery = z.object({ first: treeSize('first'), second: treeSize('second') });

export const AuditConsistencyProof = z.object({
  first: AuditTreeHead,
  second: AuditTreeHead,
  path: z.array(Sha256Hex).meta({ description: 'RFC 9162 §2.1.4 consistency proof from first to second.' }),
});
export type AuditConsistencyProof = z.infer<typeof AuditConsistencyProof>;
