CREATE TABLE "audit_log_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_merkle_nodes" (
	"workspace_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"index" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	CONSTRAINT "audit_merkle_nodes_workspace_id_level_index_pk" PRIMARY KEY("workspace_id","level","index")
);
--> statement-breakpoint
CREATE TABLE "audit_merkle_trees" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"signed_size" bigint NOT NULL,
	"signed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_tree_heads" (
	"workspace_id" uuid NOT NULL,
	"tree_size" bigint NOT NULL,
	"root_hash" "bytea" NOT NULL,
	"timestamp" bigint NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	CONSTRAINT "audit_tree_heads_workspace_id_tree_size_pk" PRIMARY KEY("workspace_id","tree_size")
);
--> statement-breakpoint
-- Signed tree heads are never changed or removed: the function of core migration 0002 refuses it.
CREATE TRIGGER audit_tree_heads_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_tree_heads
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
-- New events wake the Merkle tree workers (CHANNELS.auditEvents of src/server/db/notify.ts), whatever
-- path appended them: one notice per statement, which PostgreSQL folds into one per transaction.
CREATE FUNCTION audit_events_appended_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('audit_events_appended', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_merkle_notice AFTER INSERT ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_appended_notice();
