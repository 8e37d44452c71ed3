import { jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AuditColumn } from '../../../contract/audit-views';

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
