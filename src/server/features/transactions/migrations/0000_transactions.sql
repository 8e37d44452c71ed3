CREATE TABLE "transaction_stuck_episodes" (
	"workspace_id" uuid NOT NULL,
	"vault_account_id" text NOT NULL,
	"base_asset" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"stuck_tx_id" uuid NOT NULL,
	CONSTRAINT "transaction_stuck_episodes_workspace_id_vault_account_id_base_asset_pk" PRIMARY KEY("workspace_id","vault_account_id","base_asset")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"external_tx_id" text,
	"status" text NOT NULL,
	"sub_status" text,
	"operation" text NOT NULL,
	"asset_id" text NOT NULL,
	"asset_type" text NOT NULL,
	"blockchain_id" text,
	"protocol" text NOT NULL,
	"source" jsonb NOT NULL,
	"destination" jsonb NOT NULL,
	"source_address" text NOT NULL,
	"destination_address" text NOT NULL,
	"destination_tag" text,
	"amount" numeric NOT NULL,
	"network_fee" numeric,
	"fee_currency" text NOT NULL,
	"treat_as_gross_amount" boolean DEFAULT false NOT NULL,
	"tx_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"confirmations_required" integer NOT NULL,
	"block_height" integer,
	"nonce" integer,
	"note" text,
	"outcome" text NOT NULL,
	"balances_moved" boolean DEFAULT false NOT NULL,
	"order_id" uuid,
	"created_by" text NOT NULL,
	"timeline" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"confirming_since" timestamp with time zone,
	"next_step_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_updated_idx" ON "transactions" USING btree ("workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "transactions_due_idx" ON "transactions" USING btree ("next_step_at") WHERE next_step_at is not null;--> statement-breakpoint
CREATE INDEX "transactions_order_idx" ON "transactions" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_external_id_idx" ON "transactions" USING btree ("workspace_id","external_tx_id") WHERE external_tx_id is not null;