import { boolean, index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Trading's own tables (migrations in ./migrations, tracked apart from the core). Amounts are numeric.
 * The vault tables, created by the same first migration, are defined in ../vault/schema.ts.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The beta switch: a workspace trades only when a row here says so. */
export const tradingSettings = pgTable('trading_settings', {
  workspaceId: uuid('workspace_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
});

export const tradingQuotes = pgTable(
  'trading_quotes',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    providerId: text('provider_id').notNull(),
    accountId: text('account_id'),
    side: text('side').notNull(),
    baseAssetId: text('base_asset_id').notNull(),
    quoteAssetId: text('quote_asset_id').notNull(),
    baseAmount: numeric('base_amount').notNull(),
    quoteAmount: numeric('quote_amount').notNull(),
    price: numeric('price').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    orderId: uuid('order_id'),
  },
  (t) => [index('trading_quotes_workspace_idx').on(t.workspaceId, t.id)],
);

export const tradingOrders = pgTable(
  'trading_orders',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    providerId: text('provider_id').notNull(),
    accountId: text('account_id'),
    viaType: text('via_type').notNull(),
    status: text('status').notNull(),
    side: text('side').notNull(),
    executionType: text('execution_type').notNull(),
    settlementType: text('settlement_type').notNull(),
    baseAssetId: text('base_asset_id').notNull(),
    quoteAssetId: text('quote_asset_id').notNull(),
    baseAmount: numeric('base_amount').notNull(),
    /** The price of one base unit in the quote asset, and what it comes to (before fees). */
    price: numeric('price').notNull(),
    quoteAmount: numeric('quote_amount').notNull(),
    execution: jsonb('execution').notNull(),
    /** What moves where when the order settles: pay and receive assets and amounts (decimal strings). */
    plan: jsonb('plan').notNull(),
    settlement: jsonb('settlement').notNull(),
    participants: jsonb('participants'),
    sourceOfFunds: jsonb('source_of_funds'),
    customerInternalReferenceId: text('customer_internal_reference_id'),
    note: text('note'),
    paymentInstructions: jsonb('payment_instructions'),
    executionSteps: jsonb('execution_steps').notNull(),
    generalFees: jsonb('general_fees').notNull(),
    receipt: jsonb('receipt'),
    failureReason: text('failure_reason'),
    timeline: jsonb('timeline').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    expiresAt: at('expires_at'),
    /** When the engine should look at the order next; null once it is final. */
    nextStepAt: at('next_step_at'),
    /** When the simulated provider sees the deposit of a PREFUNDED order. */
    paymentSeenAt: at('payment_seen_at'),
  },
  (t) => [index('trading_orders_list_idx').on(t.workspaceId, t.createdAt, t.id), index('trading_orders_due_idx').on(t.nextStepAt)],
);
