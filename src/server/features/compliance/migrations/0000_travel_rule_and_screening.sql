CREATE TABLE "screening_configurations" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"disable_bypass" boolean NOT NULL,
	"disable_unfreeze" boolean NOT NULL,
	"updated_at" bigint,
	"updated_by_id" text,
	"updated_by_name" text
);
--> statement-breakpoint
CREATE TABLE "tr_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vasp_id" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tr_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"asset" jsonb NOT NULL,
	"amount" numeric NOT NULL,
	"direction" text NOT NULL,
	"originator_wallet_address" text NOT NULL,
	"beneficiary_wallet_address" text NOT NULL,
	"tx_hash" text DEFAULT '' NOT NULL,
	"ivms_version" text NOT NULL,
	"ivms_data" text NOT NULL,
	"filled_fields" jsonb NOT NULL,
	"required_beneficiary_fields" jsonb NOT NULL,
	"version" text,
	"status" text NOT NULL,
	"reason" text,
	"fiat_amount" numeric,
	"fiat_currency" text,
	"originator_vasp_id" text,
	"beneficiary_vasp_id" text,
	"provider_data" jsonb,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tr_messages" ADD CONSTRAINT "tr_messages_integration_id_tr_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."tr_integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tr_integrations_workspace_key" ON "tr_integrations" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "tr_messages_list_idx" ON "tr_messages" USING btree ("workspace_id","integration_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tr_messages_status_idx" ON "tr_messages" USING btree ("workspace_id","integration_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tr_messages_external_key" ON "tr_messages" USING btree ("integration_id","external_id");