CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"object_id" text NOT NULL,
	"status" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_position_idx" ON "live_events" USING btree ("tx","id");--> statement-breakpoint
CREATE INDEX "live_events_at_idx" ON "live_events" USING btree ("at");