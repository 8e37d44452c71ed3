import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Webhooks' own tables (migrations in ./migrations, tracked apart from the core). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    events: jsonb('events').notNull(),
    status: text('status').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('webhooks_workspace_idx').on(t.workspaceId, t.createdAt, t.id)],
);

/**
 * The outbox: one row per event and subscribed webhook, written in the same database transaction
 * as the change it reports. `body` is the exact envelope sent, so every attempt and every resend
 * carries the same bytes and the same id.
 */
export const webhookNotifications = pgTable(
  'webhook_notifications',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    webhookId: uuid('webhook_id').notNull(),
    eventType: text('event_type').notNull(),
    resourceId: text('resource_id'),
    body: text('body').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Attempts of the current round; a resend starts a new round of 10. */
    roundAttempts: integer('round_attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** When the worker should try next; while a worker holds it, the end of its lease. Null once final. */
    nextAttemptAt: at('next_attempt_at'),
  },
  (t) => [
    index('webhook_notifications_list_idx').on(t.webhookId, t.createdAt, t.id),
    index('webhook_notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`next_attempt_at is not null`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    notificationId: uuid('notification_id').notNull(),
    attempt: integer('attempt').notNull(),
    sentAt: at('sent_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseCode: integer('response_code'),
    failureReason: text('failure_reason'),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.attempt] })],
);

/** The keys deliveries are signed with; the public halves are published as a JWKS. */
export const webhookSigningKeys = pgTable('webhook_signing_keys', {
  kid: text('kid').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: at('created_at').notNull(),
});
