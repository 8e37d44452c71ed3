-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in openDatabase.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(subject || ' ' || event || ' ' || user_name || ' ' || detail::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_search_idx" ON "audit_events" USING gin ("search_text" gin_trgm_ops);