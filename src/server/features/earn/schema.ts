import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/** The earn area's own table (its own migration set): which provider terms a workspace approved. */
export const earnTermsApprovals = pgTable(
  'earn_terms_approvals',
  {
    workspaceId: uuid('workspace_id').notNull(),
    providerId: text('provider_id').notNull(),
    approvedAt: bigint('approved_at', { mode: 'number' }).notNull(),
    approvedById: text('approved_by_id').notNull(),
    approvedByName: text('approved_by_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.providerId] })],
);
