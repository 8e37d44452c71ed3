CREATE TABLE "catalogue_versions" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Every statement that changes what an asset page shows raises the counter of each workspace it
-- touched (a global asset's, a blockchain's and any TRUNCATE's: the zero uuid, on which every page
-- depends), in its own transaction: an instance that reads the same counters as when it kept a page
-- knows that no change to it has committed since, whichever instance made it (page-cache.ts).
-- Per statement, so the shipped catalogue's 1,136 assets raise one counter once.
CREATE FUNCTION catalogue_versions_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_versions (workspace_id, version)
  SELECT DISTINCT coalesce(workspace_id, '00000000-0000-0000-0000-000000000000'::uuid), 1 FROM changed
  ON CONFLICT (workspace_id) DO UPDATE SET version = catalogue_versions.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION catalogue_versions_raise_global() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_versions (workspace_id, version) VALUES ('00000000-0000-0000-0000-000000000000'::uuid, 1)
  ON CONFLICT (workspace_id) DO UPDATE SET version = catalogue_versions.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A trigger with a transition table may name one event only: three per table.
CREATE TRIGGER catalogue_assets_inserted AFTER INSERT ON catalogue_assets REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise();--> statement-breakpoint
CREATE TRIGGER catalogue_assets_updated AFTER UPDATE ON catalogue_assets REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise();--> statement-breakpoint
CREATE TRIGGER catalogue_assets_deleted AFTER DELETE ON catalogue_assets REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise();--> statement-breakpoint
CREATE TRIGGER catalogue_assets_truncated AFTER TRUNCATE ON catalogue_assets FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise_global();--> statement-breakpoint
CREATE TRIGGER catalogue_prices_inserted AFTER INSERT ON catalogue_prices REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise();--> statement-breakpoint
CREATE TRIGGER catalogue_prices_updated AFTER UPDATE ON catalogue_prices REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise();--> statement-breakpoint
CREATE TRIGGER catalogue_prices_deleted AFTER DELETE ON catalogue_prices REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise();--> statement-breakpoint
CREATE TRIGGER catalogue_prices_truncated AFTER TRUNCATE ON catalogue_prices FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise_global();--> statement-breakpoint
CREATE TRIGGER catalogue_notes_inserted AFTER INSERT ON catalogue_notes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise();--> statement-breakpoint
CREATE TRIGGER catalogue_notes_updated AFTER UPDATE ON catalogue_notes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise();--> statement-breakpoint
CREATE TRIGGER catalogue_notes_deleted AFTER DELETE ON catalogue_notes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise();--> statement-breakpoint
CREATE TRIGGER catalogue_notes_truncated AFTER TRUNCATE ON catalogue_notes FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise_global();--> statement-breakpoint
CREATE TRIGGER catalogue_blockchains_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_blockchains FOR EACH STATEMENT EXECUTE FUNCTION catalogue_versions_raise_global();
