CREATE TABLE "audit_event_kinds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_event_kinds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" uuid NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"event" text NOT NULL,
	"user_name" text NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_event_tallies" (
	"workspace_id" uuid NOT NULL,
	"kind_id" bigint NOT NULL,
	"width" bigint NOT NULL,
	"start" bigint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_event_tallies_workspace_id_kind_id_width_start_pk" PRIMARY KEY("workspace_id","kind_id","width","start")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_event_kinds_key" ON "audit_event_kinds" USING btree ("workspace_id","category","subject","event","user_name","user_id");--> statement-breakpoint
-- The trigger of 0007 now also adds each inserting statement's new kinds and its counts per kind,
-- hour, day and week (weeks start on Monday, 1970-01-05 = 4 days after the epoch, as the
-- histogram's week buckets do): a batch of 10,000 events is one upsert of a few thousand rows, a
-- single event three small upserts. Kinds are taken from the table after their upsert (a new statement, so a kind
-- another transaction added meanwhile is seen too).
CREATE OR REPLACE FUNCTION audit_event_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_event_counts (workspace_id, category, hour, n)
  SELECT e.workspace_id, k.category, e.timestamp / 3600000 * 3600000, count(*)
  FROM new_events e CROSS JOIN LATERAL (VALUES (e.category), ('')) AS k(category)
  GROUP BY 1, 2, 3
  ON CONFLICT (workspace_id, category, hour) DO UPDATE SET n = audit_event_counts.n + excluded.n;
  INSERT INTO audit_event_kinds (workspace_id, category, subject, event, user_name, user_id)
  SELECT DISTINCT workspace_id, category, subject, event, user_name, user_id FROM new_events
  ON CONFLICT DO NOTHING;
  INSERT INTO audit_event_tallies (workspace_id, kind_id, width, start, n)
  SELECT k.workspace_id, k.id, w.width, (e.timestamp - w.shift) / w.width * w.width + w.shift, count(*)
  FROM new_events e
  JOIN audit_event_kinds k USING (workspace_id, category, subject, event, user_name, user_id)
  CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS w(width, shift)
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (workspace_id, kind_id, width, start) DO UPDATE SET n = audit_event_tallies.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO audit_event_kinds (workspace_id, category, subject, event, user_name, user_id)
SELECT DISTINCT workspace_id, category, subject, event, user_name, user_id FROM audit_events;--> statement-breakpoint
INSERT INTO audit_event_tallies (workspace_id, kind_id, width, start, n)
SELECT k.workspace_id, k.id, w.width, (e.timestamp - w.shift) / w.width * w.width + w.shift, count(*)
FROM audit_events e
JOIN audit_event_kinds k USING (workspace_id, category, subject, event, user_name, user_id)
CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS w(width, shift)
GROUP BY 1, 2, 3, 4;
