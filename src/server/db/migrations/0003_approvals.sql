CREATE TABLE "approval_decisions" (
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"decision" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_decisions_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"summary" text NOT NULL,
	"change" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"requested_by_id" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"required_approvals" integer NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_users" ADD COLUMN "pairing_token_id" text;--> statement-breakpoint
ALTER TABLE "api_users" ADD COLUMN "pairing_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_users" ADD COLUMN "setup_token_hash" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "admin_quorum_threshold" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_list_idx" ON "approval_requests" USING btree ("workspace_id","status","created_at","id");