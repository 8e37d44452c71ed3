CREATE TABLE "live_stream_leases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"caller" text NOT NULL,
	"instance" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_stream_leases_caller_idx" ON "live_stream_leases" USING btree ("caller");--> statement-breakpoint
CREATE INDEX "live_stream_leases_instance_idx" ON "live_stream_leases" USING btree ("instance");