CREATE TABLE "trading_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"account_id" text,
	"via_type" text NOT NULL,
	"status" text NOT NULL,
	"side" text NOT NULL,
	"execution_type" text NOT NULL,
	"settlement_type" text NOT NULL,
	"base_asset_id" text NOT NULL,
	"quote_asset_id" text NOT NULL,
	"base_amount" numeric NOT NULL,
	"price" numeric NOT NULL,
	"quote_amount" numeric NOT NULL,
	"execution" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"settlement" jsonb NOT NULL,
	"participants" jsonb,
	"source_of_funds" jsonb,
	"customer_internal_reference_id" text,
	"note" text,
	"payment_instructions" jsonb,
	"execution_steps" jsonb NOT NULL,
	"general_fees" jsonb NOT NULL,
	"receipt" jsonb,
	"failure_reason" text,
	"timeline" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"next_step_at" timestamp with time zone,
	"payment_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trading_quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"account_id" text,
	"side" text NOT NULL,
	"base_asset_id" text NOT NULL,
	"quote_asset_id" text NOT NULL,
	"base_amount" numeric NOT NULL,
	"quote_amount" numeric NOT NULL,
	"price" numeric NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"order_id" uuid
);
--> statement-breakpoint
CREATE TABLE "trading_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_vault_accounts" (
	"workspace_id" uuid NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"hidden_on_ui" boolean DEFAULT false NOT NULL,
	"auto_fuel" boolean DEFAULT false NOT NULL,
	CONSTRAINT "trading_vault_accounts_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "trading_vault_balances" (
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"total" numeric NOT NULL,
	CONSTRAINT "trading_vault_balances_workspace_id_account_id_asset_id_pk" PRIMARY KEY("workspace_id","account_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "trading_vault_listing_windows" (
	"workspace_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"accounts" integer NOT NULL,
	CONSTRAINT "trading_vault_listing_windows_workspace_id_window_start_pk" PRIMARY KEY("workspace_id","window_start")
);
--> statement-breakpoint
CREATE INDEX "trading_orders_list_idx" ON "trading_orders" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "trading_orders_due_idx" ON "trading_orders" USING btree ("next_step_at");--> statement-breakpoint
CREATE INDEX "trading_quotes_workspace_idx" ON "trading_quotes" USING btree ("workspace_id","id");