import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { type AuditTreeHead, type ChainedFields, treeHeadMessage } from '../../../contract/audit-tree';
import { canonicalJson } from '../../../contract/canonical-json';
import { type Block, fromHex, inclusionRanges, type LeafRange, leafHash, nodeHash, rangeBlocks, rangeHash, toHex } from '../../../contract/merkle';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { auditChainHeads, auditEvents } from '../../db/schema';
import { auditMerkleNodes, auditMerkleTrees, auditPendingEvents, auditTreeHeads } from './schema';
import { chainedColumns } from './store';
import { signTreeHead, type TreeHeadKey } from './tree-keys';

/**
 * The workspaces' Merkle trees (src/contract/merkle.ts) in the database: extended in seq order from
 * the committed events, every complete subtree's hash kept (audit_merkle_nodes), heads signed and
 * kept (audit_tree_heads). One path extends the tree for new events and for those written before
 * the tree existed.
 */

export const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();

/**
 * A leaf's data: the canonical JSON of the event's hashed fields, the very bytes the hash chain
 * covers. So the log has one canonical form of an event, which names its workspace and seq (a leaf
 * cannot be moved to another place or workspace), and a verifier holding the events rebuilds both
 * the chain and the tree from the same bytes.
 */
export const leafDataOf = (fields: ChainedFields): string => canonicalJson(fields);

const eventLeafHash = (fields: ChainedFields) => leafHash(sha256, new TextEncoder().encode(leafDataOf(fields)));

/** The columns of audit_events that make an event's ChainedFields. */
const CHAINED = { ...chainedColumns(auditEvents), workspaceId: auditEvents.workspaceId, seq: auditEvents.seq };

/** The stored hashes of complete subtrees (each must exist: the callers ask only for blocks inside the tree). */
async function blockHashes(db: Db, workspaceId: string, blocks: Block[]): Promise<(block: Block) => Uint8Array> {
  const found = new Map<string, Uint8Array>();
  if (blocks.length > 0) {
    const levels = `{${blocks.map((b) => b.level).join(',')}}`;
    const indexes = `{${blocks.map((b) => b.index).join(',')}}`;
    // One primary-key lookup per block (the lateral join): joined as a set instead, the planner
    // scanned every node of the workspace, 46 ms at 20,000 events and growing with the log.
    const rows = await queryRows<{ level: number; index: string; hash: string }>(
      db,
      sql`select w.level, w.index, encode(n.hash, 'hex') as hash
        from unnest(${levels}::smallint[], ${indexes}::bigint[]) as w(level, index)
        cross join lateral (select hash from ${auditMerkleNodes} where workspace_id = ${workspaceId}::uuid and level = w.level and index = w.index) n`,
    );
    for (const r of rows) found.set(`${r.level}/${Number(r.index)}`, fromHex(r.hash));
  }
  return (block) => {
    const hash = found.get(`${block.level}/${block.index}`);
    if (!hash) throw new Error(`audit tree of ${workspaceId}: no node ${block.level}/${block.index}`);
    return hash;
  };
}

/** The hashes of ranges of leaves (a proof's, or a root), read from the stored subtrees in one query. */
export async function rangeHashes(db: Db, workspaceId: string, ranges: LeafRange[]): Promise<Uint8Array[]> {
  const blockHash = await blockHashes(db, workspaceId, ranges.flatMap(rangeBlocks));
  return ranges.map((range) => rangeHash(sha256, range, blockHash));
}

/**
 * The inclusion proofs (hex, leaf side first) of many leaves in the tree of `treeSize`, in one
 * query: nearby leaves share most of their paths, so each range is read once.
 */
export async function inclusionPaths(db: Db, workspaceId: string, indices: number[], treeSize: number): Promise<string[][]> {
  const key = (r: LeafRange) => `${r.start}/${r.size}`;
  const paths = indices.map((index) => inclusionRanges(index, treeSize));
  const ranges = [...new Map(paths.flat().map((r) => [key(r), r])).values()];
  const hashes = await rangeHashes(db, workspaceId, ranges);
  const hashOf = new Map(ranges.map((r, i) => [key(r), toHex(hashes[i]!)]));
  return paths.map((path) => path.map((r) => hashOf.get(key(r))!));
}

