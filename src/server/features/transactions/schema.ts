import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Transactions' own tables (migrations in ./migrations, tracked apart from the core). Amounts are numeric. */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    externalTxId: text('external_tx_id'),
    status: text('status').notNull(),
    subStatus: text('sub_status'),
    operation: text('operation').notNull(),
    /** Legacy asset id, and the chain it lives on (for hashes, addresses and the stuck alert). */
    assetId: text('asset_id').notNull(),
    assetType: text('asset_type').notNull(),
    blockchainId: text('blockchain_id'),
    protocol: text('protocol').notNull(),
    source: jsonb('source').notNull(),
    destination: jsonb('destination').notNull(),
    /** The address the funds leave from; shown only from CONFIRMING on, as the spec says. */
    sourceAddress: text('source_address').notNull(),
    destinationAddress: text('destination_address').notNull(),
    destinationTag: text('destination_tag'),
    amount: numeric('amount').notNull(),
    networkFee: numeric('network_fee'),
    feeCurrency: text('fee_currency').notNull(),
    treatAsGrossAmount: boolean('treat_as_gross_amount').notNull().default(false),
    txHash: text('tx_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    confirmationsRequired: integer('confirmations_required').notNull(),
    blockHeight: integer('block_height'),
    nonce: integer('nonce'),
    note: text('note'),
    /** How the simulated chain treats this transaction (COMPLETED or a failure path). */
    outcome: text('outcome').notNull(),
    /** Balances were already moved by whoever created it (an order's settlement). */
    balancesMoved: boolean('balances_moved').notNull().default(false),
    orderId: uuid('order_id'),
    createdBy: text('created_by').notNull(),
    timeline: jsonb('timeline').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    confirmingSince: at('confirming_since'),
    /** When the engine should look at it next; null once final. */
    nextStepAt: at('next_step_at'),
  },
  (t) => [
    index('transactions_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('transactions_updated_idx').on(t.workspaceId, t.updatedAt, t.id),
    index('transactions_due_idx')
      .on(t.nextStepAt)
      .where(sql`next_step_at is not null`),
    index('transactions_order_idx')
      .on(t.orderId)
      .where(sql`order_id is not null`),
    uniqueIndex('transactions_external_id_idx')
      .on(t.workspaceId, t.externalTxId)
      .where(sql`external_tx_id is not null`),
  ],
);

/** One open stuck episode per vault account and base asset: the alert fires once per episode. */
export const transactionStuckEpisodes = pgTable(
  'transaction_stuck_episodes',
  {
    workspaceId: uuid('workspace_id').notNull(),
    vaultAccountId: text('vault_account_id').notNull(),
    baseAsset: text('base_asset').notNull(),
    openedAt: at('opened_at').notNull(),
    stuckTxId: uuid('stuck_tx_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.vaultAccountId, t.baseAsset] })],
);
