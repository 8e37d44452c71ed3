-- A write's audit events now wait in audit_events_pending until the sequencer moves them into
-- audit_events (audit migration 0002). The live streams hear of them when they are written, not a
-- moment later when they are sequenced, so the console's live tail shows a write at once (as
-- pending). The trigger of migration 0001 stays for the events inserted into audit_events directly
-- (the demo's history, imports) and tells a stream when a pending event it shows was sequenced.
CREATE FUNCTION live_pending_audit_events_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (workspace_id, kind, object_id)
  SELECT DISTINCT ON (workspace_id) workspace_id, 'auditEvent', id::text FROM written ORDER BY workspace_id, position DESC;
  PERFORM pg_notify('live_events_written', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_pending_live_notice AFTER INSERT ON audit_events_pending REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION live_pending_audit_events_written();