/**
 * Adds up to `batch` events to the workspace's tree, in seq order from where it stands, and stops
 * at the first seq missing (a transaction that committed later fills it; the tree never skips one).
 * The tree's row is locked for the batch; an instance that finds it locked leaves the workspace to
 * the one holding it. Answers how many events were added.
 */
export async function extendTree(db: Db, workspaceId: string, batch: number): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.insert(auditMerkleTrees).values({ workspaceId, size: 0, signedSize: 0 }).onConflictDoNothing();
    const [tree] = await tx
      .select({ size: auditMerkleTrees.size })
      .from(auditMerkleTrees)
      .where(eq(auditMerkleTrees.workspaceId, workspaceId))
      .for('update', { skipLocked: true });
    if (!tree) return 0;
    const events = await tx
      .select(CHAINED)
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, workspaceId), gt(auditEvents.seq, tree.size), lte(auditEvents.seq, tree.size + batch)))
      .orderBy(asc(auditEvents.seq));
    const leaves: Uint8Array[] = [];
    for (const event of events) {
      if (event.seq !== tree.size + leaves.length + 1) break;
      leaves.push(eventLeafHash(event));
    }
    if (leaves.length === 0) return 0;
    // The tree's right edge: the complete subtrees of its leaves so far, largest first. Each new
    // leaf goes on the edge and joins its left neighbour while the two are the same height.
    const edgeBlocks = tree.size > 0 ? rangeBlocks({ start: 0, size: tree.size }) : [];
    const edgeHash = await blockHashes(tx, workspaceId, edgeBlocks);
    const edge = edgeBlocks.map((block) => ({ ...block, hash: edgeHash(block) }));
    const made: { level: number; index: number; hash: string }[] = [];
    leaves.forEach((leaf, i) => {
      let node = { level: 0, index: tree.size + i, hash: leaf };
      made.push({ ...node, hash: toHex(leaf) });
      while (edge.length > 0 && edge[edge.length - 1]!.level === node.level) {
        const left = edge.pop()!;
        node = { level: node.level + 1, index: left.index / 2, hash: nodeHash(sha256, left.hash, node.hash) };
        made.push({ ...node, hash: toHex(node.hash) });
      }
      edge.push(node);
    });
    // One JSON parameter for the batch's nodes, as appendAuditEvents writes events.
    await tx.execute(sql`insert into ${auditMerkleNodes} (workspace_id, level, index, hash)
      select ${workspaceId}::uuid, level, index, decode(hash, 'hex') from jsonb_to_recordset(${JSON.stringify(made)}::jsonb) as x(level smallint, index bigint, hash text)`);
    await tx
      .update(auditMerkleTrees)
      .set({ size: tree.size + leaves.length })
      .where(eq(auditMerkleTrees.workspaceId, workspaceId));
    return leaves.length;
  });
}

/** Workspaces whose trees are behind their committed events. */
export async function laggingTrees(db: Db): Promise<string[]> {
  const rows = await queryRows<{ workspace_id: string }>(
    db,
    sql`select h.workspace_id from ${auditChainHeads} h left join ${auditMerkleTrees} t on t.workspace_id = h.workspace_id
      where h.seq > coalesce(t.size, 0)`,
  );
  return rows.map((r) => r.workspace_id);
}

/** Trees that grew since their last signed head, and when that head was signed. */
export function unsignedTrees(db: Db) {
  return db
    .select({ workspaceId: auditMerkleTrees.workspaceId, signedAt: auditMerkleTrees.signedAt })
    .from(auditMerkleTrees)
    .where(gt(auditMerkleTrees.size, auditMerkleTrees.signedSize));
}

