CREATE TABLE "webhook_attempts" (
	"notification_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"response_code" integer,
	"failure_reason" text,
	CONSTRAINT "webhook_attempts_notification_id_attempt_pk" PRIMARY KEY("notification_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "webhook_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"round_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_notifications_list_idx" ON "webhook_notifications" USING btree ("webhook_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_notifications_due_idx" ON "webhook_notifications" USING btree ("next_attempt_at") WHERE next_attempt_at is not null;--> statement-breakpoint
CREATE INDEX "webhooks_workspace_idx" ON "webhooks" USING btree ("workspace_id","created_at","id");