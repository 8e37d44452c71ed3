CREATE TABLE "audit_events_pending" (
	"position" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_pending_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"timestamp" bigint NOT NULL,
	"user_name" text NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"event" text NOT NULL,
	"request_id" text,
	"source_address" text,
	"detail" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
-- A write's events wake the sequencer (the audit tree workers, on CHANNELS.auditEvents of
-- src/server/db/notify.ts): one notice per statement, folded by PostgreSQL into one per transaction.
-- The live streams hear of the events when the sequencer inserts them into audit_events (live
-- migration 0001), with their hash.
CREATE TRIGGER audit_events_pending_notice AFTER INSERT ON audit_events_pending
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_appended_notice();
