ALTER TABLE "catalogue_assets" ADD COLUMN "doc" text;--> statement-breakpoint
CREATE INDEX "catalogue_assets_deprecated_idx" ON "catalogue_assets" USING btree ("id") WHERE deprecated;--> statement-breakpoint
CREATE FUNCTION catalogue_asset_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.doc := json_build_object(
    'id', NEW.id, 'legacyId', NEW.legacy_id, 'blockchainId', NEW.blockchain_id, 'displayName', NEW.display_name,
    'displaySymbol', NEW.display_symbol, 'assetClass', NEW.asset_class,
    'onchain', json_build_object('symbol', NEW.onchain_symbol, 'name', NEW.onchain_name, 'address', NEW.address, 'decimals', NEW.decimals, 'standards', NEW.standards),
    'metadata', json_build_object('scope', NEW.scope, 'verified', NEW.verified, 'deprecated', NEW.deprecated, 'deprecationReferralId', null,
      'website', null, 'media', '[]'::json, 'features', NEW.features, 'note', null),
    'price', null)::text;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER catalogue_assets_doc BEFORE INSERT OR UPDATE ON catalogue_assets FOR EACH ROW EXECUTE FUNCTION catalogue_asset_doc();--> statement-breakpoint
UPDATE catalogue_assets SET doc = NULL;
