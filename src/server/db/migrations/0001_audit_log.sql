CREATE TABLE "audit_chain_heads" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"timestamp" bigint NOT NULL,
	"user_name" text NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"event" text NOT NULL,
	"request_id" text,
	"source_address" text,
	"detail" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_key" ON "audit_events" USING btree ("workspace_id","seq");--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("workspace_id","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_events_category_time_idx" ON "audit_events" USING btree ("workspace_id","category","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_events_user_time_idx" ON "audit_events" USING btree ("workspace_id","user_id","timestamp","id");