CREATE TABLE "audit_tally_feed" (
	"id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"timestamp" bigint NOT NULL,
	"user_name" text NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"event" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_tally_marks" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
-- The tallies leave audit_events' inserts: the sequencer's tally step feeds batches of chained
-- events through audit_tally_feed instead, whose triggers run the same functions on the same columns
-- (fired in name order, as before: the counts, which list the kinds, before the profiles that join them).
-- safe for the previous release: the events its instances still append during a rolling upgrade are
-- counted by this release's tally step (the marks below start at each workspace's last event), within
-- about a second; until then its histograms miss them, and its lists do not.
DROP TRIGGER audit_events_counts ON audit_events;--> statement-breakpoint
-- safe for the previous release: the events its instances still append during a rolling upgrade are
-- counted by this release's tally step (the marks below start at each workspace's last event), within
-- about a second; until then its histograms miss them, and its lists do not.
DROP TRIGGER audit_events_words ON audit_events;--> statement-breakpoint
-- safe for the previous release: the events its instances still append during a rolling upgrade are
-- counted by this release's tally step (the marks below start at each workspace's last event), within
-- about a second; until then its histograms miss them, and its lists do not.
DROP TRIGGER audit_events_profiles ON audit_events;--> statement-breakpoint
CREATE TRIGGER audit_tally_feed_counts AFTER INSERT ON audit_tally_feed REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_counts_add();--> statement-breakpoint
CREATE TRIGGER audit_tally_feed_profiles AFTER INSERT ON audit_tally_feed REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_profiles_add();--> statement-breakpoint
CREATE TRIGGER audit_tally_feed_words AFTER INSERT ON audit_tally_feed REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_words_add();--> statement-breakpoint
-- Every event written so far was counted by the triggers this drops (the drop waited for the
-- writers of audit_events in flight): the marks start at each workspace's last event.
INSERT INTO audit_tally_marks (workspace_id, seq) SELECT workspace_id, max(seq) FROM audit_events GROUP BY workspace_id;
