import { sql } from 'drizzle-orm';
import { bigint, customType, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AuditColumn } from '../../../contract/audit-views';
import { writtenAuditEventColumns } from '../../db/schema';

/**
 * The audit explorer's own tables (migrations in ./migrations, tracked apart from the core): what
 * each reader keeps for themself. The events live in the core's audit_events.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A reader's saved views: a name, the explorer's query string, and optionally the columns. */
export const auditSavedViews = pgTable(
  'audit_saved_views',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    /** The principal's id (a console user or an API user). */
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    filters: text('filters').notNull(),
    columns: jsonb('columns').$type<AuditColumn[]>(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  // One name per reader; also the index the list reads, in name order.
  (t) => [uniqueIndex('audit_saved_views_name_key').on(t.workspaceId, t.userId, t.name)],
);

/** A reader's columns, their order and widths. */
export const auditPreferences = pgTable(
  'audit_preferences',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: text('user_id').notNull(),
    columns: jsonb('columns').$type<AuditColumn[]>().notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/** A SHA-256 hash, 32 bytes (half the room of its hex, in a table of two rows per event). Written and read as hex in SQL (encode/decode). */
const hash = customType<{ data: string }>({ dataType: () => 'bytea' });
const count = (name: string) => bigint(name, { mode: 'number' });

/**
 * The verifiable log (RFC 9162 Merkle trees, see src/contract/merkle.ts): each workspace's events
 * are the leaves of a tree, event `seq` at leaf index seq - 1. Every complete subtree's hash is kept,
 * level 0 being the leaves, so a proof or a root reads O(log n) rows and rehashes nothing.
 */
export const auditMerkleNodes = pgTable(
  'audit_merkle_nodes',
  {
    workspaceId: uuid('workspace_id').notNull(),
    /** The subtree holds 2^level leaves… */
    level: smallint('level').notNull(),
    /** …from leaf index·2^level. */
    index: count('index').notNull(),
    hash: hash('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.level, t.index] })],
);

/** How far each workspace's tree has grown (its leaves are events 1..size), and its latest signed head. */
export const auditMerkleTrees = pgTable('audit_merkle_trees', {
  workspaceId: uuid('workspace_id').primaryKey(),
  size: count('size').notNull(),
  signedSize: count('signed_size').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
});

/** Signed tree heads: the tree's size and root at a time, signed with an audit log key (audit_log_signing_keys); all are kept. */
export const auditTreeHeads = pgTable(
  'audit_tree_heads',
  {
    workspaceId: uuid('workspace_id').notNull(),
    treeSize: count('tree_size').notNull(),
    rootHash: hash('root_hash').notNull(),
    /** Epoch milliseconds. */
    timestamp: count('timestamp').notNull(),
    /** Ed25519 over treeHeadMessage (src/contract/audit.ts), base64url. */
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.treeSize] })],
);

/**
 * The keys tree heads are signed with (Ed25519), made once per installation like the webhook
 * signing key and published beside it in the JWKS; kept after a rotation, so old heads still verify.
 */
export const auditLogSigningKeys = pgTable('audit_log_signing_keys', {
  kid: text('kid').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Events written but not yet sequenced. A write's transaction inserts its events here and touches
 * no shared row (no chain head, no tallies), so writers of one workspace never queue behind one
 * another. The sequencer (sequencer.ts), one at a time across instances, moves them into
 * audit_events in batches: chain position, chain hash, tallies and tree leaves. Until then the
 * audit log lists them with a null hash. `position` orders them within a batch. No index but its key,
 * and no kept search text: the table holds about a second of writes, and each index or kept column
 * would cost every write (the writes' audit work is to stay under 0.3 ms an event).
 */
export const auditPendingEvents = pgTable('audit_events_pending', {
  position: bigint('position', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  id: uuid('id').notNull(),
  ...writtenAuditEventColumns(),
  /** When the write's transaction recorded it: the sequencer's lag is measured from here. */
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`clock_timestamp()`),
});
