import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Vault accounts and their balances. The tables were created by trading's first migration, when
 * vault accounts were part of trading, and stay in trading's migration history (applied migrations
 * never change): trading's drizzle.config.ts names this file beside its own schema, so drizzle-kit
 * keeps generating that one history for both.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tradingVaultAccounts = pgTable(
  'trading_vault_accounts',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    hiddenOnUi: boolean('hidden_on_ui').notNull().default(false),
    autoFuel: boolean('auto_fuel').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const tradingVaultBalances = pgTable(
  'trading_vault_balances',
  {
    workspaceId: uuid('workspace_id').notNull(),
    accountId: text('account_id').notNull(),
    /** Legacy asset id. */
    assetId: text('asset_id').notNull(),
    total: numeric('total').notNull(),
    /**
     * What the balance held before any transfer or order moved it (a demo's or an import's
     * starting balance): `total` is always this plus what completed transfers brought in, less
     * what they took out, which the operator's `verify` command checks.
     */
    opening: numeric('opening').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.accountId, t.assetId] })],
);

/** Accounts returned by the legacy unpaginated listing, per workspace and minute. */
export const tradingVaultListingWindows = pgTable(
  'trading_vault_listing_windows',
  {
    workspaceId: uuid('workspace_id').notNull(),
    windowStart: at('window_start').notNull(),
    accounts: integer('accounts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.windowStart] })],
);
