-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in openDatabase.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_event_counts" (
	"workspace_id" uuid NOT NULL,
	"category" text NOT NULL,
	"hour" bigint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_event_counts_workspace_id_category_hour_pk" PRIMARY KEY("workspace_id","category","hour")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(subject || ' ' || event || ' ' || user_name || ' ' || detail::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_search_idx" ON "audit_events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Counts per hour and category, and per hour for all categories (''), added once per inserting
-- statement from its transition table (a batch of 10,000 events is one upsert of a few rows).
CREATE FUNCTION audit_event_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_event_counts (workspace_id, category, hour, n)
  SELECT e.workspace_id, k.category, e.timestamp / 3600000 * 3600000, count(*)
  FROM new_events e CROSS JOIN LATERAL (VALUES (e.category), ('')) AS k(category)
  GROUP BY 1, 2, 3
  ON CONFLICT (workspace_id, category, hour) DO UPDATE SET n = audit_event_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_counts AFTER INSERT ON audit_events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_counts_add();--> statement-breakpoint
INSERT INTO audit_event_counts (workspace_id, category, hour, n)
SELECT e.workspace_id, k.category, e.timestamp / 3600000 * 3600000, count(*)
FROM audit_events e CROSS JOIN LATERAL (VALUES (e.category), ('')) AS k(category)
GROUP BY 1, 2, 3;