/** Signs and keeps a head of the workspace's tree as it stands (unless another instance holds the tree, or it did not grow). */
export async function signTree(db: Db, workspaceId: string, key: TreeHeadKey, now: Date): Promise<AuditTreeHead | undefined> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [tree] = await tx.select().from(auditMerkleTrees).where(eq(auditMerkleTrees.workspaceId, workspaceId)).for('update', { skipLocked: true });
    if (!tree || tree.size <= tree.signedSize) return undefined;
    const [root] = await rangeHashes(tx, workspaceId, [{ start: 0, size: tree.size }]);
    const unsigned = { workspaceId, treeSize: tree.size, rootHash: toHex(root!), timestamp: now.getTime() };
    const head = { ...unsigned, signature: signTreeHead(key, treeHeadMessage(unsigned)), keyId: key.kid };
    await tx.insert(auditTreeHeads).values({ ...head, rootHash: sql`decode(${head.rootHash}, 'hex')` });
    await tx.update(auditMerkleTrees).set({ signedSize: tree.size, signedAt: now }).where(eq(auditMerkleTrees.workspaceId, workspaceId));
    return head;
  });
}

const HEAD_COLUMNS = {
  workspaceId: auditTreeHeads.workspaceId,
  treeSize: auditTreeHeads.treeSize,
  rootHash: sql<string>`encode(${auditTreeHeads.rootHash}, 'hex')`,
  timestamp: auditTreeHeads.timestamp,
  signature: auditTreeHeads.signature,
  keyId: auditTreeHeads.keyId,
};

/** A page of the workspace's heads, latest first, below `before` (a tree size) when given; one more than the page says whether another follows. */
export function treeHeadsPage(db: Db, workspaceId: string, limit: number, before?: number): Promise<AuditTreeHead[]> {
  return db
    .select(HEAD_COLUMNS)
    .from(auditTreeHeads)
    .where(and(eq(auditTreeHeads.workspaceId, workspaceId), before === undefined ? undefined : lt(auditTreeHeads.treeSize, before)))
    .orderBy(desc(auditTreeHeads.treeSize))
    .limit(limit);
}

/** The head of that size, or the latest when no size is given. */
export async function treeHead(db: Db, workspaceId: string, treeSize?: number): Promise<AuditTreeHead | undefined> {
  const [head] = await db
    .select(HEAD_COLUMNS)
    .from(auditTreeHeads)
    .where(and(eq(auditTreeHeads.workspaceId, workspaceId), treeSize === undefined ? undefined : eq(auditTreeHeads.treeSize, treeSize)))
    .orderBy(desc(auditTreeHeads.treeSize))
    .limit(1);
  return head;
}

/** The event's leaf as the log holds it now (its seq and leaf data), or undefined when the workspace has no such event. */
export async function eventLeaf(db: Db, workspaceId: string, id: string): Promise<{ index: number; data: string; hash: Uint8Array } | undefined> {
  const [event] = await db
    .select(CHAINED)
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.id, id)));
  if (!event) return undefined;
  const data = leafDataOf(event);
  return { index: event.seq - 1, data, hash: leafHash(sha256, new TextEncoder().encode(data)) };
}

/** The leaf index (seq - 1) of each of these events that the workspace has, null for those waiting to be sequenced. */
export async function leafIndices(db: Db, workspaceId: string, ids: string[]): Promise<Map<string, number | null>> {
  const p = auditPendingEvents;
  const [rows, pending] = await Promise.all([
    db
      .select({ id: auditEvents.id, seq: auditEvents.seq })
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, workspaceId), inArray(auditEvents.id, ids))),
    db
      .select({ id: p.id })
      .from(p)
      .where(and(eq(p.workspaceId, workspaceId), inArray(p.id, ids))),
  ]);
  return new Map<string, number | null>([...pending.map((r) => [r.id, null] as const), ...rows.map((r) => [r.id, r.seq - 1] as const)]);
}

/** Whether the workspace has this event waiting to be sequenced. */
export async function isPending(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const p = auditPendingEvents;
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.workspaceId, workspaceId), eq(p.id, id)));
  return row !== undefined;
}
