import { z } from 'zod';
import type { AuditLogData } from './audit';
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

/** How many events one request for proofs may name: an export's page. */
const AUDIT_PROOF_BATCH_MAX = 500;

export const AuditInclusionProofsRequest = z.object({
  treeSize: z
    .number({ error: 'treeSize must be a tree size' })
    .int({ error: 'treeSize must be a whole number' })
    .min(1, { error: 'treeSize must be at least 1' })
    .meta({ description: 'A signed tree size: every proof is against that head.' }),
  ids: z
    .array(z.uuid({ error: 'ids must be event ids (UUIDs)' }), { error: 'ids must be a list of event ids' })
    .min(1, { error: 'ids must name at least one event' })
    .max(AUDIT_PROOF_BATCH_MAX, { error: `ids must name at most ${AUDIT_PROOF_BATCH_MAX} events` }),
});

export const AuditEventProof = z.object({
  id: z.string(),
  leafIndex: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The event's seq - 1; null while the event waits to be sequenced (its hash is null too), seconds after its write." }),
  auditPath: z
    .array(Sha256Hex)
    .nullable()
    .meta({ description: 'RFC 9162 §2.1.3 inclusion proof, leaf side first; null when the event is after the head (not yet provable against it).' }),
});
export type AuditEventProof = z.infer<typeof AuditEventProof>;

export const AuditInclusionProofs = z.object({
  treeHead: AuditTreeHead,
  proofs: z.array(AuditEventProof).meta({ description: 'One per id asked, in the order asked.' }),
});
export type AuditInclusionProofs = z.infer<typeof AuditInclusionProofs>;

/**
 * An export that carries its proofs (docs/audit-log.md, "Verifying offline"): the events as the
 * service listed them, each with its leaf index and audit path to one signed tree head, and the
 * head's public key, so the file verifies on its own (`npm run cli -- verify-export`,
 * scripts/verify-audit-export.mjs).
 */
export const AUDIT_EXPORT_FORMAT = 'asset-ops audit export with proofs v1';
export type AuditExportEvent = AuditLogData & { proof: Omit<AuditEventProof, 'id'> };
export interface AuditExportWithProofs {
  format: typeof AUDIT_EXPORT_FORMAT;
  /** The console's search the events are the result of, as in its address. */
  search: string;
  /** The events' order: by (timestamp, id), oldest or newest first. */
  order: 'ASC' | 'DESC';
  treeHead: AuditTreeHead;
  /** The head's key, as /.well-known/jwks.json publishes it. */
  publicKey: Record<string, unknown>;
  events: AuditExportEvent[];
}
