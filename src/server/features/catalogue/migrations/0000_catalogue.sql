CREATE TABLE "catalogue_assets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid,
	"legacy_id" text NOT NULL,
	"blockchain_id" uuid,
	"display_name" text NOT NULL,
	"display_symbol" text NOT NULL,
	"asset_class" text NOT NULL,
	"onchain_symbol" text NOT NULL,
	"onchain_name" text NOT NULL,
	"address" text,
	"address_key" text,
	"decimals" integer NOT NULL,
	"standards" jsonb NOT NULL,
	"scope" text NOT NULL,
	"verified" boolean NOT NULL,
	"deprecated" boolean NOT NULL,
	"features" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_blockchains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"legacy_id" text NOT NULL,
	"display_name" text NOT NULL,
	"native_asset_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"chain_id" text,
	"test" boolean NOT NULL,
	"signing_algo" text NOT NULL,
	"deprecated" boolean NOT NULL,
	"explorer" jsonb NOT NULL,
	"family" text,
	"registration" text NOT NULL,
	"token_standard" text,
	CONSTRAINT "catalogue_blockchains_legacy_id_unique" UNIQUE("legacy_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_notes" (
	"workspace_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"asset_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalogue_notes_workspace_id_user_id_asset_id_pk" PRIMARY KEY("workspace_id","user_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_prices" (
	"workspace_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"price" numeric NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalogue_prices_workspace_id_asset_id_currency_pk" PRIMARY KEY("workspace_id","asset_id","currency")
);
--> statement-breakpoint
CREATE TABLE "catalogue_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"asset_quota" integer DEFAULT 100 NOT NULL,
	"allow_testnet_assets" boolean DEFAULT true NOT NULL,
	"allow_mainnet_assets" boolean DEFAULT true NOT NULL,
	"allow_price_setting" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_assets_legacy_key" ON "catalogue_assets" USING btree (coalesce("workspace_id", '00000000-0000-0000-0000-000000000000'::uuid),"legacy_id");--> statement-breakpoint
CREATE INDEX "catalogue_assets_address_idx" ON "catalogue_assets" USING btree ("blockchain_id","address_key");--> statement-breakpoint
CREATE INDEX "catalogue_assets_workspace_idx" ON "catalogue_assets" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "catalogue_assets_symbol_idx" ON "catalogue_assets" USING btree ("onchain_symbol");--> statement-breakpoint
CREATE INDEX "catalogue_assets_blockchain_idx" ON "catalogue_assets" USING btree ("blockchain_id","id");--> statement-breakpoint
CREATE INDEX "catalogue_prices_latest_idx" ON "catalogue_prices" USING btree ("workspace_id","asset_id","updated_at");