-- The SDKs declare an asset's optional fields (onchain.address, metadata.website, note, …) absent,
-- never null: the ready-made document leaves out what has no value.
CREATE OR REPLACE FUNCTION catalogue_asset_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.doc := json_strip_nulls(json_build_object(
    'id', NEW.id, 'legacyId', NEW.legacy_id, 'blockchainId', NEW.blockchain_id, 'displayName', NEW.display_name,
    'displaySymbol', NEW.display_symbol, 'assetClass', NEW.asset_class,
    'onchain', json_build_object('symbol', NEW.onchain_symbol, 'name', NEW.onchain_name, 'address', NEW.address, 'decimals', NEW.decimals, 'standards', NEW.standards),
    'metadata', json_build_object('scope', NEW.scope, 'verified', NEW.verified, 'deprecated', NEW.deprecated, 'media', '[]'::json, 'features', NEW.features)))::text;
  RETURN NEW;
END $$;--> statement-breakpoint
UPDATE catalogue_assets SET doc = NULL;
