ALTER TABLE "audit_events" ADD COLUMN "doc" text;--> statement-breakpoint
CREATE FUNCTION audit_event_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.doc := json_build_object(
    'id', NEW.id, 'timestamp', NEW.timestamp, 'createdAt', NEW.timestamp, 'user', NEW.user_name, 'userId', NEW.user_id,
    'category', NEW.category, 'subject', NEW.subject, 'event', NEW.event, 'tenantId', NEW.workspace_id,
    'requestId', NEW.request_id, 'sourceAddress', NEW.source_address, 'detail', NEW.detail, 'hash', NEW.hash)::text;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_doc BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_event_doc();
