-- The asset list's search (q) by trigrams. pg_trgm comes with core migration 0007 (the audit search),
-- which runs before this set; named here too, so this migration says what it needs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "catalogue_assets_search_idx" ON "catalogue_assets" USING gin ("display_symbol" gin_trgm_ops,"onchain_symbol" gin_trgm_ops,"display_name" gin_trgm_ops,"onchain_name" gin_trgm_ops,"address" gin_trgm_ops) WITH (fastupdate=false);