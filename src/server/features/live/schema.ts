import { sql } from 'drizzle-orm';
import { bigint, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Live updates' own table (migrations in ./migrations, tracked apart from the core). */

/** PostgreSQL's 64-bit transaction id, read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The change notices of the last few minutes, so a stream that reconnects gets what it missed.
 * `tx` is the writing transaction: notices are sent in (tx, id) order, and only once every
 * transaction below the oldest one still running has ended, so a notice never overtakes one that
 * commits later with a lower position (see hub.ts). Rows older than the window are pruned.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    workspaceId: uuid('workspace_id').notNull(),
    kind: text('kind').notNull(),
    objectId: text('object_id').notNull(),
    status: text('status'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('live_events_position_idx').on(t.tx, t.id), index('live_events_at_idx').on(t.at)],
);

/**
 * One row per open stream, for the per-user limit across every instance. An instance renews the
 * rows of its streams while it runs and deletes each when its stream ends; the rows of an instance
 * that died expire by themselves (handlers.ts says when).
 */
export const liveStreamLeases = pgTable(
  'live_stream_leases',
  {
    id: uuid('id').primaryKey(),
    /** The principal that holds the stream (`<kind>:<id>`). */
    caller: text('caller').notNull(),
    /** The instance holding the stream, which renews the row. */
    instance: uuid('instance').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('live_stream_leases_caller_idx').on(t.caller), index('live_stream_leases_instance_idx').on(t.instance)],
);
