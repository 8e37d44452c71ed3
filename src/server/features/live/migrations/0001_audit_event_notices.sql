-- New audit events are pushed to the live streams (kind auditEvent), written by a trigger rather than
-- by each writer: every path that appends to the log (requests, the sign-in refusal sweeps, imports)
-- gets it, in the writing transaction, and the audit area (below live in the layering) stays unaware
-- of the streams. One notice per workspace and statement, naming the newest event: the console fetches
-- every event above the newest one it shows, however many one write appended (the demo's year of
-- history is one notice, not 100,000). The channel is CHANNELS.live of src/server/db/notify.ts.
CREATE FUNCTION live_audit_events_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (workspace_id, kind, object_id)
  SELECT DISTINCT ON (workspace_id) workspace_id, 'auditEvent', id::text FROM written ORDER BY workspace_id, seq DESC;
  PERFORM pg_notify('live_events_written', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_live_notice AFTER INSERT ON audit_events REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION live_audit_events_written();
