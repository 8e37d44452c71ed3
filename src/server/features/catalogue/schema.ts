import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The catalogue's own tables (their migrations are in ./migrations, tracked apart from the core). */

export const catalogueBlockchains = pgTable('catalogue_blockchains', {
  id: uuid('id').primaryKey(),
  legacyId: text('legacy_id').notNull().unique(),
  displayName: text('display_name').notNull(),
  nativeAssetId: uuid('native_asset_id').notNull(),
  protocol: text('protocol').notNull(),
  chainId: text('chain_id'),
  test: boolean('test').notNull(),
  signingAlgo: text('signing_algo').notNull(),
  deprecated: boolean('deprecated').notNull(),
  explorer: jsonb('explorer').notNull(),
  /** Address family for registration (EVM, SOL, …), or null where tokens cannot be registered. */
  family: text('family'),
  /** SELF_SERVE, NO_TOKENS (spec code 1000) or NOT_SELF_SERVE (1004). */
  registration: text('registration').notNull(),
  tokenStandard: text('token_standard'),
});

/** GLOBAL assets have no workspace; LOCAL ones belong to the workspace that registered them. */
export const catalogueAssets = pgTable(
  'catalogue_assets',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id'),
    legacyId: text('legacy_id').notNull(),
    blockchainId: uuid('blockchain_id'),
    displayName: text('display_name').notNull(),
    displaySymbol: text('display_symbol').notNull(),
    assetClass: text('asset_class').notNull(),
    onchainSymbol: text('onchain_symbol').notNull(),
    onchainName: text('onchain_name').notNull(),
    address: text('address'),
    /** The address as compared for duplicates (lower-case for EVM, where case is only a checksum). */
    addressKey: text('address_key'),
    decimals: integer('decimals').notNull(),
    standards: jsonb('standards').notNull(),
    scope: text('scope').notNull(),
    verified: boolean('verified').notNull(),
    deprecated: boolean('deprecated').notNull(),
    features: jsonb('features').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The asset as the contract's JSON (note and price null), kept by a trigger on every insert and
     * update: a page then joins ready-made text instead of building 500 objects per request.
     */
    doc: text('doc'),
  },
  (t) => [
    uniqueIndex('catalogue_assets_legacy_key').on(sql`coalesce(${t.workspaceId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.legacyId),
    index('catalogue_assets_address_idx').on(t.blockchainId, t.addressKey),
    index('catalogue_assets_workspace_idx').on(t.workspaceId, t.id),
    index('catalogue_assets_symbol_idx').on(t.onchainSymbol),
    index('catalogue_assets_blockchain_idx').on(t.blockchainId, t.id),
    // Deprecated assets are rare: without this a deprecated=true page walks most of the table in id order.
    index('catalogue_assets_deprecated_idx')
      .on(t.id)
      .where(sql`deprecated`),
    // The list's search (`q`, a part of any of these in any case, matched with ILIKE): trigrams find a
    // match inside a word, which no b-tree can. One GIN index serves a condition on any of its columns.
    // Without fastupdate, a new asset goes straight into the index rather than into a pending list
    // that every search would read in full and only a VACUUM (never run on PGlite) would empty, and
    // the planner's estimates stay true after a plain ANALYZE; assets are added rarely.
    index('catalogue_assets_search_idx')
      .using(
        'gin',
        t.displaySymbol.op('gin_trgm_ops'),
        t.onchainSymbol.op('gin_trgm_ops'),
        t.displayName.op('gin_trgm_ops'),
        t.onchainName.op('gin_trgm_ops'),
        t.address.op('gin_trgm_ops'),
      )
      .with({ fastupdate: false }),
  ],
);

export const catalogueNotes = pgTable(
  'catalogue_notes',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: text('user_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    userName: text('user_name').notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.assetId] })],
);

export const cataloguePrices = pgTable(
  'catalogue_prices',
  {
    workspaceId: uuid('workspace_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    currency: text('currency').notNull(),
    price: numeric('price').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.assetId, t.currency] }), index('catalogue_prices_latest_idx').on(t.workspaceId, t.assetId, t.updatedAt)],
);

/** Per-workspace catalogue permissions; a workspace without a row has the defaults. */
export const catalogueSettings = pgTable('catalogue_settings', {
  workspaceId: uuid('workspace_id').primaryKey(),
  assetQuota: integer('asset_quota').notNull().default(100),
  allowTestnetAssets: boolean('allow_testnet_assets').notNull().default(true),
  allowMainnetAssets: boolean('allow_mainnet_assets').notNull().default(true),
  allowPriceSetting: boolean('allow_price_setting').notNull().default(true),
});

/** Which version of the shipped catalogue the database holds. */
export const catalogueMeta = pgTable('catalogue_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * A counter per workspace (the global catalogue's under the zero uuid) that triggers raise with every
 * change to what an asset page shows: assets, blockchains, prices, notes. A page kept in memory is
 * served again only while both its counters still read the same (see page-cache.ts).
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  workspaceId: uuid('workspace_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
